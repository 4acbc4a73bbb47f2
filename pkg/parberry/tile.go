package parberry

import (
	"fmt"

	"knightsweep/pkg/board"
)

// tileTour is a base tile as gentiles writes it: a closed tour of a rows x
// cols board.
type tileTour struct {
	rows, cols int
	tour       []uint8
}

// A tile is a base tile decoded for stamping: each square's two tour moves
// as a link byte.
type tile struct {
	rows, cols int
	links      []uint8
	tour       []uint8 // the squares in tour order
}

// maxTile is the longest side of a base tile.
const maxTile = 12

// tiles holds the base tile of each shape: tiles[rows/2][cols/2].
var tiles = decodeTiles(tileTours)

func decodeTiles(tts []tileTour) *[maxTile/2 + 1][maxTile/2 + 1]*tile {
	var m [maxTile/2 + 1][maxTile/2 + 1]*tile
	for _, tt := range tts {
		n := len(tt.tour)
		t := &tile{rows: tt.rows, cols: tt.cols, links: make([]uint8, n), tour: tt.tour}
		for i, sq := range tt.tour {
			prev, next := int(tt.tour[(i+n-1)%n]), int(tt.tour[(i+1)%n])
			t.links[sq] = link(code(tt.cols, int(sq), prev), code(tt.cols, int(sq), next))
		}
		m[tt.rows/2][tt.cols/2] = t
	}
	return &m
}

// tileFor returns the base tile of an h x w region, or nil if the region is
// split further.
func tileFor(h, w int) *tile {
	if h > maxTile || w > maxTile {
		return nil
	}
	return tiles[h/2][w/2]
}

// Move codes number the knight's moves 0..7 as board.DigitMoves does (code
// k is digit k+1). A link byte holds a square's two tour moves, a | b<<3.
func link(a, b int) uint8 { return uint8(a | b<<3) }

// code returns the move code from square a to square b of a board with cols
// columns.
func code(cols, a, b int) int { return moveCode(b/cols-a/cols, b%cols-a%cols) }

// moveCode returns the code of the move (dr, dc). It panics if that is not
// a knight's move, a programming error.
func moveCode(dr, dc int) int {
	if dr >= -2 && dr <= 2 && dc >= -2 && dc <= 2 {
		if k := moveCodes[(dr+2)*5+dc+2]; k >= 0 {
			return int(k)
		}
	}
	panic(fmt.Sprintf("parberry: (%d,%d) is not a knight's move", dr, dc))
}

// moveCodes maps (dr+2)*5 + dc+2 to the move's code, or -1.
var moveCodes = func() (m [25]int8) {
	for i := range m {
		m[i] = -1
	}
	for k, mv := range board.DigitMoves {
		m[(mv.DRow+2)*5+mv.DCol+2] = int8(k)
	}
	return m
}()

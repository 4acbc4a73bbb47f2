package parberry

import "knightsweep/pkg/board"

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
}

// tiles maps a base shape to its tile.
var tiles = decodeTiles(tileTours)

type shape struct{ rows, cols int }

func decodeTiles(tts []tileTour) map[shape]*tile {
	m := make(map[shape]*tile, len(tts))
	for _, tt := range tts {
		n := len(tt.tour)
		t := &tile{rows: tt.rows, cols: tt.cols, links: make([]uint8, n)}
		for i, sq := range tt.tour {
			prev, next := int(tt.tour[(i+n-1)%n]), int(tt.tour[(i+1)%n])
			t.links[sq] = link(code(tt.cols, int(sq), prev), code(tt.cols, int(sq), next))
		}
		m[shape{tt.rows, tt.cols}] = t
	}
	return m
}

// Move codes number the knight's moves 0..7 as board.DigitMoves does (code
// k is digit k+1). A link byte holds a square's two tour moves, a | b<<3.
func link(a, b int) uint8 { return uint8(a | b<<3) }

// code returns the move code from square a to square b of a board with cols
// columns. It panics if the step is not a knight's move, a programming error.
func code(cols, a, b int) int {
	dr, dc := b/cols-a/cols, b%cols-a%cols
	for k, m := range board.DigitMoves {
		if m.DRow == dr && m.DCol == dc {
			return k
		}
	}
	panic("parberry: not a knight's move")
}

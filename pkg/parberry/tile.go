package parberry

import (
	"fmt"
	"sync"
)

// tileTour is a base tile as gentiles writes it: a closed tour of a rows x
// cols board.
type tileTour struct {
	rows, cols int
	tour       []uint8
}

// A tile is a base tile prepared for the build and the walk.
type tile struct {
	rows, cols int
	tour       []uint8 // the squares (row*cols+col) in tour order
	step       []int32 // step[square]: its position in tour
	// ends[c][i] is the position in tour of the join square x1 (i=0) or x2
	// (i=1) at corner c; cut[c] is the position u of the move (u, u+1) that
	// a join at corner c deletes, the one between x1 and x2.
	ends [4][2]int32
	cut  [4]int32
}

// Corners are numbered 0 top-left, 1 top-right, 2 bottom-left, 3
// bottom-right. A tile's corner c sits at a join's centre when the tile is
// the corner tile of the join's quadrant 3-c: corner 3 of a top-left
// quadrant's tile (role A in the package documentation), 2 of a top-right
// one (B), 1 of a bottom-left one (C), 0 of a bottom-right one (D).
//
// joinSquare returns the square (row, col) of join square x1 (i=0) or x2
// (i=1) at corner c of an h x w tile: a1, a2 at corner 3, b1, b2 at 2, c1,
// c2 at 1 and d1, d2 at 0.
func joinSquare(c, i, h, w int) (int, int) {
	sq := [4][2][2]int{
		{{0, 0}, {1, 2}},                 // d1, d2
		{{0, w - 2}, {2, w - 1}},         // c1, c2
		{{h - 1, 1}, {h - 3, 0}},         // b1, b2
		{{h - 1, w - 1}, {h - 2, w - 3}}, // a1, a2
	}[c][i]
	return sq[0], sq[1]
}

// partner[c][i] is the join square that the join links to square i of corner
// c: a1-b2, a2-c1, b1-d2, c2-d1.
var partner = [4][2][2]int8{
	{{1, 1}, {2, 0}}, // d1-c2, d2-b1
	{{3, 1}, {0, 0}}, // c1-a2, c2-d1
	{{0, 1}, {3, 0}}, // b1-d2, b2-a1
	{{2, 1}, {1, 0}}, // a1-b2, a2-c1
}

// maxTile is the longest side of a base tile.
const maxTile = 12

// baseTiles returns the base tiles, in tileTours' order, and the index
// whose entry [rows/2][cols/2] is the index of the tile of that shape, or
// -1. They are decoded when first asked for, not when the program starts:
// most runs of experiment never build a Parberry tour.
var baseTiles = sync.OnceValues(func() ([]*tile, *[maxTile/2 + 1][maxTile/2 + 1]int8) {
	return decodeTiles(tileTours)
})

func decodeTiles(tts []tileTour) ([]*tile, *[maxTile/2 + 1][maxTile/2 + 1]int8) {
	var index [maxTile/2 + 1][maxTile/2 + 1]int8
	for i := range index {
		for j := range index[i] {
			index[i][j] = -1
		}
	}
	var ts []*tile
	for _, tt := range tts {
		n := int32(len(tt.tour))
		t := &tile{rows: tt.rows, cols: tt.cols, tour: tt.tour, step: make([]int32, n)}
		for p, sq := range tt.tour {
			t.step[sq] = int32(p)
		}
		for c := range 4 {
			for i := range 2 {
				r, col := joinSquare(c, i, t.rows, t.cols)
				t.ends[c][i] = t.step[r*t.cols+col]
			}
			x1, x2 := t.ends[c][0], t.ends[c][1]
			switch {
			case x2 == (x1+1)%n:
				t.cut[c] = x1
			case x1 == (x2+1)%n:
				t.cut[c] = x2
			default:
				// gentiles checks the structure; this is a programming error.
				panic(fmt.Sprintf("parberry: tile %dx%d lacks its structure move at corner %d", t.rows, t.cols, c))
			}
		}
		index[tt.rows/2][tt.cols/2] = int8(len(ts))
		ts = append(ts, t)
	}
	return ts, &index
}

// tileFor returns the index of the base tile of an h x w region, or -1 if
// the region is split further.
func tileFor(h, w int) int {
	if h > maxTile || w > maxTile {
		return -1
	}
	_, index := baseTiles()
	return int(index[h/2][w/2])
}

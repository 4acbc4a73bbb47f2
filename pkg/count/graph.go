package count

import (
	"math/bits"

	"knightsweep/pkg/board"
)

// MaxSquares is the largest board Count enumerates: a set of squares is
// one 64-bit word.
const MaxSquares = board.MaxBitSquares

// graph is the knight's graph of a board of at most 64 squares as bitboards
// (board.Bits: the neighbour table and the pruning rule), with the squares
// of the corner's colour.
type graph struct {
	board.Bits
	b board.Board
	n int
	// light holds the squares of the corner's colour.
	light uint64
}

// newGraph returns b's graph; b has at most MaxSquares squares.
func newGraph(b board.Board) *graph {
	bits, err := board.NewBits(b)
	if err != nil {
		panic("count: " + err.Error())
	}
	g := &graph{Bits: *bits, b: b, n: b.Squares()}
	for s := range g.n {
		if r, c := b.RowCol(s); (r+c)%2 == 0 {
			g.light |= 1 << s
		}
	}
	return g
}

// balanced reports whether the squares of u can alternate colours along a
// path that steps off cur (and, closed, returns next to the start): a
// knight's move always changes colour. It depends only on the start of a
// tour, so it is checked once there.
func (g *graph) balanced(u uint64, cur int, closed bool) bool {
	k := bits.OnesCount64(u)
	same := g.light
	if g.light>>cur&1 == 0 {
		same = g.All &^ g.light
	}
	nSame := bits.OnesCount64(u & same)
	if closed {
		// cur, u1, ..., uk, start with start = cur: k odd, uk off cur's colour.
		return k%2 == 1 && nSame == k/2
	}
	return nSame == k/2
}

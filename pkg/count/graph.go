package count

import (
	"math/bits"

	"knightsweep/pkg/board"
)

// MaxSquares is the largest board Count enumerates: a set of squares is
// one 64-bit word.
const MaxSquares = 64

// graph is the knight's graph of a board of at most 64 squares as bitboards:
// bit s of a set stands for square s.
type graph struct {
	b   board.Board
	n   int
	all uint64
	nbr [MaxSquares]uint64
	// src[k] holds the squares from which move k stays on the board, and
	// rotating a subset of them left by shift[k] moves each square along
	// move k: the move's index offset, modulo 64.
	src   [8]uint64
	shift [8]int
	// light holds the squares of the corner's colour.
	light uint64
}

func newGraph(b board.Board) *graph {
	g := &graph{b: b, n: b.Squares()}
	g.all = ^uint64(0) >> (MaxSquares - g.n)
	for k, m := range board.DigitMoves {
		g.shift[k] = (m.DRow*b.Cols + m.DCol) & (MaxSquares - 1)
		for s := range g.n {
			r, c := b.RowCol(s)
			if (r+c)%2 == 0 {
				g.light |= 1 << s
			}
			if b.Contains(r+m.DRow, c+m.DCol) {
				g.src[k] |= 1 << s
				g.nbr[s] |= 1 << b.Index(r+m.DRow, c+m.DCol)
			}
		}
	}
	return g
}

// degrees returns the squares with at least one and with at least two
// neighbours in u. A square t has a neighbour u along move k exactly when t
// is u moved along move k, so the eight moved copies of u count each
// square's neighbours in u; two running bit planes add them up.
func (g *graph) degrees(u uint64) (one, two uint64) {
	// Unrolled, and added up as a tree: the compiler keeps a loop, and a
	// running sum is a chain of eight steps.
	x0 := bits.RotateLeft64(u&g.src[0], g.shift[0])
	x1 := bits.RotateLeft64(u&g.src[1], g.shift[1])
	x2 := bits.RotateLeft64(u&g.src[2], g.shift[2])
	x3 := bits.RotateLeft64(u&g.src[3], g.shift[3])
	x4 := bits.RotateLeft64(u&g.src[4], g.shift[4])
	x5 := bits.RotateLeft64(u&g.src[5], g.shift[5])
	x6 := bits.RotateLeft64(u&g.src[6], g.shift[6])
	x7 := bits.RotateLeft64(u&g.src[7], g.shift[7])
	o01, t01 := x0|x1, x0&x1
	o23, t23 := x2|x3, x2&x3
	o45, t45 := x4|x5, x4&x5
	o67, t67 := x6|x7, x6&x7
	o03, t03 := o01|o23, t01|t23|o01&o23
	o47, t47 := o45|o67, t45|t67|o45&o67
	return o03 | o47, t03 | t47 | o03&o47
}

// viable reports whether u, the unvisited squares, may still be covered by
// a path that continues from cur (a visited square) and, for a closed tour,
// ends next to start; for an open one, on a square of ends. It is the rule
// package solver documents for Problem.Prune, on bitboards: u must be
// reachable from cur; with one square left, it must neighbour cur (and the
// start, or be one of ends); otherwise every square of u needs a neighbour
// in u, the squares with only one (they must end the path) are at most two,
// and they must fit the path's ends: one next to cur, the other one of ends
// (open) or next to the start (closed).
func (g *graph) viable(u uint64, cur int, start int, closed bool, ends uint64) bool {
	if u == 0 {
		return true
	}
	nc := g.nbr[cur]
	if u&nc == 0 {
		return false
	}
	if u&(u-1) == 0 {
		if closed {
			return u&g.nbr[start] != 0
		}
		return u&ends != 0
	}
	one, two := g.degrees(u)
	if u&^one != 0 {
		return false
	}
	forced := u &^ two // squares that can only end the path
	if forced == 0 {
		return true
	}
	if f := forced & (forced - 1); f&(f-1) != 0 { // three or more
		return false
	}
	if !closed {
		// One may be the next square; any other is the last.
		off := forced &^ nc
		return off&(off-1) == 0 && off&^ends == 0
	}
	ec, es := forced&nc, forced&g.nbr[start]
	if forced&^(ec|es) != 0 {
		return false
	}
	return forced&(forced-1) == 0 || ec != 0 && es != 0
}

// balanced reports whether the squares of u can alternate colours along a
// path that steps off cur (and, closed, returns next to the start): a
// knight's move always changes colour. It depends only on the start of a
// tour, so it is checked once there.
func (g *graph) balanced(u uint64, cur int, closed bool) bool {
	k := bits.OnesCount64(u)
	same := g.light
	if g.light>>cur&1 == 0 {
		same = g.all &^ g.light
	}
	nSame := bits.OnesCount64(u & same)
	if closed {
		// cur, u1, ..., uk, start with start = cur: k odd, uk off cur's colour.
		return k%2 == 1 && nSame == k/2
	}
	return nSame == k/2
}

package board

import (
	"fmt"
	"math/bits"
)

// MaxBitSquares is the largest board Bits holds: a set of squares is one
// 64-bit word.
const MaxBitSquares = 64

// Bits is the knight's graph of a board of at most 64 squares as bit sets,
// bit s of a set standing for square s: the neighbour table of the searches
// on bitboards (the solver's, count's), and the pruning rule on it.
//
// The pruning rule cuts a branch as soon as the squares not yet visited
// cannot all be covered by the rest of the path. It uses only degrees, so
// it is cheap and never wrong: it cuts no branch that holds a tour. Let cur
// be the square the path has just entered and U the k unvisited squares. A
// completion is a path cur, u1, ..., uk through all of U; a closed tour
// also needs uk to be a knight's move from the start. For u in U let
// deg(u) be the number of its neighbours in U. Then:
//
//   - k = 1: the last square must be a neighbour of cur (and, for a closed
//     tour, of the start).
//   - k >= 2: u1 is a neighbour of cur in U, so cur needs one. Every u has a
//     neighbour in U (deg(u) >= 1): u1 and uk each have one on the path,
//     and every other ui has two. A square with deg(u) = 1 must therefore be
//     an end of the completion, u1 or uk, so there are at most two such
//     squares (call them the end squares). An end square can be u1 only if
//     it is a neighbour of cur. Open tours: uk is free, so at most one end
//     square may lie off cur's neighbourhood. Closed tours: uk must be a
//     neighbour of the start, so every end square must neighbour cur or the
//     start, and two end squares need one for each (a matching: both sets
//     reached, and the two squares between them reach both cur and the
//     start). When the start is cur itself (the first step), it serves as
//     both ends.
//
// Viable applies it to bit sets; package solver's coverage applies the same
// rule on boards of any size by counting degrees, and a test there checks
// that the two agree.
type Bits struct {
	// N is the number of squares, All the set of them.
	N   int
	All uint64
	// Nbr[s] is the set of squares a knight's move from s.
	Nbr [MaxBitSquares]uint64
	// src[k] holds the squares from which move k stays on the board, and
	// rotating a subset of them left by shift[k] moves each square along
	// move k: the move's index offset, modulo 64.
	src   [8]uint64
	shift [8]int
}

// NewBits returns the knight's graph of b as bit sets, or an error if b has
// more than MaxBitSquares squares.
func NewBits(b Board) (*Bits, error) {
	g := &Bits{N: b.Squares()}
	if g.N > MaxBitSquares {
		return nil, fmt.Errorf("board %v: %d squares, more than the %d of a bit set", b, g.N, MaxBitSquares)
	}
	g.All = ^uint64(0) >> (MaxBitSquares - g.N)
	for k, m := range DigitMoves {
		g.shift[k] = (m.DRow*b.Cols + m.DCol) & (MaxBitSquares - 1)
		for s := range g.N {
			r, c := b.RowCol(s)
			if b.Contains(r+m.DRow, c+m.DCol) {
				g.src[k] |= 1 << s
				g.Nbr[s] |= 1 << b.Index(r+m.DRow, c+m.DCol)
			}
		}
	}
	return g, nil
}

// Degrees returns the squares with at least one and with at least two
// neighbours in u. A square t has a neighbour u along move k exactly when t
// is u moved along move k, so the eight moved copies of u count each
// square's neighbours in u; two running bit planes add them up.
func (g *Bits) Degrees(u uint64) (one, two uint64) {
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

// Viable reports whether u, the unvisited squares, may still be covered by
// a path that continues from cur (a visited square) and, for a closed tour,
// ends next to start; for an open one, on a square of ends. It is the
// pruning rule (see Bits), on bit sets: u must be
// reachable from cur; with one square left, it must neighbour cur (and the
// start, or be one of ends); otherwise every square of u needs a neighbour
// in u, the squares with only one (they must end the path) are at most two,
// and they must fit the path's ends: one next to cur, the other one of ends
// (open) or next to the start (closed).
func (g *Bits) Viable(u uint64, cur int, start int, closed bool, ends uint64) bool {
	if u == 0 {
		return true
	}
	nc := g.Nbr[cur]
	if u&nc == 0 {
		return false
	}
	if u&(u-1) == 0 {
		if closed {
			return u&g.Nbr[start] != 0
		}
		return u&ends != 0
	}
	one, two := g.Degrees(u)
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
	ec, es := forced&nc, forced&g.Nbr[start]
	if forced&^(ec|es) != 0 {
		return false
	}
	return forced&(forced-1) == 0 || ec != 0 && es != 0
}

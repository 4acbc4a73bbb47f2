package solver

import (
	"context"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/tour"
)

// The greedy strategies (warnsdorff, squirrel-cull) walk boards of up to
// 4*10^8 squares, so their state is compact: about one byte a square for the
// board and 3 bits a step for the tour (a tour.Path of move codes), O(1)
// work a square, and no neighbour table (which would cost 33 bytes a
// square).

// Cell values of a stripBoard. A free square holds unit times its number of
// free neighbours, 0..64, leaving the low three bits for a move's index. A
// visited square, and every square of the margin, holds blocked minus unit
// times the number of its neighbours visited since, which is at least
// blocked-64: every blocked value is at or above freeLimit. So the least of
// cell|index among a square's eight neighbours is its best free neighbour,
// and taking a square decrements its eight neighbours without looking at
// them.
const (
	unit      = 8
	blocked   = 0xFF
	freeLimit = 0x80
)

// stripWidth is the width of a stripBoard's strips: one cache line.
const stripWidth = 64

// stripBoard is a rows x cols board inside a margin two squares wide, one
// byte a square, stored as vertical strips stripWidth columns wide, each
// strip row-major. Every knight's move from a board square lands in the
// array, so a neighbour is found by adding an offset, with no test for the
// board's edge; the offset depends only on the move and on the column's
// place in its strip.
//
// Why strips: a Warnsdorff walk spirals around the board in bands a few
// squares wide. In a row-major board a walk down a side touches a new cache
// line, often a new page, every row; in a strip it moves through
// consecutive cache lines, so the walk stays in cache and the prefetcher
// keeps up. On 10^8 squares the first row-major version took 13 s, the
// same walk in strips 2.6 s.
type stripBoard struct {
	rows, cols int
	height     int // rows + 4: the rows of a strip
	cells      []uint8
	// rowKinds holds the padded rows the board is built from: one per
	// distinct pattern of degrees (rows 0, 1, the middle ones, rows-2,
	// rows-1) and an all-blocked one for the margin; kind[r] picks the
	// pattern of padded row r.
	rowKinds [][]uint8
	kind     []uint8
}

func newStripBoard(rows, cols int) stripBoard {
	h, strips := rows+4, stripCount(cols)
	b := stripBoard{rows: rows, cols: cols, height: h,
		cells: make([]uint8, strips*stripWidth*h), kind: make([]uint8, h)}
	margin := make([]uint8, strips*stripWidth)
	fillBlocked(margin)
	b.rowKinds = append(b.rowKinds, margin)
	// Rows 2..rows-3 all have the same degrees: they share one pattern.
	patterns := map[int]uint8{}
	for r := range rows {
		rep := r
		if r >= 2 && r <= rows-3 {
			rep = 2
		}
		k, ok := patterns[rep]
		if !ok {
			row := make([]uint8, strips*stripWidth)
			fillBlocked(row)
			for c := range cols {
				row[c+2] = unit * degree(rows, cols, r, c)
			}
			k = uint8(len(b.rowKinds))
			patterns[rep] = k
			b.rowKinds = append(b.rowKinds, row)
		}
		b.kind[r+2] = k
	}
	return b
}

func stripCount(cols int) int { return (cols + 4 + stripWidth - 1) / stripWidth }

// stripBytes is the memory of a stripBoard.
func stripBytes(rows, cols int) int64 {
	return int64(stripCount(cols)) * stripWidth * int64(rows+4)
}

func degree(rows, cols, r, c int) uint8 {
	d := uint8(0)
	for _, m := range board.DigitMoves {
		if r+m.DRow >= 0 && r+m.DRow < rows && c+m.DCol >= 0 && c+m.DCol < cols {
			d++
		}
	}
	return d
}

func fillBlocked(s []uint8) {
	for i := range s {
		s[i] = blocked
	}
}

// at returns the cell of padded row pr, padded column pc.
func (b *stripBoard) at(pr, pc int) int {
	return (pc/stripWidth)*stripWidth*b.height + pr*stripWidth + pc%stripWidth
}

// offset returns the cell offset of the move (dr, dc) from a cell whose
// padded column is m modulo stripWidth.
func (b *stripBoard) offset(m, dr, dc int) int32 {
	to := m + dc
	strip := to >> 6 // -1, 0 or 1: floor division by stripWidth
	return int32(strip*stripWidth*b.height + dr*stripWidth + to&(stripWidth-1) - m)
}

// reset frees every square.
func (b *stripBoard) reset() {
	h := b.height
	for s := range len(b.cells) / (stripWidth * h) {
		strip := b.cells[s*stripWidth*h : (s+1)*stripWidth*h]
		for pr := range h {
			copy(strip[pr*stripWidth:(pr+1)*stripWidth], b.rowKinds[b.kind[pr]][s*stripWidth:(s+1)*stripWidth])
		}
	}
}

// phase is a move order and the square on which the walk gives it up for
// the next phase's; -1 (or a square the walk never stands on) keeps it to
// the end.
type phase struct {
	order board.Order
	until int32
	// off[m][k] is the cell offset of move k from a cell in column m of
	// its strip; sq, drow and dcol are its offsets in square index, row
	// and column.
	off        [stripWidth][8]int32
	sq         [8]int32
	drow, dcol [8]int
	// code[k] is move k's code in a tour.Path (its index in
	// board.DigitMoves).
	code [8]uint8
}

func newPhase(o board.Order, until int32) phase {
	return phase{order: o, until: until}
}

// greedy is Warnsdorff's rule without backtracking: from the current square
// go to the free neighbour with the fewest free neighbours, ties broken by
// the tie rule, trying moves in the current phase's order.
type greedy struct {
	p      Problem
	b      stripBoard
	path   tour.Path
	tie    tieRule
	rng    tieRNG
	phases []phase
	// ownStart is set when the phases were laid out for the start
	// (squirrel-cull reflects its plan to the start's corner).
	ownStart bool
}

func (s *greedy) restart(p Problem) bool {
	if s.ownStart && p.Start != s.p.Start {
		return false
	}
	s.p = p
	return true
}

func newGreedy(p Problem, tie tieRule, phases []phase) *greedy {
	s := &greedy{
		p:      p,
		b:      newStripBoard(p.Board.Rows, p.Board.Cols),
		tie:    tie,
		phases: phases,
	}
	for i := range s.phases {
		ph := &s.phases[i]
		for k, m := range ph.order {
			for col := range stripWidth {
				ph.off[col][k] = s.b.offset(col, m.DRow, m.DCol)
			}
			ph.sq[k] = int32(m.DRow*p.Board.Cols + m.DCol)
			ph.drow[k], ph.dcol[k] = m.DRow, m.DCol
			for code, dm := range board.DigitMoves {
				if dm == m {
					ph.code[k] = uint8(code)
				}
			}
		}
	}
	if tie == tieRandom {
		s.rng = newTieRNG(p.Seed)
	}
	// Touch every page now: fresh memory faults in on first write, which
	// on a 10^8-square board costs a fifth of the walk, and belongs to
	// setting up, not to the search that Run times.
	s.b.reset()
	s.path.Reset(p.Board.Rows, p.Board.Cols, int32(p.StartIndex()))
	s.path.Prefault()
	return s
}

// linearBytes is the memory of a greedy search: the board and its row
// patterns, the tour's 3 bits a move and its encoding table, the
// validator's bitset, and the move orders (greedyFixedBytes).
func linearBytes(rows, cols int) int64 {
	n := int64(rows) * int64(cols)
	patterns := int64(6 * stripCount(cols) * stripWidth)
	return stripBytes(rows, cols) + patterns + int64(tour.PackedLen(int(n))) + int64(4*cols+5) + (n+63)/64*8 + greedyFixedBytes
}

// greedyFixedBytes is what a greedy search takes whatever the board: its
// phases' move tables, six at most, about 2 KB each.
const greedyFixedBytes = 16 << 10

func (s *greedy) Run(ctx context.Context) Result {
	b := &s.b
	b.reset()
	if s.tie == tieRandom {
		s.rng.reseed(s.p.Seed)
	}
	cells, path := b.cells, &s.path
	n := s.p.Board.Squares()
	row, col := s.p.Start.Row+2, s.p.Start.Col+2 // padded
	cell := b.at(row, col)
	sq := int32(s.p.StartIndex())
	bud := newBudget(ctx, s.p.MaxNodes)
	phases := s.phases
	tie := s.tie // in a register: the loop below writes memory the compiler cannot tell from s
	pi := 0
	ph := &phases[0]
	path.Reset(s.p.Board.Rows, s.p.Board.Cols, sq)
	cells[cell] = blocked
	nodes := int64(1)
	// The moves' codes gather here and go to the path 64 at a time, packed
	// eight to three bytes (tour.Path.SetCodes): a call a move cost a
	// tenth of the walk.
	var codes [64]uint8
	for d := 1; d < n; d++ {
		for sq == ph.until {
			pi++
			ph = &phases[pi]
		}
		// Columns 2..61 of a strip share their offsets, and hold the
		// knight nearly always: there the offsets come from a pointer
		// that does not wait for the last move (the branch is
		// predicted), so the loads below start at once.
		off := &ph.off[2]
		if m := uint(col) & (stripWidth - 1); m-2 >= stripWidth-4 {
			off = &ph.off[m]
		}
		// Take the current square: each neighbour has one free
		// neighbour less. The same pass finds the least of cell | move
		// index (a free cell is 8 times its degree): the fewest onward
		// moves, ties to the first in order, without a branch.
		c0, c1, c2, c3 := cell+int(off[0]), cell+int(off[1]), cell+int(off[2]), cell+int(off[3])
		c4, c5, c6, c7 := cell+int(off[4]), cell+int(off[5]), cell+int(off[6]), cell+int(off[7])
		v0, v1, v2, v3 := cells[c0]-unit, cells[c1]-unit, cells[c2]-unit, cells[c3]-unit
		v4, v5, v6, v7 := cells[c4]-unit, cells[c5]-unit, cells[c6]-unit, cells[c7]-unit
		cells[c0], cells[c1], cells[c2], cells[c3] = v0, v1, v2, v3
		cells[c4], cells[c5], cells[c6], cells[c7] = v4, v5, v6, v7
		// least32, not min: see there.
		l01, l23 := least32(int32(v0), int32(v1)|1), least32(int32(v2)|2, int32(v3)|3)
		l45, l67 := least32(int32(v4)|4, int32(v5)|5), least32(int32(v6)|6, int32(v7)|7)
		best := uint8(least32(least32(l01, l23), least32(l45, l67)))
		if best >= freeLimit {
			return Result{Status: status.DeadEnd, Nodes: nodes}
		}
		k := int(best & 7)
		if tie != tieFirst {
			// Which moves tie with the best one? Usually none.
			least := best &^ 7
			var tied [8]int
			t := 0
			for i, v := range [8]uint8{v0, v1, v2, v3, v4, v5, v6, v7} {
				if v == least {
					tied[t] = i
					t++
				}
			}
			if t > 1 {
				k = s.breakTie(ph, off, cell, row, col, tied[:t])
			}
		}
		if nodes == bud.next {
			if st := bud.stop(nodes); st != "" {
				return Result{Status: st, Nodes: nodes}
			}
		}
		cell += int(off[k])
		sq += ph.sq[k]
		row += ph.drow[k]
		col += ph.dcol[k]
		cells[cell] = blocked
		codes[(d-1)&63] = ph.code[k]
		if d&63 == 0 {
			path.SetCodes(d-64, codes[:])
		}
		nodes++
	}
	rest := (n - 1) & 63
	path.SetCodes(n-1-rest, codes[:rest])
	path.SetLen(n)
	if s.p.Closed && !isKnightMove(s.p.Board.Cols, sq, path.First()) {
		return Result{Status: status.NotClosed, Nodes: nodes}
	}
	return Result{Status: status.Found, Nodes: nodes, Tour: path}
}

// least32 is min(a, b) for |a - b| < 2^31, without a branch. The
// compiler makes min a branch a comparison (amd64 has no conditional move
// of a byte, and Go 1.26 made none of words here either), and Warnsdorff's
// walk, from a new start every run, mispredicted them about once a square:
// a sweep of every start of 5x5..40x40 took 20 ns a square where the same
// walk repeated, which the predictor learns, took 8; with least32, 12.
func least32(a, b int32) int32 {
	d := a - b
	return b + d&(d>>31)
}

// breakTie returns the index in ph's order of the move the tie rule picks
// among the tied moves from the square at cell (padded row, col), whose
// move offsets are off.
func (s *greedy) breakTie(ph *phase, off *[8]int32, cell, row, col int, tied []int) int {
	cells := s.b.cells
	switch s.tie {
	case tieRandom:
		return tied[s.rng.intN(len(tied))]
	case tiePohl:
		best, bestSum := -1, 1<<30
		for _, i := range tied {
			to := cell + int(off[i])
			sum := 0
			for _, o := range ph.off[(col+ph.dcol[i])&(stripWidth-1)] {
				if v := cells[to+int(o)]; v < freeLimit {
					sum += int(v)
				}
			}
			if sum < bestSum {
				best, bestSum = i, sum
			}
		}
		return best
	default: // tieRoth
		best, bestDist := -1, -1
		for _, i := range tied {
			r, c := row-2+ph.drow[i], col-2+ph.dcol[i]
			if d := centreDist2(s.b.rows, s.b.cols, r, c); d > bestDist {
				best, bestDist = i, d
			}
		}
		return best
	}
}

// isKnightMove reports whether squares a and b of a board cols wide are a
// knight's move apart.
func isKnightMove(cols int, a, b int32) bool {
	dr := int(a)/cols - int(b)/cols
	dc := int(a)%cols - int(b)%cols
	return dr*dr+dc*dc == 5
}

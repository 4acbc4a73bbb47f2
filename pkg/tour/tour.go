// Package tour checks knight's tours independently of the strategies that
// find them, and holds them compactly (Path).
//
// The Checker shares no code with package solver: it takes a path's first
// square and moves and checks, from first principles, that they make a
// knight's tour of the board: each move stays on the board, no square is
// visited twice, every square is visited, and for a closed tour the last
// square is a knight's move from the first. It runs in linear time with one
// bit of extra memory a square, so it checks a 10^8-square tour too.
package tour

import (
	"fmt"

	"knightsweep/pkg/board"
)

// Validate reports whether squares is a knight's tour of a rows x cols board
// that starts at start: it has rows*cols entries, visits every square once,
// and each step is a knight's move. If closed is true the last square must
// also be a knight's move from the first.
func Validate(rows, cols, start int, squares []int32, closed bool) error {
	var c Checker
	return c.Validate(rows, cols, start, squares, closed)
}

// A Checker validates tours with buffers it keeps, so that checking tour
// after tour (a sweep's) allocates nothing once they are large enough. The
// zero Checker is ready to use; a Checker serves one goroutine at a time.
type Checker struct {
	seen []uint64
	path Path
}

// Validate is the package's Validate, with the Checker's buffers: the
// squares made a Path (each step must be a knight's move on the board) and
// checked.
func (c *Checker) Validate(rows, cols, start int, squares []int32, closed bool) error {
	if rows < 1 || cols < 1 {
		return fmt.Errorf("board %dx%d has no squares", rows, cols)
	}
	n := rows * cols
	if len(squares) != n {
		return fmt.Errorf("tour has %d squares, board %dx%d has %d", len(squares), rows, cols, n)
	}
	if err := c.path.SetSquares(rows, cols, squares); err != nil {
		return explain(rows, cols, squares, closed)
	}
	return c.Check(&c.path, start, closed)
}

// Check reports whether p is a knight's tour of its board that starts at
// start: it has rows*cols squares, every move stays on the board, and no
// square is visited twice (so every square is visited once). If closed is
// true the last square must also be a knight's move from the first. It
// names the first fault.
func (c *Checker) Check(p *Path, start int, closed bool) error {
	rows, cols := p.rows, p.cols
	if rows < 1 || cols < 1 {
		return fmt.Errorf("board %dx%d has no squares", rows, cols)
	}
	n := rows * cols
	if p.Len() != n {
		return fmt.Errorf("tour has %d squares, board %dx%d has %d", p.Len(), rows, cols, n)
	}
	if int(p.first) != start {
		return fmt.Errorf("tour starts at square %d, want %d", p.first, start)
	}
	if p.first < 0 || int(p.first) >= n {
		return fmt.Errorf("step 0: square %d is off the %dx%d board", p.first, rows, cols)
	}
	var dr, dc [8]int
	var dsq [8]int32
	for k, m := range board.DigitMoves {
		dr[k], dc[k], dsq[k] = m.DRow, m.DCol, int32(m.DRow*cols+m.DCol)
	}
	c.seen = grow(c.seen, (n+63)/64)
	clear(c.seen)
	seen := c.seen
	sq := p.first
	r, col := int(sq)/cols, int(sq)%cols
	seen[sq/64] |= 1 << (sq % 64)
	codes := p.codes
	// Eight moves fill three bytes: read them a group at a time.
	for i := 0; i < p.moves; i += 8 {
		j := 3 * i / 8
		var group uint32
		for b := range min(3, len(codes)-j) {
			group |= uint32(codes[j+b]) << (8 * b)
		}
		for m := i; m < min(i+8, p.moves); m++ {
			k := group & 7
			group >>= 3
			r += dr[k]
			col += dc[k]
			if uint(r) >= uint(rows) || uint(col) >= uint(cols) {
				return fmt.Errorf("step %d: the move from %d (%d,%d) leaves the %dx%d board", m+1, sq, r-dr[k], col-dc[k], rows, cols)
			}
			sq += dsq[k]
			w, bit := sq/64, uint64(1)<<(sq%64)
			if seen[w]&bit != 0 {
				return fmt.Errorf("step %d: square %d (%d,%d) visited twice", m+1, sq, r, col)
			}
			seen[w] |= bit
		}
	}
	if closed && !knightStep(cols, sq, p.first) {
		return fmt.Errorf("tour is not closed: last square %d is not a knight's move from the start %d", sq, p.first)
	}
	return nil
}

// grow returns s resized to n, reusing its array when it is large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// explain checks squares the plain way, dividing to find each square's row
// and column, and names the first fault.
func explain(rows, cols int, squares []int32, closed bool) error {
	n := rows * cols
	seen := make([]uint64, (n+63)/64)
	for i, s := range squares {
		if s < 0 || int(s) >= n {
			return fmt.Errorf("step %d: square %d is off the %dx%d board", i, s, rows, cols)
		}
		w, bit := s/64, uint64(1)<<(s%64)
		if seen[w]&bit != 0 {
			return fmt.Errorf("step %d: square %d (%d,%d) visited twice", i, s, int(s)/cols, int(s)%cols)
		}
		seen[w] |= bit
		if i > 0 && !knightStep(cols, squares[i-1], s) {
			return fmt.Errorf("step %d: %d (%d,%d) to %d (%d,%d) is not a knight's move",
				i, squares[i-1], int(squares[i-1])/cols, int(squares[i-1])%cols, s, int(s)/cols, int(s)%cols)
		}
	}
	if closed && !knightStep(cols, squares[n-1], squares[0]) {
		return fmt.Errorf("tour is not closed: last square %d is not a knight's move from the start %d", squares[n-1], squares[0])
	}
	return nil
}

func knightStep(cols int, a, b int32) bool {
	dr := int(a)/cols - int(b)/cols
	dc := int(a)%cols - int(b)%cols
	return dr*dr+dc*dc == 5
}

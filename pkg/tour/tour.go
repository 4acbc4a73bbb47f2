// Package tour checks knight's tours independently of the strategies that
// find them.
//
// Validate shares no code with package solver: it takes the board's size and
// a list of square indices (row*cols + col) and checks, from first
// principles, that the list is a knight's tour. It runs in linear time with
// one bit of extra memory a square, so it checks a 10^8-square tour too.
package tour

import (
	"fmt"
)

// Validate reports whether squares is a knight's tour of a rows x cols board
// that starts at start: it has rows*cols entries, visits every square once,
// and each step is a knight's move. If closed is true the last square must
// also be a knight's move from the first.
//
// It takes one pass without a division per square (a 10^8-square tour in
// well under a second) and, only when that pass finds a fault, a second,
// plainer pass that names the fault.
func Validate(rows, cols, start int, squares []int32, closed bool) error {
	var c Checker
	return c.Validate(rows, cols, start, squares, closed)
}

// A Checker validates tours with buffers it keeps, so that checking tour
// after tour (a sweep's) allocates nothing once they are large enough. The
// zero Checker is ready to use; a Checker serves one goroutine at a time.
type Checker struct {
	seen []uint64
	// colStep is fastTour's table for boards colStepCols wide.
	colStep     []int8
	colStepCols int
}

// Validate is the package's Validate, with the Checker's buffers.
func (c *Checker) Validate(rows, cols, start int, squares []int32, closed bool) error {
	if rows < 1 || cols < 1 {
		return fmt.Errorf("board %dx%d has no squares", rows, cols)
	}
	n := rows * cols
	if len(squares) != n {
		return fmt.Errorf("tour has %d squares, board %dx%d has %d", len(squares), rows, cols, n)
	}
	if int(squares[0]) != start {
		return fmt.Errorf("tour starts at square %d, want %d", squares[0], start)
	}
	if cols >= minFastCols && c.fastTour(rows, cols, squares) &&
		(!closed || knightStep(cols, squares[n-1], squares[0])) {
		return nil
	}
	return explain(rows, cols, squares, closed)
}

// minFastCols is the narrowest board fastTour handles: from 4 columns on,
// the eight knight's moves change a square's index by eight different
// amounts.
const minFastCols = 4

// fastTour reports whether squares visits each square of the board once
// with knight's moves. It keeps the current column instead of dividing: a
// step that changes the index by d is a knight's move exactly when d is
// one of the eight moves' index changes and the column that move leads to
// is on the board (the row is then on the board because the index is).
func (c *Checker) fastTour(rows, cols int, squares []int32) bool {
	n := rows * cols
	// colStep[d+span] is the column change of the knight's move whose index
	// change is d, or noMove.
	const noMove = 127
	span := 2*cols + 1
	if c.colStepCols != cols {
		c.colStep = grow(c.colStep, 2*span+1)
		for i := range c.colStep {
			c.colStep[i] = noMove
		}
		for _, m := range [8][2]int{{-2, 1}, {-1, 2}, {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}} {
			c.colStep[m[0]*cols+m[1]+span] = int8(m[1])
		}
		c.colStepCols = cols
	}
	colStep := c.colStep
	c.seen = grow(c.seen, (n+63)/64)
	clear(c.seen)
	seen := c.seen
	prev := squares[0]
	if prev < 0 || int(prev) >= n {
		return false
	}
	col := int(prev) % cols
	seen[prev/64] |= 1 << (prev % 64)
	for _, s := range squares[1:] {
		if uint(s) >= uint(n) {
			return false
		}
		w, bit := s/64, uint64(1)<<(s%64)
		if seen[w]&bit != 0 {
			return false
		}
		seen[w] |= bit
		j := int(s-prev) + span
		if uint(j) >= uint(len(colStep)) || colStep[j] == noMove {
			return false
		}
		col += int(colStep[j])
		if uint(col) >= uint(cols) {
			return false
		}
		prev = s
	}
	return true
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

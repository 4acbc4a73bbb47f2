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
func Validate(rows, cols, start int, squares []int32, closed bool) error {
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

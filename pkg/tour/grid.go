package tour

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// Steps returns, for each square of a rows x cols board, the step at which
// squares visits it (0 for the first), or -1 if it is not visited.
func Steps(rows, cols int, squares []int32) []int32 {
	steps := make([]int32, rows*cols)
	for i := range steps {
		steps[i] = -1
	}
	for i, s := range squares {
		if s >= 0 && int(s) < len(steps) {
			steps[s] = int32(i)
		}
	}
	return steps
}

// WriteGrid prints the step-number grid of a tour, one board row a line,
// numbers right-aligned in columns like the seeds' output; unvisited squares
// print as ".".
func WriteGrid(w io.Writer, rows, cols int, squares []int32) error {
	steps := Steps(rows, cols, squares)
	width := len(strconv.Itoa(rows*cols - 1))
	bw := bufio.NewWriter(w)
	for r := range rows {
		for c := range cols {
			if c > 0 {
				bw.WriteByte(' ')
			}
			if s := steps[r*cols+c]; s >= 0 {
				fmt.Fprintf(bw, "%*d", width, s)
			} else {
				fmt.Fprintf(bw, "%*s", width, ".")
			}
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

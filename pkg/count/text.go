package count

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// Printable reports whether the answer of a count that ended with err is
// printed: with no error, or after a checkpoint that could not be saved,
// as lower bounds, if anything was counted; after any other error, no.
func (out Answer) Printable(err error) bool {
	var unsaved *CheckpointError
	return err == nil || errors.As(err, &unsaved) && out.Count != nil && out.Nodes != 0
}

// Write prints the answer: -json's object (asJSON), or WriteText's.
func (out Answer) Write(w io.Writer, grid Grid, mode Mode, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(out)
	}
	return out.WriteText(w, grid, mode)
}

// WriteText prints the answer as experiment count does: the grid (mode
// CountAll) and the summary line. Incomplete counts carry a "+": they are
// lower bounds.
func (out Answer) WriteText(w io.Writer, grid Grid, mode Mode) error {
	all, totalOnly := mode == CountAll, mode == CountTotal
	var sb strings.Builder
	if all {
		cells := make([][]string, len(grid.Tours))
		width := 0
		for r, row := range grid.Tours {
			for c, n := range row {
				cell := fmt.Sprint(n)
				if !grid.Complete[r][c] {
					cell += "+"
				}
				cells[r] = append(cells[r], cell)
				width = max(width, len(cell))
			}
		}
		for _, row := range cells {
			for c, cell := range row {
				if c > 0 {
					sb.WriteByte(' ')
				}
				fmt.Fprintf(&sb, "%*s", width, cell)
			}
			sb.WriteByte('\n')
		}
		fmt.Fprintf(&sb, "total=%d", out.Count)
	} else if totalOnly {
		fmt.Fprintf(&sb, "total=%d", out.Count)
	} else {
		fmt.Fprintf(&sb, "count=%d", out.Count)
	}
	nodes := "nodes"
	if out.Method == Frontier.String() {
		nodes = "states"
	}
	fmt.Fprintf(&sb, " %s=%d time=%v complete=%v\n", nodes, out.Nodes, time.Duration(out.TimeNS).Round(time.Microsecond), out.Complete)
	_, err := io.WriteString(w, sb.String())
	return err
}

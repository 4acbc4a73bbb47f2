// Package runs defines runs.csv, the file every sweep writes: one row per
// search, one column per field of Row.
//
// The first fifteen columns are a contract that users' scripts depend on;
// their names and order never change:
//
//	rows, cols, start_row, start_col, strategy, tiebreak, closed, trial,
//	seed, status, solvable, nodes, backtracks, time_ns, verified
//
// Columns after them may be added. A file written with -save-tours has a
// final tour column (TourRow).
//
// Read streams a file row by row (memory does not grow with its length) and
// rejects a file that lacks a required column or holds an unknown status.
package runs

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"knightsweep/pkg/solver"
)

// Row is one search: the job that was run and how it ended.
type Row struct {
	Rows     int    `csv:"rows"`
	Cols     int    `csv:"cols"`
	StartRow int    `csv:"start_row"`
	StartCol int    `csv:"start_col"`
	Strategy string `csv:"strategy"`
	// Tiebreak is the tie-break rule; "first" for strategies without ties.
	Tiebreak string `csv:"tiebreak"`
	Closed   bool   `csv:"closed"`
	Trial    int    `csv:"trial"`
	Seed     uint64 `csv:"seed"`
	Status   string `csv:"status"`
	// Solvable is "yes", "no" or "unknown": whether theory says a tour
	// (closed if Closed) starts at the square.
	Solvable   string `csv:"solvable"`
	Nodes      int64  `csv:"nodes"`
	Backtracks int64  `csv:"backtracks"`
	// TimeNS is the search time in integer nanoseconds.
	TimeNS   int64 `csv:"time_ns"`
	Verified bool  `csv:"verified"`
	// Order is the move order in offset notation.
	Order string `csv:"order"`
	Prune bool   `csv:"prune"`
	// Error explains an error status.
	Error string `csv:"error"`
	// MaxNodes and TimeoutNS are the run's budgets (-max-nodes, -timeout
	// in nanoseconds); 0 is no limit.
	MaxNodes  int64 `csv:"max_nodes"`
	TimeoutNS int64 `csv:"timeout_ns"`
}

// TourRow is a Row with the tour: square indices, space-separated.
type TourRow struct {
	Row
	Tour string `csv:"tour"`
}

// Required lists the contract columns, in order.
var Required = []string{
	"rows", "cols", "start_row", "start_col", "strategy", "tiebreak", "closed", "trial",
	"seed", "status", "solvable", "nodes", "backtracks", "time_ns", "verified",
}

// Key identifies a job: two rows with the same Key ran the same search.
type Key struct {
	Rows, Cols, StartRow, StartCol int
	Strategy, Tiebreak             string
	Closed                         bool
	Trial                          int
	Order                          string
	Prune                          bool
}

// Key returns the job r ran.
func (r Row) Key() Key {
	return Key{r.Rows, r.Cols, r.StartRow, r.StartCol, r.Strategy, r.Tiebreak, r.Closed, r.Trial, r.Order, r.Prune}
}

// FormatTour writes square indices space-separated, for TourRow.Tour.
func FormatTour(squares []int32) string {
	var b strings.Builder
	for i, s := range squares {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(s)))
	}
	return b.String()
}

// ErrMissingColumn reports a CSV without a required column.
var ErrMissingColumn = errors.New("missing required column")

// CheckHeader reports whether header holds every required column.
func CheckHeader(header []string) error {
	have := map[string]bool{}
	for _, h := range header {
		have[strings.TrimSpace(h)] = true
	}
	var missing []string
	for _, c := range Required {
		if !have[c] {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: %s (a runs.csv needs %s)", ErrMissingColumn, strings.Join(missing, ", "), strings.Join(Required, ", "))
	}
	return nil
}

// Validate checks the values of a row read from a file.
func (r Row) Validate() error {
	if !solver.Status(r.Status).Valid() {
		return fmt.Errorf("unknown status %q", r.Status)
	}
	switch r.Solvable {
	case "yes", "no", "unknown":
	default:
		return fmt.Errorf("solvable %q: want yes, no or unknown", r.Solvable)
	}
	if r.Rows < 1 || r.Cols < 1 || r.StartRow < 0 || r.StartRow >= r.Rows || r.StartCol < 0 || r.StartCol >= r.Cols {
		return fmt.Errorf("board %dx%d with start %d,%d is not a board and a square on it", r.Rows, r.Cols, r.StartRow, r.StartCol)
	}
	if r.Nodes < 0 || r.Backtracks < 0 || r.TimeNS < 0 {
		return fmt.Errorf("negative nodes, backtracks or time_ns")
	}
	return nil
}

// Read streams the rows of a runs.csv to fn, checking the header and each
// row. It stops at the first error, from the file or from fn; errors name
// the line.
func Read(r io.Reader, fn func(Row) error) error {
	return read(r, func(t TourRow) error { return fn(t.Row) })
}

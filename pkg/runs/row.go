// Package runs owns runs.csv, the file every sweep writes: one row per
// search. Row defines the columns once; Writer and Reader are the only code
// that writes or reads them, and experiment run, resume, merge and report
// all use them.
//
// # Columns
//
// The columns are Row's fields, named by their csv tags, in order. The first
// fifteen are a contract that users' scripts depend on; their names and order
// never change:
//
//	rows, cols, start_row, start_col, strategy, tiebreak, closed, trial,
//	seed, status, solvable, nodes, backtracks, time_ns, verified
//
// The others follow (order, prune, error, max_nodes, timeout_ns,
// restart_policy, restarts); more may
// be added at the end. A file written with -save-tours ends with a tour
// column. docs/runs.md describes every column.
//
// # Speed and gocsv
//
// gocsv, the project's CSV library, defines the format: Header is what
// gocsv writes for Row. Writing and reading a row through gocsv's
// reflection costs about 5 µs, as much as a sweep's whole work on a trivial
// job and most of the time of reading a million-row file, so Writer and
// Reader are hand-written over encoding/csv. Tests hold them to gocsv byte
// for byte: a field added to Row that they do not handle fails them.
//
// # Torn rows
//
// Every row is one line ending in a newline (Writer folds multi-line
// messages onto one line). A last line without its newline is therefore the
// remains of a write that a crash interrupted, however well it parses: a
// cut number is still a number. Reader never hands such a line over as
// data: it returns a *TornError naming the line, and the caller drops it
// (resume cuts it off; merge and report say where it was).
package runs

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
)

// Row is one search: the job that was run and how it ended. Its JSON form
// (experiment solve -json) has the same names as its columns; the tour is
// left to the caller, who may want it as numbers.
type Row struct {
	Rows     int    `csv:"rows" json:"rows"`
	Cols     int    `csv:"cols" json:"cols"`
	StartRow int    `csv:"start_row" json:"start_row"`
	StartCol int    `csv:"start_col" json:"start_col"`
	Strategy string `csv:"strategy" json:"strategy"`
	// Tiebreak is the tie-break rule; "first" for strategies without ties.
	Tiebreak string `csv:"tiebreak" json:"tiebreak"`
	Closed   bool   `csv:"closed" json:"closed"`
	Trial    int    `csv:"trial" json:"trial"`
	// Seed is the job's seed (0 for deterministic jobs).
	Seed   uint64        `csv:"seed" json:"seed"`
	Status status.Status `csv:"status" json:"status"`
	// Solvable is theory's answer, "yes", "no" or "unknown": whether a tour
	// (closed if Closed) starts at the square.
	Solvable string `csv:"solvable" json:"solvable"`
	// Nodes and Backtracks are the search's counts, Unknown (an empty
	// field) when an external solver does not report them.
	Nodes      Count `csv:"nodes" json:"nodes"`
	Backtracks Count `csv:"backtracks" json:"backtracks"`
	// TimeNS is the search time in integer nanoseconds.
	TimeNS   int64 `csv:"time_ns" json:"time_ns"`
	Verified bool  `csv:"verified" json:"verified"`
	// Order is the move order in offset notation.
	Order string `csv:"order" json:"order"`
	Prune bool   `csv:"prune" json:"prune"`
	// Error explains an error status, on one line.
	Error string `csv:"error" json:"error,omitempty"`
	// MaxNodes and TimeoutNS are the run's budgets (-max-nodes, -timeout
	// in nanoseconds); 0 is no limit.
	MaxNodes  int64 `csv:"max_nodes" json:"max_nodes"`
	TimeoutNS int64 `csv:"timeout_ns" json:"timeout_ns"`
	// RestartPolicy is the run's restart policy as -restarts takes it:
	// "none", "fixed:C", "luby:U" or "geometric:C,F". Files written before
	// restarts existed have no such column; their rows read as "".
	RestartPolicy string `csv:"restart_policy" json:"restart_policy"`
	// Restarts is how many restarts the run made; nodes and time_ns are
	// totals over all its attempts.
	Restarts int64 `csv:"restarts" json:"restarts"`
	// CPUNS is the run's CPU time in nanoseconds: the worker thread's CPU
	// clock for built-in strategies, user plus system time of an external
	// solver and the children it waited for. Files written before it
	// existed have no such column; their rows read as Unknown.
	CPUNS Count `csv:"cpu_ns" json:"cpu_ns"`
	// MaxRSSBytes is an external solver's peak resident memory, Unknown
	// for built-in strategies (they share the sweep's process) and for
	// stdio solvers (a process's peak is not a run's).
	MaxRSSBytes Count `csv:"max_rss_bytes" json:"max_rss_bytes"`
	// Tour is the tour found, square indices row*cols+col separated by
	// spaces: a column only in files written with -save-tours.
	Tour string `csv:"tour" json:"-"`
}

// NoRestarts is restart_policy's word for a run that never restarts.
const NoRestarts = "none"

// TourColumn is the column that only -save-tours files have: always last.
const TourColumn = "tour"

// columns lists Row's columns, from its csv tags.
var columns = sync.OnceValue(func() []string {
	t := reflect.TypeFor[Row]()
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = t.Field(i).Tag.Get("csv")
	}
	return names
})

// Columns returns the columns of runs.csv in order; the tour column only
// when tours is set.
func Columns(tours bool) []string {
	c := columns()
	if !tours {
		c = c[:len(c)-1]
	}
	return append([]string(nil), c...)
}

// Required lists the contract columns, in order: every file has them.
var Required = []string{
	"rows", "cols", "start_row", "start_col", "strategy", "tiebreak", "closed", "trial",
	"seed", "status", "solvable", "nodes", "backtracks", "time_ns", "verified",
}

// Header returns the header line of runs.csv, newline included.
func Header(tours bool) string { return strings.Join(Columns(tours), ",") + "\n" }

// Key identifies a job: two rows with the same Key ran the same search.
type Key struct {
	Rows, Cols, StartRow, StartCol int
	Strategy, Tiebreak             string
	Closed                         bool
	Trial                          int
	Order                          string
	Prune                          bool
	MaxNodes, TimeoutNS            int64
	RestartPolicy                  string
}

// Key returns the job r ran.
func (r *Row) Key() Key {
	return Key{r.Rows, r.Cols, r.StartRow, r.StartCol, r.Strategy, r.Tiebreak, r.Closed, r.Trial,
		r.Order, r.Prune, r.MaxNodes, r.TimeoutNS, r.RestartPolicy}
}

// String names the job a row ran, for messages.
func (k Key) String() string {
	return fmt.Sprintf("%s/%s on %dx%d from %d,%d trial %d", k.Strategy, k.Tiebreak, k.Rows, k.Cols, k.StartRow, k.StartCol, k.Trial)
}

// FormatTour writes square indices space-separated, for Row.Tour.
func FormatTour(squares []int32) string {
	b := make([]byte, 0, len(squares)*5)
	for i, s := range squares {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(s), 10)
	}
	return string(b)
}

// ParseTour reads what FormatTour writes.
func ParseTour(s string) ([]int32, error) {
	fields := strings.Fields(s)
	out := make([]int32, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseInt(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("tour square %d: %w", i, err)
		}
		out[i] = int32(v)
	}
	return out, nil
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
	switch {
	case len(missing) == len(Required):
		// None of them: not a runs.csv at all (a text file, binary
		// garbage); listing every column twice helped nobody.
		return fmt.Errorf("%w: the first line names none of a runs.csv's columns (%s): not a runs.csv", ErrMissingColumn, strings.Join(Required, ", "))
	case len(missing) > 0:
		return fmt.Errorf("%w: %s (a runs.csv needs %s)", ErrMissingColumn, strings.Join(missing, ", "), strings.Join(Required, ", "))
	}
	return nil
}

// Validate checks the values of a row: a known status and solvable word,
// a board of sides 1..board.MaxSide with the start on it, no negative
// count or budget, a strategy named (CheckName).
func (r *Row) Validate() error {
	if !r.Status.Valid() {
		return fmt.Errorf("unknown status %q", r.Status)
	}
	if _, ok := theory.ParseAnswer(r.Solvable); !ok {
		return fmt.Errorf("solvable %q: want yes, no or unknown", r.Solvable)
	}
	if _, err := board.New(r.Rows, r.Cols); err != nil {
		return err
	}
	if !(board.Board{Rows: r.Rows, Cols: r.Cols}).Contains(r.StartRow, r.StartCol) {
		return fmt.Errorf("start %d,%d is off the %dx%d board", r.StartRow, r.StartCol, r.Rows, r.Cols)
	}
	if r.Trial < 0 {
		return fmt.Errorf("trial %d: want 0 or more", r.Trial)
	}
	if err := CheckName("strategy", r.Strategy); err != nil {
		return err
	}
	for _, w := range [...]struct{ column, word string }{{"tiebreak", r.Tiebreak}, {"order", r.Order}} {
		if w.word != "" {
			if err := CheckName(w.column, w.word); err != nil {
				return err
			}
		}
	}
	if r.TimeNS < 0 || r.MaxNodes < 0 || r.TimeoutNS < 0 || r.Restarts < 0 {
		return fmt.Errorf("negative time_ns, max_nodes, timeout_ns or restarts")
	}
	// A policy that no run could have had: the report would predict
	// nothing for it, and say why only deep in its run-length section.
	if p := r.RestartPolicy; p != "" && p != NoRestarts {
		if _, err := restart.Parse(p); err != nil {
			return fmt.Errorf("restart_policy: %w", err)
		}
	}
	if r.Tour != "" && r.Status == status.Found {
		return r.checkTour()
	}
	return nil
}

// CheckNodes refuses nodes that contradict the row's status: a tour
// enters every square, so it takes at least as many nodes as the board has
// squares; a budget stops a run at its max_nodes, never before, and a run
// that found a tour never spent more. The report refuses such a row as a
// *ContentError, because reading it would change the results (a node_limit
// run at 3 nodes of a 5M budget halves a tail index and makes a restart
// prediction vanish). Validate leaves it to the report: merge and resume
// carry rows they do not measure.
func (r *Row) CheckNodes() error {
	return CheckNodes(r.Status, r.Rows, r.Cols, r.Nodes, r.MaxNodes)
}

// CheckNodes is Row.CheckNodes's rule for a run of status st on a rows x
// cols board that reported nodes under the budget maxNodes (0: none).
// Row.Check applies it with the other rules, in the readers and in the
// external harness as an answer arrives.
func CheckNodes(st status.Status, rows, cols int, nodes Count, maxNodes int64) error {
	squares := Count(rows) * Count(cols)
	switch {
	case !nodes.Known():
		// An external solver that reports no nodes: nothing to contradict.
	case st == status.Found && nodes < squares:
		return fmt.Errorf("found with %d nodes, fewer than the %dx%d board's %d squares a tour enters", nodes, rows, cols, squares)
	case st == status.Found && maxNodes > 0 && nodes > Count(maxNodes):
		return fmt.Errorf("found with %d nodes, more than its budget max_nodes %d", nodes, maxNodes)
	case st == status.NodeLimit && nodes < Count(maxNodes):
		return fmt.Errorf("node_limit with %d nodes, fewer than its budget max_nodes %d, which stops a run at it", nodes, maxNodes)
	}
	return nil
}

// TimeOverrun is how far past its time budget a run may end on its own
// (found, or any status but timeout and error). A budget stops a run at
// the first look at the clock after it has passed: a built-in search looks
// every solver.CheckInterval nodes (a Parberry construction every piece of
// millions of squares) and may finish its tour before the next look; a
// one-process-a-run solver's exit may race the harness's timer; a thread
// may be descheduled in between. A second covers all of them on a loaded
// machine, and the harness records a run that ends later still as a
// timeout (Overran), so that it never writes a row CheckTime refuses.
const TimeOverrun = int64(time.Second)

// timeShort is how far short of its budget a timeout's time may be: the
// harness times a run with the clock its budget is checked against, so its
// timeouts never are; a hundredth of the budget, at least a millisecond,
// leaves room for another tool's coarser clock.
func timeShort(timeoutNS int64) int64 { return max(timeoutNS/100, int64(time.Millisecond)) }

// Overran reports whether a run of status st that took timeNS under the
// time budget timeoutNS (0: none) ended on its own more than TimeOverrun
// past the budget: a run that, by the budget's rule, was stopped by it.
// The harness records such a run as a timeout; the report refuses a row
// that says otherwise (CheckTime).
func Overran(st status.Status, timeNS, timeoutNS int64) bool {
	return timeoutNS > 0 && st != status.Timeout && st != status.Error && timeNS-timeoutNS > TimeOverrun
}

// CheckTime refuses a time that contradicts the row's status, as
// CheckNodes refuses nodes: a timeout without a time budget (timeout_ns 0),
// a timeout that came well before its budget (timeShort), a run that ended
// on its own more than TimeOverrun past its budget (Overran). An error
// tells nothing of the budget: it is never refused. The report refuses
// such a row as a *ContentError rather than count it.
func (r *Row) CheckTime() error {
	return CheckTime(r.Status, r.TimeNS, r.TimeoutNS)
}

// CheckTime is Row.CheckTime's rule for a run of status st that took
// timeNS under the time budget timeoutNS (0: none).
func CheckTime(st status.Status, timeNS, timeoutNS int64) error {
	switch {
	case st == status.Timeout && timeoutNS == 0:
		return errors.New("timeout without a time budget (timeout_ns 0)")
	case st == status.Timeout && timeNS < timeoutNS-timeShort(timeoutNS):
		return fmt.Errorf("timeout after %v, well short of its budget timeout_ns %v, which stops a run once passed", time.Duration(timeNS), time.Duration(timeoutNS))
	case Overran(st, timeNS, timeoutNS):
		return fmt.Errorf("%s after %v, more than %v past its budget timeout_ns %v, which stops a run at it", st, time.Duration(timeNS), time.Duration(TimeOverrun), time.Duration(timeoutNS))
	}
	return nil
}

// checkTour checks the form of a found run's tour column, without
// allocating: one square index for every square of the board, each on
// it, the first the start, so that a garbled or cut tour is refused when
// the file is read, not found when the report draws it.
func (r *Row) checkTour() error {
	squares := int64(r.Rows) * int64(r.Cols)
	n := int64(0)
	for rest := r.Tour; ; {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			break
		}
		field, after, _ := strings.Cut(rest, " ")
		v, err := strconv.ParseInt(field, 10, 64)
		switch {
		case err != nil:
			return fmt.Errorf("column tour: square %d: %q is not a square index", n, field)
		case v < 0 || v >= squares:
			return fmt.Errorf("column tour: square %d: %d is off the %dx%d board (indices 0..%d)", n, v, r.Rows, r.Cols, squares-1)
		case n == 0 && v != int64(r.StartRow)*int64(r.Cols)+int64(r.StartCol):
			return fmt.Errorf("column tour: it starts on square %d, not on the start %d,%d", v, r.StartRow, r.StartCol)
		}
		n++
		rest = after
	}
	if n != squares {
		return fmt.Errorf("column tour: %d squares for the %dx%d board's %d", n, r.Rows, r.Cols, squares)
	}
	return nil
}

// CheckVerdict refuses a row that contradicts theory, as CheckNodes one
// that contradicts its budget: a tour found (status found) from a start
// where no tour starts, by the row's own solvable column or by theory
// (package theory, as of this program), or a solvable column of yes or no
// that theory's answer contradicts. A theorem, an exact count or a
// validated certificate is a proof, so such a row is wrong, not a
// discovery, and reading it would change the results (3x7 from 1,3, whose
// count of tours is 0, counted as found). A solvable of unknown is no
// contradiction: files written before theory settled every start up to
// 41 x 41 say unknown where theory says yes or no, and are read as they
// are. Settle costs 18 to 150 ns, no allocation.
func (r *Row) CheckVerdict() error {
	v := theory.Settle(r.Rows, r.Cols, r.StartRow, r.StartCol, r.Closed)
	claim, _ := theory.ParseAnswer(r.Solvable)
	kind := "tour"
	if r.Closed {
		kind = "closed tour"
	}
	switch {
	case r.Status == status.Found && claim == theory.No:
		return fmt.Errorf("found a %s from %d,%d of %dx%d, where its own solvable column says none starts", kind, r.StartRow, r.StartCol, r.Rows, r.Cols)
	case r.Status == status.Found && v.Answer == theory.No:
		return fmt.Errorf("found a %s from %d,%d of %dx%d, where theory proves none starts (%s)", kind, r.StartRow, r.StartCol, r.Rows, r.Cols, v.Backing())
	case claim != theory.Unknown && v.Answer != theory.Unknown && claim != v.Answer:
		return fmt.Errorf("solvable %s from %d,%d of %dx%d, where theory proves %s (%s)", claim, r.StartRow, r.StartCol, r.Rows, r.Cols, v.Answer, v.Backing())
	}
	return nil
}

// Censored reports whether the run was stopped by its budget: its nodes and
// time are then lower bounds of what the search needed.
func (r *Row) Censored() bool { return r.Status.Censored() }

// CPUResolution is the difference in cpu_ns, in nanoseconds, below which
// two runs' CPU times do not tell which needed less: clock_getres says 1
// ns, but a built-in run's thread clock is read inside a system call of
// 0.26 µs (0.40 µs at the 99th percentile, more on other virtual
// machines), and an external solver's CPU time comes in microseconds
// (docs/runs.md).
const CPUResolution int64 = 1000

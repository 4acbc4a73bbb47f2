package stats

import (
	"cmp"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// SeriesKey is the settings a group's runs share, its board aside.
type SeriesKey struct {
	Strategy string
	Tiebreak string
	Closed   bool
	// Order is the move order in offset notation, as board.Order.String
	// writes it (or the file's text, when it is not an order).
	Order string
	Prune bool
	// Source is the input file, set only with Options.BySource.
	Source string
}

// GroupKey identifies a group: one series on one board.
type GroupKey struct {
	SeriesKey
	Rows, Cols int
}

// Board returns the group's board.
func (k GroupKey) Board() board.Board { return board.Board{Rows: k.Rows, Cols: k.Cols} }

// compareBoards orders boards by squares, then rows.
func compareBoards(a, b board.Board) int {
	if c := cmp.Compare(a.Squares(), b.Squares()); c != 0 {
		return c
	}
	return cmp.Compare(a.Rows, b.Rows)
}

func compareSeries(a, b SeriesKey) int {
	return cmp.Or(
		compareBool(a.Closed, b.Closed),
		cmp.Compare(a.Strategy, b.Strategy),
		cmp.Compare(a.Tiebreak, b.Tiebreak),
		cmp.Compare(a.Order, b.Order),
		compareBool(a.Prune, b.Prune),
		cmp.Compare(a.Source, b.Source),
	)
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// Group is the runs of one series on one board, summarised.
type Group struct {
	Key GroupKey
	// Series is the label of the group's series (see package doc).
	Series string
	Summary
	// PerStart holds one entry per start square run, by row then column:
	// the per-start grid.
	PerStart []Start
	// Sources lists the input files that contributed runs.
	Sources []string
}

// Board returns the group's board.
func (g *Group) Board() board.Board { return g.Key.Board() }

// Start is what a group's runs did from one start square.
type Start struct {
	Row, Col int
	Attempts int
	Found    int
	// Solvable is theory's answer for the square: "yes", "no" or "unknown".
	Solvable string
	// Nodes and TimeNS are the medians over the square's attempts.
	Nodes  float64
	TimeNS float64
}

// Rate returns the share of attempts from the square that found a tour.
func (s Start) Rate() float64 { return Rate(s.Found, s.Attempts) }

// Summary is one group's figures: one row of summary.csv. Rates and their
// intervals are empty in the CSV (NaN here) when there were no attempts;
// times are nanoseconds.
type Summary struct {
	// Series is the label of the group's series.
	Series   string `csv:"series"`
	Strategy string `csv:"strategy"`
	Tiebreak string `csv:"tiebreak"`
	Closed   bool   `csv:"closed"`
	Order    string `csv:"order"`
	Prune    bool   `csv:"prune"`
	// Source is the input file when groups are kept apart by file.
	Source string `csv:"source"`
	// Board is "RxC".
	Board string `csv:"board"`
	Rows  int    `csv:"rows"`
	Cols  int    `csv:"cols"`
	// Starts counts the distinct start squares run.
	Starts   int `csv:"starts"`
	Attempts int `csv:"attempts"`
	// Found counts runs with status found.
	Found       int   `csv:"found"`
	SuccessRate Float `csv:"success_rate"`
	SuccessLo   Float `csv:"success_lo"`
	SuccessHi   Float `csv:"success_hi"`
	// SolvableAttempts counts attempts from starts where theory says a tour
	// exists; SolvableFound those of them that found one.
	SolvableAttempts int   `csv:"solvable_attempts"`
	SolvableFound    int   `csv:"solvable_found"`
	SolvableRate     Float `csv:"solvable_rate"`
	SolvableLo       Float `csv:"solvable_lo"`
	SolvableHi       Float `csv:"solvable_hi"`
	// Unsolvable and Unknown count attempts from starts where theory says
	// no tour exists, or does not know.
	Unsolvable int `csv:"unsolvable_attempts"`
	Unknown    int `csv:"unknown_attempts"`
	// The number of runs that ended with each other status.
	DeadEnd   int `csv:"dead_end"`
	NotClosed int `csv:"not_closed"`
	Exhausted int `csv:"exhausted"`
	NodeLimit int `csv:"node_limit"`
	Timeout   int `csv:"timeout"`
	Error     int `csv:"error"`
	// Verified counts found runs whose tour the validator accepted.
	Verified     int   `csv:"verified"`
	NodesMedian  Float `csv:"nodes_median"`
	NodesP90     Float `csv:"nodes_p90"`
	NodesMax     Float `csv:"nodes_max"`
	NodesMean    Float `csv:"nodes_mean"`
	TimeMedianNS Float `csv:"time_median_ns"`
	TimeP90NS    Float `csv:"time_p90_ns"`
	TimeMaxNS    Float `csv:"time_max_ns"`
	TimeMeanNS   Float `csv:"time_mean_ns"`
}

// SummaryColumns lists summary.csv's columns, in order.
var SummaryColumns = []string{
	"series", "strategy", "tiebreak", "closed", "order", "prune", "source", "board", "rows", "cols",
	"starts", "attempts", "found", "success_rate", "success_lo", "success_hi",
	"solvable_attempts", "solvable_found", "solvable_rate", "solvable_lo", "solvable_hi",
	"unsolvable_attempts", "unknown_attempts",
	"dead_end", "not_closed", "exhausted", "node_limit", "timeout", "error", "verified",
	"nodes_median", "nodes_p90", "nodes_max", "nodes_mean",
	"time_median_ns", "time_p90_ns", "time_max_ns", "time_mean_ns",
}

// Success returns the Wilson interval of the success rate.
func (s *Summary) Success() Interval { return Interval{float64(s.SuccessLo), float64(s.SuccessHi)} }

// Solvable returns the Wilson interval of the success rate over solvable
// starts.
func (s *Summary) Solvable() Interval {
	return Interval{float64(s.SolvableLo), float64(s.SolvableHi)}
}

// StatusCount returns the number of runs that ended with status; 0 for a
// word that is not in status.All (a reader never accepts one).
func (s *Summary) StatusCount(st status.Status) int {
	switch st {
	case "found":
		return s.Found
	case "dead_end":
		return s.DeadEnd
	case "not_closed":
		return s.NotClosed
	case "exhausted":
		return s.Exhausted
	case "node_limit":
		return s.NodeLimit
	case "timeout":
		return s.Timeout
	case "error":
		return s.Error
	}
	return 0
}

package stats

import "knightsweep/pkg/status"

// Summary is one group's figures: one row of summary.csv. Rates and their
// intervals are empty in the CSV (NaN here) when there were no attempts;
// times are nanoseconds. Nodes and time are over every run, whatever its
// outcome (the cost of running the strategy there); a figure that rests on
// a run stopped by a budget is a lower bound, and its _censored column
// says so.
type Summary struct {
	// Series is the group's series as files before Label named it
	// (Series.Legacy).
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
	// MaxNodes and TimeoutNS are the series' budgets; 0 is none.
	MaxNodes  int64 `csv:"max_nodes"`
	TimeoutNS int64 `csv:"timeout_ns"`
	// TourStarts counts the starts that have a tour: theory says so, or a
	// run in the data found one where theory does not know (a witness);
	// WitnessStarts those that rest on a witness. TourAttempts and
	// TourFound count the runs from them, and those that found a tour.
	TourStarts    int   `csv:"tour_starts"`
	WitnessStarts int   `csv:"witness_starts"`
	TourAttempts  int   `csv:"tour_attempts"`
	TourFound     int   `csv:"tour_found"`
	TourRate      Float `csv:"tour_rate"`
	TourLo        Float `csv:"tour_lo"`
	TourHi        Float `csv:"tour_hi"`
	// Censored counts the runs stopped by a budget (node_limit, timeout).
	Censored int `csv:"censored"`
	// The _censored columns are true when the figure rests on a censored
	// run: the true figure is at least the one given.
	NodesMedianCensored bool `csv:"nodes_median_censored"`
	NodesP90Censored    bool `csv:"nodes_p90_censored"`
	NodesMaxCensored    bool `csv:"nodes_max_censored"`
	TimeMedianCensored  bool `csv:"time_median_censored"`
	TimeP90Censored     bool `csv:"time_p90_censored"`
	TimeMaxCensored     bool `csv:"time_max_censored"`
	// The run-length columns (RunLengths), empty where a measure does not
	// apply (fewer than MinRuns runs from starts with a tour, no tour
	// found, no tail estimate, no restart prediction). ERT: the nodes of
	// every run over the runs that found a tour, with its bootstrap 95%
	// interval, and the same in time.
	ERTNodes   Float `csv:"ert_nodes"`
	ERTNodesLo Float `csv:"ert_nodes_lo"`
	ERTNodesHi Float `csv:"ert_nodes_hi"`
	ERTTimeNS  Float `csv:"ert_time_ns"`
	// TailIndex is the tail index of run lengths with its 95% interval.
	TailIndex   Float `csv:"tail_index"`
	TailIndexLo Float `csv:"tail_index_lo"`
	TailIndexHi Float `csv:"tail_index_hi"`
	// RestartCutoff is the predicted best fixed cutoff c*, RestartERTNodes
	// the expected nodes to a tour restarting after c* nodes.
	RestartCutoff   Float `csv:"restart_cutoff"`
	RestartERTNodes Float `csv:"restart_ert_nodes"`
	// Label is the series' name in one word (Series.Label), as the page,
	// the charts and the terminal write it; Series keeps the name with
	// commas that files before it had.
	Label string `csv:"label"`
	// ERTNodesCensored says that a budget stopped some of the runs the ERT
	// rests on: the expected nodes to a tour without a budget are more.
	ERTNodesCensored bool `csv:"ert_nodes_censored"`

	// drawn is true when the group's runs drew random numbers, though its
	// tie-break rule and order say nothing of it: a randomised external
	// solver's (declared with {seed} or random:), whose runs have seeds
	// and trials. Deterministic jobs run trial 0 with seed 0.
	drawn bool
	// ertTimeCensored is ERTNodesCensored of the ERT in time: a budget
	// stopped some of the runs it rests on.
	ertTimeCensored bool
}

// Success returns the Wilson interval of the success rate.
func (s *Summary) Success() Interval { return Interval{float64(s.SuccessLo), float64(s.SuccessHi)} }

// Tour returns the Wilson interval of the success rate over starts that
// have a tour.
func (s *Summary) Tour() Interval { return Interval{float64(s.TourLo), float64(s.TourHi)} }

// NodesMedianBound returns the median nodes and whether it is a lower
// bound; TimeMedianBound likewise.
func (s *Summary) NodesMedianBound() Bound {
	return Bound{float64(s.NodesMedian), s.NodesMedianCensored}
}

// TimeMedianBound returns the median time and whether it is a lower bound.
func (s *Summary) TimeMedianBound() Bound {
	return Bound{float64(s.TimeMedianNS), s.TimeMedianCensored}
}

// StatusCount returns the number of runs that ended with status; 0 for a
// word that is not in status.All.
func (s *Summary) StatusCount(st status.Status) int {
	switch st {
	case status.Found:
		return s.Found
	case status.DeadEnd:
		return s.DeadEnd
	case status.NotClosed:
		return s.NotClosed
	case status.Exhausted:
		return s.Exhausted
	case status.NodeLimit:
		return s.NodeLimit
	case status.Timeout:
		return s.Timeout
	case status.Error:
		return s.Error
	}
	return 0
}

// Total is one series over all its boards: the report's answer. Its rate
// is over the runs from starts that have a tour.
type Total struct {
	Series   string `csv:"series"`
	Strategy string `csv:"strategy"`
	Tiebreak string `csv:"tiebreak"`
	Closed   bool   `csv:"closed"`
	// Budget names the runs' budget.
	Budget    string `csv:"budget"`
	MaxNodes  int64  `csv:"max_nodes"`
	TimeoutNS int64  `csv:"timeout_ns"`
	Boards    int    `csv:"boards"`
	Attempts  int    `csv:"attempts"`
	// TourAttempts and TourFound count the runs from starts with a tour,
	// and those that found one; WitnessStarts the starts that rest on a
	// witness.
	TourAttempts  int   `csv:"tour_attempts"`
	TourFound     int   `csv:"tour_found"`
	TourRate      Float `csv:"tour_rate"`
	TourLo        Float `csv:"tour_lo"`
	TourHi        Float `csv:"tour_hi"`
	WitnessStarts int   `csv:"witness_starts"`
	Censored      int   `csv:"censored"`
	// TourCensored counts the runs of TourAttempts that a budget stopped:
	// the same runs as the rate's, where Censored counts every run's.
	TourCensored int `csv:"tour_censored"`
	// Label is the series' name in one word (Series.Label); Series keeps
	// the name with commas that files before it had.
	Label string `csv:"label"`
	// Errors counts the runs that ended in error (status error): failures
	// of the run, not searches that ended.
	Errors int `csv:"-"`
}

// AllErrors reports whether every run of the series ended in error: a
// series with no search to rank or compare.
func (t Total) AllErrors() bool { return t.Attempts > 0 && t.Errors == t.Attempts }

func totals(res *Results) []Total {
	var out []Total
	for _, s := range res.Series {
		t := Total{Series: s.Legacy, Label: s.Label, Strategy: s.Key.Strategy, Tiebreak: s.Key.Tiebreak, Closed: s.Key.Closed,
			Budget: BudgetLabel(s.Key.MaxNodes, s.Key.TimeoutNS), MaxNodes: s.Key.MaxNodes, TimeoutNS: s.Key.TimeoutNS}
		for _, g := range res.SeriesGroups(s.Key) {
			t.Boards++
			t.Attempts += g.Attempts
			t.TourAttempts += g.TourAttempts
			t.TourFound += g.TourFound
			t.WitnessStarts += g.WitnessStarts
			t.Censored += g.Censored
			t.TourCensored += g.tourCensored
			t.Errors += g.Error
		}
		t.TourRate, t.TourLo, t.TourHi = rateAndInterval(t.TourFound, t.TourAttempts)
		out = append(out, t)
	}
	return out
}

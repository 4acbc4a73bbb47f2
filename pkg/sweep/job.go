package sweep

import (
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/theory"
)

// A plan's jobs are what to run; here they meet the search that runs them.
// Package plan knows the strategies by their facts alone (package
// strategies), so that what plans, estimates and reports depends on no
// search code.

// Problem returns the search job j runs.
func Problem(j *plan.Job) solver.Problem {
	return solver.Problem{
		Board: j.Board, Start: j.Start, Strategy: j.Strategy, Order: j.Order,
		Closed: j.Closed, MaxNodes: j.MaxNodes, Timeout: j.Timeout, Tiebreak: j.Tiebreak, Seed: j.Seed, Prune: j.Prune,
		RandomOrder: j.RandomOrder, Restarts: j.Restarts,
	}
}

// Budgeted returns res as j's time budget rules it: a run that ended on
// its own more than runs.TimeOverrun past its budget (a thread stalled
// between two looks at the clock) was, by the budget's rule, stopped by
// it, and is a timeout, without its tour. Recorded as it ended, its row
// would be one the report refuses (runs.CheckTime). Record applies it;
// whoever also uses res's tour (the sweep's worker, experiment solve)
// applies it first.
func Budgeted(j *plan.Job, res solver.Result) solver.Result {
	if runs.Overran(res.Status, res.Elapsed.Nanoseconds(), j.Timeout.Nanoseconds()) {
		res.Status, res.Tour, res.Verified, res.Err = status.Timeout, nil, false, ""
	}
	return res
}

// Record returns the row of job j's run: j.Row, and how res says it ended
// (Budgeted). It is the one place that turns a search's outcome into a
// record: the sweep writes it to runs.csv (adding the tour column with
// -save-tours), and experiment solve -json prints it.
func Record(j *plan.Job, res solver.Result) runs.Row {
	res = Budgeted(j, res)
	r := j.Row()
	r.Status = res.Status
	r.Nodes = runs.Count(res.Nodes)
	r.Backtracks = runs.Count(res.Backtracks)
	r.TimeNS = res.Elapsed.Nanoseconds()
	r.CPUNS = runs.Count(res.CPU.Nanoseconds())
	r.MaxRSSBytes = runs.Count(res.MaxRSS)
	r.Verified = res.Verified
	r.Restarts = res.Restarts
	r.Error = runs.OneLine(res.Err)
	return r
}

// JobOf returns p as a job of its own, outside any sweep (experiment
// solve): trial 0, p's seed as given, theory's answer for its start.
func JobOf(p solver.Problem) plan.Job {
	j := plan.Job{
		Board: p.Board, Start: p.Start, Strategy: p.Strategy, Tiebreak: p.Tiebreak, Seed: p.Seed,
		Closed: p.Closed, MaxNodes: p.MaxNodes, Timeout: p.Timeout, Order: p.Order, OrderText: p.Order.String(),
		Prune: p.Prune, RandomOrder: p.RandomOrder, Restarts: p.Restarts,
	}
	if p.RandomOrder {
		j.OrderText = strategies.OrderRandom
	}
	j.Solvable = theory.From(p.Board.Rows, p.Board.Cols, p.Start.Row, p.Start.Col, p.Closed)
	return j
}

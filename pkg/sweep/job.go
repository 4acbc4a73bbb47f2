package sweep

import (
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
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

// Record returns the row of job j's run: j.Row, and how res says it ended.
// It is the one place that turns a search's outcome into a record: the
// sweep writes it to runs.csv (adding the tour column with -save-tours),
// and experiment solve -json prints it.
func Record(j *plan.Job, res solver.Result) runs.Row {
	r := j.Row()
	r.Status = res.Status
	r.Nodes = runs.Count(res.Nodes)
	r.Backtracks = runs.Count(res.Backtracks)
	r.TimeNS = res.Elapsed.Nanoseconds()
	r.CPUNS = runs.Count(res.CPU.Nanoseconds())
	r.MaxRSSBytes = runs.Unknown
	if res.MaxRSS > 0 {
		r.MaxRSSBytes = runs.Count(res.MaxRSS)
	}
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

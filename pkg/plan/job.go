package plan

import (
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/theory"
)

// Job is one search of a sweep: one board, start square, strategy,
// tie-break and trial, with the settings every job shares.
type Job struct {
	// Index is the job's place in its Plan's canonical order.
	Index    int64
	Board    board.Board
	Start    board.Square
	Strategy string
	Tiebreak string
	Trial    int
	// Seed is the job's seed (JobSeed) for randomised jobs, else 0.
	Seed     uint64
	Closed   bool
	MaxNodes int64
	Timeout  time.Duration
	Order    board.Order
	// OrderText is Order in offset notation, as rows record it, or
	// solver.OrderRandom for a job in a random move order (RandomOrder).
	OrderText string
	Prune     bool
	// SaveTour asks for the tour found in the row (-save-tours).
	SaveTour bool
	// Solvable is theory's answer for the start.
	Solvable theory.Answer
	// Bytes is the search's estimated memory (solver.Info.Bytes), which
	// -mem-limit bounds; Threads the cores it keeps busy.
	Bytes   int64
	Threads int
	// Cost is the job's estimated seconds, from the plan's cost model: it
	// orders the work and weighs progress. Kind is the kind of job whose
	// estimate it shares (Plan.CostByKind): a progress meter learns each
	// kind's cost from its first jobs.
	Cost float64
	Kind int

	// RandomOrder asks for a random move order (solver.Problem.RandomOrder);
	// Restarts is the job's restart policy.
	RandomOrder bool
	Restarts    restart.Policy
}

// Problem returns the search the job runs.
func (j *Job) Problem() solver.Problem {
	return solver.Problem{
		Board: j.Board, Start: j.Start, Strategy: j.Strategy, Order: j.Order,
		Closed: j.Closed, MaxNodes: j.MaxNodes, Timeout: j.Timeout, Tiebreak: j.Tiebreak, Seed: j.Seed, Prune: j.Prune,
		RandomOrder: j.RandomOrder, Restarts: j.Restarts,
	}
}

// Row returns the job's row before it runs: everything but how it ended.
// Plan.Index maps such a row back to the job.
func (j *Job) Row() runs.Row {
	return runs.Row{
		Rows: j.Board.Rows, Cols: j.Board.Cols, StartRow: j.Start.Row, StartCol: j.Start.Col,
		Strategy: j.Strategy, Tiebreak: j.Tiebreak, Closed: j.Closed, Trial: j.Trial, Seed: j.Seed,
		Solvable: j.Solvable.String(), Order: j.OrderText, Prune: j.Prune,
		MaxNodes: j.MaxNodes, TimeoutNS: j.Timeout.Nanoseconds(), RestartPolicy: j.Restarts.String(),
	}
}

// Record returns the row of the job's run: Row, and how res says it ended.
// It is the one place that turns a search's outcome into a record: the
// sweep writes it to runs.csv (adding the tour column with -save-tours),
// and experiment solve -json prints it.
func (j *Job) Record(res solver.Result) runs.Row {
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
func JobOf(p solver.Problem) Job {
	j := Job{
		Board: p.Board, Start: p.Start, Strategy: p.Strategy, Tiebreak: p.Tiebreak, Seed: p.Seed,
		Closed: p.Closed, MaxNodes: p.MaxNodes, Timeout: p.Timeout, Order: p.Order, OrderText: p.Order.String(),
		Prune: p.Prune, RandomOrder: p.RandomOrder, Restarts: p.Restarts,
	}
	if p.RandomOrder {
		j.OrderText = solver.OrderRandom
	}
	j.Solvable = theory.From(p.Board.Rows, p.Board.Cols, p.Start.Row, p.Start.Col, p.Closed)
	return j
}

package plan

import (
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
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
	// strategies.OrderRandom for a job in a random move order (RandomOrder).
	OrderText string
	Prune     bool
	// SaveTour asks for the tour found in the row (-save-tours).
	SaveTour bool
	// Solvable is theory's answer for the start.
	Solvable theory.Answer
	// Bytes is the search's estimated memory (strategies.Info.Bytes), which
	// -mem-limit bounds; Threads the cores it keeps busy.
	Bytes   int64
	Threads int
	// Cost is the job's estimated seconds, from the plan's cost model: it
	// orders the work and weighs progress. Kind is the kind of job whose
	// estimate it shares (Plan.CostByKind): a progress meter learns each
	// kind's cost from its first jobs.
	Cost float64
	Kind int

	// RandomOrder asks for a random move order (-order random);
	// Restarts is the job's restart policy.
	RandomOrder bool
	Restarts    restart.Policy
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

package sweep

import (
	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
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
	Seed     uint64
	Closed   bool
	MaxNodes int64
	Order    board.Order
	Prune    bool
	// Bytes is the search's estimated memory (solver.Info.Bytes), which
	// Options.MemLimit bounds.
	Bytes int64
	// Cost is the job's estimated seconds, from the plan's cost model: it
	// orders the work and weighs progress.
	Cost float64
}

// Problem returns the search the job runs.
func (j Job) Problem() solver.Problem {
	return solver.Problem{
		Board: j.Board, Start: j.Start, Strategy: j.Strategy, Order: j.Order,
		Closed: j.Closed, MaxNodes: j.MaxNodes, Tiebreak: j.Tiebreak, Seed: j.Seed, Prune: j.Prune,
	}
}

// Key returns the key of the job's row; orderText is j.Order.String(),
// passed in because it is the same for every job of a sweep.
func (j Job) Key(orderText string) runs.Key {
	return runs.Key{
		Rows: j.Board.Rows, Cols: j.Board.Cols, StartRow: j.Start.Row, StartCol: j.Start.Col,
		Strategy: j.Strategy, Tiebreak: j.Tiebreak, Closed: j.Closed, Trial: j.Trial,
		Order: orderText, Prune: j.Prune,
	}
}

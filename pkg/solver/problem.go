package solver

import (
	"fmt"
	"runtime"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/status"
	"knightsweep/pkg/tour"
)

// Problem is one search to run: everything that decides its outcome.
type Problem struct {
	Board    board.Board
	Start    board.Square
	Strategy string
	// Order is the move order; the zero Order means board.DefaultOrder.
	Order board.Order
	// RandomOrder asks the strategies that take one (Info.RandomOrder: dfs)
	// to try the untried moves of every square in a uniformly random
	// order, drawn from Seed, instead of Order.
	RandomOrder bool
	// Closed asks for a closed tour: the last square a knight's move from
	// the start.
	Closed bool
	// MaxNodes caps the nodes entered; 0 means no cap.
	MaxNodes int64
	// Timeout caps the time of a run (status timeout); 0 means no cap.
	// Unlike a context's deadline it costs no timer: the search looks at
	// the clock when it looks at its budget.
	Timeout time.Duration
	// Tiebreak names the rule that breaks ties between equally good moves
	// in strategies that have ties; "" means "first" (first in move order).
	Tiebreak string
	// Seed seeds randomised strategies and tie-break rules.
	Seed uint64
	// Restarts is the restart policy of a randomised backtracking search
	// (Info.Restartable): attempt i is cut after Restarts.Cutoff(i) nodes
	// and the search starts afresh with seed restart.Seed(Seed, i+1).
	// MaxNodes and Timeout bound the whole run. The zero policy never
	// restarts.
	Restarts restart.Policy
	// Prune asks searching strategies to cut branches that provably cannot
	// complete a tour.
	Prune bool
	// Threads is how many cores the search may use; 0 means GOMAXPROCS.
	// parberry builds its quadrants in parallel (Info.Threads); dfs and
	// warnsdorff-bt (first tie rule, no pruning) on up to 64 squares
	// split their walk with the same outcome, nodes, backtracks and tour
	// as on one core (see ordered.go). A sweep passes 1 to every search
	// but parberry's large boards: its workers fill the cores.
	Threads int
}

// threads is how many cores the search may use: Threads, or GOMAXPROCS.
func (p Problem) threads() int {
	if p.Threads > 0 {
		return p.Threads
	}
	return runtime.GOMAXPROCS(0)
}

// normalize fills defaults and checks p.
func (p *Problem) normalize() error {
	if _, err := board.New(p.Board.Rows, p.Board.Cols); err != nil {
		return err
	}
	if !p.Board.Contains(p.Start.Row, p.Start.Col) {
		return fmt.Errorf("start %v is off the %v board", p.Start, p.Board)
	}
	if p.Order == (board.Order{}) {
		p.Order = board.DefaultOrder
	}
	if err := p.Order.Validate(); err != nil {
		return err
	}
	if p.MaxNodes < 0 {
		return fmt.Errorf("node limit %d is negative", p.MaxNodes)
	}
	if p.Timeout < 0 {
		return fmt.Errorf("timeout %v is negative", p.Timeout)
	}
	if p.Tiebreak == "" {
		p.Tiebreak = TieFirst
	}
	return nil
}

// StartIndex returns the start square's index.
func (p Problem) StartIndex() int { return p.Board.Index(p.Start.Row, p.Start.Col) }

// Result is how one search ended.
type Result struct {
	Status status.Status
	// Nodes and Backtracks are the search's counts; -1 (runs.Unknown)
	// when an external solver did not report them.
	Nodes      int64
	Backtracks int64
	// Tour is the path found, when Status is Found: its squares, in
	// order, as the moves between them (package tour). It belongs to the
	// Solver and is overwritten by its next Run: Clone it to keep it.
	Tour *tour.Path
	// squares is the path of a search that keeps squares (the
	// backtracking ones, on small boards); Solver.Run makes it Tour.
	squares []int32
	Elapsed time.Duration
	// CPU is the search's CPU time: the worker thread's CPU clock for
	// built-in strategies, the solver's and its children's user and
	// system time for external ones; -1 when it was not measured.
	CPU time.Duration
	// MaxRSS is an external solver's peak resident memory in bytes; -1
	// when it is not known (built-in strategies share the process's), as
	// every unknown figure of a Result is.
	MaxRSS int64
	// Restarts is how many times a search with a restart policy started
	// afresh; Nodes, Backtracks and Elapsed are totals over its attempts.
	Restarts int64
	// Verified is true when package tour accepted Tour.
	Verified bool
	// Err explains an Error status.
	Err string
}

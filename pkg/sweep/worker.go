package sweep

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
)

// worker runs jobs, one at a time. It keeps the Solver of its last job
// and restarts it for the next one of the same cell (board, strategy,
// tie-break...): jobs come cell by cell, so a sweep prepares a search once
// per board rather than once per start, and its steady state allocates
// nothing.
type worker struct {
	// set is the strategies the worker runs.
	set *solver.Set
	// claimTour reports whether the sweep still needs a tour of a board for
	// a picture, claiming it for this worker.
	claimTour func(board.Board) bool
	solver    *solver.Solver
	key       solverKey
	// squares is the buffer a tour's squares are listed in for the tour
	// column.
	squares []int32
	// clock carries the thread's CPU clock from one run to the next; nil
	// reads it twice a run.
	clock *solver.ThreadClock
}

// solverKey is what a prepared Solver is prepared for, start and seed
// aside.
type solverKey struct {
	b                  board.Board
	strategy, tiebreak string
	closed, prune      bool
	order              board.Order
	randomOrder        bool
	restarts           restart.Policy
	maxNodes           int64
	timeout            time.Duration
	threads            int
}

// maxKeptBytes bounds the searches a worker keeps between jobs: a big
// board's search is prepared for each job (its setup is small beside its
// walk), and its memory goes back with the job's share of -mem-limit.
const maxKeptBytes = 64 << 20

func newWorker(set *solver.Set, claimTour func(board.Board) bool) *worker {
	return &worker{set: set, claimTour: claimTour}
}

// strategySet returns the strategies of o: its own, or the built-in ones.
func strategySet(o Options) *solver.Set {
	if o.Strategies == nil {
		return solver.Builtins()
	}
	return o.Strategies
}

// result is a finished job's row, with a copy of its tour when the sweep
// saves it for a picture.
type result struct {
	row     runs.Row
	picture []int32
}

// run runs j on threads cores and returns its row. ok is false when ctx was
// canceled before the search ended: such a job gets no row and runs again
// on resume. A panic anywhere in the job becomes a row with status error.
func (w *worker) run(ctx context.Context, j plan.Job, threads int) (r result, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			w.solver = nil // its state is not to be trusted
			r, ok = w.result(j, solver.Result{Status: status.Error, MaxRSS: -1,
				Err: fmt.Sprintf("panic: %v\n%s", p, debug.Stack())}), true
		}
	}()
	s, err := w.prepare(j, threads)
	if err != nil {
		return w.result(j, solver.Result{Status: status.Error, MaxRSS: -1, Err: err.Error()}), true
	}
	res := s.RunOn(ctx, w.clock)
	if res.Status == status.Canceled {
		return result{}, false
	}
	return w.result(j, res), true
}

// prepare returns a Solver for j: the last one, restarted, when it was
// prepared for j's cell.
func (w *worker) prepare(j plan.Job, threads int) (*solver.Solver, error) {
	key := solverKey{j.Board, j.Strategy, j.Tiebreak, j.Closed, j.Prune, j.Order, j.RandomOrder, j.Restarts, j.MaxNodes, j.Timeout, threads}
	if w.solver != nil && w.key == key {
		if err := w.solver.Restart(j.Start, j.Seed); err != nil {
			return nil, err
		}
		return w.solver, nil
	}
	w.solver = nil // let a big search go before the next is prepared
	pr := Problem(&j)
	pr.Threads = threads
	s, err := w.set.New(pr)
	if err != nil {
		return nil, err
	}
	if j.Bytes <= maxKeptBytes {
		w.solver, w.key = s, key
	}
	return s, nil
}

// result turns a search's outcome into a row.
func (w *worker) result(j plan.Job, res solver.Result) result {
	res = Budgeted(&j, res)
	r := result{row: Record(&j, res)}
	if res.Status == status.Found {
		if j.SaveTour {
			w.squares = res.Tour.Squares(w.squares)
			r.row.Tour = runs.FormatTour(w.squares)
		}
		if w.claimTour(j.Board) {
			r.picture = res.Tour.Squares(nil)
		}
	}
	return r
}

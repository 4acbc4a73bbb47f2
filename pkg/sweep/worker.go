package sweep

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"

	"knightsweep/pkg/board"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
)

// worker runs jobs, one at a time.
type worker struct {
	// wantsTour reports whether the sweep still needs a tour of a board for
	// a picture.
	wantsTour func(board.Board) bool
}

func newWorker(wantsTour func(board.Board) bool) *worker { return &worker{wantsTour: wantsTour} }

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
			r, ok = w.result(j, solver.Result{Status: status.Error,
				Err: fmt.Sprintf("panic: %v\n%s", p, debug.Stack())}), true
		}
	}()
	pr := j.Problem()
	pr.Threads = threads
	s, err := solver.New(pr)
	if err != nil {
		return w.result(j, solver.Result{Status: status.Error, Err: err.Error()}), true
	}
	if j.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, j.Timeout)
		defer cancel()
	}
	res := s.Run(ctx)
	if res.Status == status.Canceled {
		return result{}, false
	}
	return w.result(j, res), true
}

// result turns a search's outcome into a row.
func (w *worker) result(j plan.Job, res solver.Result) result {
	r := result{row: j.Row()}
	r.row.Status = res.Status
	r.row.Nodes = res.Nodes
	r.row.Backtracks = res.Backtracks
	r.row.TimeNS = res.Elapsed.Nanoseconds()
	r.row.Verified = res.Verified
	r.row.Error = runs.OneLine(res.Err)
	if res.Status == status.Found {
		if j.SaveTour {
			r.row.Tour = runs.FormatTour(res.Tour)
		}
		if w.wantsTour(j.Board) {
			r.picture = slices.Clone(res.Tour)
		}
	}
	return r
}

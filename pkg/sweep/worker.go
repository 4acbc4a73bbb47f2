package sweep

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/theory"
)

// worker runs jobs, one at a time.
type worker struct {
	orderText string
	timeout   time.Duration
	saveTours bool
}

// run runs j and returns its row. ok is false when ctx was canceled before
// the search ended: such a job gets no row and runs again on resume. A
// panic anywhere in the job becomes a row with status error.
func (w *worker) run(ctx context.Context, j Job) (r result, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			r, ok = w.result(j, solver.Result{Status: solver.Error,
				Err: fmt.Sprintf("panic: %v\n%s", p, debug.Stack())}), true
		}
	}()
	s, err := solver.New(j.Problem())
	if err != nil {
		return w.result(j, solver.Result{Status: solver.Error, Err: err.Error()}), true
	}
	if w.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, w.timeout)
		defer cancel()
	}
	res := s.Run(ctx)
	if res.Status == solver.Canceled {
		return result{}, false
	}
	return w.result(j, res), true
}

// result turns a search's outcome into a row.
func (w *worker) result(j Job, res solver.Result) result {
	r := result{cost: j.Cost, row: runs.Row{
		Rows:       j.Board.Rows,
		Cols:       j.Board.Cols,
		StartRow:   j.Start.Row,
		StartCol:   j.Start.Col,
		Strategy:   j.Strategy,
		Tiebreak:   j.Tiebreak,
		Closed:     j.Closed,
		Trial:      j.Trial,
		Seed:       j.Seed,
		Status:     string(res.Status),
		Solvable:   theory.From(j.Board.Rows, j.Board.Cols, j.Start.Row, j.Start.Col, j.Closed).String(),
		Nodes:      res.Nodes,
		Backtracks: res.Backtracks,
		TimeNS:     res.Elapsed.Nanoseconds(),
		Verified:   res.Verified,
		Order:      w.orderText,
		Prune:      j.Prune,
		Error:      oneLine(res.Err),
		MaxNodes:   j.MaxNodes,
		TimeoutNS:  w.timeout.Nanoseconds(),
	}}
	if w.saveTours && res.Status == solver.Found {
		r.tour = runs.FormatTour(res.Tour)
	}
	return r
}

// oneLine folds a multi-line message (a panic's stack trace) onto one line,
// so that every row of runs.csv is one line of the file: a truncated last
// line is then always the remains of an interrupted write.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	s = strings.ReplaceAll(s, "\r", "")
	s = strings.ReplaceAll(s, "\n\t", " ")
	return strings.ReplaceAll(s, "\n", " | ")
}

package external

import (
	"context"
	"fmt"
	"io"
	"sync"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
	"knightsweep/pkg/tour"
)

// A Strategy is an external solver as a solver.Strategy: a sweep and
// experiment solve run it as they run a built-in one, and its tours go
// through the same validator. Its stdio processes are kept in a pool, one
// for each search running at once (a sweep's workers), and end with Close.
type Strategy struct {
	Exe    *Executable
	Limits Limits

	// Notes, if set, is where the strategy says once what a user should
	// know of the solver's answers (answers without ids).
	Notes io.Writer

	mu    sync.Mutex
	idle  []*pooled
	all   []*pooled
	noIDs sync.Once
}

// pooled is a Solver of the strategy's pool, with the validator of the
// tours it answers: its buffers are kept from run to run, where a run's
// search is prepared anew for each job of a sweep.
type pooled struct {
	*Solver
	check tour.Checker
}

// NewStrategy returns the strategy that runs exe under limits.
func NewStrategy(exe *Executable, limits Limits) *Strategy {
	return &Strategy{Exe: exe, Limits: limits}
}

// Info returns the strategy as a set of the solver holds it (solver.Set.With),
// under the solver's name. The harness knows nothing of an external
// search: it is neither complete nor restartable, takes every board and
// start, and runs on one core; the memory it takes is its process's, not
// the sweep's.
func (st *Strategy) Info() solver.Info {
	return solver.Info{Info: st.Exe.Spec.Info(), Strategy: st}
}

// Close ends the strategy's stdio processes.
func (st *Strategy) Close() {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, s := range st.all {
		s.Close()
	}
	st.all, st.idle = nil, nil
}

func (st *Strategy) get() *pooled {
	st.mu.Lock()
	defer st.mu.Unlock()
	if n := len(st.idle); n > 0 {
		s := st.idle[n-1]
		st.idle = st.idle[:n-1]
		return s
	}
	s := &pooled{Solver: NewSolver(st.Exe, st.Limits)}
	s.noIDs = st.sayNoIDs
	st.all = append(st.all, s)
	return s
}

// sayNoIDs says once, to Notes, that the solver's answers carry no id.
func (st *Strategy) sayNoIDs() {
	st.noIDs.Do(func() {
		if st.Notes != nil {
			fmt.Fprintf(st.Notes, "-solver %s: answers without the request's \"id\": a stray line printed late after an answer cannot be told from the next request's answer; echo \"id\" in every answer to make the match exact (docs/solvers.md)\n", st.Exe.Spec.Name)
		}
	})
}

func (st *Strategy) put(s *pooled) {
	st.mu.Lock()
	st.idle = append(st.idle, s)
	st.mu.Unlock()
}

// Prepare implements solver.Strategy.
func (st *Strategy) Prepare(p solver.Problem) (solver.Search, error) {
	return &search{st: st, p: p}, nil
}

type search struct {
	st   *Strategy
	p    solver.Problem
	path tour.Path
}

// RequestOf returns the request of problem p.
func RequestOf(p solver.Problem) Request { return requestOf(p, p.Order.String()) }

// requestOf returns the request of problem p, whose move order is order.
func requestOf(p solver.Problem, order string) Request {
	return Request{
		Version: Version, Rows: p.Board.Rows, Cols: p.Board.Cols, Start: [2]int{p.Start.Row, p.Start.Col},
		Closed: p.Closed, Seed: p.Seed, MaxNodes: p.MaxNodes, TimeoutMS: TimeoutMS(p.Timeout),
		Order: order,
	}
}

// Run implements solver.Search: one run of the solver, its answer checked
// by the validator before it is believed.
func (s *search) Run(ctx context.Context) solver.Result {
	sol := s.st.get()
	defer s.st.put(sol)
	limits := s.st.Limits
	if s.p.Timeout > 0 && (limits.Timeout == 0 || s.p.Timeout < limits.Timeout) {
		limits.Timeout = s.p.Timeout
	}
	sol.limits = limits
	if sol.session != nil {
		sol.session.limits = limits
	}
	if sol.order != s.p.Order || sol.orderText == "" {
		sol.order, sol.orderText = s.p.Order, s.p.Order.String()
	}
	o := sol.Run(ctx, requestOf(s.p, sol.orderText))
	res := solver.Result{Status: o.Answer.Status, Elapsed: o.Wall, CPU: o.CPU, MaxRSS: o.MaxRSS,
		Nodes: -1, Backtracks: -1, Err: o.Reason}
	if o.Answer.Nodes != nil {
		res.Nodes = *o.Answer.Nodes
	}
	if o.Answer.Backtracks != nil {
		res.Backtracks = *o.Answer.Backtracks
	}
	r := s.row(res, limits)
	if why := contradiction(r); why != "" {
		res.Status, res.Err = status.Error, sol.refuse(why)
	}
	if res.Status != status.Found {
		return believable(res, r)
	}
	b := s.p.Board
	if err := sol.check.Validate(b.Rows, b.Cols, s.p.StartIndex(), o.Answer.Tour, s.p.Closed); err != nil {
		res.Status, res.Err = status.Error, sol.refuse("invalid tour: "+err.Error())
		return believable(res, r)
	}
	if err := s.path.SetSquares(b.Rows, b.Cols, o.Answer.Tour); err != nil {
		res.Status, res.Err = status.Error, sol.refuse("invalid tour: "+err.Error())
		return believable(res, r)
	}
	res.Tour = &s.path
	return res
}

// contradiction says why an answer cannot be believed as the row it would
// make, or "": the row fails runs.Row.Check, the rules by which the
// report, -resume and merge refuse a runs.csv (a censoring status without
// the budget it names, nodes or a time its status rules out, counts that
// contradict each other), applied here so that a sweep never writes such
// a row. A found answer is checked as verified: the validator passes or
// refuses its tour next.
func contradiction(r runs.Row) string {
	r.Verified = r.Status == status.Found
	if err := r.Check(); err != nil {
		return "the solver's answer contradicts its run: " + err.Error()
	}
	return ""
}

// row is the runs.csv row of res as far as its checks need it. Its time
// budget is the one the harness held the run to.
func (s *search) row(res solver.Result, limits Limits) runs.Row {
	p := s.p
	return runs.Row{
		Rows: p.Board.Rows, Cols: p.Board.Cols, StartRow: p.Start.Row, StartCol: p.Start.Col,
		Strategy: p.Strategy, Closed: p.Closed, Status: res.Status,
		Solvable: theory.From(p.Board.Rows, p.Board.Cols, p.Start.Row, p.Start.Col, p.Closed).String(),
		Nodes:    runs.Count(res.Nodes), Backtracks: runs.Count(res.Backtracks), TimeNS: res.Elapsed.Nanoseconds(),
		MaxNodes: p.MaxNodes, TimeoutNS: max(limits.Timeout, 0).Nanoseconds(),
	}
}

// believable returns res with its counts dropped where they contradict
// each other (an error row keeps its reason, not a solver's garbled
// counts), so that even an error row passes runs.Row.Check. r is res's
// row (search.row) before its status was changed.
func believable(res solver.Result, r runs.Row) solver.Result {
	if r.Status = res.Status; res.Status == status.Error && r.Check() != nil {
		res.Nodes, res.Backtracks = -1, -1
	}
	return res
}

// SelfMeasured tells solver.Solver that the search's time and CPU time
// are the process's, measured here.
func (s *search) SelfMeasured() bool { return true }

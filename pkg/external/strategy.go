package external

import (
	"context"
	"sync"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/tour"
)

// A Strategy is an external solver as a solver.Strategy: a sweep and
// experiment solve run it as they run a built-in one, and its tours go
// through the same validator. Its stdio processes are kept in a pool, one
// for each search running at once (a sweep's workers), and end with Close.
type Strategy struct {
	Exe    *Executable
	Limits Limits

	mu   sync.Mutex
	idle []*Solver
	all  []*Solver
}

// NewStrategy returns the strategy that runs exe under limits.
func NewStrategy(exe *Executable, limits Limits) *Strategy {
	return &Strategy{Exe: exe, Limits: limits}
}

// Info returns the strategy's registry entry, which solver.Add makes known
// under the solver's name. The harness knows nothing of an external
// search: it is neither complete nor restartable, takes every board and
// start, and runs on one core; the memory it takes is its process's, not
// the sweep's.
func (st *Strategy) Info() solver.Info {
	return solver.Info{Info: strategies.ExternalInfo(st.Exe.Spec.Name, st.Exe.Spec.Decl), Strategy: st}
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

func (st *Strategy) get() *Solver {
	st.mu.Lock()
	defer st.mu.Unlock()
	if n := len(st.idle); n > 0 {
		s := st.idle[n-1]
		st.idle = st.idle[:n-1]
		return s
	}
	s := NewSolver(st.Exe, st.Limits)
	st.all = append(st.all, s)
	return s
}

func (st *Strategy) put(s *Solver) {
	st.mu.Lock()
	st.idle = append(st.idle, s)
	st.mu.Unlock()
}

// Prepare implements solver.Strategy.
func (st *Strategy) Prepare(p solver.Problem) (solver.Search, error) {
	return &search{st: st, p: p}, nil
}

type search struct {
	st    *Strategy
	p     solver.Problem
	check tour.Checker
	path  tour.Path
}

// RequestOf returns the request of problem p.
func RequestOf(p solver.Problem) Request {
	r := Request{
		Version: Version, Rows: p.Board.Rows, Cols: p.Board.Cols, Start: [2]int{p.Start.Row, p.Start.Col},
		Closed: p.Closed, Seed: p.Seed, MaxNodes: p.MaxNodes, TimeoutMS: TimeoutMS(p.Timeout),
		Order: p.Order.String(),
	}
	return r
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
	o := sol.Run(ctx, RequestOf(s.p))
	res := solver.Result{Status: o.Answer.Status, Elapsed: o.Wall, CPU: o.CPU, MaxRSS: o.MaxRSS,
		Nodes: -1, Backtracks: -1, Err: o.Reason}
	if o.Answer.Nodes != nil {
		res.Nodes = *o.Answer.Nodes
	}
	if o.Answer.Backtracks != nil {
		res.Backtracks = *o.Answer.Backtracks
	}
	if why := s.contradiction(res, limits); why != "" {
		res.Status, res.Err = status.Error, why
		return res
	}
	if res.Status != status.Found {
		return res
	}
	b := s.p.Board
	if err := s.check.Validate(b.Rows, b.Cols, s.p.StartIndex(), o.Answer.Tour, s.p.Closed); err != nil {
		res.Status, res.Err = status.Error, "invalid tour: "+err.Error()
		return res
	}
	if err := s.path.SetSquares(b.Rows, b.Cols, o.Answer.Tour); err != nil {
		res.Status, res.Err = status.Error, "invalid tour: "+err.Error()
		return res
	}
	res.Tour = &s.path
	return res
}

// contradiction says why an answer cannot be believed as the row it would
// make, or "": a censoring status without the budget it names (the row
// would be counted as censored by a budget no one set), or nodes its
// status rules out (runs.CheckNodes, the rule the report refuses a
// runs.csv by, applied here so that a sweep never writes such a row).
func (s *search) contradiction(res solver.Result, limits Limits) string {
	switch {
	case res.Status == status.Timeout && limits.Timeout <= 0:
		return "status timeout without a time budget (-timeout)"
	case res.Status == status.NodeLimit && s.p.MaxNodes <= 0:
		return "status node_limit without a node budget (-max-nodes)"
	}
	b := s.p.Board
	if err := runs.CheckNodes(res.Status, b.Rows, b.Cols, runs.Count(res.Nodes), s.p.MaxNodes); err != nil {
		return "the solver's nodes contradict its answer: " + err.Error()
	}
	return ""
}

// SelfMeasured tells solver.Solver that the search's time and CPU time
// are the process's, measured here.
func (s *search) SelfMeasured() bool { return true }

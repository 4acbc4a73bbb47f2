package solver

import (
	"context"
	"fmt"
	"maps"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/tour"
)

// A Strategy is a way to search for a tour.
type Strategy interface {
	// Prepare allocates what searches of p need. p is normalized: Order is
	// set and Start is on the board.
	Prepare(p Problem) (Search, error)
}

// A Search runs one prepared problem. Run may be called again; each call
// starts afresh and gives the same result for the same problem. A Search is
// used by one goroutine at a time.
type Search interface {
	// Run searches until it finds a tour, proves there is none, or its
	// budget or ctx stops it. Elapsed and Verified are filled by Solver.
	Run(ctx context.Context) Result
}

// Info is a strategy the solver runs: its facts, which package strategies
// holds for every package that plans or reports without searching, and
// the Strategy that searches.
type Info struct {
	strategies.Info
	Strategy
}

// registry holds the solver's own strategies, which their init functions
// register (Register); nothing writes it after init, so that its readers
// need no lock.
var registry = map[string]Info{}

// Register makes a built-in strategy available by name, its facts in
// package strategies (strategies.Builtins) and its search here. It is for
// init functions only (the solver's, a test's), and panics on a duplicate
// name, a programming error.
func Register(info Info) {
	if _, dup := registry[info.Name]; dup {
		panic("solver: strategy " + info.Name + " is registered twice")
	}
	strategies.Register(info.Info)
	registry[info.Name] = info
}

// A Set is the strategies a command runs: the built-in ones (Builtins)
// and the external solvers it declares (With), each with its facts and
// its search. A Set never changes once made: a command makes its own and
// hands it to the sweep, and what it declares ends with it.
type Set struct {
	facts  *strategies.Set
	search map[string]Info
}

// Builtins returns the set of the solver's own strategies.
func Builtins() *Set { return &Set{facts: strategies.Builtins(), search: registry} }

// With returns a set of s's strategies and infos; s is left as it is. A
// name the set holds is an error.
func (s *Set) With(infos ...Info) (*Set, error) {
	out := &Set{facts: s.facts, search: maps.Clone(s.search)}
	for _, info := range infos {
		facts, err := out.facts.With(info.Info)
		if err != nil {
			return nil, err
		}
		out.facts, out.search[info.Name] = facts, info
	}
	return out, nil
}

// Facts returns the facts of the set's strategies, which is all that
// packages that plan and report without searching may know of them.
func (s *Set) Facts() *strategies.Set { return s.facts }

// Lookup returns the strategy called name.
func (s *Set) Lookup(name string) (Info, error) {
	info, ok := s.search[name]
	if !ok {
		_, err := s.facts.Lookup(name) // the message names the strategies there are
		if err == nil {
			err = fmt.Errorf("strategy %s is not the solver's: it has no search here", name)
		}
		return Info{}, err
	}
	return info, nil
}

// Lookup returns the built-in strategy called name.
func Lookup(name string) (Info, error) { return Builtins().Lookup(name) }

// Solver runs one Problem, times it and validates what it finds. Restart
// points it at another start square: a sweep prepares a Solver once per
// board and worker and reuses it start after start, so that its steady
// state allocates nothing.
type Solver struct {
	p      Problem
	info   Info
	search Search
	check  tour.Checker
	timed  deadlineCtx
	// path holds the tours of searches that keep squares.
	path tour.Path
}

// restarter is a Search that can search again from another start square
// with another seed, keeping what it prepared; restart reports false when it
// cannot (it prepared for the start itself).
type restarter interface {
	restart(p Problem) bool
}

// New checks p and prepares its search with the built-in strategy
// p.Strategy.
func New(p Problem) (*Solver, error) { return Builtins().New(p) }

// New checks p and prepares its search with the set's strategy
// p.Strategy.
func (s *Set) New(p Problem) (*Solver, error) {
	if err := p.normalize(); err != nil {
		return nil, err
	}
	info, err := s.Lookup(p.Strategy)
	if err != nil {
		return nil, err
	}
	return newSolver(info, p)
}

// newSolver prepares p's search with the strategy info describes, which
// need not be in a set: tests run strategies of their own through it.
// p is normalized.
func newSolver(info Info, p Problem) (*Solver, error) {
	if err := info.CheckTiebreak(p.Tiebreak); err != nil {
		return nil, err
	}
	if p.Prune && !info.Prunes {
		return nil, fmt.Errorf("strategy %s does not prune; pruning applies to %s",
			p.Strategy, strings.Join(strategies.Builtins().Pruning(), ", "))
	}
	if p.RandomOrder && !info.RandomOrder {
		return nil, fmt.Errorf("strategy %s takes no random move order; %s do", p.Strategy, strings.Join(strategies.Builtins().RandomOrders(), ", "))
	}
	if p.Restarts.Kind != restart.None && !info.Restartable(p.Tiebreak, p.RandomOrder) {
		return nil, fmt.Errorf("restart policy %v: restarts apply to randomised backtracking only (%s)", p.Restarts, strategies.Builtins().RestartableList())
	}
	s, err := prepare(info, p)
	if err != nil {
		return nil, err
	}
	return &Solver{p: p, info: info, search: s}, nil
}

// prepare prepares info's search of p, wrapped in the restart driver when
// p has a restart policy.
func prepare(info Info, p Problem) (Search, error) {
	s, err := info.Prepare(p)
	if err != nil {
		return nil, fmt.Errorf("strategy %s on %v: %w", p.Strategy, p.Board, err)
	}
	if p.Restarts.Kind == restart.None {
		return s, nil
	}
	a, ok := s.(attempter)
	if !ok {
		return nil, fmt.Errorf("strategy %s on %v: its search cannot restart", p.Strategy, p.Board)
	}
	return &restarting{inner: a, p: p}, nil
}

// Problem returns the normalized problem the Solver runs.
func (s *Solver) Problem() Problem { return s.p }

// Restart makes the Solver's next Run search from start with seed, as a
// Solver prepared for that problem would; everything else stays. It
// prepares the search anew only for strategies that prepare for the start
// itself.
func (s *Solver) Restart(start board.Square, seed uint64) error {
	p := s.p
	p.Start, p.Seed = start, seed
	if !p.Board.Contains(start.Row, start.Col) {
		return fmt.Errorf("start %v is off the %v board", start, p.Board)
	}
	if r, ok := s.search.(restarter); ok && r.restart(p) {
		s.p = p
		return nil
	}
	search, err := prepare(s.info, p)
	if err != nil {
		return err
	}
	s.p, s.search = p, search
	return nil
}

// Run searches once. A panic inside the strategy becomes an Error result; a
// tour the validator rejects becomes an Error result naming the fault.
//
// Elapsed is the search's time and, for a built-in strategy, the reads of
// the thread's CPU clock inside it (CPU): the clock stops when the
// strategy returns and the CPU clock is read, before its tour is put in
// the compact form and checked by the validator. Both cost time in proportion to the board, only found runs
// pay them, and only strategies that keep squares (the backtracking ones)
// pay the first: counted, they made warnsdorff-bt look 1.2 times slower
// than greedy warnsdorff on the same tours, where its search is 1.1.
func (s *Solver) Run(ctx context.Context) Result { return s.RunOn(ctx, nil) }

// RunOn is Run with the CPU time measured by clk, which carries the
// thread's CPU clock from one run to the next (ThreadClock); a nil clk
// reads it twice, as Run.
func (s *Solver) RunOn(ctx context.Context, clk *ThreadClock) (res Result) {
	// A built-in search's CPU time is its thread's CPU clock, read after
	// the wall clock starts (or carried over from the last run by clk)
	// and before it stops: the CPU interval lies inside the wall interval,
	// so cpu_ns never passes time_ns, which counts the reads (a system
	// call each, 0.26 µs here); the search stays on the thread meanwhile.
	// An external solver's time and CPU are its process's, which its
	// search measures: this thread only waits for it.
	measured := false
	if m, ok := s.search.(selfMeasured); ok {
		measured = m.SelfMeasured()
	}
	cpu := time.Duration(-1)
	var start time.Time
	if measured {
		if clk != nil && clk.locked {
			// The thread only waits for the solver's process: free it
			// meanwhile, as an unlocked worker's is (a locked thread
			// waits with its goroutine, and every wake-up hands over).
			clk.Unlock()
			defer clk.Lock()
		}
		start = time.Now()
	} else {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start, cpu = clk.start()
	}
	defer func() {
		if r := recover(); r != nil {
			clk.forget()
			res = Result{Status: status.Error, Elapsed: time.Since(start), MaxRSS: -1,
				Err: fmt.Sprintf("panic: %v\n%s", r, debug.Stack())}
		}
	}()
	if s.p.Timeout > 0 {
		s.timed = deadlineCtx{Context: ctx, deadline: start.Add(s.p.Timeout)}
		ctx = &s.timed
	}
	if st := ctxStatus(ctx); st != "" {
		// A budget passed before the search began (a timeout of
		// nanoseconds): the time is what passed, at least the budget, as
		// runs.CheckTime requires of a timeout, never 0.
		if measured {
			// An external solver that never ran reported nothing: its
			// counts and CPU time are unknown, not 0.
			return Result{Status: st, Elapsed: time.Since(start), Nodes: -1, Backtracks: -1, CPU: -1, MaxRSS: -1}
		}
		return Result{Status: st, Elapsed: time.Since(start), MaxRSS: -1}
	}
	res = s.search.Run(ctx)
	if !measured {
		end, wall := clk.stop()
		res.Elapsed, res.CPU, res.MaxRSS = wall.Sub(start), -1, -1
		if cpu >= 0 && end >= cpu {
			// end < cpu only where a carried-over start overestimated
			// (the thread waited between the runs): unknown, not 0.
			res.CPU = end - cpu
		}
	}
	if res.Status == status.Found {
		p := s.p
		if res.Tour == nil {
			if err := s.path.SetSquares(p.Board.Rows, p.Board.Cols, res.squares); err != nil {
				res.Status, res.Err = status.Error, "invalid tour: "+err.Error()
				return res
			}
			res.Tour, res.squares = &s.path, nil
		}
		if err := s.check.Check(res.Tour, p.StartIndex(), p.Closed); err != nil {
			res.Status, res.Err = status.Error, "invalid tour: "+err.Error()
			return res
		}
		res.Verified = true
	}
	res.squares = nil
	return res
}

// selfMeasured is a Search that measures its own time and CPU time (an
// external solver's process): Solver.Run keeps its Elapsed and CPU.
type selfMeasured interface{ SelfMeasured() bool }

// deadlineCtx is a context with a deadline that is polled, not timed: Err
// reports DeadlineExceeded once the deadline has passed. Searches poll Err
// every CheckInterval nodes and never wait on Done, so a Solver keeps one
// and a timed run allocates no timer.
type deadlineCtx struct {
	context.Context
	deadline time.Time
}

// Deadline implements context.Context.
func (c *deadlineCtx) Deadline() (time.Time, bool) { return c.deadline, true }

// Err implements context.Context.
func (c *deadlineCtx) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	if !time.Now().Before(c.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}

// Solve prepares and runs p once with a built-in strategy.
func Solve(ctx context.Context, p Problem) (Result, error) { return Builtins().Solve(ctx, p) }

// Solve prepares and runs p once with the set's strategy p.Strategy.
func (set *Set) Solve(ctx context.Context, p Problem) (Result, error) {
	s, err := set.New(p)
	if err != nil {
		return Result{}, err
	}
	return s.Run(ctx), nil
}

// graphs caches neighbour tables of small boards, which sweeps ask for again
// and again. Larger boards are built afresh: they are few and costly to keep.
var graphs sync.Map // graphKey -> *board.Graph

type graphKey struct {
	b board.Board
	o board.Order
}

const maxCachedSquares = 64 * 64

// Graph returns the neighbour table of b in order o, shared and read-only.
func Graph(b board.Board, o board.Order) *board.Graph {
	if b.Squares() > maxCachedSquares {
		return board.NewGraph(b, o)
	}
	k := graphKey{b, o}
	if g, ok := graphs.Load(k); ok {
		return g.(*board.Graph)
	}
	g, _ := graphs.LoadOrStore(k, board.NewGraph(b, o))
	return g.(*board.Graph)
}

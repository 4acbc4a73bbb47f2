package solver

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
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

// Info describes a registered strategy. The registry is the only place
// that knows strategies: commands, the planner's cost model and the report
// ask it for names, defaults, tie-break rules, randomness and costs instead
// of naming strategies themselves.
type Info struct {
	Name string
	// Summary is a one-line description for help texts.
	Summary string
	// Default strategies are those a sweep runs when none are named: they
	// take every board and start.
	Default bool
	// Complete strategies explore every branch: Exhausted from them proves
	// that no tour starts at the square.
	Complete bool
	// Prunes is true for strategies that honour Problem.Prune.
	Prunes bool
	// AlwaysClosed strategies build closed tours whether or not one is
	// asked for (parberry's construction).
	AlwaysClosed bool
	// OwnOrder strategies follow move orders of their own: a move order
	// given for them is refused.
	OwnOrder bool
	// Tiebreaks lists the tie-break rules the strategy accepts; nil means
	// only TieFirst.
	Tiebreaks []string
	// RandomOrder strategies take Problem.RandomOrder (-order random).
	RandomOrder bool
	// Cost guides the planner's cost model (see Cost).
	Cost Cost
	// Bytes estimates the memory a search of a rows x cols board needs, as
	// peak resident memory: the planner keeps the searches running at once
	// within -mem-limit with it, and solve refuses a board that would not fit.
	Bytes func(rows, cols int) int64
	// Threads is how many cores one search keeps busy (0 means 1): a sweep
	// counts it against its workers.
	Threads func(rows, cols int) int
	// Boards, if not nil, reports why the strategy cannot solve board b
	// (nil if it can): a sweep skips such boards rather than run jobs that
	// can only fail.
	Boards func(b board.Board) error
	// Starts, if not nil, lists the only start squares the strategy takes
	// on b (a board Boards accepts); nil means any square.
	Starts func(b board.Board) []board.Square
	Strategy
}

// Cost is what the planner's cost model needs to know of a strategy: how
// long it takes a node, and how its work grows.
type Cost struct {
	// NsPerNode is the CPU time of a node, measured on the development
	// machine: it orders a sweep's jobs and gives the time a sweep prints
	// before it starts and its progress meter's time left; NsPerNodeSmall
	// overrides it on boards of at most 64 squares, where searches run on
	// bitboards. Zero means DefaultNsPerNode.
	NsPerNode, NsPerNodeSmall float64
	// RandomOrder and RandomOrderSmall scale the time of a node for runs
	// in a random move order (Info.RandomOrder), on boards of more than
	// 64 squares and of at most 64: drawing each next move costs more
	// than taking the next in a fixed order. Zero means 1.
	RandomOrder, RandomOrderSmall float64
	// Guided backtracking strategies usually find a tour with few
	// retreats: from a start that has one, their work grows with the
	// squares, not exponentially.
	Guided bool
}

// DefaultNsPerNode is the cost model's guess for a strategy without one.
const DefaultNsPerNode = 50.0

// NsPerNodeOn returns the strategy's cost of a node on a board of squares.
func (c Cost) NsPerNodeOn(squares int) float64 {
	switch {
	case squares <= 64 && c.NsPerNodeSmall > 0:
		return c.NsPerNodeSmall
	case c.NsPerNode > 0:
		return c.NsPerNode
	}
	return DefaultNsPerNode
}

// NsPerNodeIn returns the strategy's cost of a node on a board of squares,
// in a random move order or in a fixed one.
func (c Cost) NsPerNodeIn(squares int, randomOrder bool) float64 {
	ns := c.NsPerNodeOn(squares)
	f := c.RandomOrder
	if squares <= 64 && c.RandomOrderSmall > 0 {
		f = c.RandomOrderSmall
	}
	if randomOrder && f > 0 {
		ns *= f
	}
	return ns
}

// TiebreakRules returns the tie-break rules the strategy accepts.
func (i Info) TiebreakRules() []string {
	if i.Tiebreaks == nil {
		return []string{TieFirst}
	}
	return i.Tiebreaks
}

// RunsTiebreaks returns the rules of want that the strategy runs: those it
// accepts, or TieFirst alone if it accepts none of them (a strategy without
// ties has nothing for a rule to decide, so it runs once, not once a rule).
func (i Info) RunsTiebreaks(want []string) []string {
	var out []string
	for _, tb := range want {
		if slices.Contains(i.TiebreakRules(), tb) && !slices.Contains(out, tb) {
			out = append(out, tb)
		}
	}
	if len(out) == 0 {
		out = []string{TieFirst}
	}
	return out
}

// CheckTiebreak reports whether the strategy accepts rule, naming the
// strategies that do when it does not.
func (i Info) CheckTiebreak(rule string) error {
	if !slices.Contains(Tiebreaks, rule) {
		return fmt.Errorf("unknown tie-break rule %q: want one of %s", rule, strings.Join(Tiebreaks, ", "))
	}
	if slices.Contains(i.TiebreakRules(), rule) {
		return nil
	}
	return fmt.Errorf("strategy %s accepts only %s; %s is for %s",
		i.Name, strings.Join(i.TiebreakRules(), ", "), rule, strings.Join(Accepting(rule), ", "))
}

// Randomised reports whether the strategy's runs with tie-break rule draw
// random numbers: only those have a seed, and only those repeat as trials.
func (i Info) Randomised(rule string) bool { return RandomTiebreak(rule) }

// RandomisedBy is Randomised for runs that may also ask for a random move
// order (Problem.RandomOrder), which only RandomOrder strategies take.
func (i Info) RandomisedBy(rule string, randomOrder bool) bool {
	return i.Randomised(rule) || randomOrder && i.RandomOrder
}

// Restartable reports whether a restart policy applies to the strategy's
// runs with tie-break rule and random order or not: complete (backtracking)
// searches that draw random numbers, where a fresh attempt walks another
// tree.
func (i Info) Restartable(rule string, randomOrder bool) bool {
	return i.Complete && i.RandomisedBy(rule, randomOrder)
}

// ThreadsOn returns how many cores one search of a rows x cols board uses.
func (i Info) ThreadsOn(rows, cols int) int {
	if i.Threads == nil {
		return 1
	}
	return max(1, i.Threads(rows, cols))
}

// BytesOn returns the strategy's memory estimate for a rows x cols board.
func (i Info) BytesOn(rows, cols int) int64 {
	if i.Bytes == nil {
		return searchBytes(rows, cols)
	}
	return i.Bytes(rows, cols)
}

// Takes reports whether the strategy can run on b from start, and why not.
func (i Info) Takes(b board.Board, start board.Square) error {
	if i.Boards != nil {
		if err := i.Boards(b); err != nil {
			return err
		}
	}
	if i.Starts != nil && !slices.Contains(i.Starts(b), start) {
		return fmt.Errorf("it starts only from %s", squareList(i.Starts(b)))
	}
	return nil
}

func squareList(sqs []board.Square) string {
	parts := make([]string, len(sqs))
	for k, sq := range sqs {
		parts[k] = sq.String()
	}
	return strings.Join(parts, " ")
}

var registry = map[string]Info{}

// Register makes a strategy available by name. It panics on a duplicate
// name, as that is a programming error.
func Register(info Info) {
	if _, dup := registry[info.Name]; dup {
		panic("solver: strategy registered twice: " + info.Name)
	}
	registry[info.Name] = info
}

// Names lists the registered strategies in the order of package
// strategies, then by name.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(strategies.Rank(a), strategies.Rank(b)), cmp.Compare(a, b))
	})
	return names
}

// Defaults lists the strategies a sweep runs when none are named, in Names
// order.
func Defaults() []string { return filter(func(i Info) bool { return i.Default }) }

// Pruning lists the strategies that honour Problem.Prune, in Names order.
func Pruning() []string { return filter(func(i Info) bool { return i.Prunes }) }

// RandomOrders lists the strategies that take a random move order, in
// Names order.
func RandomOrders() []string { return filter(func(i Info) bool { return i.RandomOrder }) }

// RestartableList names the runs a restart policy applies to, for
// messages: "dfs with -order random, warnsdorff-bt with -tiebreak random".
func RestartableList() string {
	var runs []string
	for _, n := range Names() {
		i := registry[n]
		if i.Restartable(TieFirst, true) && !i.Restartable(TieFirst, false) {
			runs = append(runs, n+" with -order "+OrderRandom)
		}
		if i.Restartable(TieRandom, false) && slices.Contains(i.TiebreakRules(), TieRandom) {
			runs = append(runs, n+" with -tiebreak "+TieRandom)
		}
	}
	return strings.Join(runs, ", ")
}

// Accepting lists the strategies that accept tie-break rule, in Names order.
func Accepting(rule string) []string {
	return filter(func(i Info) bool { return slices.Contains(i.TiebreakRules(), rule) })
}

func filter(keep func(Info) bool) []string {
	var names []string
	for _, n := range Names() {
		if keep(registry[n]) {
			names = append(names, n)
		}
	}
	return names
}

// Lookup returns the registered strategy called name.
func Lookup(name string) (Info, error) {
	info, ok := registry[name]
	if !ok {
		return Info{}, fmt.Errorf("unknown strategy %q: want one of %s", name, strings.Join(Names(), ", "))
	}
	return info, nil
}

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

// New checks p and prepares its search with the registered strategy
// p.Strategy.
func New(p Problem) (*Solver, error) {
	if err := p.normalize(); err != nil {
		return nil, err
	}
	info, err := Lookup(p.Strategy)
	if err != nil {
		return nil, err
	}
	return newSolver(info, p)
}

// newSolver prepares p's search with the strategy info describes, which
// need not be registered: tests run strategies of their own through it
// without adding them to the registry every test shares. p is normalized.
func newSolver(info Info, p Problem) (*Solver, error) {
	if err := info.CheckTiebreak(p.Tiebreak); err != nil {
		return nil, err
	}
	if p.Prune && !info.Prunes {
		return nil, fmt.Errorf("strategy %s does not prune; pruning applies to %s",
			p.Strategy, strings.Join(Pruning(), ", "))
	}
	if p.RandomOrder && !info.RandomOrder {
		return nil, fmt.Errorf("strategy %s takes no random move order; %s do", p.Strategy, strings.Join(RandomOrders(), ", "))
	}
	if p.Restarts.Kind != restart.None && !info.Restartable(p.Tiebreak, p.RandomOrder) {
		return nil, fmt.Errorf("restart policy %v: restarts apply to randomised backtracking only (%s)", p.Restarts, RestartableList())
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
// Elapsed is the search's time alone: the clock stops when the strategy
// returns, before its tour is put in the compact form and checked by the
// validator. Both cost time in proportion to the board, only found runs
// pay them, and only strategies that keep squares (the backtracking ones)
// pay the first: counted, they made warnsdorff-bt look 1.2 times slower
// than greedy warnsdorff on the same tours, where its search is 1.1.
func (s *Solver) Run(ctx context.Context) (res Result) {
	start := time.Now()
	locked := false
	defer func() {
		if r := recover(); r != nil {
			if locked {
				runtime.UnlockOSThread()
			}
			res = Result{Status: status.Error, Elapsed: time.Since(start),
				Err: fmt.Sprintf("panic: %v\n%s", r, debug.Stack())}
		}
	}()
	if s.p.Timeout > 0 {
		s.timed = deadlineCtx{Context: ctx, deadline: start.Add(s.p.Timeout)}
		ctx = &s.timed
	}
	if st := ctxStatus(ctx); st != "" {
		return Result{Status: st}
	}
	if m, ok := s.search.(selfMeasured); ok && m.SelfMeasured() {
		// An external solver's time and CPU are its process's, which
		// the search measured; this thread only waited for it.
		res = s.search.Run(ctx)
	} else {
		// The thread's CPU clock is the search's CPU time only if the
		// search stays on it.
		runtime.LockOSThread()
		locked = true
		cpu := threadClock()
		res = s.search.Run(ctx)
		res.Elapsed = time.Since(start)
		if cpu >= 0 {
			res.CPU = threadClock() - cpu
		} else {
			res.CPU = -1
		}
		runtime.UnlockOSThread()
		locked = false
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

// Solve prepares and runs p once.
func Solve(ctx context.Context, p Problem) (Result, error) {
	s, err := New(p)
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

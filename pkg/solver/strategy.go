package solver

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"knightsweep/pkg/board"
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

// Info describes a registered strategy.
type Info struct {
	Name string
	// Summary is a one-line description for help texts.
	Summary string
	// Complete strategies explore every branch: Exhausted from them proves
	// that no tour starts at the square.
	Complete bool
	// Prunes is true for strategies that honour Problem.Prune.
	Prunes bool
	// Tiebreaks lists the tie-break rules the strategy accepts; nil means
	// only "first".
	Tiebreaks []string
	// Bytes estimates the memory a search of a rows x cols board needs.
	Bytes func(rows, cols int) int64
	// Boards, if not nil, reports why the strategy cannot solve board b
	// (nil if it can): a sweep skips such boards rather than run jobs that
	// can only fail.
	Boards func(b board.Board) error
	// Starts, if not nil, lists the only start squares the strategy takes
	// on b (a board Boards accepts); nil means any square.
	Starts func(b board.Board) []board.Square
	Strategy
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

// Names lists the registered strategies in a stable order: the seeds' three
// first, then the rest alphabetically.
func Names() []string {
	first := []string{"dfs", "warnsdorff", "warnsdorff-bt"}
	var names []string
	for _, n := range first {
		if _, ok := registry[n]; ok {
			names = append(names, n)
		}
	}
	var rest []string
	for n := range registry {
		if !slices.Contains(first, n) {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	return append(names, rest...)
}

// Pruning lists the strategies that honour Problem.Prune, in Names order.
func Pruning() []string {
	var names []string
	for _, n := range Names() {
		if registry[n].Prunes {
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

// Solver runs one Problem, times it and validates what it finds.
type Solver struct {
	p      Problem
	search Search
}

// New checks p and prepares its search.
func New(p Problem) (*Solver, error) {
	if err := p.normalize(); err != nil {
		return nil, err
	}
	info, err := Lookup(p.Strategy)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(tiebreaks(info), p.Tiebreak) {
		return nil, fmt.Errorf("strategy %s: unknown tie-break %q: want one of %s",
			p.Strategy, p.Tiebreak, strings.Join(tiebreaks(info), ", "))
	}
	if p.Prune && !info.Prunes {
		return nil, fmt.Errorf("strategy %s does not prune; pruning applies to %s",
			p.Strategy, strings.Join(Pruning(), ", "))
	}
	s, err := info.Prepare(p)
	if err != nil {
		return nil, fmt.Errorf("strategy %s on %v: %w", p.Strategy, p.Board, err)
	}
	return &Solver{p: p, search: s}, nil
}

func tiebreaks(info Info) []string {
	if info.Tiebreaks == nil {
		return []string{"first"}
	}
	return info.Tiebreaks
}

// Problem returns the normalized problem the Solver runs.
func (s *Solver) Problem() Problem { return s.p }

// Run searches once. A panic inside the strategy becomes an Error result; a
// tour the validator rejects becomes an Error result naming the fault.
func (s *Solver) Run(ctx context.Context) (res Result) {
	start := time.Now()
	defer func() {
		res.Elapsed = time.Since(start)
		if r := recover(); r != nil {
			res = Result{Status: Error, Elapsed: time.Since(start),
				Err: fmt.Sprintf("panic: %v\n%s", r, debug.Stack())}
		}
	}()
	if st := ctxStatus(ctx); st != "" {
		return Result{Status: st}
	}
	res = s.search.Run(ctx)
	if res.Status == Found {
		p := s.p
		if err := tour.Validate(p.Board.Rows, p.Board.Cols, p.StartIndex(), res.Tour, p.Closed); err != nil {
			res.Status, res.Err = Error, "invalid tour: "+err.Error()
			return res
		}
		res.Verified = true
	}
	return res
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

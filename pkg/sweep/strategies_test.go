package sweep

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
)

// Test strategies, registered in this test binary only.
func init() {
	register := func(s solver.Strategy, info strategies.Info) { solver.Register(solver.Info{Info: info, Strategy: s}) }
	register(gateStrategy{}, strategies.Info{Name: "zz-gate", Summary: "test: waits briefly, can cancel the sweep"})
	register(memStrategy{}, strategies.Info{Name: "zz-mem", Summary: "test: needs memBytes, counts searches in flight",
		Bytes: func(rows, cols int) int64 { return memBytes }})
	register(panicStrategy{inPrepare: false}, strategies.Info{Name: "zz-panic", Summary: "test: panics in the search"})
	register(panicStrategy{inPrepare: true}, strategies.Info{Name: "zz-panic-prepare", Summary: "test: panics while preparing"})
	register(nopStrategy{}, strategies.Info{Name: "zz-nop", Summary: "test: ends at once, for the runner's overhead"})
	register(threadsStrategy{}, strategies.Info{Name: "zz-threads", Summary: "test: runs on threadsWanted cores, counts cores in use",
		Threads: func(rows, cols int) int { return threadsWanted }})
}

// threadsWanted is the cores a zz-threads search asks for.
const threadsWanted = 3

// coresInUse sums the Threads of zz-threads searches running;
// maxCoresInUse is its highest value; threadsSeen records each search's
// Problem.Threads.
var (
	coresInUse, maxCoresInUse atomic.Int32
	threadsSeen               sync.Map // int -> bool
)

type threadsStrategy struct{}

func (threadsStrategy) Prepare(p solver.Problem) (solver.Search, error) { return threadsSearch{p}, nil }

type threadsSearch struct{ p solver.Problem }

func (s threadsSearch) Run(context.Context) solver.Result {
	threadsSeen.Store(s.p.Threads, true)
	n := coresInUse.Add(int32(s.p.Threads))
	for m := maxCoresInUse.Load(); n > m && !maxCoresInUse.CompareAndSwap(m, n); m = maxCoresInUse.Load() {
	}
	time.Sleep(100 * time.Microsecond)
	coresInUse.Add(-int32(s.p.Threads))
	return solver.Result{Status: status.DeadEnd, Nodes: 1}
}

// nopStrategy's searches end at once, as a dead end after one node, so
// that a sweep of them measures the runner alone.
type nopStrategy struct{}

func (nopStrategy) Prepare(solver.Problem) (solver.Search, error) { return nopSearch{}, nil }

type nopSearch struct{}

func (nopSearch) Run(context.Context) solver.Result {
	return solver.Result{Status: status.DeadEnd, Nodes: 1}
}

// gate lets a test cancel a sweep from inside its at-th search, so that
// other searches are in flight when the cancellation comes.
var gate struct {
	mu     sync.Mutex
	n, at  int
	cancel context.CancelFunc
}

// armGate makes the at-th zz-gate search call cancel; at 0 disarms it.
func armGate(at int, cancel context.CancelFunc) {
	gate.mu.Lock()
	defer gate.mu.Unlock()
	gate.n, gate.at, gate.cancel = 0, at, cancel
}

type gateStrategy struct{}

func (gateStrategy) Prepare(p solver.Problem) (solver.Search, error) { return gateSearch{p}, nil }

type gateSearch struct{ p solver.Problem }

// Run waits 200µs, or until ctx is done, and reports a dead end after as
// many nodes as the start's index plus one.
func (s gateSearch) Run(ctx context.Context) solver.Result {
	gate.mu.Lock()
	gate.n++
	if gate.n == gate.at {
		gate.cancel()
	}
	gate.mu.Unlock()
	select {
	case <-ctx.Done():
		return solver.Result{Status: status.Canceled}
	case <-time.After(200 * time.Microsecond):
	}
	return solver.Result{Status: status.DeadEnd, Nodes: int64(s.p.StartIndex() + 1)}
}

type panicStrategy struct{ inPrepare bool }

func (s panicStrategy) Prepare(p solver.Problem) (solver.Search, error) {
	if s.inPrepare {
		panic("boom in prepare")
	}
	return panicSearch{}, nil
}

type panicSearch struct{}

func (panicSearch) Run(context.Context) solver.Result { panic("boom in search") }

// memBytes is zz-mem's memory estimate.
const memBytes = 1000

// inFlight counts zz-mem searches running; maxInFlight the most at once.
var inFlight, maxInFlight atomic.Int32

type memStrategy struct{}

func (memStrategy) Prepare(p solver.Problem) (solver.Search, error) { return memSearch{}, nil }

type memSearch struct{}

// Run holds its place for 100µs, long enough for workers to overlap.
func (memSearch) Run(ctx context.Context) solver.Result {
	n := inFlight.Add(1)
	for m := maxInFlight.Load(); n > m && !maxInFlight.CompareAndSwap(m, n); m = maxInFlight.Load() {
	}
	time.Sleep(100 * time.Microsecond)
	inFlight.Add(-1)
	return solver.Result{Status: status.DeadEnd, Nodes: 1}
}

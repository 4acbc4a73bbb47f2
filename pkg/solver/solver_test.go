package solver

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/theory"
	"knightsweep/pkg/tour"
)

var seedStrategies = []string{"dfs", "warnsdorff", "warnsdorff-bt"}

// generalDFS prepares the table-driven dfs even for boards dfs64 would take.
func generalDFS(p Problem) *dfs {
	if err := p.normalize(); err != nil {
		panic(err)
	}
	n := p.Board.Squares()
	return &dfs{p: p, g: Graph(p.Board, p.Order), path: make([]int32, n), untried: make([]uint8, n), visited: make([]uint8, n+1)}
}

// dfs64 and the general dfs must walk the same tree: same outcome, nodes,
// backtracks and tour, for open and closed tours and under node limits.
func TestDFS64MatchesDFS(t *testing.T) {
	ctx := context.Background()
	for _, bd := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 1, Cols: 1}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 7}, {Rows: 7, Cols: 3}, {Rows: 4, Cols: 16}, {Rows: 3, Cols: 20}} {
		for sq := range bd.Squares() {
			for _, closed := range []bool{false, true} {
				for _, limit := range []int64{0, 1, 2, 777, 50000} {
					p := Problem{Board: bd, Start: board.Square{Row: sq / bd.Cols, Col: sq % bd.Cols}, Strategy: "dfs", Closed: closed, MaxNodes: limit}
					if bd.Squares() >= 36 && (limit == 0 || sq > 3 || testing.Short()) {
						continue // 6x6 and larger searches can be long: corners and limits only
					}
					if testing.Short() && (sq%3 != 0 || limit == 0 && bd.Squares() >= 25) {
						continue // whole 5x5 searches take seconds under -race
					}
					s, err := New(p)
					if err != nil {
						t.Fatal(err)
					}
					if _, ok := s.search.(*dfs64); !ok {
						t.Fatalf("%v: not dfs64", bd)
					}
					a := s.search.Run(ctx)
					b := generalDFS(p).Run(ctx)
					if a.Status != b.Status || a.Nodes != b.Nodes || a.Backtracks != b.Backtracks || fmt.Sprint(tourOf(a)) != fmt.Sprint(tourOf(b)) {
						t.Errorf("%v from %d closed=%v limit=%d: dfs64 %s %d/%d, dfs %s %d/%d",
							bd, sq, closed, limit, a.Status, a.Nodes, a.Backtracks, b.Status, b.Nodes, b.Backtracks)
					}
				}
			}
		}
	}
}

func TestNodeLimitIsExact(t *testing.T) {
	b := board.Board{Rows: 8, Cols: 8}
	full := solveT(t, Problem{Board: b, Strategy: "dfs"})
	for _, tt := range []struct {
		limit int64
		want  status.Status
	}{
		{1, status.NodeLimit}, {CheckInterval, status.NodeLimit}, {CheckInterval + 1, status.NodeLimit},
		{full.Nodes - 1, status.NodeLimit}, {full.Nodes, status.Found}, {full.Nodes + 1, status.Found},
	} {
		res := solveT(t, Problem{Board: b, Strategy: "dfs", MaxNodes: tt.limit})
		if res.Status != tt.want {
			t.Errorf("limit %d: %s, want %s", tt.limit, res.Status, tt.want)
		}
		if res.Status == status.NodeLimit && res.Nodes != tt.limit {
			t.Errorf("limit %d: stopped at %d nodes", tt.limit, res.Nodes)
		}
	}
	// warnsdorff-bt on a board where Warnsdorff needs backtracking.
	res := solveT(t, Problem{Board: board.Board{Rows: 20, Cols: 20}, Strategy: "dfs", MaxNodes: 123457})
	if res.Status != status.NodeLimit || res.Nodes != 123457 {
		t.Errorf("20x20 dfs limit: %s after %d nodes", res.Status, res.Nodes)
	}
	res = solveT(t, Problem{Board: board.Board{Rows: 4, Cols: 4}, Strategy: "warnsdorff-bt", MaxNodes: 5})
	if res.Status != status.NodeLimit || res.Nodes != 5 {
		t.Errorf("4x4 warnsdorff-bt limit: %s after %d nodes", res.Status, res.Nodes)
	}
}

func TestContext(t *testing.T) {
	// 30x30 dfs from the corner runs far longer than these budgets.
	p := Problem{Board: board.Board{Rows: 30, Cols: 30}, Strategy: "dfs"}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	res, err := Solve(ctx, p)
	if err != nil || res.Status != status.Timeout {
		t.Fatalf("timeout: %v %v", res.Status, err)
	}
	if res.Elapsed > 2*time.Second {
		t.Errorf("timeout took %v", res.Elapsed)
	}
	// Searches canceled while they run (no tour starts on 7x7's minority
	// colour: they would run for hours), on one core and on two, say so,
	// with the nodes they entered; one whose context is already canceled
	// enters none.
	for _, strategy := range []string{"dfs", "warnsdorff-bt"} {
		for _, threads := range []int{1, 2} {
			ctx, cancel := context.WithCancel(context.Background())
			stop := time.AfterFunc(10*time.Millisecond, cancel)
			res, err := Solve(ctx, Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: strategy, Threads: threads})
			stop.Stop()
			cancel()
			if err != nil || res.Status != status.Canceled || res.Nodes < CheckInterval || res.Elapsed > 2*time.Second {
				t.Errorf("%s on %d cores canceled while running: %s after %d nodes, %v, %v", strategy, threads, res.Status, res.Nodes, res.Elapsed, err)
			}
		}
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	res, err = Solve(ctx, p)
	if err != nil || res.Status != status.Canceled || res.Nodes != 0 {
		t.Errorf("canceled context: %s after %d nodes, %v", res.Status, res.Nodes, err)
	}
}

// Closed tours: found ones validate as closed; boards without closed tours
// (Schwenk) are exhausted by the complete searches.
func TestClosed(t *testing.T) {
	for _, tt := range []struct {
		b        board.Board
		strategy string
		want     status.Status
		start    board.Square
		order    board.Order
	}{
		{board.Board{Rows: 6, Cols: 6}, "warnsdorff-bt", status.Found, board.Square{Row: 2, Col: 2}, board.Order{}},
		{board.Board{Rows: 8, Cols: 8}, "warnsdorff-bt", status.Found, board.Square{}, board.Order{}},
		{board.Board{Rows: 6, Cols: 6}, "dfs", status.Found, board.Square{}, board.Clockwise},
		{board.Board{Rows: 3, Cols: 10}, "dfs", status.Found, board.Square{}, board.Order{}},
		{board.Board{Rows: 5, Cols: 5}, "dfs", status.Exhausted, board.Square{}, board.Order{}},
		{board.Board{Rows: 5, Cols: 5}, "warnsdorff-bt", status.Exhausted, board.Square{}, board.Order{}},
		{board.Board{Rows: 3, Cols: 4}, "dfs", status.Exhausted, board.Square{}, board.Order{}},
		{board.Board{Rows: 4, Cols: 5}, "warnsdorff-bt", status.Exhausted, board.Square{}, board.Order{}},
		{board.Board{Rows: 1, Cols: 1}, "dfs", status.Exhausted, board.Square{}, board.Order{}},
		{board.Board{Rows: 5, Cols: 6}, "warnsdorff-bt", status.Found, board.Square{}, board.Order{}},
	} {
		res := solveT(t, Problem{Board: tt.b, Start: tt.start, Order: tt.order, Strategy: tt.strategy, Closed: true})
		if res.Status != tt.want {
			t.Errorf("%v %s closed: %s, want %s", tt.b, tt.strategy, res.Status, tt.want)
		}
		if got := theory.ClosedExists(tt.b.Rows, tt.b.Cols); (got == theory.Yes) != (tt.want == status.Found) {
			t.Errorf("%v: theory says %v, search %s", tt.b, got, res.Status)
		}
	}
	// Greedy Warnsdorff either closes, or says it covered the board without
	// closing.
	seen := map[status.Status]bool{}
	for sq := range 64 {
		res := solveT(t, Problem{Board: board.Board{Rows: 8, Cols: 8}, Start: board.Square{Row: sq / 8, Col: sq % 8}, Strategy: "warnsdorff", Closed: true})
		seen[res.Status] = true
		if res.Status == status.Found && tour.Validate(8, 8, sq, tourOf(res), true) != nil {
			t.Errorf("start %d: found but not closed", sq)
		}
	}
	if !seen[status.NotClosed] {
		t.Errorf("greedy closed 8x8 never reported not_closed: %v", seen)
	}
}

func TestSmallBoards(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int
		want       status.Status
	}{
		{1, 1, status.Found}, {1, 5, status.Exhausted}, {2, 5, status.Exhausted}, {3, 3, status.Exhausted}, {4, 4, status.Exhausted},
	} {
		for _, s := range []string{"dfs", "warnsdorff-bt"} {
			res := solveT(t, Problem{Board: board.Board{Rows: tt.rows, Cols: tt.cols}, Strategy: s})
			if res.Status != tt.want {
				t.Errorf("%dx%d %s: %s, want %s", tt.rows, tt.cols, s, res.Status, tt.want)
			}
		}
	}
	res := solveT(t, Problem{Board: board.Board{Rows: 1, Cols: 1}, Strategy: "warnsdorff"})
	if res.Status != status.Found || res.Nodes != 1 {
		t.Errorf("1x1 warnsdorff: %s %d", res.Status, res.Nodes)
	}
	res = solveT(t, Problem{Board: board.Board{Rows: 3, Cols: 3}, Strategy: "warnsdorff"})
	if res.Status != status.DeadEnd {
		t.Errorf("3x3 warnsdorff: %s", res.Status)
	}
}

// A larger board: warnsdorff-bt with the default order covers 50x50 and
// warnsdorff does so too, both with no backtracking beyond rows*cols nodes.
func TestLargerBoards(t *testing.T) {
	for _, s := range []string{"warnsdorff", "warnsdorff-bt"} {
		res := solveT(t, Problem{Board: board.Board{Rows: 50, Cols: 50}, Strategy: s, Order: board.Clockwise})
		if res.Status != status.Found || !res.Verified {
			t.Errorf("50x50 %s: %s", s, res.Status)
		}
	}
	if testing.Short() {
		return
	}
	// 9x9 dfs from the centre finds no tour in 50,000,000 nodes; where it
	// stands then is the plain reference search's.
	p := Problem{Board: board.Board{Rows: 9, Cols: 9}, Start: board.Square{Row: 4, Col: 4}, Strategy: "dfs", MaxNodes: 50_000_000}
	res := solveT(t, p)
	st, nodes, backtracks, _ := referenceDFS(p.Board, p.Start, board.DefaultOrder, false, p.MaxNodes)
	if res.Status != status.NodeLimit || res.Status != st || res.Nodes != nodes || res.Backtracks != backtracks {
		t.Errorf("9x9 dfs: %s after %d nodes, %d backtracks; reference %s, %d, %d", res.Status, res.Nodes, res.Backtracks, st, nodes, backtracks)
	}
}

func TestBadProblems(t *testing.T) {
	bad := []Problem{
		{Board: board.Board{Rows: 0, Cols: 5}, Strategy: "dfs"},
		{Board: board.Board{Rows: 5, Cols: 5}, Start: board.Square{Row: 5, Col: 0}, Strategy: "dfs"},
		{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "nope"},
		{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "dfs", MaxNodes: -1},
		{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "dfs", Tiebreak: "random"},
		{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "dfs", Order: board.Order{{DRow: 1, DCol: 1}}},
	}
	for _, p := range bad {
		if _, err := New(p); err == nil {
			t.Errorf("New(%+v) succeeded", p)
		}
	}
}

// panicky is a strategy that panics, to check that Run turns a panic into
// an Error result.
type panicky struct{}

func (panicky) Prepare(Problem) (Search, error) { return panicky{}, nil }
func (panicky) Run(context.Context) Result      { panic("boom") }

// liar claims a tour that is not one: squares that are not knight's moves
// apart.
type liar struct{}

func (liar) Prepare(Problem) (Search, error) { return liar{}, nil }
func (liar) Run(context.Context) Result {
	return Result{Status: status.Found, Nodes: 3, squares: []int32{0, 1, 2, 3}}
}

// pathLiar claims a path of knight's moves that leaves the board.
type pathLiar struct{ p tour.Path }

func (*pathLiar) Prepare(Problem) (Search, error) { return &pathLiar{}, nil }
func (l *pathLiar) Run(context.Context) Result {
	l.p.Reset(2, 2, 0)
	l.p.Push(3) // (+2,+1): off a 2x2 board
	l.p.Push(7)
	l.p.Push(3)
	return Result{Status: status.Found, Nodes: 4, Tour: &l.p}
}

// newTestSolver prepares p with a strategy of the test's own, unregistered:
// tests leave the registry every test shares as it is.
func newTestSolver(t *testing.T, in Info, p Problem) *Solver {
	t.Helper()
	p.Strategy = in.Name
	if err := p.normalize(); err != nil {
		t.Fatal(err)
	}
	s, err := newSolver(in, p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRunCatchesFaults(t *testing.T) {
	p := Problem{Board: board.Board{Rows: 2, Cols: 2}}
	res := newTestSolver(t, Info{Info: strategies.Info{Name: "test-panic"}, Strategy: panicky{}}, p).Run(context.Background())
	if res.Status != status.Error || !strings.HasPrefix(res.Err, "panic: ") {
		t.Errorf("panic: %+v", res)
	}
	for _, in := range []Info{{Info: strategies.Info{Name: "test-liar"}, Strategy: liar{}}, {Info: strategies.Info{Name: "test-path-liar"}, Strategy: &pathLiar{}}} {
		res := newTestSolver(t, in, p).Run(context.Background())
		if res.Status != status.Error || res.Verified || !strings.Contains(res.Err, "invalid tour") {
			t.Errorf("%s: %+v", in.Name, res)
		}
	}
	if _, err := Lookup("test-panic"); err == nil {
		t.Error("the test's strategy is in the registry")
	}
}

// Whatever a strategy reports found must validate, on any board, from any
// start, with any order; and a search's counts must be consistent.
func FuzzSolve(f *testing.F) {
	f.Add(uint8(5), uint8(5), uint8(0), uint8(0), uint8(0), false, "34261578")
	f.Add(uint8(6), uint8(7), uint8(2), uint8(3), uint8(2), true, "")
	f.Add(uint8(3), uint8(4), uint8(1), uint8(1), uint8(1), false, "12345678")
	f.Fuzz(func(t *testing.T, rows, cols, r, c, strategy uint8, closed bool, order string) {
		b := board.Board{Rows: int(rows%12) + 1, Cols: int(cols%12) + 1}
		o, err := board.ParseOrder(order)
		if err != nil {
			return
		}
		p := Problem{
			Board: b, Start: board.Square{Row: int(r) % b.Rows, Col: int(c) % b.Cols},
			Strategy: seedStrategies[int(strategy)%len(seedStrategies)], Order: o, Closed: closed,
			MaxNodes: 200_000,
		}
		res, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		switch res.Status {
		case status.Found:
			if err := tour.Validate(b.Rows, b.Cols, p.StartIndex(), tourOf(res), closed); err != nil || !res.Verified {
				t.Fatalf("%+v: found an invalid tour: %v", p, err)
			}
		case status.Error:
			t.Fatalf("%+v: %s", p, res.Err)
		case status.Exhausted:
			if p.Strategy != "warnsdorff" && theory.From(b.Rows, b.Cols, p.Start.Row, p.Start.Col, closed) == theory.Yes {
				t.Fatalf("%+v: exhausted where theory says a tour exists", p)
			}
		}
		if res.Nodes < 1 || res.Nodes > 200_000 || res.Backtracks > res.Nodes {
			t.Fatalf("%+v: nodes %d backtracks %d", p, res.Nodes, res.Backtracks)
		}
	})
}

// tourOf returns the squares of the tour r found, whether from a Solver
// (Tour) or straight from a search that keeps squares; nil without one.
func tourOf(r Result) []int32 {
	switch {
	case r.Tour != nil:
		return r.Tour.Squares(nil)
	case r.squares != nil:
		return r.squares
	}
	return nil
}

// instant is a strategy that "finds" a stored tour at once: its search
// costs nothing, while putting the tour in compact form and validating it
// costs time in proportion to its million squares.
type instant struct{ squares []int32 }

func (s *instant) Prepare(Problem) (Search, error) { return s, nil }
func (s *instant) Run(context.Context) Result {
	return Result{Status: status.Found, Nodes: int64(len(s.squares)), squares: s.squares}
}

// A run's time is its search's alone: the compact form and the validator,
// which only found runs pay, are not in it. The search here returns at
// once and the validation of a 1000 x 1000 tour takes milliseconds; the
// shortest of five runs must take less than half the shortest of five
// validations (it takes about a thousandth of it).
func TestElapsedIsTheSearch(t *testing.T) {
	b := board.Board{Rows: 1000, Cols: 1000}
	res, err := Solve(context.Background(), Problem{Board: b, Strategy: "squirrel-cull"})
	if err != nil || res.Status != status.Found {
		t.Fatalf("squirrel-cull on %v: %+v %v", b, res.Status, err)
	}
	squares := res.Tour.Squares(nil)
	s := newTestSolver(t, Info{Info: strategies.Info{Name: "test-instant"}, Strategy: &instant{squares}}, Problem{Board: b})
	run, check := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	var p tour.Path
	var c tour.Checker
	for range 5 {
		res := s.Run(context.Background())
		if res.Status != status.Found || !res.Verified {
			t.Fatalf("test-instant: %+v", res)
		}
		run = min(run, res.Elapsed)
		start := time.Now()
		if err := p.SetSquares(b.Rows, b.Cols, squares); err != nil {
			t.Fatal(err)
		}
		if err := c.Check(&p, int(squares[0]), false); err != nil {
			t.Fatal(err)
		}
		check = min(check, time.Since(start))
	}
	if run >= check/2 {
		t.Errorf("a search that returns at once took %v: the compact form and validation of its tour (%v) are in its time", run, check)
	}
}

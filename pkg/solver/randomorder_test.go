package solver

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
)

// Every move of a mask has as many entries of pickTable as every other, and
// the rest are rejections, fewer than the mask's moves: given uniform bits,
// a draw is exactly uniform.
func TestPickTableExact(t *testing.T) {
	pickOnce.Do(fillPickTable)
	for m := 1; m < 256; m++ {
		k := bits.OnesCount8(uint8(m))
		count := map[uint8]int{}
		for _, mv := range pickTable[m] {
			count[mv]++
		}
		rejected := count[pickReject]
		delete(count, pickReject)
		if rejected >= k || len(count) != k {
			t.Fatalf("mask %08b: %d moves drawn, %d rejections", m, len(count), rejected)
		}
		for mv, c := range count {
			if m>>mv&1 == 0 || c != (1<<pickBits)/k {
				t.Fatalf("mask %08b: move %d drawn by %d of %d entries", m, mv, c, 1<<pickBits)
			}
		}
	}
}

// The orders the stream draws for a square's moves are uniform: over 3 and
// 4 moves (6 and 24 orders), Pearson's chi-square statistic stays below
// its 0.999 quantile (22.46 with 5 degrees of freedom, 49.73 with 23), and
// so does each move's count at each place.
func TestRandomOrderUniform(t *testing.T) {
	draws := 240_000
	if testing.Short() {
		draws = 60_000 // the 0.999 quantiles hold for any number of draws
	}
	for _, tt := range []struct {
		mask  uint8
		limit float64
	}{{0b1001_0100, 22.46}, {0b0110_1001, 49.73}} {
		g := newOrderRNG(42)
		orders := map[string]int{}
		k := bits.OnesCount8(tt.mask)
		place := make([][8]int, k)
		for range draws {
			m := tt.mask
			var order []uint8
			for i := 0; m != 0; i++ {
				mv := g.pick(m)
				if m>>mv&1 == 0 {
					t.Fatalf("drew move %d, not in %08b", mv, m)
				}
				m &^= 1 << mv
				order = append(order, mv)
				place[i][mv]++
			}
			orders[fmt.Sprint(order)]++
		}
		n := 1
		for i := 2; i <= k; i++ {
			n *= i
		}
		if len(orders) != n {
			t.Fatalf("mask %08b: %d orders of %d drawn", tt.mask, len(orders), n)
		}
		want := float64(draws) / float64(n)
		chi2 := 0.0
		for _, c := range orders {
			chi2 += (float64(c) - want) * (float64(c) - want) / want
		}
		if chi2 > tt.limit {
			t.Errorf("mask %08b: chi-square %.1f over %d orders, above %.2f", tt.mask, chi2, n, tt.limit)
		}
		for i := range place {
			for mv, c := range place[i] {
				if exp := float64(draws) / float64(k); tt.mask>>mv&1 != 0 && math.Abs(float64(c)-exp) > 5*math.Sqrt(exp) {
					t.Errorf("mask %08b: move %d at place %d %d times of %d", tt.mask, mv, i, c, draws)
				}
			}
		}
	}
}

// generalRandomDFS prepares the table-driven dfs in a random order, for
// boards dfsRand64 would take.
func generalRandomDFS(p Problem) *dfs {
	s := generalDFS(p)
	s.random = true
	return s
}

// A run in a random order is a function of its seed: the bitboard and the
// table-driven searches draw the same moves, so they walk the same tree,
// and a second run, or a Solver restarted at it, repeats it exactly; another
// seed walks another. Every tour found is valid.
func TestRandomOrderSeeded(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		b     board.Board
		start board.Square
		limit int64
	}{
		{board.Board{Rows: 5, Cols: 5}, board.Square{}, 0},
		{board.Board{Rows: 6, Cols: 6}, board.Square{Row: 0, Col: 0}, 400_000},
		{board.Board{Rows: 5, Cols: 6}, board.Square{Row: 2, Col: 3}, 300_000},
		{board.Board{Rows: 7, Cols: 7}, board.Square{Row: 3, Col: 3}, 200_000},
		{board.Board{Rows: 3, Cols: 4}, board.Square{Row: 0, Col: 0}, 0},
	} {
		var runs []string
		for seed := range uint64(4) {
			p := Problem{Board: tt.b, Start: tt.start, Strategy: "dfs", RandomOrder: true, Seed: seed, MaxNodes: tt.limit}
			s, err := New(p)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.search.(*dfsRand64); !ok {
				t.Fatalf("%v: not dfsRand64", tt.b)
			}
			a := s.Run(ctx)
			label := fmt.Sprintf("%v from %v seed %d", tt.b, tt.start, seed)
			got := fmt.Sprint(a.Status, a.Nodes, a.Backtracks, tourOf(a))
			if a.Status == status.Found && !a.Verified {
				t.Errorf("%s: tour not verified", label)
			}
			g := generalRandomDFS(p).Run(ctx)
			if fmt.Sprint(g.Status, g.Nodes, g.Backtracks, tourOf(g)) != got {
				t.Errorf("%s: bitboard %s %d, table-driven %s %d", label, a.Status, a.Nodes, g.Status, g.Nodes)
			}
			s.Run(ctx) // another run between, then a restart at the same problem
			if err := s.Restart(tt.start, seed); err != nil {
				t.Fatal(err)
			}
			if b := s.Run(ctx); fmt.Sprint(b.Status, b.Nodes, b.Backtracks, tourOf(b)) != got {
				t.Errorf("%s: run again, %s %d nodes; first %s %d", label, b.Status, b.Nodes, a.Status, a.Nodes)
			}
			runs = append(runs, got)
		}
		slices.Sort(runs)
		if len(slices.Compact(runs)) < 3 && tt.b.Squares() > 12 {
			t.Errorf("%v: 4 seeds, runs %v", tt.b, runs)
		}
	}
}

// A search that exhausts enters every node of the tree of paths from the
// start, whatever its order: random orders, pruned or not, and every
// restart policy's last attempt, exhaust with the nodes of the search in
// move order. (5x5 from a square of the wrong colour: 1,829,421 nodes.)
func TestRandomOrderExhausts(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		b     board.Board
		start board.Square
	}{{board.Board{Rows: 4, Cols: 4}, board.Square{}}, {board.Board{Rows: 3, Cols: 5}, board.Square{Row: 1, Col: 1}},
		{board.Board{Rows: 5, Cols: 5}, board.Square{Row: 0, Col: 1}}}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, tt := range cases {
		for _, prune := range []bool{false, true} {
			base := Problem{Board: tt.b, Start: tt.start, Strategy: "dfs", Prune: prune}
			want, err := Solve(ctx, base)
			if err != nil || want.Status != status.Exhausted {
				t.Fatalf("%v from %v: %v %v", tt.b, tt.start, want.Status, err)
			}
			for seed := range uint64(3) {
				p := base
				p.RandomOrder, p.Seed = true, seed
				got, _ := Solve(ctx, p)
				if got.Status != status.Exhausted || got.Nodes != want.Nodes || got.Backtracks != want.Backtracks {
					t.Errorf("%v from %v prune=%v seed %d: %s %d/%d nodes, in move order %d/%d",
						tt.b, tt.start, prune, seed, got.Status, got.Nodes, got.Backtracks, want.Nodes, want.Backtracks)
				}
			}
		}
	}
}

// attemptsByHand runs p's attempts as separate searches, each with its
// derived seed and its cutoff (within what is left of p's budget), until
// one ends otherwise than at its cutoff: the outcome the restart driver
// must give.
func attemptsByHand(t *testing.T, p Problem) (last Result, nodes, restarts int64) {
	t.Helper()
	pol := p.Restarts
	q := p
	q.Restarts = restart.Policy{}
	for i := int64(0); ; i++ {
		c := pol.Cutoff(i)
		final := false
		if p.MaxNodes > 0 && c >= p.MaxNodes-nodes {
			c, final = p.MaxNodes-nodes, true
		}
		q.Seed, q.MaxNodes = restart.Seed(p.Seed, i), c
		res, err := Solve(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		nodes += res.Nodes
		if res.Status != status.NodeLimit || final {
			return res, nodes, i
		}
		if res.Nodes != c {
			t.Fatalf("attempt %d stopped at %d nodes, its cutoff is %d", i, res.Nodes, c)
		}
	}
}

// A run with restarts is its attempts run one by one: nodes are their
// sum, restarts their number less one, and status and tour are the last
// attempt's; backtracks count every square of an abandoned attempt as left.
func TestRestartsAreAttempts(t *testing.T) {
	ctx := context.Background()
	policies := []string{"fixed:60", "fixed:5000", "luby:49", "luby:300", "geometric:36,2", "geometric:1000,1.3"}
	for _, tt := range []struct {
		strategy, tiebreak string
		random, prune      bool
		b                  board.Board
		start              board.Square
		limit              int64
	}{
		{"warnsdorff-bt", TieRandom, false, false, board.Board{Rows: 7, Cols: 7}, board.Square{}, 0},
		{"warnsdorff-bt", TieRandom, false, false, board.Board{Rows: 6, Cols: 6}, board.Square{Row: 1, Col: 1}, 0},
		{"warnsdorff-bt", TieRandom, false, true, board.Board{Rows: 7, Cols: 7}, board.Square{Row: 0, Col: 2}, 0},
		{"warnsdorff-bt", TieRandom, false, false, board.Board{Rows: 9, Cols: 9}, board.Square{Row: 0, Col: 1}, 100_000},
		{"dfs", TieFirst, true, false, board.Board{Rows: 6, Cols: 6}, board.Square{}, 2_000_000},
		{"dfs", TieFirst, true, false, board.Board{Rows: 7, Cols: 7}, board.Square{Row: 0, Col: 1}, 30_000},
		{"dfs", TieFirst, true, true, board.Board{Rows: 6, Cols: 6}, board.Square{}, 200_000},
		{"dfs", TieFirst, true, false, board.Board{Rows: 9, Cols: 9}, board.Square{}, 200_000},
	} {
		for _, ps := range policies {
			pol, _ := restart.Parse(ps)
			if pol.Kind == restart.Fixed && pol.C < int64(tt.b.Squares()) {
				continue
			}
			for seed := range uint64(2) {
				p := Problem{Board: tt.b, Start: tt.start, Strategy: tt.strategy, Tiebreak: tt.tiebreak, RandomOrder: tt.random,
					Prune: tt.prune, MaxNodes: tt.limit, Seed: seed + 11, Restarts: pol}
				if pol.Kind == restart.Fixed && p.MaxNodes == 0 {
					p.MaxNodes = 1_000_000
				}
				label := fmt.Sprintf("%s/%s random=%v prune=%v %v from %v %s seed %d", tt.strategy, tt.tiebreak, tt.random, tt.prune, tt.b, tt.start, ps, p.Seed)
				got, err := Solve(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				want, nodes, restarts := attemptsByHand(t, p)
				if got.Status != want.Status || got.Nodes != nodes || got.Restarts != restarts ||
					!slices.Equal(tourOf(got), tourOf(want)) || got.Verified != want.Verified {
					t.Errorf("%s: %s after %d nodes, %d restarts; by hand %s after %d, %d restarts", label, got.Status, got.Nodes, got.Restarts, want.Status, nodes, restarts)
				}
				if got.Backtracks != nodes-want.Nodes+want.Backtracks {
					t.Errorf("%s: %d backtracks, want %d", label, got.Backtracks, nodes-want.Nodes+want.Backtracks)
				}
				if got.Status == status.Found && (!got.Verified || got.Nodes-got.Backtracks != int64(tt.b.Squares())) {
					t.Errorf("%s: tour verified=%v, path %d", label, got.Verified, got.Nodes-got.Backtracks)
				}
			}
		}
	}
}

// The first attempt of a run with restarts is the run without, up to the
// cutoff: a run that needs no more than the cutoff is the same run.
func TestRestartsFirstAttempt(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(20) {
		p := Problem{Board: board.Board{Rows: 7, Cols: 7}, Strategy: "warnsdorff-bt", Tiebreak: TieRandom, Seed: seed, MaxNodes: 1_000_000}
		plain, _ := Solve(ctx, p)
		p.Restarts, _ = restart.Parse("fixed:100")
		r, _ := Solve(ctx, p)
		if plain.Nodes <= 100 && (r.Restarts != 0 || r.Nodes != plain.Nodes || !slices.Equal(tourOf(r), tourOf(plain))) {
			t.Errorf("seed %d: without restarts %d nodes, with %d nodes and %d restarts", seed, plain.Nodes, r.Nodes, r.Restarts)
		}
		if plain.Nodes > 100 && r.Restarts == 0 {
			t.Errorf("seed %d: %d nodes without restarts, none with a cutoff of 100", seed, plain.Nodes)
		}
	}
}

// -max-nodes and -timeout bound the whole run, not an attempt: from a
// square without a tour no attempt ends before its cutoff, and the run
// stops at exactly the node limit, or at the deadline, or when canceled.
func TestRestartsBudget(t *testing.T) {
	ctx := context.Background()
	b := board.Board{Rows: 7, Cols: 7}
	for _, tt := range []struct {
		strategy, tiebreak string
		random             bool
	}{{"warnsdorff-bt", TieRandom, false}, {"dfs", TieFirst, true}} {
		for _, ps := range []string{"fixed:1000", "luby:64", "geometric:50,1.5"} {
			pol, _ := restart.Parse(ps)
			p := Problem{Board: b, Start: board.Square{Row: 0, Col: 1}, Strategy: tt.strategy, Tiebreak: tt.tiebreak, RandomOrder: tt.random,
				Seed: 3, Restarts: pol, MaxNodes: 123_457}
			res, err := Solve(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			var sum, i int64
			for ; sum+pol.Cutoff(i) < p.MaxNodes; i++ {
				sum += pol.Cutoff(i)
			}
			if res.Status != status.NodeLimit || res.Nodes != p.MaxNodes || res.Restarts != i {
				t.Errorf("%s %s: %s after %d nodes and %d restarts, want node_limit after %d and %d", tt.strategy, ps, res.Status, res.Nodes, res.Restarts, p.MaxNodes, i)
			}
			p.MaxNodes, p.Timeout = 0, 30*time.Millisecond
			start := time.Now()
			if res, _ := Solve(ctx, p); res.Status != status.Timeout || time.Since(start) > 3*time.Second {
				t.Errorf("%s %s with -timeout 30ms: %s after %v", tt.strategy, ps, res.Status, time.Since(start))
			}
			p.Timeout = 0
			cctx, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
			res, _ = Solve(cctx, p)
			cancel()
			if res.Status != status.Timeout || res.Nodes == 0 || res.Nodes-res.Backtracks > int64(b.Squares()) {
				t.Errorf("%s %s with a context deadline: %s after %d nodes", tt.strategy, ps, res.Status, res.Nodes)
			}
		}
	}
}

// Restarts apply to randomised backtracking only; a random order to the
// strategies that take one.
func TestRestartsRefused(t *testing.T) {
	luby, _ := restart.Parse("luby:10")
	b := board.Board{Rows: 6, Cols: 6}
	for _, p := range []Problem{
		{Board: b, Strategy: "dfs", Restarts: luby},
		{Board: b, Strategy: "warnsdorff-bt", Restarts: luby},
		{Board: b, Strategy: "warnsdorff-bt", Tiebreak: TiePohl, Restarts: luby},
		{Board: b, Strategy: "warnsdorff", Tiebreak: TieRandom, Restarts: luby},
		{Board: b, Strategy: "warnsdorff-bt", RandomOrder: true},
		{Board: b, Strategy: "warnsdorff", RandomOrder: true},
	} {
		if _, err := New(p); err == nil {
			t.Errorf("%s tie %q random order %v restarts %v: accepted", p.Strategy, p.Tiebreak, p.RandomOrder, p.Restarts)
		}
	}
	if got := strategies.Builtins().RestartableList(); got != "dfs with -order random, warnsdorff-bt with -tiebreak random" {
		t.Errorf("RestartableList: %s", got)
	}
}

// Runs in a random order and with restarts allocate nothing once prepared,
// restarted start after start as a sweep does; a restart allocates
// nothing either (a run of tiny attempts).
func TestRandomRunsAllocateNothing(t *testing.T) {
	luby, _ := restart.Parse("luby:8")
	fixed, _ := restart.Parse("fixed:100")
	for _, p := range []Problem{
		{Board: board.Board{Rows: 6, Cols: 6}, Strategy: "dfs", RandomOrder: true},
		{Board: board.Board{Rows: 9, Cols: 9}, Strategy: "dfs", RandomOrder: true},
		{Board: board.Board{Rows: 6, Cols: 6}, Strategy: "dfs", RandomOrder: true, Prune: true},
		{Board: board.Board{Rows: 7, Cols: 7}, Strategy: "dfs", RandomOrder: true, Restarts: luby},
		{Board: board.Board{Rows: 9, Cols: 9}, Strategy: "dfs", RandomOrder: true, Restarts: fixed},
		{Board: board.Board{Rows: 7, Cols: 7}, Strategy: "warnsdorff-bt", Tiebreak: TieRandom, Restarts: luby},
		{Board: board.Board{Rows: 8, Cols: 8}, Strategy: "warnsdorff-bt", Tiebreak: TieRandom, Restarts: fixed, Prune: true},
	} {
		p.MaxNodes, p.Timeout = 20_000, time.Minute
		if allocs := allocsPerStart(t, p, 20); allocs != 0 {
			t.Errorf("%s random order %v restarts %v on %v: %.1f allocations a run", p.Strategy, p.RandomOrder, p.Restarts, p.Board, allocs)
		}
	}
}

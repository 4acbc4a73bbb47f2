package plan

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"knightsweep/configs"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/strategies"
)

// cellCost returns the cost model's guesses for one cell: from a start with
// a tour, from one without, and their average.
func cellCost(t *testing.T, strategy string, n int, closed bool, maxNodes int64, timeout time.Duration) (found, noTour, avg float64) {
	t.Helper()
	s := settings(t, "5", maxNodes, strategy)
	s.Sizes, s.Closed, s.Timeout = Sizes{{Rows: n, Cols: n}}, closed, timeout
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	c := p.cells[0]
	return c.cost[0], c.cost[1], c.costAvg
}

func TestEstimate(t *testing.T) {
	est := func(strategy string, n int, maxNodes int64, timeout time.Duration) float64 {
		_, _, avg := cellCost(t, strategy, n, false, maxNodes, timeout)
		return avg
	}
	// Budgets cap the guess.
	if a, b := est("dfs", 8, 1_000_000, 0), est("dfs", 8, 2_000_000, 0); !(a < b) {
		t.Errorf("dfs 8x8: 1M-node budget %.3g s, 2M %.3g s", a, b)
	}
	if got := est("dfs", 20, 0, time.Second); got < 1 || got > 1.01 {
		t.Errorf("dfs 20x20 with a 1s timeout: %.3g s", got)
	}
	// Unguided backtracking outgrows the guided and greedy strategies.
	if !(est("dfs", 8, 0, 0) > 1000*est("warnsdorff-bt", 8, 0, 0)) {
		t.Errorf("dfs 8x8 is not far costlier than warnsdorff-bt")
	}
	if !(est("warnsdorff", 10, 0, 0) < est("warnsdorff", 20, 0, 0)) {
		t.Errorf("warnsdorff does not grow with the board")
	}
	// A complete search from a start without a tour must exhaust: 12 of
	// the 25 starts of 5x5 are the wrong colour, none of 6x6's.
	if a, b := est("warnsdorff-bt", 5, 0, 0), est("warnsdorff-bt", 6, 0, 0); !(a > 100*b) {
		t.Errorf("warnsdorff-bt: 5x5 %.3g s, 6x6 %.3g s", a, b)
	}
	found, noTour, avg := cellCost(t, "warnsdorff-bt", 5, false, 0, 0)
	if want := (12*noTour + 13*found) / 25; avg < want*(1-1e-12) || avg > want*(1+1e-12) {
		t.Errorf("5x5 open: average %.4g, want 12/25 of %.4g and 13/25 of %.4g", avg, noTour, found)
	}
	if _, noTour, avg := cellCost(t, "warnsdorff-bt", 5, true, 0, 0); avg != noTour {
		t.Errorf("5x5 closed: no start has a tour, yet the average %.4g is not the no-tour cost %.4g", avg, noTour)
	}
	// Greedy warnsdorff fails fast, so theory does not change its cost.
	if f, n, _ := cellCost(t, "warnsdorff", 7, false, 0, 0); f != n {
		t.Errorf("warnsdorff 7x7: %.3g s from a start with a tour, %.3g s from one without", f, n)
	}
}

// The model's expected nodes for plain dfs from the starts that have a
// tour, against the means measured over every such start (experiment run
// -sizes 5-6 -strategies dfs, no budget): 124,261 on 5x5; on 6x6 243.2M,
// and 5.61M for the same runs stopped at 20M nodes. A mean, not a median:
// the median 6x6 start takes 1.0M nodes.
func TestFindMean(t *testing.T) {
	for _, tc := range []struct {
		name     string
		squares  int
		limit    float64
		measured float64
		within   float64
	}{
		{"5x5", 25, math.Inf(1), 124_261, 3},
		{"6x6", 36, math.Inf(1), 243_235_491, 3},
		{"6x6 20M budget", 36, 20e6, 5_613_625, 1.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := meanCapped(findNodes(tc.squares), findSpread(tc.squares), min(tc.limit, exhaustNodes(tc.squares)))
			if r := got / tc.measured; r > tc.within || r < 1/tc.within {
				t.Errorf("model %.4g nodes, measured %.4g: %.2fx", got, tc.measured, r)
			}
		})
	}
}

// The model's expected nodes for warnsdorff-bt asked for closed tours with
// a 20M-node budget, against the means measured over every start
// (experiment run -config closed, 2026-11-25): most starts close within a
// few hundred nodes, but a share that grows with the board spends the whole
// budget, and that share makes the mean.
func TestGuidedClosedMean(t *testing.T) {
	for _, tc := range []struct {
		board    string
		squares  int
		measured float64
	}{
		{"6x6", 36, 2_224_227}, {"6x8", 48, 2_491_204}, {"8x8", 64, 3_522_414},
		{"10x10", 100, 6_895_884}, {"12x12", 144, 11_022_520},
	} {
		t.Run(tc.board, func(t *testing.T) {
			got := guidedClosedMean(tc.squares, 20e6)
			if r := got / tc.measured; r > 1.5 || r < 1/1.5 {
				t.Errorf("model %.4g nodes, measured %.4g: %.2fx", got, tc.measured, r)
			}
		})
	}
	if got := guidedClosedMean(64, math.Inf(1)); !math.IsInf(got, 1) {
		t.Errorf("no budget: %g nodes; the starts that never close make it endless", got)
	}
}

// meanCapped against the integral it stands for, worked out numerically:
// E[min(N, limit)] = integral of phi(z) min(median e^(sigma z), limit) dz.
func TestMeanCapped(t *testing.T) {
	for _, tc := range []struct{ median, decades, limit float64 }{
		{1e6, 1.5, 2e7},
		{1e6, 1.5, 1e5},
		{36000, 1.18, 1.83e6},
		{50, 0.3, 1e12},
	} {
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			sigma := tc.decades * math.Ln10
			const lo, hi, steps = -14.0, 14.0, 200_000
			h := (hi - lo) / steps
			var sum float64
			for i := range steps + 1 {
				z := lo + float64(i)*h
				w := h
				if i == 0 || i == steps {
					w = h / 2
				}
				sum += w * math.Exp(-z*z/2) / math.Sqrt(2*math.Pi) * min(tc.median*math.Exp(sigma*z), tc.limit)
			}
			if got := meanCapped(tc.median, tc.decades, tc.limit); math.Abs(got-sum) > 1e-6*sum {
				t.Errorf("meanCapped = %.8g, integral %.8g", got, sum)
			}
		})
	}
	// No budget: the log-normal mean; a median past the budget: the budget.
	if got, want := meanCapped(1e6, 1, math.Inf(1)), 1e6*math.Exp(math.Ln10*math.Ln10/2); math.Abs(got-want) > 1e-9*want {
		t.Errorf("uncapped %g, want %g", got, want)
	}
	if got := meanCapped(math.Inf(1), 5, 2e7); got != 2e7 {
		t.Errorf("infinite median: %g, want the budget", got)
	}
}

// presetSettings reads an embedded preset (package configs) into
// Settings. It knows the flags the presets use; a preset with another
// flag fails the test, so that no preset is tested in part.
func presetSettings(t *testing.T, name string) Settings {
	t.Helper()
	data, err := configs.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sizes := fs.String("sizes", "", "")
	starts := fs.String("starts", "", "")
	strategies := fs.String("strategies", "", "")
	maxNodes := fs.Int64("max-nodes", 0, "")
	timeout := fs.Duration("timeout", 0, "")
	closed := fs.Bool("closed", false, "")
	order := fs.String("order", "", "")
	tiebreaks := fs.String("tiebreak", "", "")
	trials := fs.Int("trials", 0, "")
	restarts := fs.String("restarts", "", "")
	var args []string
	for l := range strings.SplitSeq(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			args = append(args, strings.Fields(l)...)
		}
	}
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		t.Fatalf("preset %s: %v %q", name, err, fs.Args())
	}
	z, err := ParseSizes(*sizes)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ParseStarts(*starts)
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{Sizes: z, Starts: st, Strategies: strings.Split(*strategies, ","), MaxNodes: *maxNodes, Timeout: *timeout, Closed: *closed,
		Order: *order, Trials: *trials}
	if *tiebreaks != "" {
		s.Tiebreaks = strings.Split(*tiebreaks, ",")
	}
	if *restarts != "" {
		policies, err := restart.ParseList(*restarts)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range policies {
			s.Restarts = append(s.Restarts, p.String())
		}
	}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	return s
}

// Every preset's plan has a finite, positive cost, and so have plans of
// huge boards, whose guesses overflow, and one without a budget: never
// NaN, never +Inf, never 0.
func TestPresetCosts(t *testing.T) {
	names := configs.Names()
	if len(names) < 4 {
		t.Fatalf("presets %q: want at least quick, dfs-vs-warnsdorff, closed and overnight", names)
	}
	huge := settings(t, "100,1000,10000", 0, "dfs")
	huge.Timeout = time.Minute
	hugeRandom := settings(t, "8,100,1000", 0, "dfs")
	hugeRandom.Timeout = time.Minute
	hugeRandom.Order, hugeRandom.Trials = strategies.OrderRandom, 2
	hugeRandom.Restarts = []string{"none", "fixed:2000000", "luby:1", "geometric:64,1.001"}
	unbounded := settings(t, "5,9", 0, "dfs")
	unbounded.Order, unbounded.Trials = strategies.OrderRandom, 2
	unbounded.Restarts = []string{"none", "luby:1", "geometric:10,2"}
	cases := map[string]Settings{
		"huge boards, a budget":               huge,
		"no budget":                           settings(t, "9", 0, "dfs"),
		"random order, restarts, huge boards": hugeRandom,
		"random order, restarts, no budget":   unbounded,
	}
	for _, name := range names {
		cases["preset "+name] = presetSettings(t, name)
	}
	for name, s := range cases {
		t.Run(name, func(t *testing.T) {
			p, err := New(s)
			if err != nil {
				t.Fatal(err)
			}
			_, sec := p.Cost(nil)
			if !(sec > 0) || math.IsInf(sec, 0) {
				t.Errorf("cost %g s", sec)
			}
		})
	}
}

// The model's nodes against the nodes the presets' runs entered, by group
// of jobs (a strategy on boards of up to 64 squares or larger), summed
// over every run (experiment run -config NAME, 2026-11-26; quick and
// dfs-vs-warnsdorff 2026-11-27); a group in
// totalOnly is held in the preset's total only. Nodes do not
// depend on the machine or on what else runs on it, so this part of the
// model is held to 10% for the whole preset, priced at the model's time a
// node, and, by group, to 10% for open tours and 1.4x for closed ones
// (plain dfs asked for closed tours is modelled as for open ones: 9.6x
// over on 3x10, 3x under on 5x6, 0.73x on the small boards in all; the
// model's warnsdorff-bt 1.27x over makes up for it). The time a node is
// the machine's, which the pace trial measures (sweep.MeasurePace).
func TestPresetNodes(t *testing.T) {
	for _, tc := range []struct {
		preset    string
		within    float64
		measured  map[PaceKey]float64
		totalOnly []PaceKey
		// total, if set, replaces the 10% the preset's total is held to.
		total float64
	}{
		// quick and dfs-vs-warnsdorff run -starts solvable (2026-11-27):
		// warnsdorff-bt then backtracks only from a few hard starts, which
		// the model takes to find their tours at once; a share of the time
		// too small to matter, it is left to the total. quick's total is
		// then plain dfs's alone, which the model puts 0.91x under (7x7:
		// 13.1M nodes a start against 15.6M measured; 8x8: 17.2M against
		// 18.9M); with every start, its over-estimate of warnsdorff-bt on
		// 7x7's wrong-coloured squares had made up for it. Held to 11%.
		{"quick", 1.1, map[PaceKey]float64{
			{"dfs", false}: 1_801_465_879, {"warnsdorff", false}: 6_838, {"warnsdorff-bt", false}: 2_568_990},
			[]PaceKey{{"warnsdorff-bt", false}}, 1.11},
		{"dfs-vs-warnsdorff", 1.1, map[PaceKey]float64{
			{"dfs", false}: 1_801_465_879, {"dfs", true}: 6_920_000_000,
			{"warnsdorff", false}: 6_838, {"warnsdorff", true}: 41_373,
			{"warnsdorff-bt", false}: 2_568_990, {"warnsdorff-bt", true}: 60_041_837},
			[]PaceKey{{"warnsdorff-bt", false}, {"warnsdorff-bt", true}}, 0},
		{"closed", 1.4, map[PaceKey]float64{
			{"dfs", false}: 2_819_151_529, {"dfs", true}: 4_880_000_000,
			{"warnsdorff", false}: 9_175, {"warnsdorff", true}: 30_671,
			{"warnsdorff-bt", false}: 450_291_095, {"warnsdorff-bt", true}: 2_276_831_324}, nil, 0},
		// warnsdorff-bt with random ties, 0.7% of the time, is left to the
		// total: 170x under, as the model takes every run to find its tour
		// at once, where on 7x7 a quarter of them need about 290,000 nodes.
		{"restarts", 1.1, map[PaceKey]float64{
			{"dfs", false}: 4_471_253_567, {"warnsdorff-bt", false}: 22_403_220},
			[]PaceKey{{"warnsdorff-bt", false}}, 0},
	} {
		t.Run(tc.preset, func(t *testing.T) {
			p, err := New(presetSettings(t, tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			model := map[PaceKey]float64{}
			ns := map[PaceKey]float64{}
			for ci := range p.cells {
				c := &p.cells[ci]
				model[paceKey(c)] += float64(c.jobs()) * ((1-c.noTour)*c.nodes[0] + c.noTour*c.nodes[1])
				ns[paceKey(c)] = c.nsPerNode
			}
			if len(model) != len(tc.measured) {
				t.Errorf("groups %v, measured %v", model, tc.measured)
			}
			var modelNs, measuredNs float64
			for k, want := range tc.measured {
				modelNs += model[k] * ns[k]
				measuredNs += want * ns[k]
			}
			for k, want := range tc.measured {
				if r := model[k] / want; !(r > 1/tc.within && r < tc.within) && !slices.Contains(tc.totalOnly, k) {
					t.Errorf("%v: model %.4g nodes, measured %.4g: %.3fx", k, model[k], want, r)
				}
			}
			total := cmp.Or(tc.total, 1.1)
			if r := modelNs / measuredNs; !(r > 1/total && r < total) {
				t.Errorf("at the model's time a node: model %.4g s, the runs' nodes %.4g s: %.3fx", modelNs/1e9, measuredNs/1e9, r)
			}
		})
	}
}

// TestLikelyMost: one search is priced by its median; n searches by the
// 1-1/(2n) quantile, worked by hand: n=2, the upper quartile, 0.6745
// standard deviations above the median (with a spread of 2 decades,
// 10^1.349 = 22.3 times the median); n=50, the 0.99 quantile, 2.3263 above.
func TestLikelyMost(t *testing.T) {
	for _, tt := range []struct {
		n, want float64
	}{{1, 1e6}, {0.5, 1e6}, {2, 1e6 * math.Pow(10, 2*0.67449)}, {50, 1e6 * math.Pow(10, 2*2.32635)}} {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			if got := likelyMost(1e6, 2, tt.n); math.Abs(got/tt.want-1) > 1e-4 {
				t.Errorf("likelyMost(1e6, 2, %v) = %.6g, want %.6g", tt.n, got, tt.want)
			}
		})
	}
}

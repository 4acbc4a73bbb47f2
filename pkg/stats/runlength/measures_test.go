package runlength

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"knightsweep/pkg/restart"
)

func near(a, b float64) bool {
	return math.IsNaN(a) && math.IsNaN(b) || math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b))
}

func TestKaplanMeier(t *testing.T) {
	runs := []Run{
		{Nodes: 60, Outcome: RunFound}, {Nodes: 10, Outcome: RunFound}, {Nodes: 20, Outcome: RunCensored},
		{Nodes: 30, Outcome: RunFound}, {Nodes: 30, Outcome: RunCensored}, {Nodes: 40, Outcome: RunFound},
		{Nodes: 50, Outcome: RunFailed},
	}
	sv := KaplanMeier(runs)
	want := []Step{{10, 6.0 / 7}, {30, 24.0 / 35}, {40, 16.0 / 35}, {60, 8.0 / 35}}
	if len(sv.Steps) != len(want) {
		t.Fatalf("steps %v, want %v", sv.Steps, want)
	}
	for i, s := range want {
		if sv.Steps[i].X != s.X || !near(sv.Steps[i].S, s.S) {
			t.Errorf("step %d = %v, want %v", i, sv.Steps[i], s)
		}
	}
	if len(sv.Censored) != 2 || sv.Censored[0].X != 20 || !near(sv.Censored[0].S, 6.0/7) || sv.Censored[1].X != 30 || !near(sv.Censored[1].S, 24.0/35) {
		t.Errorf("censoring ticks %v, want at 20 (6/7) and 30 (24/35)", sv.Censored)
	}
	for x, s := range map[float64]float64{5: 1, 10: 6.0 / 7, 25: 6.0 / 7, 45: 16.0 / 35, 1e9: 8.0 / 35} {
		if got := sv.At(x); !near(got, s) {
			t.Errorf("At(%g) = %g, want %g", x, got, s)
		}
	}
	if sv.Runs != 7 || sv.Found != 4 || sv.CensoredRuns != 2 || sv.Failed != 1 {
		t.Errorf("counts %+v", sv)
	}
}

func pareto(rng *rand.Rand, n int, alpha float64, censor bool) []Run {
	budget := int64(1000 * math.Pow(0.2, -1/alpha))
	out := make([]Run, n)
	for i := range out {
		x := 1000 * math.Pow(1-rng.Float64(), -1/alpha)
		out[i] = Run{Nodes: int64(math.Min(x, 1e18)), Outcome: RunFound}
		if censor && out[i].Nodes >= budget {
			out[i] = Run{Nodes: budget, Outcome: RunCensored}
		}
	}
	return out
}

func TestTailIndexPareto(t *testing.T) {
	for _, alpha := range []float64{0.5, 1, 2} {
		for _, censor := range []bool{false, true} {
			rng := rand.New(rand.NewPCG(uint64(alpha*10), 7))
			tl := TailIndex(pareto(rng, 200, alpha, censor))
			if !tl.OK || !(tl.Lo <= alpha && alpha <= tl.Hi) {
				t.Errorf("alpha %g, censored %t: %+v does not cover it", alpha, censor, tl)
			}
			if censor == tl.Exact {
				t.Errorf("alpha %g, censored %t: exact interval %t", alpha, censor, tl.Exact)
			}
			if alpha == 0.5 && !censor && tl.Heavy() != HeavyMean {
				t.Errorf("alpha 0.5: verdict %q", tl.Verdict())
			}
			t.Logf("alpha %g censored %t: %s", alpha, censor, tl.Verdict())
		}
	}
}

func TestTailIndexCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("6,000 samples: make test-all runs it")
	}
	const seeds = 1000
	for _, alpha := range []float64{0.5, 1, 2} {
		for _, censor := range []bool{false, true} {
			covered := 0
			for s := range seeds {
				rng := rand.New(rand.NewPCG(uint64(s), uint64(alpha*10)))
				tl := TailIndex(pareto(rng, 200, alpha, censor))
				if tl.OK && tl.Lo <= alpha && alpha <= tl.Hi {
					covered++
				}
			}
			rate := float64(covered) / seeds
			t.Logf("alpha %g censored %t: coverage %.3f", alpha, censor, rate)
			if rate < 0.93 || rate > 0.985 {
				t.Errorf("alpha %g, censored %t: coverage %.3f, want near 0.95", alpha, censor, rate)
			}
		}
	}
}

func TestTailIndexNone(t *testing.T) {
	same := make([]Run, 30)
	for i := range same {
		same[i] = Run{Nodes: 49, Outcome: RunFound}
	}
	if tl := TailIndex(same); tl.OK {
		t.Errorf("equal lengths: %+v", tl)
	}
	if tl := TailIndex(same[:10]); tl.OK {
		t.Errorf("10 runs: %+v", tl)
	}
	// One run of 30 longer than the rest: a tail of one is no tail.
	same[0].Nodes = 5000
	if tl := TailIndex(same); tl.OK || tl.Tail != 1 || tl.Why != "only 1 run is longer than the 49 nodes most took: too few for a tail" {
		t.Errorf("one long run: %+v", tl)
	}
}

func bruteAttempt(runs []Run, c int64) (cost float64, found int) {
	for _, r := range runs {
		cost += float64(min(r.Nodes, c))
		if r.Outcome == RunFound && r.Nodes <= c {
			found++
		}
	}
	return cost, found
}

func bruteFixed(runs []Run, c int64) float64 {
	cost, found := bruteAttempt(runs, c)
	return cost / float64(found)
}

func TestBestCutoff(t *testing.T) {
	runs := []Run{{Nodes: 2}, {Nodes: 1000}, {Nodes: 10}, {Nodes: 50, Outcome: RunFailed}, {Nodes: 2}}
	e := NewEmpirical(runs)
	best, at := math.Inf(1), int64(0)
	for c := int64(1); c <= 1000; c++ {
		want := bruteFixed(runs, c)
		if got := e.FixedCost(c); !near(got, want) && got != want {
			t.Fatalf("FixedCost(%d) = %g, want %g", c, got, want)
		}
		if want < best {
			best, at = want, c
		}
	}
	if at != 2 || best != 5 {
		t.Fatalf("brute force: c* %d costing %g, want 2 and 5", at, best)
	}
	p := PredictRestarts([][]Run{runs}, 1)
	if p.Cutoff != 2 || p.Cost != 5 || p.ERT != 266 || !near(p.Ratio, 5.0/266) {
		t.Errorf("prediction %+v", p)
	}
	// Two starts, one cutoff for both: the second finds every tour in 10
	// nodes, so no cutoff below 10 serves it; c = 10 costs (34/5)/(3/5) =
	// 11.33 on the first and 10 on the second, 10.67 on average; c = 1,000
	// costs (266 + 10)/2. The ERT without restarts averages 266 and 10.
	ten := []Run{{Nodes: 10}, {Nodes: 10}, {Nodes: 10}, {Nodes: 10}, {Nodes: 10}}
	p = PredictRestarts([][]Run{runs, ten}, 1)
	if p.Cutoff != 10 || !near(p.Cost, 32.0/3) || p.ERT != 138 || p.Starts != 2 || p.Runs != 10 {
		t.Errorf("two starts: %+v, want c* 10 costing 10.67", p)
	}
	// A censored run caps the cutoffs the runs can judge.
	cens := append(runs[:4:4], Run{Nodes: 6, Outcome: RunCensored})
	e = NewEmpirical(cens)
	if e.Limit != 6 || !math.IsNaN(e.FixedCost(7)) || !near(e.FixedCost(6), bruteFixed(cens, 6)) {
		t.Errorf("limit %d, cost at 7 %g, at 6 %g", e.Limit, e.FixedCost(7), e.FixedCost(6))
	}
}

func TestSequenceCost(t *testing.T) {
	// Half the runs find a tour in 1 node, half in 3: unit 1 tries 1 (cost
	// 1, success 1/2), 1, 2 (cost 1.5, success 1/2), 1, 1, 2, then 4 (cost
	// 2, success 1): 1 + 1/2 + 1.5/4 + 1/8 + 1/16 + 1.5/32 + 2/64.
	two := []Run{{Nodes: 1}, {Nodes: 3}}
	if got := NewEmpirical(two).PolicyCost(restart.Policy{Kind: restart.Luby, C: 1}); !near(got, 2.140625) {
		t.Errorf("Luby cost %g, want 2.140625", got)
	}
	runs := randomRuns(50, 200, 4)
	for _, pol := range []restart.Policy{
		{Kind: restart.Luby, C: 1}, {Kind: restart.Luby, C: 7}, {Kind: restart.Luby, C: 64},
		{Kind: restart.Geometric, C: 3, F: 1.5},
	} {
		reach, total := 1.0, 0.0
		for i := int64(0); reach > 1e-15; i++ {
			c := pol.C * restart.LubyTerm(i+1)
			if pol.Kind == restart.Geometric {
				c = int64(math.Floor(float64(pol.C) * math.Pow(pol.F, float64(i))))
			}
			cost, found := bruteAttempt(runs, c)
			total += reach * cost / float64(len(runs))
			reach *= 1 - float64(found)/float64(len(runs))
		}
		if got := NewEmpirical(runs).PolicyCost(pol); !(math.Abs(got-total) <= 1e-9*total) {
			t.Errorf("%v: %g, direct %g", pol, got, total)
		}
	}
	// Cutoffs past a censored run cannot be judged.
	cens := append(runs[:10:10], Run{Nodes: 5, Outcome: RunCensored})
	if got := NewEmpirical(cens).PolicyCost(restart.Policy{Kind: restart.Luby, C: 1}); !math.IsNaN(got) {
		t.Errorf("Luby past a run stopped at 5 nodes: %g, want NaN", got)
	}
}

func TestRatioSums(t *testing.T) {
	three := []Run{{Nodes: 2}, {Nodes: 4}, {Nodes: 6, Outcome: RunFailed}}
	if r, v := expectedCost([][]Run{three}, NoCutoff, false, nil); !near(r, 6) || !near(v, 14) {
		t.Errorf("ratio %g, variance %g; want 6 and 14", r, v)
	}
	// Past MaxBootstrapRuns the ERT's interval is the normal one, around
	// the ERT: 6,000 runs, every other one found a tour at 10 nodes, the
	// others failed at 30: ERT (3000·10 + 3000·30) / 3000 = 40.
	runs := make([]Run, 6000)
	for i := range runs {
		runs[i] = Run{Nodes: 10}
		if i%2 == 1 {
			runs[i] = Run{Nodes: 30, Outcome: RunFailed}
		}
	}
	e := ExpectedRunningTime(runs, 1)
	if !near(e.Nodes, 40) || !(e.NodesLo < 40 && 40 < e.NodesHi) || e.NodesHi-e.NodesLo > 4 {
		t.Errorf("ERT %g (%g–%g), want 40 within a narrow interval", e.Nodes, e.NodesLo, e.NodesHi)
	}
}

func TestTailIndexExponential(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 9))
		for _, budget := range []int64{0, 2_000_000} {
			runs := make([]Run, 500)
			for i := range runs {
				runs[i] = Run{Nodes: int64(1e6 * rng.ExpFloat64())}
				if budget > 0 && runs[i].Nodes >= budget {
					runs[i] = Run{Nodes: budget, Outcome: RunCensored}
				}
			}
			if tl := TailIndex(runs); tl.Heavy().IsHeavy() {
				t.Errorf("seed %d, budget %d: %s", seed, budget, tl.Verdict())
			}
		}
	}
}

func TestTailIndexMostlyCensored(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 9))
		for _, n := range []int{100, 500} {
			runs := make([]Run, n)
			for i := range runs {
				runs[i] = Run{Nodes: 1 + int64(70e6*rng.ExpFloat64())}
				if runs[i].Nodes >= 5_000_000 {
					runs[i] = Run{Nodes: 5_000_000, Outcome: RunCensored}
				}
			}
			tl := TailIndex(runs)
			if tl.Heavy() != CannotTell || tl.InTail() || !strings.Contains(tl.Verdict(), "stopped by the budget, so the fit spans the body") {
				t.Errorf("seed %d, %d runs: %s", seed, n, tl.Verdict())
			}
		}
	}
}

func TestERTByStart(t *testing.T) {
	for _, n := range []int{20, 3000} {
		a, b := make([]Run, n), make([]Run, n)
		for i := range n {
			a[i], b[i] = Run{Nodes: 10}, Run{Nodes: 1000}
		}
		e := ExpectedRunningTimeByStart([][]Run{a, b}, 1)
		if e.Nodes != 505 || !near(e.NodesLo, 505) || !near(e.NodesHi, 505) {
			t.Errorf("%d trials a start: ERT %g (%g–%g), want 505 exactly", n, e.Nodes, e.NodesLo, e.NodesHi)
		}
		if p := ExpectedRunningTime(append(a, b...), 1); n == 20 && !(p.NodesLo < 505 && p.NodesHi > 505) {
			t.Errorf("pooled: %g–%g, want around 505", p.NodesLo, p.NodesHi)
		}
	}
}

// The bootstrap's fused pass (resampledERT) must give expectedCost's
// figures over the same draws to the bit: a report's intervals may not move
// because the loop that computes them got faster.
func TestResampledERTMatchesExpectedCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	strata := make([][]Run, 5)
	for s := range strata {
		for range 1 + rng.IntN(40) {
			r := Run{Nodes: 1 + rng.Int64N(1e6), TimeNS: 1 + rng.Int64N(1e9), Outcome: Outcome(rng.IntN(3))}
			strata[s] = append(strata[s], r)
		}
	}
	strata = append(strata, []Run{{Nodes: 5, TimeNS: 9, Outcome: RunFailed}}) // no tour: +Inf
	for _, tc := range []struct {
		name   string
		strata [][]Run
	}{{"pooled", strata[:1]}, {"by start", strata[:5]}, {"a start without a tour", strata}} {
		t.Run(tc.name, func(t *testing.T) {
			old, fused := newResampler(42), newResampler(42)
			idx := make([][]int, len(tc.strata))
			for i := range 50 {
				for s, runs := range tc.strata {
					idx[s] = old.draw(idx[s][:0], len(runs))
				}
				wantN, _ := expectedCost(tc.strata, NoCutoff, false, idx)
				wantT, _ := expectedCost(tc.strata, NoCutoff, true, idx)
				gotN, gotT := resampledERT(tc.strata, fused)
				if math.Float64bits(gotN) != math.Float64bits(wantN) || math.Float64bits(gotT) != math.Float64bits(wantT) {
					t.Fatalf("resample %d: resampledERT = %v, %v; expectedCost %v, %v", i, gotN, gotT, wantN, wantT)
				}
			}
		})
	}
}

// The resampler draws rand.Rand's IntN from its PCG without the interface:
// the same numbers, or every bootstrap interval of a report would move.
func TestIndexIsIntN(t *testing.T) {
	if bits.UintSize == 32 {
		t.Skip("rand.Rand draws indices below 2^32 otherwise on a 32-bit machine")
	}
	for _, n := range []int{1, 2, 3, 7, 64, 100, 1000, 1023, 1600, 4999, 1 << 20, 1<<30 + 3} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			rs, want := newResampler(99), rand.New(rand.NewPCG(99, 0x6b6e69676874))
			for i := range 10000 {
				if got, w := rs.index(n), want.IntN(n); got != w {
					t.Fatalf("draw %d: index(%d) = %d, IntN %d", i, n, got, w)
				}
			}
		})
	}
}

package runlength

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"knightsweep/pkg/restart"
)

// TestPercentileIntervalType7: the 2.5% and 97.5% points are type 7
// quantiles (R's default): at h = p (n-1), est[i] + (h-i)(est[i+1]-est[i]).
// On 0, 10, ..., 100 (n = 11) h is 0.25 and 9.75: 2.5 and 97.5. A point
// next to +Inf is +Inf; between two equal values it is that value, +Inf
// included; one estimate is both ends.
func TestPercentileIntervalType7(t *testing.T) {
	inf := math.Inf(1)
	for _, tt := range []struct {
		est    []float64
		lo, hi float64
	}{
		{[]float64{100, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0}, 2.5, 97.5},
		// 0..40: h = 1 and 39, whole.
		{seq(41), 1, 39},
		// 1..10 and +Inf: h = 0.25, 1.25; h = 9.75 is next to +Inf.
		{append(seq1(10), inf), 1.25, inf},
		{[]float64{3, inf, inf}, inf, inf},
		{[]float64{5, 5, 5, 5}, 5, 5},
		{[]float64{7}, 7, 7},
	} {
		lo, hi := percentileInterval(tt.est)
		if lo != tt.lo || hi != tt.hi {
			t.Errorf("%v: %g, %g; want %g, %g", tt.est, lo, hi, tt.lo, tt.hi)
		}
	}
}

func seq(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i)
	}
	return s
}

func seq1(n int) []float64 {
	s := seq(n)
	for i := range s {
		s[i]++
	}
	return s
}

// TestIndexIsIntNWhereItRejectsOften: for n = 3·2^61 the multiply and
// reject draw refuses 2^64 mod n = 2^62 of every 2^64 draws (a quarter),
// for n = 2^62+1 just under a quarter: the rejection loop runs, and the
// indices stay rand.IntN's.
func TestIndexIsIntNWhereItRejectsOften(t *testing.T) {
	for _, n := range []int{3 << 61, 1<<62 + 1} {
		rs, want := newResampler(5), rand.New(rand.NewPCG(5, 0x6b6e69676874))
		for i := range 2000 {
			if got, w := rs.index(n), want.IntN(n); got != w {
				t.Fatalf("n %d, draw %d: index %d, IntN %d", n, i, got, w)
			}
		}
	}
}

// TestERTCounts: runs, tours and starts without one, counted by hand.
func TestERTCounts(t *testing.T) {
	strata := [][]Run{
		{{Nodes: 10, Outcome: RunFound}, {Nodes: 20, Outcome: RunFound}, {Nodes: 5, Outcome: RunFailed}},
		{{Nodes: 3, Outcome: RunFailed}, {Nodes: 9, Outcome: RunCensored}},
	}
	e := ExpectedRunningTimeByStart(strata, 1)
	if e.Runs != 5 || e.Found != 2 || e.Starts != 2 || e.Without != 1 {
		t.Errorf("runs %d found %d starts %d without %d; want 5, 2, 2, 1", e.Runs, e.Found, e.Starts, e.Without)
	}
}

// TestRestartPredictionByHand: one start's runs: found at 40 and 100,
// stopped by a budget at 100 (so cutoffs up to 100 can be judged), failed
// for good at 3. A fixed cutoff c costs E[min(X, c)] / P(found within c):
// at 40, (40+40+40+3)/4 / (1/4) = 123; at 100, (100+100+40+3)/4 / (2/4) =
// 121.5. So c* = 100, the budget itself, at 121.5, resting on 2 tours; the
// shortest tour took 40 nodes.
func TestRestartPredictionByHand(t *testing.T) {
	runs := []Run{{Nodes: 100, Outcome: RunFound}, {Nodes: 100, Outcome: RunCensored},
		{Nodes: 40, Outcome: RunFound}, {Nodes: 3, Outcome: RunFailed}}
	p := PredictRestarts([][]Run{runs}, 1)
	if p == nil {
		t.Fatal("no prediction")
	}
	if p.Limit != 100 || p.Cutoff != 100 || p.Cost != 121.5 || p.Within != 2 || p.Shortest != 40 {
		t.Errorf("limit %d cutoff %d cost %g within %d shortest %d; want 100, 100, 121.5, 2, 40",
			p.Limit, p.Cutoff, p.Cost, p.Within, p.Shortest)
	}
}

// TestLubyUnits: the units whose Luby cutoffs u·2^j meet a run's length x
// from above, u = ceil(x / 2^j) down to 1: for 5, 5, 3, 2 and 1; for 8, 8,
// 4, 2, 1.
func TestLubyUnits(t *testing.T) {
	if got := lubyUnits([]int64{5}); !slices.Equal(got, []int64{1, 2, 3, 5}) {
		t.Errorf("lubyUnits(5) = %v, want 1 2 3 5", got)
	}
	if got := lubyUnits([]int64{8, 5}); !slices.Equal(got, []int64{1, 2, 3, 4, 5, 8}) {
		t.Errorf("lubyUnits(8, 5) = %v, want 1 2 3 4 5 8", got)
	}
}

// TestPredictByHand: two starts whose runs found tours at 10 and 30. Luby
// with unit 20 cuts attempts at 20, 20, 40, ...: the first costs (10+20)/2
// = 15 and ends the run half the time, the second the same, the third
// (10+30)/2 = 20 and surely ends it: 15 + 15/2 + 20/4 = 27.5, for either
// start and so for both. fixed:20 costs 15 / (1/2) = 30. With runs
// stopped by a budget at 100, a fixed cutoff of 150 cannot be judged.
func TestPredictByHand(t *testing.T) {
	runs := []Run{{Nodes: 10, Outcome: RunFound}, {Nodes: 30, Outcome: RunFound}}
	p := PredictRestarts([][]Run{runs, runs}, 1)
	if p == nil {
		t.Fatal("no prediction")
	}
	if got, _, _ := p.Predict(restart.Policy{Kind: restart.Luby, C: 20}); got != 27.5 {
		t.Errorf("luby:20: %g, want 27.5", got)
	}
	if got, _, _ := p.Predict(restart.Policy{Kind: restart.Fixed, C: 20}); got != 30 {
		t.Errorf("fixed:20: %g, want 30", got)
	}
	censored := append([]Run{{Nodes: 100, Outcome: RunCensored}}, runs...)
	q := PredictRestarts([][]Run{censored, censored}, 1)
	if got, _, _ := q.Predict(restart.Policy{Kind: restart.Fixed, C: 150}); !math.IsNaN(got) {
		t.Errorf("fixed:150 past the budget of 100: %g, want NaN", got)
	}
}

// TestBootstrapUpToMaxBootstrapRuns: up to MaxBootstrapRuns runs the
// intervals are the percentile bootstrap's, past it the normal ones. With
// one tour among the runs, a resample has none with a chance of about
// (1 - 1/n)^n, 37%: the bootstrap's upper point is +Inf, the normal
// interval's is finite.
func TestBootstrapUpToMaxBootstrapRuns(t *testing.T) {
	for _, n := range []int{MaxBootstrapRuns, MaxBootstrapRuns + 1} {
		runs := make([]Run, n)
		for i := range runs {
			runs[i] = Run{Nodes: 10, Outcome: RunFailed}
		}
		runs[0].Outcome = RunFound
		wantInf := n <= MaxBootstrapRuns
		if e := ExpectedRunningTime(runs, 1); math.IsInf(e.NodesHi, 1) != wantInf {
			t.Errorf("ERT of %d runs: upper point %g", n, e.NodesHi)
		}
		p := PredictRestarts([][]Run{runs}, 1)
		if p == nil {
			t.Fatalf("%d runs: no prediction", n)
		}
		if math.IsInf(p.CostHi, 1) != wantInf {
			t.Errorf("restarts over %d runs: upper point %g", n, p.CostHi)
		}
	}
}

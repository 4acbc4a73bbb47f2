package runlength

import (
	"math"
	"math/rand/v2"
	"testing"
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

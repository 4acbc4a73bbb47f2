package runlength

import (
	"math"
	"testing"
)

// Runs that found a tour at 1, 2, 3 and 6 nodes, five times each: a
// restart cut off at 3 nodes costs E[min(X, 3)] / P(X <= 3) = (9/4) /
// (3/4) = 3, as one at 6 (the mean, 12/4) does; Luby's sequence with unit
// 3 (cutoffs 3, 3, 6) costs 9/4 + (1/4)(9/4) + (1/16)(12/4) = 3, as with
// unit 6. On such a tie the smaller cutoff and unit are named: the same
// cost in shorter attempts.
func TestPredictRestartsTieNamesSmallerCutoffAndUnit(t *testing.T) {
	var runs []Run
	for _, n := range []int64{1, 2, 3, 6} {
		for range 5 {
			runs = append(runs, Run{Nodes: n, Outcome: RunFound})
		}
	}
	p := PredictRestarts([][]Run{runs}, 1)
	if p == nil {
		t.Fatal("no prediction")
	}
	if p.ERT != 3 || p.Cutoff != 3 || p.Cost != 3 || p.LubyUnit != 3 || p.LubyCost != 3 {
		t.Errorf("ERT %g, cutoff %d at %g, Luby unit %d at %g; want 3, 3 at 3, 3 at 3",
			p.ERT, p.Cutoff, p.Cost, p.LubyUnit, p.LubyCost)
	}
	if c := p.emp[0].lubyCost(6); c != 3 {
		t.Errorf("Luby unit 6 costs %g, want 3 (the tie)", c)
	}
}

// Where nine tenths of the runs were stopped at 0 nodes, the threshold is
// the (k+1)-th largest length, 0, taken as 1 node: the six runs that
// found a tour, at 10, 10, 100, 100, 1000 and 1000 nodes, give
// T = 2 (ln 10 + ln 100 + ln 1000) = 12 ln 10 and α = 6 / T = 1 / (2 ln 10).
func TestTailIndexThresholdOfZeroNodes(t *testing.T) {
	var runs []Run
	for _, n := range []int64{10, 10, 100, 100, 1000, 1000} {
		runs = append(runs, Run{Nodes: n, Outcome: RunFound})
	}
	for range 44 {
		runs = append(runs, Run{Nodes: 0, Outcome: RunCensored})
	}
	tl := TailIndex(runs)
	want := 1 / (2 * math.Ln10)
	if !tl.OK || tl.Threshold != 1 || tl.Tail != 6 || tl.Uncensored != 6 || tl.Span != 1000 ||
		!(math.Abs(tl.Index-want) <= 1e-12*want) {
		t.Errorf("%+v; want threshold 1, 6 runs in the tail, all uncensored, span 1000, index %g", tl, want)
	}
}

// Past maxCandidates distinct lengths at which runs found a tour, c* is the
// best of 4096 cutoffs spread evenly over them, from the shortest to the
// longest: the lengths at indices floor(i (n-1) / 4095). Here 5,000 runs
// found a tour at 1, 2, ..., s nodes and at 10^6 + 1, ..., 10^6 + 5000 - s
// (one each): a cutoff c <= s costs (c(c+1)/2 + (5000 - c) c) / c =
// 5000.5 - c/2, falling as c grows, and any cutoff of 10^6 or more over
// 10^5. So c* is the longest kept length up to s; s is chosen so that
// length s itself is thinned out, which the best over every length
// would be.
func TestPredictRestartsThinsPastMaxCandidates(t *testing.T) {
	const n = 5000
	kept := map[int]bool{}
	for i := range maxCandidates {
		kept[i*(n-1)/(maxCandidates-1)] = true
	}
	s := 2000
	for kept[s-1] {
		s++
	}
	want := int64(s - 1)
	for !kept[int(want)-1] {
		want--
	}
	var runs []Run
	for i := 1; i <= n; i++ {
		x := int64(i)
		if i > s {
			x = 1_000_000 + int64(i-s)
		}
		runs = append(runs, Run{Nodes: x, Outcome: RunFound})
	}
	p := PredictRestarts([][]Run{runs}, 1)
	if p == nil {
		t.Fatal("no prediction")
	}
	wantCost := n + 0.5 - float64(want)/2
	if p.Cutoff != want || !(math.Abs(p.Cost-wantCost) <= 1e-9*wantCost) {
		t.Errorf("cutoff %d at %g; want %d (length %d is thinned out) at %g", p.Cutoff, p.Cost, want, s, wantCost)
	}
}

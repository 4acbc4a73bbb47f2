package runlength

import (
	"math"
	"strings"
	"testing"

	"knightsweep/pkg/restart"
)

// TestTailCounts: runs that failed for good are left out of the tail's
// sample; of the rest, those stopped by a budget are counted. Too few
// runs are refused, naming the 2·minTail = 20 needed.
func TestTailCounts(t *testing.T) {
	var runs []Run
	for i := range 30 {
		runs = append(runs, Run{Nodes: int64(100 + i*i*7), Outcome: RunFound})
	}
	for range 10 {
		runs = append(runs, Run{Nodes: 500, Outcome: RunCensored})
	}
	for range 5 {
		runs = append(runs, Run{Nodes: 9, Outcome: RunFailed})
	}
	if tl := TailIndex(runs); tl.Runs != 40 || tl.Censored != 10 {
		t.Errorf("runs %d censored %d, want 40 and 10", tl.Runs, tl.Censored)
	}
	few := TailIndex(runs[:3])
	if want := "3 runs that found a tour or were stopped, fewer than 20"; few.OK || few.Why != want {
		t.Errorf("3 runs: ok %v, %q; want %q", few.OK, few.Why, want)
	}
}

// TestTailBoundaries: a fit is a tail when at most half the runs lie above
// the threshold, half included; an interval whose upper end is 2 includes
// 2, and says so.
func TestTailBoundaries(t *testing.T) {
	if !(Tail{OK: true, Tail: 20, Runs: 40}).InTail() {
		t.Error("20 of 40 runs above the threshold: not a tail")
	}
	if (Tail{OK: true, Tail: 21, Runs: 40}).InTail() {
		t.Error("21 of 40 runs above the threshold: a tail")
	}
	tl := Tail{OK: true, Index: 1.8, Lo: 1.5, Hi: 2, Tail: 20, Runs: 40, Uncensored: 20, Span: 1e6, Threshold: 100}
	if v := tl.Verdict(); !strings.HasSuffix(v, "the interval includes 2") {
		t.Errorf("Hi = 2: %q", v)
	}
}

// TestNormalIntervalByHand: past MaxBootstrapRuns runs an ERT's interval
// is r ± 1.96 sd (z, the normal's 97.5% point), r the mean of the starts'
// ratios Σx/Σfound, its variance Σ_starts Σ(x - r·found)² / found² over
// the number of starts squared. Two starts of 2501 runs, each one tour at
// 10 nodes and 2500 dead ends at 10: r = 25010 a start; Σ(x - r·found)² =
// 2501·100 - 2·25010·10 + 25010² = 625250000 a start; variance 2 ·
// 625250000 / 4 = 312625000.
func TestNormalIntervalByHand(t *testing.T) {
	start := make([]Run, 2501)
	for i := range start {
		start[i] = Run{Nodes: 10, Outcome: RunFailed}
	}
	start[0].Outcome = RunFound
	e := ExpectedRunningTimeByStart([][]Run{start, start}, 1)
	const z = 1.959963984540054
	hi := 25010 + z*math.Sqrt(312625000)
	if e.Nodes != 25010 || e.NodesLo != 0 || !(math.Abs(e.NodesHi-hi) <= 1e-9*hi) {
		t.Errorf("ERT %g, interval %g to %g; want 25010, 0 to %g", e.Nodes, e.NodesLo, e.NodesHi, hi)
	}
}

// TestPredictionWithoutTours: where no run found a tour there is nothing
// to predict from.
func TestPredictionWithoutTours(t *testing.T) {
	runs := []Run{{Nodes: 7, Outcome: RunFailed}, {Nodes: 9, Outcome: RunFailed}}
	if p := PredictRestarts([][]Run{runs, runs}, 1); p != nil {
		t.Errorf("a prediction from runs without a tour: %+v", p)
	}
}

// TestIntervalOfAlikeRuns: two starts whose runs all found a tour at 10
// nodes: Luby with unit 20 finds it in the first attempt, at 10, in every
// resample, so its interval is 10 to 10.
func TestIntervalOfAlikeRuns(t *testing.T) {
	runs := []Run{{Nodes: 10, Outcome: RunFound}, {Nodes: 10, Outcome: RunFound}, {Nodes: 10, Outcome: RunFound}}
	p := PredictRestarts([][]Run{runs, runs}, 1)
	if p == nil {
		t.Fatal("no prediction")
	}
	cost, lo, hi := p.Predict(restart.Policy{Kind: restart.Luby, C: 20})
	if cost != 10 || lo != 10 || hi != 10 {
		t.Errorf("luby:20: %g (%g to %g), want 10 (10 to 10)", cost, lo, hi)
	}
}

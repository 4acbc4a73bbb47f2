package stats

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats/runlength"
	"knightsweep/pkg/status"
)

// A hand-worked Kaplan–Meier curve: seven runs, one censored at 20, one
// found and one censored at 30 (the censored one still at risk there), one
// failed for good at 50 (at risk for ever).
//
//	x=10: 7 at risk, 1 found: S = 6/7
//	x=20: 1 censored: 5 at risk after
//	x=30: 5 at risk, 1 found, 1 censored: S = 6/7 · 4/5 = 24/35
//	x=40: 3 at risk, 1 found: S = 24/35 · 2/3 = 16/35
//	x=60: 2 at risk (it and the failed run), 1 found: S = 8/35
//
// pareto draws n lengths of a Pareto law of index alpha above 1000; with
// censor, runs past the 80th percentile are stopped there.
// The tail index of Pareto samples (index 0.5, 1 and 2, 200 runs, with and
// without a budget that stops a fifth of them) lies in its interval, and
// the verdict says what the interval supports.
// Over many samples the 95% interval covers the true index about 95% of
// the time: exactly without censoring, a little more with (Garwood's upper
// end).
// Equal lengths have no tail; a tail of runs all stopped has no estimate.
// testdata/runlengths.csv: warnsdorff-bt/random on 3x4 from 0,0, 24
// trials with a 1,000-node budget: 14 found a tour in 24 nodes, 4 in 300, 2
// in 700, and 4 were stopped at 1,000. By hand: ERT = (14·24 + 4·300 +
// 2·700 + 4·1000) / 20 = 6936 / 20 = 346.8 nodes, and 3,468 ns (time is
// ten times nodes). The cutoffs: c = 24 costs E[min(X,24)] / P(X<=24) =
// 24 / (14/24) = 41.14; c = 300, (14·24 + 10·300)/24 / (18/24) = 185.3; c
// = 700, (336 + 1200 + 6·700)/24 / (20/24) = 286.8. So c* = 24. The
// same series restarting after 24 nodes found every tour, in 24 (10
// runs), 48 (5) and 72 (5): ERT 840 / 20 = 42.
func TestRunLengthsByHand(t *testing.T) {
	res := readFixture(t, "runlengths.csv", Options{})
	if len(res.Groups) != 2 {
		t.Fatalf("%d groups", len(res.Groups))
	}
	g, r := res.Groups[0], res.Groups[1]
	rl := g.RunLengths
	if rl == nil || !rl.Trials || rl.Runs != 24 || rl.Found != 20 || rl.Censored != 4 || rl.Starts != 1 {
		t.Fatalf("base run lengths %+v", rl)
	}
	if !near(rl.ERT.Nodes, 346.8) || !near(rl.ERT.TimeNS, 3468) {
		t.Errorf("runlength.ERT %g nodes, %g ns; want 346.8 and 3468", rl.ERT.Nodes, rl.ERT.TimeNS)
	}
	if !(rl.ERT.NodesLo < 346.8 && 346.8 < rl.ERT.NodesHi) {
		t.Errorf("runlength.ERT interval %g–%g", rl.ERT.NodesLo, rl.ERT.NodesHi)
	}
	p := rl.Restart
	if p == nil || p.Cutoff != 24 || !near(p.Cost, 24*24.0/14) || p.Limit != 1000 || !near(p.Ratio, 24*24.0/14/346.8) || p.Within != 14 {
		t.Fatalf("restart prediction %+v, want c* 24 costing 41.14", p)
	}
	if !(p.CostLo <= p.Cost && p.Cost <= p.CostHi) {
		t.Errorf("prediction interval %g–%g", p.CostLo, p.CostHi)
	}
	s := g.Summary
	if s.ERTNodes != 346.8 || s.RestartCutoff != 24 || s.ERTTimeNS != 3468 {
		t.Errorf("summary columns %v %v %v", s.ERTNodes, s.RestartCutoff, s.ERTTimeNS)
	}
	if r.RunLengths == nil || !near(r.RunLengths.ERT.Nodes, 42) || r.RunLengths.Restart != nil {
		t.Fatalf("restart series %+v", r.RunLengths)
	}
	pr := r.RunLengths.Predicted
	if pr == nil || pr.Base != g.Series || !near(pr.Cost, p.Cost) || !pr.Inside(42) {
		t.Errorf("predicted for fixed:24: %+v (measured 42)", pr)
	}
	// Reproducible: the same data give the same intervals.
	again := readFixture(t, "runlengths.csv", Options{})
	if a := again.Groups[0].RunLengths; a.ERT != rl.ERT || a.Restart.CostLo != p.CostLo {
		t.Error("a second report of the same data draws other bootstrap intervals")
	}
	if sv := g.Survival(); !near(sv.At(24), 10.0/24) || !near(sv.At(999), 4.0/24) {
		t.Errorf("survival at 24: %g, at 999: %g", sv.At(24), sv.At(999))
	}
}

// One run from each of the 36 starts of 6x6 (every one has an open tour) is
// a spread over instances: ERT and tail, no restart prediction.
func TestSpreadOverStarts(t *testing.T) {
	var rows []string
	for sq := range 36 {
		rows = append(rows, fmt.Sprintf("6,6,%d,%d,dfs,first,false,0,0,found,yes,%d,0,%d,true,,false,,0,0,none,0,1000,", sq/6, sq%6, 100+sq*sq, 1000))
	}
	c := NewCollector(Options{})
	if err := c.Read(context.Background(), "spread.csv", strings.NewReader(runs.Header(false)+strings.Join(rows, "\n")+"\n")); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	rl := res.Groups[0].RunLengths
	if rl == nil || rl.Runs != 36 {
		t.Fatalf("run lengths %+v", rl)
	}
	if rl.Trials || rl.Restart != nil || rl.Kind() != "spread over 36 starts, one run each" {
		t.Errorf("spread: %+v, %q", rl, rl.Kind())
	}
	// No tail either: 36 runs, all tours, are all there is.
	if rl.Tail.OK || rl.Tail.Heavy() != runlength.CannotTell || !strings.Contains(rl.Tail.Verdict(), "a spread over instances") || !math.IsNaN(float64(res.Groups[0].Summary.TailIndex)) {
		t.Errorf("spread's tail: %+v, %q", rl.Tail, rl.Tail.Verdict())
	}
}

// bruteAttempt sums, run by run, min(X, c) and the runs that found a
// tour within c.
// bruteFixed is E[min(X, c)] / P(found, X <= c).
// c* and its cost against every cutoff from 1 to 1,000, on five runs worked
// by hand: found at 2, 2, 10 and 1,000, a dead end at 50. c = 2 costs
// (5·2)/5 / (2/5) = 5; c = 10, 34/5 / (3/5) = 11.3; c = 1,000, 1064/5 /
// (4/5) = 266 = the ERT.
// The expected cost of Luby's sequence (and a geometric one) against a
// direct sum, attempt by attempt, over the runs.
// The delta method's variance of a ratio of sums, by hand: runs that found
// a tour in 2 and 4 nodes and one that failed at 6, pairs (nodes, found)
// (2, 1), (4, 1), (6, 0), give r = 12/2 = 6; a - r·b = -4, -2, 6, whose
// mean square is 56/3; over n = 3 and the squared mean of b (4/9):
// 56/9 · 9/4 = 14.
// Exponential run lengths (what restarts with a fixed cutoff leave), with
// and without a budget at twice their mean, are never called heavy: over
// the short stretch their largest runs span, any tail looks like some power
// law.
// Exponential run lengths (light-tailed: every moment finite) of mean 70M
// nodes under a 5M-node budget, as 7x7 dfs in a random order gives: 93%
// of the runs are stopped, and the fit, which must come down into the body
// to find tours, saw an almost flat stretch that a Pareto law of index
// 0.02 fits; it was called heavy-tailed in 97 of 200 samples of 100 runs
// and 193 of 200 of 500. The estimate stays; the verdict cannot tell.
// Trials from several starts are resampled start by start: two starts
// whose runs all found a tour, in 10 and in 1,000 nodes, have ERT 505 in
// every resample (pooled resamples would vary the mix), with the bootstrap
// and with the delta method alike.
// A restart series whose cutoff lies below every run of its base series
// that found a tour (fixed:20 against base tours in 24 nodes or more) has
// an empirical cost of infinity: no prediction, with the reason, not an
// infinite one that its measured ERT would fall outside of.
func TestPredictionBelowEveryTour(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "runlengths.csv"))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCollector(Options{})
	if err := c.Read(context.Background(), "runlengths.csv", strings.NewReader(strings.ReplaceAll(string(b), "fixed:24", "fixed:20"))); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	pr := res.Groups[1].RunLengths.Predicted
	if pr == nil || !math.IsNaN(pr.Cost) || !math.IsNaN(pr.Lo) || !strings.Contains(pr.Why, "cannot predict") {
		t.Fatalf("predicted for fixed:20: %+v", pr)
	}
	if pr.Inside(42) {
		t.Error("inside a prediction that does not exist")
	}
}

// A policy whose first attempts are shorter than any run of its base
// series that found a tour (luby:12 against tours in 24 nodes or more) is
// predicted blind to their chance: Blind says so; fixed:24 is not.
func TestPredictionBlind(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "runlengths.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		policy string
		blind  bool
	}{{"fixed:24", false}, {"luby:12", true}, {`"geometric:23,2"`, true}} {
		c := NewCollector(Options{})
		if err := c.Read(context.Background(), "runlengths.csv", strings.NewReader(strings.ReplaceAll(string(b), "fixed:24", tt.policy))); err != nil {
			t.Fatal(err)
		}
		res, err := c.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if s := res.Groups[0].RunLengths.Restart.Shortest; s != 24 {
			t.Errorf("shortest tour %d nodes, want 24", s)
		}
		pr := res.Groups[1].RunLengths.Predicted
		if pr == nil || pr.Blind() != tt.blind || pr.Shortest != 24 {
			t.Errorf("%s: %+v, want blind %v", tt.policy, pr, tt.blind)
		}
	}
}

// The interval a prediction gives holds its ends: a measured ERT equal
// to Lo or Hi lies inside.
func TestPredictionInsideHoldsItsEnds(t *testing.T) {
	p := PredictedRestart{Lo: 100, Hi: 250}
	for _, tt := range []struct {
		name     string
		measured float64
		inside   bool
	}{
		{"below", 99.5, false}, {"at Lo", 100, true}, {"between", 180, true}, {"at Hi", 250, true}, {"above", 250.5, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := p.Inside(tt.measured); got != tt.inside {
				t.Errorf("Inside(%v) of [%v, %v] = %v, want %v", tt.measured, p.Lo, p.Hi, got, tt.inside)
			}
		})
	}
}

// A start with exactly MinRuns (20) trials is enough to predict restarts
// from; a start whose only run ended in error adds no start to the
// measures (errors are no run lengths). 20 trials of dfs/random from 0,0
// of 5x5, found in 25, 35, ... 215 nodes; one run in error from 0,2.
func TestRunLengthsAtMinRuns(t *testing.T) {
	c := NewCollector(Options{})
	for trial := 1; trial <= MinRuns; trial++ {
		nodes := int64(15 + 10*trial)
		if err := c.Add(runs.Row{Rows: 5, Cols: 5, Strategy: "dfs", Tiebreak: "random", Trial: trial, Status: status.Found,
			Solvable: "yes", Nodes: runs.Count(nodes), TimeNS: 10 * nodes, Verified: true, RestartPolicy: "none"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Add(runs.Row{Rows: 5, Cols: 5, StartCol: 2, Strategy: "dfs", Tiebreak: "random", Trial: 1, Status: status.Error,
		Solvable: "yes", Nodes: 5, TimeNS: 100, RestartPolicy: "none", Error: "it crashed"}); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	rl := res.Groups[0].RunLengths
	if rl == nil || rl.Runs != MinRuns || rl.Starts != 1 || !rl.Trials {
		t.Fatalf("run lengths %+v, want %d trials from 1 start", rl, MinRuns)
	}
	if rl.Restart == nil {
		t.Errorf("no restart prediction from a start with %d trials: %+v", MinRuns, rl)
	}
}

package runlength

import (
	"math"
	"math/rand/v2"
	"testing"

	"knightsweep/pkg/restart"
)

// Luby's best unit is the least cost over every unit, not over a grid: the
// cost of a unit u is a sum of E[min(X, u 2^j)] weighted by chances that
// only change where some u 2^j reaches a run's length, so between those
// points it grows with u and the least lies at a unit ceil(x / 2^j) for a
// length x of a run that found a tour. Runs that all take 36 nodes (6x6
// warnsdorff-bt, whose every trial finds its tour at once) cost 36 with
// unit 36; the grid's unit 19 cost 74. The brute force tries every unit.
func TestLubyBestUnit(t *testing.T) {
	same := make([]Run, 40)
	for i := range same {
		same[i] = Run{Nodes: 36}
	}
	mixed := randomRuns(60, 300, 3)
	for _, tt := range []struct {
		name string
		runs []Run
	}{{"all 36", same}, {"mixed", mixed}} {
		t.Run(tt.name, func(t *testing.T) {
			p := PredictRestarts([][]Run{tt.runs}, 1)
			e := NewEmpirical(tt.runs)
			best, unit := math.Inf(1), int64(0)
			for u := int64(1); u <= 4*e.found[len(e.found)-1]; u++ {
				if v := e.lubyCost(u); v < best {
					best, unit = v, u
				}
			}
			if !near(p.LubyCost, best) {
				t.Errorf("Luby unit %d costs %g, want unit %d at %g", p.LubyUnit, p.LubyCost, unit, best)
			}
		})
	}
	if p := PredictRestarts([][]Run{same}, 1); p.LubyUnit != 36 || p.LubyCost != 36 {
		t.Errorf("runs of 36 nodes: unit %d at %g, want unit 36 at 36", p.LubyUnit, p.LubyCost)
	}
}

// randomRuns are n runs of 1 to most nodes, drawn from a fixed seed, one
// in failOneIn of them failed for good, the others found a tour.
func randomRuns(n int, most int64, failOneIn int) []Run {
	rng := rand.New(rand.NewPCG(3, 4))
	var runs []Run
	for range n {
		r := Run{Nodes: 1 + rng.Int64N(most)}
		if rng.IntN(failOneIn) == 0 {
			r.Outcome = RunFailed
		}
		runs = append(runs, r)
	}
	return runs
}

// One ERT for a row: over the trials of several starts the ERT is the mean
// of the starts' ERTs, the figure the restart prediction's ratio divides
// by. Start A's 20 runs found a tour in 10 nodes (ERT 10); B's found one in
// 100 nodes half the time and were stopped at 1,000 the other half (ERT
// (10·100 + 10·1000) / 10 = 1,100): the ERT is 555, where pooling gave
// (200 + 11,000) / 30 = 373.3 beside a ratio over 555.
func TestERTOneDefinition(t *testing.T) {
	a, b := make([]Run, 20), make([]Run, 20)
	for i := range 20 {
		a[i] = Run{Nodes: 10}
		b[i] = Run{Nodes: 100}
		if i%2 == 1 {
			b[i] = Run{Nodes: 1000, Outcome: RunCensored}
		}
	}
	e := ExpectedRunningTimeByStart([][]Run{a, b}, 1)
	if !near(e.Nodes, 555) || e.Starts != 2 || e.Without != 0 {
		t.Errorf("ERT %g over %d starts, want 555 over 2", e.Nodes, e.Starts)
	}
	p := PredictRestarts([][]Run{a, b}, 1)
	if !near(p.ERT, e.Nodes) || !near(p.Ratio, p.Cost/e.Nodes) {
		t.Errorf("prediction's ERT %g, ratio %g; want the row's %g and cost/ERT %g", p.ERT, p.Ratio, e.Nodes, p.Cost/e.Nodes)
	}
	// c* = 100: A costs 10, B (10·100 + 10·100) / 10 = 200; the mean 105.
	if p.Cutoff != 100 || !near(p.Cost, 105) {
		t.Errorf("c* %d at %g, want 100 at 105", p.Cutoff, p.Cost)
	}
	// A start whose trials found no tour has no ERT: the mean is infinite.
	none := []Run{{Nodes: 5, Outcome: RunCensored}, {Nodes: 5, Outcome: RunCensored}}
	if e := ExpectedRunningTimeByStart([][]Run{a, none}, 1); !math.IsInf(e.Nodes, 1) || e.Without != 1 {
		t.Errorf("a start without a tour: ERT %g, %d without; want +Inf, 1", e.Nodes, e.Without)
	}
}

// A fixed cutoff's cost counts a run as a success only when it found its
// tour within the cutoff: runs that found one in 10, 10 and 100 nodes and
// one that failed at 100, under fixed:50, cost (10+10+50+50) / 2 = 60 in
// the point estimate, the bootstrap and (past MaxBootstrapRuns runs) the
// delta method alike; counting the run at 100 as a success within 50 would
// make it 40.
func TestFixedCostWithinCutoff(t *testing.T) {
	for _, n := range []int{5, 1500} {
		var runs []Run
		for range n {
			runs = append(runs, Run{Nodes: 10}, Run{Nodes: 10}, Run{Nodes: 100}, Run{Nodes: 100, Outcome: RunFailed})
		}
		p := PredictRestarts([][]Run{runs}, 1)
		cost, lo, hi := p.Predict(restart.Policy{Kind: restart.Fixed, C: 50})
		if !near(cost, 60) || !(lo <= 60 && 60 <= hi) || lo < 30 {
			t.Errorf("%d runs: fixed:50 costs %g (%g–%g), want 60 inside", len(runs), cost, lo, hi)
		}
		if got, _ := expectedCost([][]Run{runs}, 50, false, nil); !near(got, 60) {
			t.Errorf("%d runs: expectedCost %g, want 60", len(runs), got)
		}
	}
}

// The report's sum over runs: 20 runs that found a tour at a million
// nodes, under geometric:1000,1.00001, cost what the attempts below a
// million spend, 690,777 of them, plus a million: 9.99e10 (attempt by
// attempt, 99,900,672,738), where the sum cut short gave 6.55e9.
func TestPolicyCostSlowGeometric(t *testing.T) {
	runs := make([]Run, 20)
	for i := range runs {
		runs[i] = Run{Nodes: 1e6}
	}
	got := NewEmpirical(runs).PolicyCost(restart.Policy{Kind: restart.Geometric, C: 1000, F: 1.00001})
	if want := 99_900_672_738.0; !(math.Abs(got-want) <= 1e-6*want) {
		t.Errorf("geometric:1000,1.00001 costs %g, want %g", got, want)
	}
}

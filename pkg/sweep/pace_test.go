package sweep

import (
	"context"
	"math"
	"testing"
	"time"

	"knightsweep/pkg/plan"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
)

// The trial measures each group that holds a share of the work, by the
// clock, and gives a finite, positive factor for each; the default lies
// between them. On the quick preset's 7x7, dfs and warnsdorff-bt spend
// millions of nodes in 40 ms, so both are measured.
func TestMeasurePace(t *testing.T) {
	p, err := plan.New(settings(t, "7", 20_000_000, "dfs", "warnsdorff", "warnsdorff-bt"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	pace := MeasurePace(context.Background(), p, 2, 0, 40*time.Millisecond)
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("a 40 ms trial took %v", el)
	}
	lo, hi := math.Inf(1), 0.0
	for _, k := range []plan.PaceKey{{Strategy: "dfs"}, {Strategy: "warnsdorff-bt"}} {
		f, ok := pace.Factor[k]
		if !ok || !(f > 0) || math.IsInf(f, 0) {
			t.Errorf("%v: factor %g (measured %v)", k, f, ok)
		}
		lo, hi = min(lo, f), max(hi, f)
	}
	if _, ok := pace.Factor[plan.PaceKey{Strategy: "warnsdorff"}]; ok {
		t.Error("greedy warnsdorff, microseconds a run, was measured")
	}
	if pace.Default < lo || pace.Default > hi {
		t.Errorf("default %g outside the factors [%g, %g]", pace.Default, lo, hi)
	}
	// A canceled trial ends at once, with nothing measured.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := MeasurePace(ctx, p, 2, 0, time.Minute); len(got.Factor) != 0 {
		t.Errorf("canceled trial measured %v", got)
	}
}

// A trial run while other programs load the machine takes longer by the
// clock, not in CPU time: the pace it measures makes the estimate the
// load's, but the runaway refusal the same as an unloaded trial's. 8x8
// dfs with 10^12 nodes a run is 10.5 hours at the model's pace on 2
// workers: on a machine 1.5 times slower than the model, let through,
// loaded or not; on one 3 times slower, refused, loaded or not. The
// trial's searches are given the times (trialRun), not timed.
func TestLoadedTrialDoesNotFlipRunaway(t *testing.T) {
	p, err := plan.New(settings(t, "8", 1_000_000_000_000, "dfs"))
	if err != nil {
		t.Fatal(err)
	}
	samples := p.PaceSamples(paceMinShare)
	if len(samples) != 1 {
		t.Fatalf("samples %v, want dfs's alone", samples)
	}
	nsPerNode := samples[0].NsPerNode
	defer func(run func(context.Context, solver.Problem) (solver.Result, error)) { trialRun = run }(trialRun)
	for _, machine := range []float64{1.5, 3} {
		var refused []bool
		var estimates []float64
		for _, load := range []float64{1, 2, 5} {
			trialRun = func(context.Context, solver.Problem) (solver.Result, error) {
				const nodes = 1_000_000
				cpu := time.Duration(nodes * nsPerNode * machine)
				return solver.Result{Status: status.NodeLimit, Nodes: nodes, CPU: cpu, Elapsed: time.Duration(load * float64(cpu))}, nil
			}
			p.SetPace(MeasurePace(context.Background(), p, 2, 0, 30*time.Millisecond))
			_, cost := p.Cost(nil)
			estimates = append(estimates, cost)
			refused = append(refused, p.Runaway(nil, 2, 2) != "")
		}
		if refused[0] != (machine == 3) || refused[1] != refused[0] || refused[2] != refused[0] {
			t.Errorf("machine %gx the model: refused %v under loads 1, 2, 5: want %v each time", machine, refused, machine == 3)
		}
		if !(estimates[0] < estimates[1] && estimates[1] < estimates[2]) {
			t.Errorf("machine %gx the model: estimates %v s under loads 1, 2, 5: want the load's", machine, estimates)
		}
	}
}

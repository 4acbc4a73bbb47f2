package sweep

import (
	"context"
	"math"
	"testing"
	"time"

	"knightsweep/pkg/plan"
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

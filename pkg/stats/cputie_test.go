package stats

import (
	"math"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// cpuPair is two series that count no nodes, x and y, on 6x6 from 12
// starts, every run a tour: x's run from start s takes 50,000 + 100*(s%5)
// ns of CPU time, y's that plus yMore(s).
func cpuPair(t *testing.T, yMore func(s int) int64) *Results {
	t.Helper()
	c := NewCollector(Options{})
	for s := range 12 {
		x := runs.Count(50000 + 100*(s%5))
		for _, r := range []runs.Row{
			{Strategy: "x", CPUNS: x},
			{Strategy: "y", CPUNS: x + runs.Count(yMore(s))},
		} {
			r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak = 6, 6, s/6, s%6, "first"
			r.Status, r.Solvable, r.Verified, r.TimeNS = status.Found, "yes", true, 60000
			r.Nodes, r.Backtracks = runs.Unknown, runs.Unknown
			if err := c.Add(r); err != nil {
				t.Fatal(err)
			}
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Two series whose CPU times differ by less than runs.CPUResolution in
// every pair tie on CPU time: the thread's clock does not tell them
// apart, as it does not two series that run the identical search. From
// 1 µs apart the pair is ordered.
func TestCPUTie(t *testing.T) {
	for _, tc := range []struct {
		name         string
		yMore        func(s int) int64
		xLess, yLess int
		hl           float64 // the Hodges–Lehmann estimate of y's CPU time over x's
	}{
		// y's runs take 0 or 600 ns more than x's: all ties.
		{"within the resolution", func(s int) int64 { return int64(300*(s%4) - 300*(s%2)) }, 0, 0, 1},
		{"999 ns more", func(int) int64 { return 999 }, 0, 0, 1},
		// 1,000 ns more on 50,000 to 50,400: x needed less in all 12.
		{"1 µs more", func(int) int64 { return 1000 }, 12, 0, math.NaN()},
		{"1 µs less", func(int) int64 { return -1000 }, 0, 12, math.NaN()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := cpuPair(t, tc.yMore)
			hs := Compare(res)
			if len(hs) != 1 {
				t.Fatalf("%d comparisons, want 1", len(hs))
			}
			h := hs[0]
			if h.A.Key.Strategy != "x" {
				t.Fatalf("A is %s, want x", h.A.Key.Strategy)
			}
			if h.CostBy != CostCPU || h.CostALess != tc.xLess || h.CostBLess != tc.yLess || h.CostPairs != 12 {
				t.Errorf("cost_by %q, x less %d, y less %d over %d pairs; want %q, %d, %d, 12",
					h.CostBy, h.CostALess, h.CostBLess, h.CostPairs, CostCPU, tc.xLess, tc.yLess)
			}
			if tc.xLess+tc.yLess == 0 {
				if h.CostTied != 12 || float64(h.CostRatioHL) != tc.hl || float64(h.CostRatioMedian) != 1 || h.CostSignificant() || h.CostOrderSignificant() {
					t.Errorf("tied %d, HL %v, median %v, significant %v/%v; want 12 ties, 1, 1, not significant",
						h.CostTied, h.CostRatioHL, h.CostRatioMedian, h.CostSignificant(), h.CostOrderSignificant())
				}
			}
			series := res.Series
			if m := CostMeasure(res, series); m != ByCPU {
				t.Fatalf("measure %v, want CPU time", m)
			}
			r := Rank(res, series, ByCPU)
			xi := 0
			if series[0].Key.Strategy != "x" {
				xi = 1
			}
			p, ok := r.Pair(xi, 1-xi)
			if !ok {
				t.Fatal("no ranked pair")
			}
			if p.ABetter != tc.xLess || p.BBetter != tc.yLess {
				t.Errorf("ranking: x better in %d instances, y in %d; want %d, %d", p.ABetter, p.BBetter, tc.xLess, tc.yLess)
			}
		})
	}
}

package stats

import (
	"math"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// cpuSweep is dfs (nodes, CPU time 1000 a run) against c, a solver that
// counts no nodes and takes 50,000 ns of CPU time a run, on 6x6 from 12
// starts, every run a tour; cpu says which of c's runs have their CPU
// time (nil: every one).
func cpuSweep(t *testing.T, cpu func(start int) bool) *Results {
	t.Helper()
	c := NewCollector(Options{})
	for start := range 12 {
		for _, s := range []string{"dfs", "c"} {
			r := runs.Row{Rows: 6, Cols: 6, StartRow: start / 6, StartCol: start % 6, Strategy: s, Tiebreak: "first",
				Status: status.Found, Solvable: "yes", Nodes: 36, Backtracks: 0, TimeNS: 2000, CPUNS: 1000, Verified: true}
			if s == "c" {
				r.Nodes, r.Backtracks, r.TimeNS, r.CPUNS = runs.Unknown, runs.Unknown, 60000, 50000
				if cpu != nil && !cpu(start) {
					r.CPUNS = runs.Unknown
				}
			}
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

// An empty cpu_ns is unknown, never 0: c, whose runs each took 50 times
// dfs's CPU time, was ranked first by CPU time and "needed less" in every
// pair when its cpu_ns was empty (hostile report A, items 1 and 2). With
// some of c's CPU times unknown, those pairs are left out and counted;
// with none known, there is no cost comparison at all.
func TestUnknownCPUTime(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cpu     func(start int) bool
		costBy  string
		unknown int
		cLess   int // pairs where c needed less CPU time
		dfsLess int
		blocks  int // instances the ranking by CPU time rests on
	}{
		{"every run has it", nil, CostCPU, 0, 0, 12, 12},
		{"a third of c's runs lack it", func(s int) bool { return s%3 != 0 }, CostCPU, 4, 0, 8, 8},
		{"no run of c has it", func(int) bool { return false }, CostNone, 12, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := cpuSweep(t, tc.cpu)
			hs := Compare(res)
			if len(hs) != 1 {
				t.Fatalf("%d comparisons, want 1", len(hs))
			}
			h := hs[0]
			ratio := float64(h.CostRatioMedian)
			if h.A.Key.Strategy != "dfs" {
				h.A, h.B, h.CostALess, h.CostBLess, ratio = h.B, h.A, h.CostBLess, h.CostALess, 1/ratio
			}
			if h.CostBy != tc.costBy || h.CostUnknown != tc.unknown || h.CostALess != tc.dfsLess || h.CostBLess != tc.cLess {
				t.Errorf("cost_by %q, cost_unknown %d, dfs less %d, c less %d; want %q, %d, %d, %d",
					h.CostBy, h.CostUnknown, h.CostALess, h.CostBLess, tc.costBy, tc.unknown, tc.dfsLess, tc.cLess)
			}
			if h.CostPairs != 12-tc.unknown {
				t.Errorf("cost rests on %d pairs, want %d", h.CostPairs, 12-tc.unknown)
			}
			switch {
			case tc.costBy == CostNone:
				if !math.IsNaN(float64(h.CostRatioMedian)) || !math.IsNaN(float64(h.CostOrderP)) || !math.IsNaN(float64(h.CostP)) {
					t.Errorf("no cost to compare, yet ratio %v, sign test p %v, signed-rank p %v", h.CostRatioMedian, h.CostOrderP, h.CostP)
				}
				if len(h.CostLacking) != 1 || h.CostLacking[0] != h.B.Label {
					t.Errorf("lacking %q, want c's label %q", h.CostLacking, h.B.Label)
				}
			case ratio != 50:
				t.Errorf("c's CPU time over dfs's: median %v, want 50", ratio)
			}
			// The time columns rest on every pair whatever the CPU time.
			if h.TimeALess+h.TimeBLess != 12 {
				t.Errorf("time order over %d pairs, want 12", h.TimeALess+h.TimeBLess)
			}

			series := res.Series
			m := CostMeasure(res, series)
			if m != ByCPU {
				t.Fatalf("measure %v, want CPU time", m)
			}
			r := Rank(res, series, m)
			if r.Blocks != tc.blocks || r.Unknown != 12-tc.blocks {
				t.Errorf("ranked over %d instances, %d left out; want %d, %d", r.Blocks, r.Unknown, tc.blocks, 12-tc.blocks)
			}
			if r.Blocks > 0 && res.Series[r.Order[0]].Key.Strategy != "dfs" {
				t.Errorf("%s ranks first by CPU time, want dfs", res.Series[r.Order[0]].Label)
			}
		})
	}
}

// A run without CPU time has no known order against any other by CPU
// time, whatever their statuses.
func TestSoonerUnknownCPU(t *testing.T) {
	found := sample{st: uint8(status.Found.Index()), cpu: 10}
	unknown := sample{st: uint8(status.Found.Index()), cpu: -1}
	failed := sample{st: uint8(status.DeadEnd.Index()), cpu: -1}
	for _, p := range [][2]sample{{found, unknown}, {unknown, found}, {unknown, unknown}, {found, failed}} {
		if v := sooner(p[0], p[1], sampleCPU, 0); v != 0 {
			t.Errorf("sooner(%+v, %+v) = %d, want 0", p[0], p[1], v)
		}
	}
	if v := sooner(found, sample{st: uint8(status.Found.Index()), cpu: 20}, sampleCPU, 0); v != -1 {
		t.Errorf("known CPU times: %d, want -1", v)
	}
}

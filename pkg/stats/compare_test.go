package stats

import (
	"math"
	"testing"
)

func TestSignTest(t *testing.T) {
	for _, tt := range []struct {
		a, b int
		p    float64
	}{
		{0, 0, 1},
		{1, 0, 1},                       // 2 * 1/2
		{2, 0, 0.5},                     // 2 * 1/4
		{1, 3, 0.625},                   // 2 * (1 + 4)/16
		{10, 0, 2.0 / 1024},             // 2 * 1/1024
		{2, 3, 1},                       // 2 * (1 + 5 + 10)/32, capped
		{9, 1, 2 * 11.0 / 1024},         // 2 * (1 + 10)/1024
		{20, 5, 2 * 68406 / 33554432.0}, // 2 * (1 + 25 + 300 + 2300 + 12650 + 53130)/2^25
		// Past 1000 terms the log-gamma path: 2 * sum(C(2000, i), i <= 950) / 2^2000,
		// evaluated in exact integer arithmetic.
		{1050, 950, 0.026824146240280695},
	} {
		if got := SignTest(tt.a, tt.b); math.Abs(got-tt.p) > 1e-12*math.Max(1, tt.p) {
			t.Errorf("SignTest(%d, %d) = %g, want %g", tt.a, tt.b, got, tt.p)
		}
	}
}

// Head to head on testdata/small.csv, computed by hand.
func TestCompare(t *testing.T) {
	res := readSmall(t)
	cs := Compare(res)
	type row struct {
		a, b               string
		starts             int
		nodesA, nodesB     float64
		timeA, timeB       float64
		winsA, winsB, ties int
		p                  float64
	}
	want := []row{
		// 0,0: both found, prune with fewer nodes (80 < 100).
		{"dfs", "dfs, prune", 1, 100, 80, 1000, 900, 0, 1, 0, 1},
		// 0,0 both found, 25 < 100: B. 0,1 both fail, 10 < 400: B.
		// 0,2 only dfs found: A. 1,1 only warnsdorff found: B.
		// dfs nodes 100 400 300 1000 -> 350; warnsdorff 25 10 20 25 -> 22.5.
		// dfs time 1000 4000 2000 9000 -> 3000; warnsdorff 100 50 80 120 -> 90.
		{"dfs", "warnsdorff/first", 4, 350, 22.5, 3000, 90, 1, 3, 0, 0.625},
		// 0,0: dfs 1/1 beats 2/3; 2,2: dfs found, random did not.
		// random's per-start medians: 0,0 nodes 25 time 100; 2,2 18 and 70.
		{"dfs", "warnsdorff/random", 2, 150, 21.5, 2000, 85, 2, 0, 0, 0.5},
		{"dfs, prune", "warnsdorff/first", 1, 80, 25, 900, 100, 0, 1, 0, 1},
		// 0,0: 1/1 against 2/3.
		{"dfs, prune", "warnsdorff/random", 1, 80, 25, 900, 100, 1, 0, 0, 1},
		{"warnsdorff/first", "warnsdorff/random", 1, 25, 25, 100, 100, 1, 0, 0, 1},
	}
	if len(cs) != len(want) {
		t.Fatalf("%d comparisons, want %d: %+v", len(cs), len(want), cs)
	}
	for i, w := range want {
		c := cs[i]
		got := row{c.A.Label, c.B.Label, c.Starts, c.NodesA, c.NodesB, c.TimeA, c.TimeB, c.WinsA, c.WinsB, c.Ties, c.P}
		if math.Abs(got.p-w.p) < 1e-12 {
			got.p = w.p
		}
		if got != w {
			t.Errorf("comparison %d:\n got %+v\nwant %+v", i, got, w)
		}
	}
	if r := cs[1].NodesRatio(); math.Abs(r-22.5/350) > 1e-12 {
		t.Errorf("nodes ratio %g", r)
	}
	if r := cs[1].TimeRatio(); math.Abs(r-0.03) > 1e-12 {
		t.Errorf("time ratio %g", r)
	}
	if r := (Comparison{NodesA: 0, NodesB: 5}).NodesRatio(); !math.IsNaN(r) {
		t.Errorf("ratio over zero = %g, want NaN", r)
	}
}

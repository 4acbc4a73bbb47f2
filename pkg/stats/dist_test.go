package stats

import (
	"math"
	"testing"
)

func TestQuantile(t *testing.T) {
	x := []int64{100, 200, 300, 400, 1000}
	for _, tt := range []struct{ p, want float64 }{
		{0, 100}, {0.5, 300}, {1, 1000},
		// h = 4 * 0.9 = 3.6: 400 + 0.6 * (1000 - 400).
		{0.9, 760},
		// h = 4 * 0.25 = 1: exactly the second value.
		{0.25, 200},
	} {
		if got := Quantile(x, tt.p); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Quantile(%v, %g) = %g, want %g", x, tt.p, got, tt.want)
		}
	}
	if got := Quantile([]int64{7}, 0.9); got != 7 {
		t.Errorf("Quantile of one value = %g", got)
	}
	if got := Quantile(nil, 0.5); !math.IsNaN(got) {
		t.Errorf("Quantile of nothing = %g, want NaN", got)
	}
}

func TestDescribe(t *testing.T) {
	for _, tt := range []struct {
		x    []int64
		want Dist
	}{
		// Even n: the median is the mean of the middle two; h = 3 * 0.9 = 2.7.
		{[]int64{25, 10, 25, 20}, Dist{N: 4, Median: 22.5, P90: 25, Max: 25, Mean: 20}},
		{[]int64{120, 50, 100, 80}, Dist{N: 4, Median: 90, P90: 114, Max: 120, Mean: 87.5}},
		{[]int64{9000, 1000, 3000, 4000, 2000}, Dist{N: 5, Median: 3000, P90: 7000, Max: 9000, Mean: 3800}},
	} {
		got := Describe(tt.x)
		if !distClose(got, tt.want) {
			t.Errorf("Describe = %+v, want %+v", got, tt.want)
		}
	}
	if d := Describe(nil); d.N != 0 || !math.IsNaN(d.Median) || !math.IsNaN(d.Mean) {
		t.Errorf("Describe(nil) = %+v", d)
	}
}

func distClose(a, b Dist) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	return a.N == b.N && near(a.Median, b.Median) && near(a.P90, b.P90) && near(a.Max, b.Max) && near(a.Mean, b.Mean)
}

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
		if got := Quantile(x, tt.p); !(math.Abs(got-tt.want) <= 1e-9) {
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

// A quantile is a lower bound exactly when a censored value is at most the
// larger order statistic it uses; worked out by hand.
func TestDescribeCensored(t *testing.T) {
	c := func(v int64) obs { return obs{v, true} }
	m := func(v int64) obs { return obs{v, false} }
	for _, tt := range []struct {
		name   string
		x      []obs
		median Bound
		p90    Bound
		max    Bound
		mean   float64
	}{
		{"no censoring", []obs{m(10), m(30), m(20), m(40)}, Bound{25, false}, Bound{37, false}, Bound{40, false}, 25},
		// Budget 100 stopped two of five: the median (30) rests on
		// measurements below every censored value; p90 and max do not.
		{"budget above the median", []obs{m(10), m(30), c(100), m(20), c(100)}, Bound{30, false}, Bound{100, true}, Bound{100, true}, math.NaN()},
		// Three of five stopped: the median falls on a censored run.
		{"median on a budget", []obs{m(10), c(100), c(100), m(20), c(100)}, Bound{100, true}, Bound{100, true}, Bound{100, true}, math.NaN()},
		// A timeout stopped a run early (at 15 nodes): it might have needed
		// more than the 30 the median shows, or than the 50 of the largest.
		{"early timeout", []obs{m(10), c(15), m(30), m(40), m(50)}, Bound{30, true}, Bound{46, true}, Bound{50, true}, math.NaN()},
		// Even sample: the median interpolates 20 and 40; the censored 40
		// is the upper order statistic it uses.
		{"interpolating onto a censored run", []obs{m(10), m(20), c(40), m(50)}, Bound{30, true}, Bound{47, true}, Bound{50, true}, math.NaN()},
		// Censored only above: the minimum's quantile stays a measurement.
		{"low quantiles", []obs{m(1), m(2), m(3), m(4), m(5), m(6), m(7), m(8), m(9), c(10)}, Bound{5.5, false}, Bound{9.1, true}, Bound{10, true}, math.NaN()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := describe(tt.x)
			near := func(a, b Bound) bool { return a.Censored == b.Censored && math.Abs(a.Value-b.Value) < 1e-9 }
			if !near(d.Median, tt.median) || !near(d.P90, tt.p90) || !near(d.Max, tt.max) ||
				math.IsNaN(d.Mean) != math.IsNaN(tt.mean) || !math.IsNaN(tt.mean) && d.Mean != tt.mean {
				t.Errorf("describe = median %+v p90 %+v max %+v mean %g;\nwant median %+v p90 %+v max %+v mean %g",
					d.Median, d.P90, d.Max, d.Mean, tt.median, tt.p90, tt.max, tt.mean)
			}
		})
	}
	if d := describe(nil); !math.IsNaN(d.Median.Value) || !math.IsNaN(d.Mean) {
		t.Errorf("empty sample: %+v", d)
	}
}

// Quantiles between the two smallest values interpolate as well: type 7
// puts the p-quantile at h = (n-1)p, here below 1.
func TestQuantileBelowTheSecondValue(t *testing.T) {
	for _, tt := range []struct {
		name string
		x    []int64
		p    float64
		want float64
	}{
		// h = 4 * 0.1 = 0.4: 100 + 0.4 * (200 - 100).
		{"p10 of five", []int64{100, 200, 300, 400, 1000}, 0.1, 140},
		// h = 0.5: halfway between the two.
		{"median of two", []int64{10, 30}, 0.5, 20},
		// h = 0.9: 10 + 0.9 * 20.
		{"p90 of two", []int64{10, 30}, 0.9, 28},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Quantile(tt.x, tt.p); !(math.Abs(got-tt.want) <= 1e-9) { // NaN fails too
				t.Errorf("Quantile(%v, %g) = %g, want %g", tt.x, tt.p, got, tt.want)
			}
		})
	}
}

package stats

import (
	"math"
	"slices"
)

// Bound is a figure that may be only a lower bound: a statistic of a
// sample in which some runs were stopped by a budget (censored). The nodes
// or time such a run recorded is what it had spent when it was stopped, so
// its true cost is at least that; a statistic that depends on such a value
// is at least what it shows. Reports write it as ">= value".
type Bound struct {
	Value float64
	// Censored marks Value as a lower bound.
	Censored bool
}

// Dist describes a sample of nodes or nanoseconds, some of whose values may
// be censored.
type Dist struct {
	N      int
	Median Bound
	P90    Bound
	Max    Bound
	// Mean is NaN when any value is censored: an average of lower bounds is
	// not a measurement.
	Mean float64
}

// obs is one observation: a value, and whether it is censored.
type obs struct {
	v    int64
	cens bool
}

// describe returns the median, 90th percentile, maximum and mean of x,
// sorting x in place. Quantiles interpolate linearly between order
// statistics (type 7 of Hyndman and Fan, the default of R and NumPy). A
// quantile is marked censored when a censored value is at most the larger
// order statistic it uses: replacing censored values by their true, larger
// ones could then raise it; otherwise every value it rests on, and every
// value below them, is a measurement, and so is the quantile. An empty
// sample gives NaN figures, and so does one with an unknown value (a
// negative one: the nodes of an external solver that does not count
// them, runs.Unknown), whose figures would rest on the runs that happened
// to report.
func describe(x []obs) Dist {
	nan := math.NaN()
	if len(x) == 0 || slices.ContainsFunc(x, func(o obs) bool { return !known(o.v) }) {
		return Dist{N: len(x), Median: Bound{Value: nan}, P90: Bound{Value: nan}, Max: Bound{Value: nan}, Mean: nan}
	}
	slices.SortFunc(x, func(a, b obs) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	minCens := int64(math.MaxInt64)
	var sum float64
	censored := false
	for _, o := range x {
		sum += float64(o.v)
		if o.cens {
			censored = true
			minCens = min(minCens, o.v)
		}
	}
	quantile := func(p float64) Bound {
		v, upper := quantileAt(len(x), p, func(i int) int64 { return x[i].v })
		return Bound{Value: v, Censored: censored && minCens <= upper}
	}
	d := Dist{N: len(x), Median: quantile(0.5), P90: quantile(0.9), Max: quantile(1), Mean: sum / float64(len(x))}
	if censored {
		d.Mean = nan
	}
	return d
}

// Quantile returns the p-quantile of the sorted sample x, interpolating
// linearly between the order statistics around (n-1)p (type 7 of Hyndman
// and Fan). It returns NaN for an empty sample.
func Quantile(sorted []int64, p float64) float64 {
	v, _ := quantileAt(len(sorted), p, func(i int) int64 { return sorted[i] })
	return v
}

// quantileAt is Quantile over n sorted values at(0..n-1); it also returns
// the larger order statistic it used.
func quantileAt(n int, p float64, at func(int) int64) (float64, int64) {
	if n == 0 {
		return math.NaN(), 0
	}
	h := float64(n-1) * p
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return float64(at(n - 1)), at(n - 1)
	}
	if lo < 0 {
		return float64(at(0)), at(0)
	}
	frac := h - float64(lo)
	a, b := float64(at(lo)), float64(at(lo+1))
	if frac == 0 {
		return a, at(lo)
	}
	return a + frac*(b-a), at(lo + 1)
}

// medianFloat returns the median of x, sorting it in place; NaN if empty.
func medianFloat(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	slices.Sort(x)
	n := len(x)
	if n%2 == 1 {
		return x[n/2]
	}
	return (x[n/2-1] + x[n/2]) / 2
}

package stats

import (
	"math"
	"slices"
)

// Dist describes a sample of nodes or nanoseconds.
type Dist struct {
	N      int
	Median float64
	P90    float64
	Max    float64
	Mean   float64
}

// Describe returns the median, 90th percentile, maximum and mean of x,
// sorting x in place. An empty sample gives NaN figures.
func Describe(x []int64) Dist {
	if len(x) == 0 {
		nan := math.NaN()
		return Dist{Median: nan, P90: nan, Max: nan, Mean: nan}
	}
	slices.Sort(x)
	var sum float64
	for _, v := range x {
		sum += float64(v)
	}
	return Dist{
		N:      len(x),
		Median: Quantile(x, 0.5),
		P90:    Quantile(x, 0.9),
		Max:    float64(x[len(x)-1]),
		Mean:   sum / float64(len(x)),
	}
}

// Quantile returns the p-quantile of the sorted sample x, interpolating
// linearly between the order statistics around (n-1)p (type 7 of Hyndman
// and Fan). It returns NaN for an empty sample.
func Quantile(sorted []int64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	h := float64(n-1) * p
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return float64(sorted[n-1])
	}
	if lo < 0 {
		return float64(sorted[0])
	}
	frac := h - float64(lo)
	a, b := float64(sorted[lo]), float64(sorted[lo+1])
	return a + frac*(b-a)
}

// median returns the median of x, sorting it in place.
func median(x []float64) float64 {
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

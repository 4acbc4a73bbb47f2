package stats

import (
	"math"
	"slices"
)

// HodgesLehmann returns the Hodges–Lehmann estimate of the centre of the
// paired differences d: the median of the Walsh averages (d_i + d_j)/2,
// i <= j, over the nonzero differences (the ones SignedRank ranks, as R's
// wilcox.test drops zeros for both). It is the estimate that goes with the
// signed-rank test: the test's confidence interval is built around it, so
// when the test rejects "no shift" the estimate lies on the side it
// rejects towards. The median of the differences need not: most pairs a
// little cheaper for B and the rest far costlier give a median below zero
// and a test, and this estimate, above it. With no nonzero difference it
// returns 0 (no shift); NaN values are left out.
//
// The k-th smallest of the n(n+1)/2 averages is found without listing
// them: a bisection over the ordered float64 values, each step counting
// the averages at or below a value with two pointers over the sorted
// differences (O(n) a step, at most 64 steps), so a comparison of a
// million pairs costs no quadratic memory.
func HodgesLehmann(d []float64) float64 {
	x := ranked(d)
	n := int64(len(x))
	if n == 0 {
		return 0
	}
	slices.Sort(x)
	total := n * (n + 1) / 2
	k := (total + 1) / 2 // the lower middle average, 1-based
	lo := walshSmallest(x, k)
	if total%2 == 1 {
		return lo
	}
	return (lo + walshSmallest(x, k+1)) / 2
}

// walsh is the Walsh average of two differences, computed one way
// everywhere so that counting and selecting agree on every value.
func walsh(a, b float64) float64 { return a/2 + b/2 }

// walshSmallest returns the k-th smallest (1-based) Walsh average of the
// sorted x: the least value v with countWalsh(x, v) >= k, found by
// bisection over the float64s ordered as integers.
func walshSmallest(x []float64, k int64) float64 {
	n := len(x)
	lo, hi := orderedBits(walsh(x[0], x[0])), orderedBits(walsh(x[n-1], x[n-1]))
	for lo < hi {
		mid := lo + int64((uint64(hi)-uint64(lo))/2) // hi-lo may pass MaxInt64
		if countWalsh(x, fromOrderedBits(mid)) >= k {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return fromOrderedBits(lo)
}

// countWalsh counts the Walsh averages of the sorted x at or below v. For
// each i the j >= i whose average is at most v form a prefix that only
// shrinks as i grows (rounding is monotone), so one pointer walks down.
func countWalsh(x []float64, v float64) int64 {
	var c int64
	j := len(x) - 1
	for i := range x {
		for j >= i && walsh(x[i], x[j]) > v {
			j--
		}
		if j < i {
			break
		}
		c += int64(j - i + 1)
	}
	return c
}

// orderedBits maps a float64 to an int64 that orders as the float does:
// a positive float's bits already do; a negative one's magnitude goes the
// other way, below every positive key (-0 just below +0).
func orderedBits(f float64) int64 {
	b := math.Float64bits(f)
	if b>>63 == 1 {
		return -1 - int64(b&math.MaxInt64)
	}
	return int64(b)
}

// fromOrderedBits inverts orderedBits.
func fromOrderedBits(k int64) float64 {
	if k < 0 {
		return math.Float64frombits(uint64(-1-k) | 1<<63)
	}
	return math.Float64frombits(uint64(k))
}

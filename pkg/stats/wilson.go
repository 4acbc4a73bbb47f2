package stats

import "math"

// Z95 is the standard normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// Interval is a confidence interval [Lo, Hi] for a proportion.
type Interval struct{ Lo, Hi float64 }

// Wilson returns the Wilson score interval for k successes in n trials at
// normal quantile z (Z95 for 95%). Unlike the normal approximation it stays
// inside [0, 1] and is honest at 0 and n successes. For n == 0 nothing is
// known: both bounds are NaN.
func Wilson(k, n int, z float64) Interval {
	if n <= 0 || k < 0 || k > n {
		return Interval{math.NaN(), math.NaN()}
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	denom := 1 + z2/nf
	centre := (p + z2/(2*nf)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	iv := Interval{centre - half, centre + half}
	// The formula gives exactly 0 and 1 at the ends; rounding does not.
	if k == 0 {
		iv.Lo = 0
	}
	if k == n {
		iv.Hi = 1
	}
	return iv
}

// Rate returns k/n, or NaN when n is 0.
func Rate(k, n int) float64 {
	if n <= 0 {
		return math.NaN()
	}
	return float64(k) / float64(n)
}

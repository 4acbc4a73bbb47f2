package stats

import (
	"math"
	"slices"
	"sort"
)

// signTermsUpTo is the most pairs SignTest sums term by term from 2^-n:
// 2^-1000 is still a normal float64. Past it, through Lgamma.
const signTermsUpTo = 1000

// SignTest returns the two-sided exact binomial test p-value for a
// successes against b failures when each is equally likely: 2 P(X <=
// min(a, b)) for X ~ Binomial(a+b, 1/2), capped at 1. With no trials it
// returns 1. It is the exact McNemar test when a and b count the
// discordant pairs (only A found a tour; only B did).
func SignTest(a, b int) float64 {
	n := a + b
	if n == 0 {
		return 1
	}
	k := min(a, b)
	sum := 0.0
	if n <= signTermsUpTo {
		// C(n, i)/2^n term by term.
		term := math.Ldexp(1, -n)
		for i := 0; i <= k; i++ {
			sum += term
			term = term * float64(n-i) / float64(i+1)
		}
	} else {
		lgN1, _ := math.Lgamma(float64(n + 1))
		for i := 0; i <= k; i++ {
			lgI, _ := math.Lgamma(float64(i + 1))
			lgNI, _ := math.Lgamma(float64(n - i + 1))
			sum += math.Exp(lgN1 - lgI - lgNI - float64(n)*math.Ln2)
		}
	}
	return math.Min(1, 2*sum)
}

// McNemar returns the exact McNemar test's two-sided p-value for paired
// successes: aOnly pairs where only A succeeded, bOnly where only B did.
// Pairs where both or neither succeeded say nothing of which is better and
// do not enter the test.
func McNemar(aOnly, bOnly int) float64 { return SignTest(aOnly, bOnly) }

// exactSignedRankMax is the most nonzero differences SignedRank takes its
// exact distribution for; above, the normal approximation is within 1e-3.
const exactSignedRankMax = 100

// SignedRank returns the two-sided p-value of the Wilcoxon signed-rank test
// that the differences d are symmetric about zero (the paired samples come
// from one distribution), and the number of nonzero differences it rests
// on. Zero differences are dropped; tied absolute values share their mean
// rank. Up to exactSignedRankMax differences the p-value is exact (the
// distribution of the positive rank sum over the 2^n sign patterns, mid
// ranks included); beyond, the normal approximation with the tie
// correction and a continuity correction.
func SignedRank(d []float64) (p float64, n int) {
	x := ranked(d)
	abs := make([]float64, len(x))
	pos := make([]bool, len(x))
	for i, v := range x {
		abs[i], pos[i] = math.Abs(v), v > 0
	}
	n = len(abs)
	if n == 0 {
		return 1, 0
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return abs[idx[a]] < abs[idx[b]] })
	// Doubled ranks are whole numbers even where ties share a mid rank.
	rank2 := make([]int, n)
	var tieTerm float64
	for i := 0; i < n; {
		j := i
		for j < n && abs[idx[j]] == abs[idx[i]] {
			j++
		}
		r2 := i + j + 1 // 2 * mean of ranks i+1..j
		for k := i; k < j; k++ {
			rank2[idx[k]] = r2
		}
		t := float64(j - i)
		tieTerm += t*t*t - t
		i = j
	}
	w2 := 0 // doubled sum of the ranks of positive differences
	for i := range n {
		if pos[i] {
			w2 += rank2[i]
		}
	}
	total2 := n * (n + 1) // doubled sum of all ranks
	if n <= exactSignedRankMax {
		// counts[s]: sign patterns whose doubled positive rank sum is s.
		counts := make([]float64, total2+1)
		counts[0] = 1
		for _, r := range rank2 {
			for s := total2; s >= r; s-- {
				counts[s] += counts[s-r]
			}
		}
		var lo, hi float64
		for s, c := range counts {
			if s <= w2 {
				lo += c
			}
			if s >= w2 {
				hi += c
			}
		}
		all := math.Ldexp(1, n)
		return math.Min(1, 2*math.Min(lo, hi)/all), n
	}
	nf := float64(n)
	mean := nf * (nf + 1) / 4
	sd := math.Sqrt(nf*(nf+1)*(2*nf+1)/24 - tieTerm/48)
	w := float64(w2) / 2
	z := (math.Abs(w-mean) - 0.5) / sd
	return math.Min(1, math.Erfc(math.Max(z, 0)/math.Sqrt2)), n
}

// ranked returns the differences the signed-rank test ranks, and its
// Hodges–Lehmann estimate averages: those that are neither zero (no sign)
// nor NaN.
func ranked(d []float64) []float64 {
	x := make([]float64, 0, len(d))
	for _, v := range d {
		if v != 0 && !math.IsNaN(v) {
			x = append(x, v)
		}
	}
	return x
}

// holmOrder returns the indices of p's values that are not NaN, smallest
// value first (ties in their order): the order Holm's method steps down.
func holmOrder(p []float64) []int {
	var idx []int
	for i, v := range p {
		if !math.IsNaN(v) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case p[a] < p[b]:
			return -1
		case p[a] > p[b]:
			return 1
		}
		return 0
	})
	return idx
}

// Holm adjusts p-values for multiple comparisons by Holm's step-down
// method: the family-wise error rate stays at the level used, however many
// comparisons a report makes. NaN values are left out and left NaN.
func Holm(p []float64) []float64 {
	idx := holmOrder(p)
	out := make([]float64, len(p))
	for i := range out {
		out[i] = math.NaN()
	}
	m := len(idx)
	running := 0.0
	for k, i := range idx {
		running = math.Max(running, math.Min(1, float64(m-k)*p[i]))
		out[i] = running
	}
	return out
}

package plan

import (
	"math"

	"knightsweep/pkg/restart"
)

// A randomised search's run is a series of attempts (restart): each draws
// its nodes afresh from the search's run-length distribution, and the run
// ends with the first attempt that finishes its search within its cutoff,
// having found a tour or proved there is none, or when the budget is
// spent. Its nodes depend on that distribution, which a sweep measures,
// so the cost model guesses the distribution and computes what the
// policy makes of it. Pricing a restarted run as the run without restarts
// put the restarts preset's dfs at 7.5G nodes where its runs entered 4.5G.

// runLength is the distribution of the nodes a search's attempt takes
// to finish when no cutoff stops it.
type runLength interface {
	// cdf is P(X <= x).
	cdf(x float64) float64
	// meanCapped is E[min(X, limit)].
	meanCapped(limit float64) float64
}

// logNormal is a log-normal run length: median nodes, spread in decades
// (the standard deviation of log10 X), and an end, the most nodes the
// search can take (X is min(X, end)).
type logNormal struct{ median, decades, end float64 }

func (d logNormal) cdf(x float64) float64 {
	if x >= d.end {
		return 1
	}
	if x <= 0 {
		return 0
	}
	return normalCDF(math.Log10(x/d.median) / d.decades)
}

func (d logNormal) meanCapped(limit float64) float64 {
	if limit <= 0 {
		return 0
	}
	return meanCapped(d.median, d.decades, min(limit, d.end))
}

// fixedLength is a run length that is always the same: a complete search
// from a start without a tour, which must exhaust the tree.
type fixedLength float64

func (d fixedLength) cdf(x float64) float64 {
	if x >= float64(d) {
		return 1
	}
	return 0
}

func (d fixedLength) meanCapped(limit float64) float64 { return min(limit, float64(d)) }

// randomOrderFind guesses the run length of dfs in a random move order
// (-order random) from a start that has a tour. Fitted (least squares of
// the probit of P(X <= c) against log10 c) to the fraction of attempts
// that found a tour with cutoffs c from the board's squares to 5M nodes,
// 200 runs each from the corner (experiment run -order random -restarts
// fixed:C,..., 2026-11-26): median 32,300 nodes and spread 1.11 decades
// on 5x5, 4.11M and 1.35 on 6x6, 887M and 1.83 on 7x7; the fits are within
// 25% of the measured fractions from 72 nodes up (2.3x over at 49 on
// 7x7, where a tour must be found without a retreat). Between those
// boards the model interpolates, beyond them it goes on as from 6x6 to
// 7x7 (tenfold every 5.6 squares, spread at most 3 decades). The corner
// is the easiest start: on 6x6 the other squares' fractions (60 runs from
// each of the five other kinds of square) are 2.7 to 3.5 times smaller at
// every cutoff from 500 to 200,000 nodes, as from ten times the median
// and 0.15 more decades.
func randomOrderFind(squares int, corner bool) logNormal {
	type fit struct{ squares, log10Median, decades float64 }
	fits := [...]fit{{25, 4.509, 1.11}, {36, 6.614, 1.35}, {49, 8.948, 1.83}}
	s := float64(squares)
	i := 0
	for i < len(fits)-2 && s > fits[i+1].squares {
		i++
	}
	a, b := fits[i], fits[i+1]
	t := (s - a.squares) / (b.squares - a.squares)
	m := a.log10Median + t*(b.log10Median-a.log10Median)
	d := a.decades + t*(b.decades-a.decades)
	if !corner {
		m++
		d += 0.15
	}
	d = min(3, max(0.5, d))
	return logNormal{median: math.Pow(10, m), decades: d, end: exhaustNodes(squares)}
}

// maxAttempts bounds the attempts seriesNodes adds one by one. Beyond, the
// rest of the run is priced as a run without restarts: by then a run whose
// cutoffs grow (Luby's, geometric) is on cutoffs thousands of times its
// first, which is what its attempts approach.
const maxAttempts = 1 << 16

// seriesNodes returns the expected nodes of a run under policy p whose
// attempts take d's nodes, with at most limit (+Inf: none) nodes in all.
// Attempt i ends the run if it finishes within its cutoff c_i, which it
// does with probability F(c_i); else it spends exactly c_i. So
//
//	E = sum_i S_i E[min(X, min(c_i, limit - c_0 - ... - c_{i-1}))]
//
// with S_i the probability that attempts 0..i-1 all failed. A fixed cutoff
// sums as a geometric series; other policies attempt by attempt, each
// distinct cutoff's F and E[min(X, c)] computed once.
func seriesNodes(p restart.Policy, d runLength, limit float64) float64 {
	if p.Kind == restart.None {
		return d.meanCapped(limit)
	}
	if p.Capped() {
		c := float64(p.Cutoff(0))
		f, m := d.cdf(c), d.meanCapped(c)
		k := math.Floor(limit / c) // attempts the budget lets end at their cutoff
		if f == 0 {
			if math.IsInf(k, 1) {
				return math.Inf(1)
			}
			return k*m + d.meanCapped(limit-k*c)
		}
		if math.IsInf(k, 1) {
			return m / f
		}
		// (1 - (1-f)^k) / f, without the cancellation of 1 - (1-f)^k for
		// small f.
		fail := k * math.Log1p(-f)
		return m*(-math.Expm1(fail)/f) + math.Exp(fail)*d.meanCapped(limit-k*c)
	}
	type term struct{ f, m float64 }
	memo := map[float64]term{}
	var spent, total float64
	survive := 1.0
	for i := int64(0); ; i++ {
		if i == maxAttempts {
			return total + survive*d.meanCapped(limit-spent)
		}
		c := float64(p.Cutoff(i))
		if rest := limit - spent; rest < c {
			return total + survive*d.meanCapped(rest)
		}
		t, ok := memo[c]
		if !ok {
			t = term{d.cdf(c), d.meanCapped(c)}
			memo[c] = t
		}
		total += survive * t.m
		survive *= 1 - t.f
		spent += c
		if survive < 1e-12 {
			return total
		}
	}
}

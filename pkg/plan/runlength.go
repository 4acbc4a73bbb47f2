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

// seriesNodes returns the expected nodes of a run under policy p whose
// attempts take d's nodes, with at most limit (+Inf: none) nodes in all:
// restart.Policy.Expected, a geometric policy's cutoffs taken in runs
// within 1% of each other (the model is no finer).
func seriesNodes(p restart.Policy, d restart.Attempts, limit float64) float64 {
	return p.ExpectedWithin(d, limit, 0.01)
}

// logNormal is a log-normal run length: median nodes, spread in decades
// (the standard deviation of log10 X), the fewest nodes a tour takes (a
// search enters every square: no attempt cut before them finds one,
// however many there are) and an end, the most nodes the search can take
// (X is min(X, end)).
type logNormal struct{ median, decades, least, end float64 }

func (d logNormal) cdf(x float64) float64 {
	switch {
	case x >= d.end:
		return 1
	case x < d.least:
		return 0
	}
	return normalCDF(math.Log10(x/d.median) / d.decades)
}

func (d logNormal) meanCapped(limit float64) float64 {
	if limit <= d.least {
		return max(0, limit)
	}
	return meanCapped(d.median, d.decades, min(limit, d.end))
}

// Attempt is the run length as restarts price it (restart.Attempts): an
// attempt cut at c costs E[min(X, c)] and ends the run with P(X <= c).
func (d logNormal) Attempt(c float64) (cost, end float64, ok bool) {
	return d.meanCapped(c), d.cdf(c), true
}

// fixedLength is a run length that is always the same: a complete search
// from a start without a tour, which must exhaust the tree.
type fixedLength float64

// Attempt prices an attempt cut at c: it ends the run if c lets it
// exhaust the tree.
func (d fixedLength) Attempt(c float64) (cost, end float64, ok bool) {
	if c >= float64(d) {
		return float64(d), 1, true
	}
	return c, 0, true
}

// randomOrderFind guesses the run length of dfs in a random move order
// (-order random) from a start that has a tour. Fitted (least squares of
// the probit of P(X <= c) against log10 c) to the fraction of attempts
// that found a tour with cutoffs c from the board's squares up, from the
// corner (experiment run -order random -restarts fixed:C,..., 2026-11-26):
// median 32,300 nodes and spread 1.11 decades on 5x5, 4.11M and 1.35 on
// 6x6, 887M and 1.83 on 7x7 (200 runs a cutoff, to 5M nodes), 747G and
// 2.14 on 8x8 (40 runs a cutoff of 64 to 1M nodes, 1 to 7 of which found
// a tour: a rough fit). The fits are within 25% of the measured fractions
// from 72 nodes up on 5x5 to 7x7 (2.3x over at 49 on 7x7, where a tour
// must be found without a retreat). Between those boards the model
// interpolates, below them it goes on as from 5x5 to 6x6, beyond them as
// from 7x7 to 8x8 (tenfold every 5.1 squares), the spread kept within 0.5
// and 3 decades. The corner is the easiest start: on 6x6 the other
// squares' fractions (60 runs from each of the five other kinds of
// square) are 2.7 to 3.5 times smaller at every cutoff from 500 to
// 200,000 nodes, as from ten times the median and 0.15 more decades. A
// closed tour takes more: on 6x6 from the corner (60 runs a cutoff from 36
// to 200,000 nodes) a median of 112M nodes and 1.43 decades, 27 times the
// open tours' median and 0.08 more decades; and from any start alike, as a
// closed tour passes through every square (run -sizes 6 -closed -order
// random -restarts luby:1 -trials 10: 5.8M nodes a run on average over
// the 36 starts, 1.1M to 12.5M by start; the corner's fit says 7.5M).
func randomOrderFind(squares int, corner, closed bool) logNormal {
	type fit struct{ squares, log10Median, decades float64 }
	fits := [...]fit{{25, 4.509, 1.11}, {36, 6.614, 1.35}, {49, 8.948, 1.83}, {64, 11.873, 2.14}}
	s := float64(squares)
	i := 0
	for i < len(fits)-2 && s > fits[i+1].squares {
		i++
	}
	a, b := fits[i], fits[i+1]
	t := (s - a.squares) / (b.squares - a.squares)
	m := a.log10Median + t*(b.log10Median-a.log10Median)
	d := a.decades + t*(b.decades-a.decades)
	switch {
	case closed:
		m += 1.435
		d += 0.08
	case !corner:
		m++
		d += 0.15
	}
	d = min(3, max(0.5, d))
	return logNormal{median: math.Pow(10, m), decades: d, least: s, end: exhaustNodes(squares)}
}

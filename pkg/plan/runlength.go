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
// boards the model interpolates, below them it goes on as from 5x5 to
// 6x6, beyond them as from 6x6 to 7x7 (tenfold every 5.6 squares), the
// spread kept within 0.5 and 3 decades. The corner
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

// maxAttempts bounds the attempts seriesNodes adds one by one (for a
// geometric policy; Luby's sums by blocks). Beyond, the rest of the run is
// priced as a run without restarts: by then a geometric run's cutoffs
// have grown to what its attempts approach.
const maxAttempts = 1 << 14

// seriesNodes returns the expected nodes of a run under policy p whose
// attempts take d's nodes, with at most limit (+Inf: none) nodes in all.
// Attempt i ends the run if it finishes within its cutoff c_i, which it
// does with probability F(c_i); else it spends exactly c_i. So
//
//	E = sum_i S_i E[min(X, min(c_i, limit - c_0 - ... - c_{i-1}))]
//
// with S_i the probability that attempts 0..i-1 all failed. A fixed cutoff
// sums as a geometric series, Luby's sequence by its self-similar blocks:
// each takes microseconds however many attempts the budget allows; a
// geometric one attempt by attempt, up to maxAttempts: milliseconds
// (BenchmarkSeriesNodes).
func seriesNodes(p restart.Policy, d runLength, limit float64) float64 {
	switch {
	case p.Kind == restart.None:
		return d.meanCapped(limit)
	case p.Capped():
		return fixedSeries(float64(p.Cutoff(0)), d, limit)
	}
	s := series{d: d, limit: limit, survive: 1}
	if p.Kind == restart.Luby {
		s.luby(float64(p.C))
	} else {
		for i := int64(0); !s.done; i++ {
			if i == maxAttempts {
				s.rest()
				break
			}
			s.attempt(float64(p.Cutoff(i)))
		}
	}
	return s.total
}

// fixedSeries returns the expected nodes of a run whose every attempt is
// cut at c.
func fixedSeries(c float64, d runLength, limit float64) float64 {
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

// series sums a run's attempts: total is the expected nodes so far,
// survive the probability that every attempt so far failed, spent the
// nodes they then took; done is set when the budget has ended the run or
// it has surely ended.
type series struct {
	d                     runLength
	limit                 float64
	total, survive, spent float64
	done                  bool
	// c, f and m are the last attempt's cutoff, F(c) and E[min(X, c)]:
	// a geometric policy's first cutoffs repeat, as they round down.
	c, f, m float64
}

// attempt adds an attempt cut at c, the last if the budget ends it.
func (s *series) attempt(c float64) {
	if s.done {
		return
	}
	if rest := s.limit - s.spent; rest < c {
		s.total += s.survive * s.d.meanCapped(rest)
		s.done = true
		return
	}
	if c != s.c {
		s.c, s.f, s.m = c, s.d.cdf(c), s.d.meanCapped(c)
	}
	s.add(block{s.m, 1 - s.f, c})
}

// rest prices what the budget leaves as one attempt without a cutoff.
func (s *series) rest() {
	if !s.done {
		s.total += s.survive * s.d.meanCapped(s.limit-s.spent)
		s.done = true
	}
}

// A block is consecutive attempts that all fit in the budget: their
// expected nodes given the run reaches them, the probability that they
// all fail, and the nodes they then take.
type block struct{ cost, survive, nodes float64 }

func (s *series) add(b block) {
	s.total += s.survive * b.cost
	s.survive *= b.survive
	s.spent += b.nodes
	s.done = s.survive < 1e-12
}

// then returns the block of a followed by b.
func (a block) then(b block) block {
	return block{a.cost + a.survive*b.cost, a.survive * b.survive, a.nodes + b.nodes}
}

// luby adds the attempts of Luby's sequence times u. Its first 2^j - 1
// terms, B_j, are B_{j-1}, B_{j-1} and 2^(j-1), and the sequence is B_1,
// then B_j and 2^j for j = 1, 2, ...: so B_j's sums come from B_{j-1}'s,
// and only the block the budget ends in is taken apart.
func (s *series) luby(u float64) {
	blocks := []block{{survive: 1}} // B_0: no attempt
	for j := 0; !s.done; j++ {
		if j > 62 { // past any int64 cutoff
			s.rest()
			break
		}
		if j > 0 {
			t := u * math.Ldexp(1, j-1)
			blocks = append(blocks, blocks[j-1].then(blocks[j-1]).then(block{s.d.meanCapped(t), 1 - s.d.cdf(t), t}))
		}
		if j == 0 {
			s.attempt(u) // B_1
			continue
		}
		s.lubyBlock(blocks, j, u)
		s.attempt(u * math.Ldexp(1, j))
	}
}

// lubyBlock adds B_j, whole if it fits in the budget, else part by part.
func (s *series) lubyBlock(blocks []block, j int, u float64) {
	switch {
	case s.done:
	case s.spent+blocks[j].nodes <= s.limit:
		s.add(blocks[j])
	default: // j >= 1: B_0 is empty and always fits
		s.lubyBlock(blocks, j-1, u)
		s.lubyBlock(blocks, j-1, u)
		s.attempt(u * math.Ldexp(1, j-1))
	}
}

package runlength

import (
	"math"
	"slices"

	"knightsweep/pkg/restart"
)

// RestartPrediction is what restarting a randomised series would cost,
// predicted from its runs start by start: each start's runs are an
// empirical distribution of the search's run length there, and a restart
// policy's cost is its exact expectation over it. Over several starts the
// costs are averaged, with one policy for them all (what a sweep with
// -restarts runs).
type RestartPrediction struct {
	// Starts and Runs count what the prediction rests on: the starts the
	// caller gave (package stats: those with at least stats.MinRuns runs),
	// and their runs.
	Starts, Runs int
	// Limit is the largest cutoff the runs can judge: the fewest nodes at
	// which a run was stopped by its budget; math.MaxInt64 when none was.
	Limit int64
	// ERT is the ERT without restarts of these starts (the mean of each
	// start's, as ERT has it over several starts).
	ERT float64
	// Cutoff is c*, the fixed cutoff (at most Limit) with the least
	// expected cost E[min(X, c)] / P(X <= c); Cost is that cost, with a
	// bootstrap 95% interval (the runs resampled, c* kept), and Ratio is
	// Cost / ERT.
	Cutoff               int64
	Cost, CostLo, CostHi float64
	Ratio                float64
	// Within counts the runs that found a tour within c*: what the cost
	// rests on (one run of 500 makes a wide interval).
	Within int
	// Shortest is the fewest nodes in which a run found a tour. Below it
	// the runs see no chance of a tour, where the search has a small one:
	// a policy of many attempts shorter than it is predicted too high.
	Shortest int64
	// LubyUnit is the unit of Luby's sequence with the least expected
	// cost, LubyCost that cost (NaN when every unit reaches cutoffs past
	// Limit).
	LubyUnit int64
	LubyCost float64

	starts [][]Run
	emp    []*Empirical
	seed   uint64
}

// maxCandidates bounds the cutoffs tried for c*: past it, they are thinned
// evenly among the runs' lengths.
const maxCandidates = 4096

// PredictRestarts predicts restarts from the runs of each start (each with
// at least stats.MinRuns runs, as package stats gives them). It returns
// nil when no run found a tour within
// the cutoffs the runs can judge.
func PredictRestarts(starts [][]Run, seed uint64) *RestartPrediction {
	if len(starts) == 0 {
		return nil
	}
	p := &RestartPrediction{Starts: len(starts), Limit: math.MaxInt64, starts: starts, seed: seed}
	var cands []int64
	for _, runs := range starts {
		e := NewEmpirical(runs)
		p.emp = append(p.emp, e)
		p.Runs += len(runs)
		p.Limit = min(p.Limit, e.Limit)
		cands = append(cands, e.found...)
	}
	p.ERT, _ = expectedCost(starts, NoCutoff, false, nil)
	slices.Sort(cands)
	cands = slices.Compact(cands)
	if len(cands) > 0 {
		p.Shortest = cands[0]
	}
	if p.Limit < math.MaxInt64 {
		i, _ := slices.BinarySearch(cands, p.Limit+1)
		cands = cands[:i]
	}
	if len(cands) == 0 {
		return nil
	}
	// Thinned to n evenly spread from the shortest to the longest: all of
	// them when there are no more than maxCandidates (index i is i). In
	// place: index i reads from i or beyond, not yet overwritten.
	n := min(len(cands), maxCandidates)
	for i := range n {
		cands[i] = cands[i*(len(cands)-1)/max(n-1, 1)]
	}
	cands = slices.Compact(cands[:n])
	p.Cost = math.Inf(1)
	for _, c := range cands {
		if v := p.mean(func(e *Empirical) float64 { return e.FixedCost(c) }); v < p.Cost {
			p.Cost, p.Cutoff = v, c
		}
	}
	if math.IsInf(p.Cost, 1) {
		return nil
	}
	p.Cost, _ = expectedCost(starts, p.Cutoff, false, nil) // FixedCost's, summed run by run
	p.Ratio = p.Cost / p.ERT
	for _, e := range p.emp {
		p.Within += atMost(e.found, p.Cutoff)
	}
	p.CostLo, p.CostHi = p.interval(restart.Policy{Kind: restart.Fixed, C: p.Cutoff})
	p.LubyCost = math.NaN()
	best := math.Inf(1)
	for _, u := range lubyUnits(cands) {
		v := p.mean(func(e *Empirical) float64 { return e.lubyCost(u) })
		if v < best {
			best, p.LubyUnit, p.LubyCost = v, u, v
		}
	}
	return p
}

// lubyUnits are the units tried for Luby's sequence: ceil(x / 2^j) for
// every length x at which a run found a tour (the candidates for c*) and
// every j. A unit's cost sums E[min(X, u 2^j)] weighted by chances of
// failing that change only where some cutoff u 2^j reaches such an x; in
// between, the weights stay and every term grows with u. So the least cost
// lies at the smallest unit of one of those stretches: one of these (all
// of them while the runs found tours at no more than maxCandidates
// lengths; past that, at the thinned candidates').
func lubyUnits(found []int64) []int64 {
	var out []int64
	for _, x := range found {
		for j := 0; ; j++ {
			u := x >> j
			if u<<j != x {
				u++
			}
			out = append(out, u)
			if u <= 1 {
				break
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// mean averages cost over the starts' distributions.
func (p *RestartPrediction) mean(cost func(*Empirical) float64) float64 {
	var sum float64
	for _, e := range p.emp {
		sum += cost(e)
	}
	return sum / float64(len(p.emp))
}

// Release drops the runs a prediction keeps for Predict: a Results keeps
// its groups' figures, not a second copy of their runs.
func (p *RestartPrediction) Release() { p.starts, p.emp = nil, nil }

// Predict returns a policy's predicted expected nodes to a tour, with a
// bootstrap 95% interval; NaN where the runs cannot judge it. Only until
// Finish returns: it releases the runs.
func (p *RestartPrediction) Predict(pol restart.Policy) (cost, lo, hi float64) {
	if pol.Kind == restart.Fixed && pol.C > 0 && pol.C <= p.Limit {
		cost, _ = expectedCost(p.starts, pol.C, false, nil)
	} else {
		cost = p.mean(func(e *Empirical) float64 { return e.PolicyCost(pol) })
	}
	if math.IsNaN(cost) {
		return cost, math.NaN(), math.NaN()
	}
	lo, hi = p.interval(pol)
	return cost, lo, hi
}

// interval resamples each start's runs and takes the policy's cost over
// the resamples: the percentile bootstrap. A fixed cutoff needs no sorted
// distribution (E[min(X, c)] and P(X <= c) are sums), a sequence does, and
// takes fewer resamples. Past MaxBootstrapRuns runs, a fixed cutoff's
// interval is the delta method's (the starts' variances added), and a
// sequence gets none (NaN).
func (p *RestartPrediction) interval(pol restart.Policy) (lo, hi float64) {
	if p.Runs > MaxBootstrapRuns {
		if pol.Kind != restart.Fixed {
			return math.NaN(), math.NaN()
		}
		return normalInterval(expectedCost(p.starts, pol.C, false, nil))
	}
	b := Bootstraps
	if pol.Kind != restart.Fixed {
		b = minBootstraps
	}
	rs := newResampler(p.seed ^ SeedOf(pol.String()))
	est := make([]float64, b)
	idx := make([][]int, len(p.starts))
	buf := []Run{}
	for i := range est {
		for s, runs := range p.starts {
			idx[s] = rs.draw(idx[s][:0], len(runs))
		}
		if pol.Kind == restart.Fixed {
			est[i], _ = expectedCost(p.starts, pol.C, false, idx)
			continue
		}
		var sum float64
		for s, runs := range p.starts {
			buf = buf[:0]
			for _, j := range idx[s] {
				buf = append(buf, runs[j])
			}
			sum += NewEmpirical(buf).PolicyCost(pol)
		}
		est[i] = sum / float64(len(p.starts))
	}
	est = slices.DeleteFunc(est, math.IsNaN)
	return percentileInterval(est)
}

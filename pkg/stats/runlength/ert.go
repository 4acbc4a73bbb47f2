package runlength

import "math"

// ERT is the expected running time to a tour, in the convention of COCO
// (Hansen et al., "COCO: performance assessment", 2021) and IOHanalyzer:
// the work of all runs, each counting what it used (a run stopped by its
// budget, or one that failed for good, what it had spent), over the number
// of runs that found a tour. It is what restarting the strategy after every
// failure until it finds a tour costs on average, when runs are independent.
//
// Over the trials of several starts it is the mean of each start's ERT:
// the expected cost from a start drawn at random among those run,
// restarted there until it finds a tour, which is what a restart series
// measures and what the restart prediction averages (pooling the runs would
// price a search that drew a new start at every restart). Over a spread,
// one run a start, the starts are the draws and the runs are pooled.
type ERT struct {
	// Nodes and TimeNS are NaN when no run found a tour, and +Inf when
	// some start's trials found none (its ERT is unknown, beyond its runs).
	Nodes, TimeNS float64
	// NodesLo, NodesHi, TimeLo and TimeHi are percentile bootstrap 95%
	// intervals (Bootstraps resamples of the runs, seeded from what is
	// measured); Hi is +Inf when resamples without a tour are likely. Past
	// MaxBootstrapRuns runs they are the delta method's normal intervals.
	NodesLo, NodesHi, TimeLo, TimeHi float64
	Runs, Found                      int
	// Starts is the starts whose ERTs are averaged, 1 for pooled runs;
	// Without those of them whose trials found no tour.
	Starts, Without int
}

// ExpectedRunningTime returns the ERT of runs, pooled, with bootstrap
// intervals drawn from seed.
func ExpectedRunningTime(runs []Run, seed uint64) ERT {
	return ExpectedRunningTimeByStart([][]Run{runs}, seed)
}

// ExpectedRunningTimeByStart is the ERT of runs in strata that were
// sampled apart (the trials of each start): the mean of the strata's ERTs,
// and a resample draws each stratum's runs from that stratum, so that
// every start keeps its share.
func ExpectedRunningTimeByStart(strata [][]Run, seed uint64) ERT {
	e := ERT{Starts: len(strata)}
	for _, runs := range strata {
		e.Runs += len(runs)
		f := 0
		for _, r := range runs {
			if r.Outcome == RunFound {
				f++
			}
		}
		e.Found += f
		if f == 0 {
			e.Without++
		}
	}
	nan := math.NaN()
	if e.Found == 0 {
		e.Nodes, e.TimeNS, e.NodesLo, e.NodesHi, e.TimeLo, e.TimeHi = nan, nan, nan, nan, nan, nan
		return e
	}
	var vn, vt float64
	e.Nodes, vn = expectedCost(strata, NoCutoff, false, nil)
	e.TimeNS, vt = expectedCost(strata, NoCutoff, true, nil)
	if e.Runs > MaxBootstrapRuns {
		e.NodesLo, e.NodesHi = normalInterval(e.Nodes, vn)
		e.TimeLo, e.TimeHi = normalInterval(e.TimeNS, vt)
		return e
	}
	estN, estT := make([]float64, Bootstraps), make([]float64, Bootstraps)
	rs := newResampler(seed)
	for i := range Bootstraps {
		estN[i], estT[i] = resampledERT(strata, rs)
	}
	e.NodesLo, e.NodesHi = percentileInterval(estN)
	e.TimeLo, e.TimeHi = percentileInterval(estT)
	return e
}

// resampledERT is expectedCost's ERT in nodes and in time (c NoCutoff)
// over one resample of each stratum, drawn from rs: the same draws in the
// same order, the same sums, so the same figures to the bit, in one pass
// where drawing the indices and asking expectedCost for each measure took
// three. The bootstrap of a report's ERTs is this loop, a thousand times
// over every run of every group (the greedy 5..40 sweep's report spent
// half its CPU in it).
func resampledERT(strata [][]Run, rs resampler) (nodes, timeNS float64) {
	for _, runs := range strata {
		var a, at, b float64
		for range len(runs) {
			r := &runs[rs.index(len(runs))]
			a += float64(r.Nodes)
			at += float64(r.TimeNS)
			if r.Outcome == RunFound {
				b++
			}
		}
		nodes += a / b // +Inf when b == 0, as expectedCost
		timeNS += at / b
	}
	k := float64(len(strata))
	return nodes / k, timeNS / k
}

// NoCutoff is expectedCost's c for attempts that are never cut off: the
// ERT.
const NoCutoff = math.MaxInt64

// expectedCost is the one formula of the run-length costs: over strata
// sampled apart (each start's trials), the mean over the strata of
//
//	Σ min(X, c) / #{runs that found a tour within c nodes}
//
// with X a run's nodes (its time with byTime, where c is NoCutoff). With c
// NoCutoff it is the ERT; with a fixed restart cutoff c, that policy's
// expected nodes to a tour over the runs' empirical distribution
// (attempts independent, their number geometric). The point estimate, the
// bootstrap and the delta method all ask it: with idx nil it takes every
// run once, else stratum s's runs idx[s] (a resample). It returns too the
// delta method's variance of the mean: each stratum's ratio's variance
// (that of Σ(a - r b) over (Σb)²), added, over the strata's number
// squared. A stratum without a tour within c makes the mean +Inf.
func expectedCost(strata [][]Run, c int64, byTime bool, idx [][]int) (est, variance float64) {
	for s, runs := range strata {
		var a, b, aa, bb, ab float64
		add := func(r Run) {
			x := float64(min(r.Nodes, c))
			if byTime {
				x = float64(r.TimeNS)
			}
			f := 0.0
			if r.Outcome == RunFound && r.Nodes <= c {
				f = 1
			}
			a, b, aa, bb, ab = a+x, b+f, aa+x*x, bb+f*f, ab+x*f
		}
		if idx == nil {
			for _, r := range runs {
				add(r)
			}
		} else {
			for _, i := range idx[s] {
				add(runs[i])
			}
		}
		r := a / b // +Inf when b == 0
		est += r
		// Σ(x - r f)², the residuals' spread about their mean, which is
		// 0: they sum to a - r b, 0 by r's definition.
		variance += math.Max(aa-2*r*ab+r*r*bb, 0) / (b * b)
	}
	k := float64(len(strata))
	return est / k, variance / (k * k)
}

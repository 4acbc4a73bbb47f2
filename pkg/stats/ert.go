package stats

import "math"

// ERT is the expected running time to a tour, in the convention of COCO
// (Hansen et al., "COCO: performance assessment", 2021) and IOHanalyzer:
// the work of all runs, each counting what it used (a run stopped by its
// budget, or one that failed for good, what it had spent), over the number
// of runs that found a tour. It is what restarting the strategy after every
// failure until it finds a tour costs on average, when runs are independent.
type ERT struct {
	// Nodes and TimeNS are NaN when no run found a tour.
	Nodes, TimeNS float64
	// NodesLo, NodesHi, TimeLo and TimeHi are percentile bootstrap 95%
	// intervals (Bootstraps resamples of the runs, seeded from what is
	// measured); Hi is +Inf when resamples without a tour are likely. Past
	// MaxBootstrapRuns runs they are the delta method's normal intervals.
	NodesLo, NodesHi, TimeLo, TimeHi float64
	Runs, Found                      int
}

// ExpectedRunningTime returns the ERT of runs, with bootstrap intervals
// drawn from seed.
func ExpectedRunningTime(runs []Run, seed uint64) ERT {
	return expectedRunningTime([][]Run{runs}, seed)
}

// expectedRunningTime is the ERT of runs in strata that were sampled apart
// (the trials of each start): a resample draws each stratum's runs from
// that stratum, so that every start keeps its share.
func expectedRunningTime(strata [][]Run, seed uint64) ERT {
	var e ERT
	var nodes, times float64
	for _, runs := range strata {
		n, t, f := ertSums(runs)
		nodes += n
		times += t
		e.Runs += len(runs)
		e.Found += f
	}
	nan := math.NaN()
	if e.Found == 0 {
		e.Nodes, e.TimeNS, e.NodesLo, e.NodesHi, e.TimeLo, e.TimeHi = nan, nan, nan, nan, nan, nan
		return e
	}
	e.Nodes, e.TimeNS = nodes/float64(e.Found), times/float64(e.Found)
	if e.Runs > MaxBootstrapRuns {
		sn, st := make([]ratioSums, len(strata)), make([]ratioSums, len(strata))
		for i, runs := range strata {
			for _, r := range runs {
				f := 0.0
				if r.Outcome == RunFound {
					f = 1
				}
				sn[i].add(float64(r.Nodes), f)
				st[i].add(float64(r.TimeNS), f)
			}
		}
		e.NodesLo, e.NodesHi = normalInterval(stratifiedRatio(sn))
		e.TimeLo, e.TimeHi = normalInterval(stratifiedRatio(st))
		return e
	}
	b := Bootstraps
	rs := newResampler(seed)
	estN, estT := make([]float64, b), make([]float64, b)
	for i := range b {
		var n, t float64
		f := 0
		for _, runs := range strata {
			for range runs {
				r := runs[rs.index(len(runs))]
				n += float64(r.Nodes)
				t += float64(r.TimeNS)
				if r.Outcome == RunFound {
					f++
				}
			}
		}
		estN[i], estT[i] = n/float64(f), t/float64(f) // +Inf when f == 0
	}
	e.NodesLo, e.NodesHi = percentileInterval(estN)
	e.TimeLo, e.TimeHi = percentileInterval(estT)
	return e
}

// ertSums returns what an ERT divides: the nodes and time of all runs, and
// the runs that found a tour.
func ertSums(runs []Run) (nodes, times float64, found int) {
	for _, r := range runs {
		nodes += float64(r.Nodes)
		times += float64(r.TimeNS)
		if r.Outcome == RunFound {
			found++
		}
	}
	return nodes, times, found
}

// ertNodes is the ERT in nodes alone, +Inf when no run found a tour.
func ertNodes(runs []Run) float64 {
	nodes, _, found := ertSums(runs)
	return nodes / float64(found)
}

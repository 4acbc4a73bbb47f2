package runlength

import (
	"cmp"
	"slices"
)

// Outcome is how a run ended, as run-length measures see it.
type Outcome uint8

const (
	// RunFound runs found a tour after Nodes nodes: an observed run length.
	RunFound Outcome = iota
	// RunCensored runs were stopped by a budget (node_limit, timeout) after
	// Nodes nodes: the run length is more than that, by how much unknown.
	RunCensored
	// RunFailed runs ended for good without a tour (a dead end, a search
	// exhausted): with any budget they would never find one, so their
	// length to a tour is infinite. They cost the Nodes they used.
	RunFailed
)

// Run is one run's length and how it ended.
type Run struct {
	Nodes, TimeNS int64
	Outcome       Outcome
}

// Step is one step of a survival curve: from X on (up to the next step),
// the share of runs still without a tour is S.
type Step struct {
	X, S float64
}

// Survival is the Kaplan–Meier estimate of P(nodes > x), the share of
// runs that have not found a tour within x nodes.
type Survival struct {
	// Steps are the curve's drops, by X: S is P(nodes > X) from X until the
	// next step. Before the first step S is 1.
	Steps []Step
	// Censored lists the distinct node counts at which runs were stopped by
	// a budget, with the curve's height there: ticks on a chart.
	Censored []Step
	// Runs counts the runs; Found, CensoredRuns and Failed split them.
	Runs, Found, CensoredRuns, Failed int
}

// KaplanMeier estimates the survival function of runs' lengths in nodes
// (Kaplan and Meier 1958). At each distinct length x where d runs found a
// tour and r runs were still running (their length, or the length at
// which they were stopped, is at least x), S drops by the factor 1 - d/r.
// A run stopped by a budget at x leaves the runs at risk after x without
// a drop: it is censored, not a failure, and not a success. Runs that
// ended for good without a tour stay at risk for ever: their length to a
// tour is infinite, so S never falls below their share. Where a tour was
// found and a run censored at the same x, the censored run counts as still
// running at x (the usual convention).
func KaplanMeier(runs []Run) Survival {
	sv := Survival{Runs: len(runs)}
	r := slices.Clone(runs)
	slices.SortFunc(r, func(a, b Run) int { return cmp.Compare(a.Nodes, b.Nodes) })
	atRisk := 0
	for _, x := range r {
		switch x.Outcome {
		case RunFound:
			sv.Found++
			atRisk++
		case RunCensored:
			sv.CensoredRuns++
			atRisk++
		default:
			sv.Failed++
		}
	}
	// Failed runs never leave the risk set.
	atRisk += sv.Failed
	s := 1.0
	for i := 0; i < len(r); {
		x := r[i].Nodes
		d, c := 0, 0
		for ; i < len(r) && r[i].Nodes == x; i++ {
			switch r[i].Outcome {
			case RunFound:
				d++
			case RunCensored:
				c++
			}
		}
		if d > 0 {
			s *= 1 - float64(d)/float64(atRisk)
			sv.Steps = append(sv.Steps, Step{X: float64(x), S: s})
		}
		if c > 0 {
			sv.Censored = append(sv.Censored, Step{X: float64(x), S: s})
		}
		atRisk -= d + c
	}
	return sv
}

// At returns P(nodes > x).
func (sv Survival) At(x float64) float64 {
	i, _ := slices.BinarySearchFunc(sv.Steps, x, func(s Step, x float64) int {
		return cmp.Compare(s.X, x)
	})
	// Steps[i].X >= x; the curve at x is the last step at or before x.
	if i < len(sv.Steps) && sv.Steps[i].X == x {
		return sv.Steps[i].S
	}
	if i == 0 {
		return 1
	}
	return sv.Steps[i-1].S
}

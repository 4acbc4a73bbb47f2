package stats

import (
	"fmt"
	"math"

	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/stats/runlength"
)

// MinRuns is the fewest runs from starts with a tour that a group needs
// for its run-length measures (survival, ERT, tail index, restarts), and
// that a start needs for a restart prediction.
const MinRuns = 20

// RunLengths are the measures of a group's whole distribution of run
// lengths, over its runs from starts that have a tour.
type RunLengths struct {
	// Trials is true when some start was run several times (the trials of
	// a randomised search): the runs are draws of one search's run length.
	// Otherwise each start was run once, and the runs are a spread over
	// instances (a deterministic strategy from many starts), not a
	// run-length distribution.
	Trials bool
	// NoNodes is true when some of the group's runs recorded no nodes (an
	// external solver that does not count them; lacksNodes): the measures
	// in nodes (the ERT's nodes, the tail index, the restart prediction,
	// the survival curve) are then left out, and only the ERT in time
	// stands. Taken as -1
	// nodes, such runs gave ERTs of -0.03 nodes.
	NoNodes bool
	// Runs, Starts, Found, Censored and Failed count the runs, their
	// starts, and how they ended (Failed: for good, without a tour).
	Runs, Starts, Found, Censored, Failed int
	// MaxNodes is the node budget, 0 for none.
	MaxNodes int64
	// Policy is the series' restart policy (runs.NoRestarts for none).
	Policy string
	ERT    runlength.ERT
	Tail   runlength.Tail
	// Restart is the restart prediction: only for the trials of a series
	// without restarts, from starts with at least MinRuns runs; nil
	// otherwise, or when no run found a tour within the cutoffs the runs
	// can judge.
	Restart *runlength.RestartPrediction
	// Predicted is, for a series with restarts, what the runs of the same
	// series without restarts predict for its policy; nil when the sweep
	// has no such series or it has no prediction.
	Predicted *PredictedRestart
}

// PredictedRestart sets a restart series' measured ERT beside the cost its
// base series (the same key, restart_policy none) predicts for its policy.
type PredictedRestart struct {
	Base string // the base series' label
	// Cost, Lo and Hi are the prediction and its bootstrap 95% interval;
	// NaN with Why when the base's runs cannot judge the policy.
	Cost, Lo, Hi float64
	Why          string
	// FirstCutoff is the policy's first cutoff, Shortest the fewest nodes
	// in which a run of the base series found a tour: where the first is
	// below it, the prediction gives the policy's short attempts no chance
	// and leans high.
	FirstCutoff, Shortest int64
}

// Blind reports whether the policy's first attempts are shorter than any
// run of the base series that found a tour, so that the prediction leans
// high.
func (p *PredictedRestart) Blind() bool {
	return p.FirstCutoff < p.Shortest
}

// Inside reports whether the measured ERT lies in the prediction's
// interval.
func (p *PredictedRestart) Inside(measured float64) bool {
	return measured >= p.Lo && measured <= p.Hi
}

// Kind says what the runs are, for captions: "1000 trials from 1 start",
// "spread over 64 starts, one run each".
func (rl *RunLengths) Kind() string {
	if rl.Trials {
		return fmt.Sprintf("%s trials from %s", format.Count(float64(rl.Runs)), plural(rl.Starts, "start"))
	}
	return fmt.Sprintf("spread over %s, one run each", plural(rl.Starts, "start"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return format.Count(float64(n)) + " " + word + "s"
}

// tourRuns returns the group's runs from starts that have a tour, but for
// those that ended in error, and the same split by start (slices of all).
func (g *Group) tourRuns() (all []runlength.Run, byStart [][]runlength.Run) {
	var bounds []int
	g.eachStart(func(st *Start, smps []sample) {
		if !st.HasTour {
			return
		}
		before := len(all)
		for _, s := range smps {
			r := runlength.Run{Nodes: s.nodes, TimeNS: s.time}
			switch {
			case s.found():
				r.Outcome = runlength.RunFound
			case s.censored():
				r.Outcome = runlength.RunCensored
			case s.final():
				// Dead ends, not closed, exhausted: the run ended without
				// a tour and would not find one later.
				r.Outcome = runlength.RunFailed
			default:
				// An error is a failure of the program, not a length:
				// it says nothing of the strategy's runs (the page warns).
				continue
			}
			all = append(all, r)
		}
		if len(all) > before {
			bounds = append(bounds, len(all))
		}
	})
	from := 0
	for _, to := range bounds {
		byStart = append(byStart, all[from:to:to])
		from = to
	}
	return all, byStart
}

// Survival returns the Kaplan–Meier survival curve of the group's runs
// from starts that have a tour.
func (g *Group) Survival() runlength.Survival {
	all, _ := g.tourRuns()
	return runlength.KaplanMeier(all)
}

// runLengths computes a group's run-length measures, nil for a group with
// fewer than MinRuns runs from starts with a tour.
func runLengths(g *Group) *RunLengths {
	all, byStart := g.tourRuns()
	if len(all) < MinRuns {
		return nil
	}
	rl := &RunLengths{Runs: len(all), Starts: len(byStart), MaxNodes: g.Key.MaxNodes, Policy: g.Key.Restarts}
	var predictFrom [][]runlength.Run
	for _, rs := range byStart {
		rl.Trials = rl.Trials || len(rs) > 1
		if len(rs) >= MinRuns {
			predictFrom = append(predictFrom, rs)
		}
	}
	rl.NoNodes = g.lacksNodes()
	for _, r := range all {
		switch r.Outcome {
		case runlength.RunFound:
			rl.Found++
		case runlength.RunCensored:
			rl.Censored++
		default:
			rl.Failed++
		}
	}
	// The seed comes from the series' Legacy name, the one seeds are drawn
	// from, so that a report's intervals do not change with its labels.
	seed := runlength.SeedOf(g.Summary.Series, g.Key.Board().String())
	switch {
	case rl.Trials && rl.NoNodes:
		rl.ERT = runlength.ExpectedRunningTimeByStart(byStart, seed)
	case rl.Trials:
		// The starts were chosen, their trials drawn: resample within each.
		rl.ERT = runlength.ExpectedRunningTimeByStart(byStart, seed)
		rl.Tail = runlength.TailIndex(all)
		if g.Key.Restarts == runs.NoRestarts {
			rl.Restart = runlength.PredictRestarts(predictFrom, seed^runlength.SeedOf("restart"))
		}
	default:
		// A spread: the starts are the draws.
		rl.ERT = runlength.ExpectedRunningTime(all, seed)
		// The starts run are all there is of a spread (every start of a
		// board, or those chosen), not draws from a law with a tail: the
		// quick sweep's 25 warnsdorff-bt runs on 5x5, every one a tour
		// and their mean fixed, would be called heavy-tailed, "so the
		// mean run length grows with the budget".
		rl.Tail = runlength.Tail{Runs: len(all), Why: "one run a start: a spread over instances, not draws of one search's run length, has no tail to estimate"}
	}
	if rl.NoNodes {
		// The ERT in time stands; every figure in nodes would count the
		// unknown as -1.
		nan := math.NaN()
		rl.ERT.Nodes, rl.ERT.NodesLo, rl.ERT.NodesHi = nan, nan, nan
		rl.Tail = runlength.Tail{Runs: len(all), Why: "the runs record no nodes"}
	}
	return rl
}

// linkRestarts gives every restart series' group the prediction of its
// base series for its policy.
func linkRestarts(groups []*Group) {
	base := map[GroupKey]*Group{}
	for _, g := range groups {
		if g.Key.Restarts == runs.NoRestarts {
			base[g.Key] = g
		}
	}
	for _, g := range groups {
		if g.Key.Restarts == runs.NoRestarts || g.RunLengths == nil {
			continue
		}
		k := g.Key
		k.Restarts = runs.NoRestarts
		b := base[k]
		if b == nil {
			continue
		}
		pr := &PredictedRestart{Base: b.Series, Cost: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		pol, err := restart.Parse(g.Key.Restarts)
		switch {
		case err != nil:
			pr.Why = err.Error()
		case b.RunLengths == nil || b.RunLengths.Restart == nil:
			pr.Why = "the series without restarts has no prediction (too few trials from a start, or no tour within the cutoffs its runs can judge)"
		default:
			pr.FirstCutoff, pr.Shortest = pol.Cutoff(0), b.RunLengths.Restart.Shortest
			pr.Cost, pr.Lo, pr.Hi = b.RunLengths.Restart.Predict(pol)
			switch {
			case math.IsNaN(pr.Cost):
				pr.Why = fmt.Sprintf("the policy reaches cutoffs past %s nodes, where the runs without restarts were stopped by their budget", format.Count(float64(b.RunLengths.Restart.Limit)))
			case math.IsInf(pr.Cost, 1):
				// No run without restarts found a tour within the policy's
				// cutoffs: an empirical cost of infinity says the sample
				// is too small there, not that the policy never succeeds;
				// a measured ERT beside it would look refuted.
				pr.Cost, pr.Lo, pr.Hi = math.NaN(), math.NaN(), math.NaN()
				pr.Why = "no run without restarts found a tour within the policy's cutoffs, so its runs cannot predict them"
			}
		}
		g.RunLengths.Predicted = pr
	}
}

// fillRunLengthColumns copies the run-length measures into the group's
// summary.csv columns: empty (NaN) where a measure does not apply.
func (g *Group) fillRunLengthColumns() {
	s := &g.Summary
	nan := Float(math.NaN())
	s.ERTNodes, s.ERTNodesLo, s.ERTNodesHi, s.ERTTimeNS = nan, nan, nan, nan
	s.TailIndex, s.TailIndexLo, s.TailIndexHi = nan, nan, nan
	s.RestartCutoff, s.RestartERTNodes = nan, nan
	rl := g.RunLengths
	if rl == nil {
		return
	}
	s.ERTNodes, s.ERTNodesLo, s.ERTNodesHi = Float(rl.ERT.Nodes), Float(rl.ERT.NodesLo), Float(rl.ERT.NodesHi)
	s.ERTTimeNS = Float(rl.ERT.TimeNS)
	if rl.Tail.OK {
		s.TailIndex, s.TailIndexLo, s.TailIndexHi = Float(rl.Tail.Index), Float(rl.Tail.Lo), Float(rl.Tail.Hi)
	}
	if p := rl.Restart; p != nil {
		s.RestartCutoff, s.RestartERTNodes = Float(p.Cutoff), Float(p.Cost)
	}
}

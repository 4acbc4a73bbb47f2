package sweep

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"knightsweep/internal/words"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/progress"
	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/strategies"
)

// What run -plan and every sweep print before they start: the plan, and
// the time it is expected to take.

// paceFrom is the least estimate, at the model's pace, for which a sweep
// measures this machine's pace before it says what it expects: below it,
// an estimate's error is a second or two, and the trial's time would count.
const paceFrom = 2 * time.Second

// pace measures this machine's pace on p's work (sweep.MeasurePace) and
// sets it on p, so that the estimate printed and the progress meter's time
// left are this machine's; it returns the trial's time, or 0 when the
// sweep is too short to be worth one (paceFrom), and whether the trial
// measured anything. The trial runs a few of the sweep's first jobs for
// 0.15 s, cut short, and writes nothing.
func pace(ctx context.Context, p *plan.Plan, o Options) (time.Duration, bool) {
	_, cost := p.Cost(nil)
	if !(cost/Parallel(o.Workers) >= paceFrom.Seconds()) || math.IsInf(cost, 1) || ctx.Err() != nil {
		return 0, false
	}
	start := time.Now()
	pc := MeasurePace(ctx, p, o.Workers, o.MemLimit.Bytes, PaceTrial)
	p.SetPace(pc)
	return time.Since(start), len(pc.Factor) > 0
}

// Parallel is how many of the cost model's seconds a sweep on workers
// runs in a second: no more than the cores it may use (the trial runs as
// many searches at once, and measures what sharing the cores costs).
func Parallel(workers int) float64 { return float64(min(workers, runtime.GOMAXPROCS(0))) }

// A Trial is what Pace did: how long it took, 0 when the sweep is
// too short to be worth one, and whether it measured anything.
type Trial struct {
	Took     time.Duration
	Measured bool
}

// Pace measures this machine's pace when the sweep is worth it
// (pace) and sets it on p, so that Cost, the plan's estimate and the
// runaway check (plan.Runaway) all say the same figure. An interrupt
// during the trial is ctx's error: nothing has been written yet.
func Pace(ctx context.Context, p *plan.Plan, o Options) (Trial, error) {
	took, measured := pace(ctx, p, o)
	if took > 0 && ctx.Err() != nil {
		return Trial{}, ctx.Err()
	}
	return Trial{took, measured}, nil
}

// ShowPlan prints the plan to w: what it will run, where it writes and
// how long it is expected to take, at the pace trial measured.
func ShowPlan(w io.Writer, p *plan.Plan, o Options, done plan.JobSet, trial Trial) {
	t := trial.Took
	if !trial.Measured {
		t = -t // a trial that measured nothing: the model's estimate, and why
	}
	printPlan(w, p, o, done, t)
}

// printPlan says, before a sweep starts, what it will run, where it writes
// and how long it is expected to take: by the cost model, at this
// machine's pace when a trial measured it (trial > 0; -trial for a trial
// that measured nothing). The jobs in done (those -resume finds rows for)
// are left out of the runs and the estimate.
func printPlan(w io.Writer, p *plan.Plan, o Options, done plan.JobSet, trial time.Duration) {
	s := p.Settings()
	var skip func(int64) bool // nil: every job, summed a cell at a time
	var sel *plan.Selection
	if !o.Shard.Whole() {
		sel = p.Select(o.Shard)
		skip = func(i int64) bool { return !sel.Has(i) }
	}
	var total int64
	if done != nil {
		total, _ = p.Cost(skip)
		skip = func(i int64) bool { return done.Has(i) || sel != nil && !sel.Has(i) }
	}
	jobs, cost := p.Cost(skip)
	budget := "no budget"
	switch {
	case s.MaxNodes > 0 && s.Timeout > 0:
		budget = fmt.Sprintf("%s nodes or %v a run", format.Round(s.MaxNodes), s.Timeout)
	case s.MaxNodes > 0:
		budget = fmt.Sprintf("%s nodes a run", format.Round(s.MaxNodes))
	case s.Timeout > 0:
		budget = fmt.Sprintf("%v a run", s.Timeout)
	}
	fmt.Fprintf(w, "plan: %d board(s) (%s), starts %s%s, %s; ", len(s.Sizes), s.SizesText(), s.StartsText(), p.StartsNote(), strings.Join(s.Strategies, ", "))
	if done != nil {
		fmt.Fprintf(w, "%s left of %d (%d done before)", words.Count(jobs, "run"), total, total-jobs)
	} else {
		fmt.Fprint(w, words.Count(jobs, "run"))
	}
	if !o.Shard.Whole() {
		fmt.Fprintf(w, " (shard %s of %d)", o.Shard, p.Len())
	}
	fmt.Fprintf(w, ", %s%s\n", budget, randomisation(p))
	fmt.Fprintf(w, "into: %s\n", o.Out)
	if jobs == 0 {
		why := "this shard has no run"
		if done != nil {
			why = "every run is already in runs.csv"
		}
		fmt.Fprintf(w, "expected: nothing to run: %s\n", why)
		return
	}
	if n, names := p.Unbounded(skip); n > 0 {
		defer fmt.Fprintf(w, "note: %s of %s from starts where no tour exists have neither a node nor a time budget: a solver that tries every branch may not end there; -timeout D or -starts solvable bounds them\n",
			words.Count(n, "run"), strings.Join(names, ", "))
	}
	var model float64 // the model's own seconds, when a trial paced the plan
	if trial > 0 {
		_, model = p.Model(skip)
	}
	unknown, names := p.Unknown(skip)
	if unknown == jobs {
		fmt.Fprintf(w, "expected: unknown on %d worker(s): every run is of %s, and the cost model knows nothing of external solvers (memory limit %s)\n",
			o.Workers, strings.Join(names, ", "), o.MemLimit)
		return
	}
	if !(model > 0) {
		var why string
		if trial < 0 {
			why = fmt.Sprintf(": its trial measured nothing, every run it tried ending within %s nodes", format.Round(PaceMinNodes))
		}
		fmt.Fprintf(w, "expected: %s on %d worker(s), by the cost model%s (memory limit %s)%s\n",
			progress.Estimate(cost/Parallel(o.Workers)), o.Workers, why, o.MemLimit, plan.UnknownText(unknown, names))
		return
	}
	var load string // the trial's share of other programs' load, where it is large
	if _, unloaded := p.Unloaded(skip); cost > plan.LoadNoted*unloaded {
		load = fmt.Sprintf(", %s without other programs' load, which the 24-hour limit counts", strings.TrimPrefix(progress.Estimate(unloaded/Parallel(o.Workers)), "about "))
	}
	fmt.Fprintf(w, "expected: %s on %d worker(s), at this machine's pace: the cost model's %s x %.2f, by a %v trial%s (memory limit %s)%s\n",
		progress.Estimate(cost/Parallel(o.Workers)), o.Workers, strings.TrimPrefix(progress.Estimate(model/Parallel(o.Workers)), "about "),
		cost/model, trial.Round(10*time.Millisecond), load, o.MemLimit, plan.UnknownText(unknown, names))
}

// randomisation names, for the plan's line, a random move order and the
// restart policies: "; order random; restarts none, luby:49". Strategies
// that follow a move order but take no random one run the default order,
// as their rows' order column says; the line names them, so that a plan
// of "dfs, warnsdorff; order random" does not read as a random warnsdorff.
func randomisation(p *plan.Plan) string {
	s := p.Settings()
	var out string
	if s.Order == strategies.OrderRandom {
		out += "; order " + strategies.OrderRandom
		var fixed []string
		for _, name := range s.Strategies {
			if in, err := p.Strategies().Lookup(name); err == nil && !in.RandomOrder && !in.OwnOrder {
				fixed = append(fixed, name)
			}
		}
		if len(fixed) > 0 {
			out += " (" + strings.Join(fixed, ", ") + " in the default order)"
		}
	}
	if len(s.Restarts) > 0 {
		out += "; restarts " + strings.Join(s.Restarts, ", ")
	}
	return out
}

package plan

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"knightsweep/pkg/progress"
)

// MaxExpected is the longest a sweep may be expected to take, by the cost
// model, before it is refused without -force: a sweep meant for a night
// fits; one that would run for days is more likely a missing budget than
// a plan.
const MaxExpected = 24 * time.Hour

// MaxUnbudgeted is the longest one search from a start with no tour,
// without a node or time budget, may be expected to take before the sweep
// is refused without -force. Such a search ends only when it has tried
// every branch: about 10^6 nodes on 5x5, a few milliseconds, but 10^14 on
// 7x7, days of one core, and more with each square.
const MaxUnbudgeted = time.Minute

// Left returns the jobs a run of p still has to do: those of shard, less
// those in done (nil: none done). It returns nil, every job, for a whole
// sweep not resumed.
func (p *Plan) Left(shard Shard, done JobSet) func(index int64) bool {
	if shard.Whole() && done == nil {
		return nil
	}
	var sel *Selection
	if !shard.Whole() {
		sel = p.Select(shard)
	}
	return func(i int64) bool { return done != nil && done.Has(i) || sel != nil && !sel.Has(i) }
}

// LoadNoted is how many times the estimate without other programs' load
// the machine-paced one must be for a plan or a refusal to give both.
const LoadNoted = 1.5

// Runaway says why the jobs of p that skip leaves (nil: all), run by
// workers workers of which parallel run at once (no more than the cores),
// should not start unless the user insists (-force): they are expected to
// take more than MaxExpected, or they hold searches with neither a node
// nor a time budget from starts where theory says no tour exists, each of
// which the model expects to take more than MaxUnbudgeted. It names the
// bounds not already in force that would bound the sweep (-starts
// solvable, -max-nodes, -timeout) and -force; "" when nothing is amiss.
// The expected time is the one the plan prints, Cost's, at this machine's
// pace once SetPace has set it, but without other programs' load
// (Pace.Unloaded): load slows the trial of the moment, not the machine,
// and must not turn a refusal into a run or back. External solvers, whose cost the model
// does not know, count as none; a search the colour rule ends at once
// (-prune) as the one node it is.
func (p *Plan) Runaway(skip func(index int64) bool, workers int, parallel float64) string {
	s := p.settings
	var why []string
	if _, cost := p.Unloaded(skip); cost/max(parallel, 1) > MaxExpected.Seconds() {
		// The figure the plan prints first, and the one decided on
		// beside it where load makes them differ.
		_, paced := p.Cost(skip)
		paced = max(paced, cost)
		var load string
		if paced > LoadNoted*cost {
			load = fmt.Sprintf(" (%s without other programs' load)", strings.TrimPrefix(progress.Estimate(cost/max(parallel, 1)), "about "))
		}
		why = append(why, fmt.Sprintf("it is expected to take %s on %d worker(s)%s, more than %s",
			strings.TrimPrefix(progress.Estimate(paced/max(parallel, 1)), "about "), workers, load, longDuration(MaxExpected.Seconds())))
	}
	if s.MaxNodes == 0 && s.Timeout == 0 {
		var strategies, boards []string
		var jobs float64
		p.each(skip, func(c *cell, noTour int, n float64) {
			if noTour == 0 || c.external || !(c.cost[1] > MaxUnbudgeted.Seconds()) {
				return
			}
			jobs += n
			if !slices.Contains(strategies, c.strategy) {
				strategies = append(strategies, c.strategy)
			}
			if b := c.board.String(); !slices.Contains(boards, b) {
				boards = append(boards, b)
			}
		})
		if jobs > 0 {
			searches, which := fmt.Sprintf("%.0f searches", math.Round(jobs)), "each of which"
			if math.Round(jobs) == 1 {
				searches, which = "1 search", "which"
			}
			why = append(why, fmt.Sprintf("it holds %s by %s with neither a node nor a time budget from starts where no tour exists (on %s), %s ends only when it has tried every branch: more than %s each by the cost model",
				searches, strings.Join(strategies, ", "), strings.Join(boards, ", "), which, longDuration(MaxUnbudgeted.Seconds())))
		}
	}
	if len(why) == 0 {
		return ""
	}
	var noTour bool
	p.each(skip, func(c *cell, i int, _ float64) { noTour = noTour || i == 1 })
	return strings.Join(why, "; and ") + ". " + bounds(s, noTour)
}

// bounds advises the bounds not already in force, and -force: -starts
// solvable only for a sweep that holds starts with no tour (noTour).
func bounds(s Settings, noTour bool) string {
	var b []string
	if noTour && s.Starts.Kind() != SolvableStarts {
		b = append(b, "-starts solvable (only starts with a tour)")
	}
	switch {
	case s.MaxNodes == 0 && s.Timeout == 0:
		b = append(b, "-max-nodes N or -timeout D (a budget for each search)")
	case s.MaxNodes == 0:
		b = append(b, fmt.Sprintf("-max-nodes N or a shorter -timeout than %v", s.Timeout))
	case s.Timeout == 0:
		b = append(b, fmt.Sprintf("a lower -max-nodes than %d or -timeout D", s.MaxNodes))
	default:
		b = append(b, fmt.Sprintf("a lower -max-nodes than %d or a shorter -timeout than %v", s.MaxNodes, s.Timeout))
	}
	return "Bound it with " + strings.Join(b, ", ") + ", or add -force to run it anyway"
}

// longDuration writes seconds in the largest unit that keeps the figure
// at least 1: "3.2 hours", "41 days", "more than a year".
func longDuration(sec float64) string {
	const day, year = 86400.0, 365.25 * 86400
	switch {
	case math.IsInf(sec, 1) || sec >= 1000*year:
		return "more than a thousand years"
	case sec >= 2*year:
		return fmt.Sprintf("%.0f years", sec/year)
	case sec >= 2*day:
		return fmt.Sprintf("%.0f days", sec/day)
	case sec >= 2*3600:
		return fmt.Sprintf("%.0f hours", sec/3600)
	case sec >= 120:
		return fmt.Sprintf("%.0f minutes", sec/60)
	}
	return fmt.Sprintf("%.0f seconds", sec)
}

// Unbounded returns the jobs of external solvers that skip leaves (nil:
// all) from starts where theory says no tour exists, when neither a node
// nor a time budget bounds them, and the solvers' names. The cost model
// knows nothing of an external solver (Runaway counts its jobs as none),
// but one that searches every branch ends there only when it has tried
// them all: the plan says so.
func (p *Plan) Unbounded(skip func(index int64) bool) (jobs int64, names []string) {
	if s := p.settings; s.MaxNodes > 0 || s.Timeout > 0 {
		return 0, nil
	}
	var n float64
	p.each(skip, func(c *cell, noTour int, k float64) {
		if noTour == 0 || !c.external {
			return
		}
		n += k
		if !slices.Contains(names, c.strategy) {
			names = append(names, c.strategy)
		}
	})
	return int64(math.Round(n)), names
}

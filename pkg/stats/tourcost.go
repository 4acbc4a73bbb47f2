package stats

import (
	"math"
	"slices"
)

// TourCost is a series' median cost to a tour over its runs from starts
// with a tour (Start.HasTour), on every board it ran: nodes, or CPU time
// where a run of the series records no nodes (an external solver that
// does not count them). A run that found no tour, whether it failed for
// good or a budget stopped it, needed more than any run that found one:
// it counts as costliest, never as what it spent, so the median is a
// run's true cost when more than half the runs found a tour, and is not
// known otherwise (Known false).
type TourCost struct {
	// Measure is ByNodes or ByCPU.
	Measure Measure
	// Median is in nodes or nanoseconds of CPU time; NaN unless Known.
	Median float64
	Known  bool
	// Runs counts the runs it rests on: those from starts with a tour
	// whose cost is known (a run without CPU time is left out).
	Runs int
}

// TourCostOf returns s's median cost to a tour.
func (r *Results) TourCostOf(s Series) TourCost {
	groups := r.SeriesGroups(s.Key)
	c := TourCost{Measure: ByNodes, Median: math.NaN()}
	measure := sampleNodes
	if slices.ContainsFunc(groups, (*Group).lacksNodes) {
		c.Measure, measure = ByCPU, sampleCPU
	}
	var costs []float64 // found runs' costs, +Inf for the others
	for _, g := range groups {
		hasTour := tourStarts(g)
		for _, smp := range g.samples {
			switch {
			case !hasTour(smp.start) || smp.found() && measure(smp) < 0:
			case smp.found():
				costs = append(costs, float64(measure(smp)))
			default:
				costs = append(costs, math.Inf(1))
			}
		}
	}
	c.Runs = len(costs)
	if len(costs) == 0 {
		return c
	}
	slices.Sort(costs)
	n := len(costs)
	m := costs[(n-1)/2]
	if n%2 == 0 {
		m = m/2 + costs[n/2]/2
	}
	if !math.IsInf(m, 1) {
		c.Median, c.Known = m, true
	}
	return c
}

package plan

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// The cost model's times a node (strategies.Info.Cost) were measured on the
// development machine. Another machine, or this one while other work
// shares its cores, runs slower or faster, and by a factor the model
// cannot know: a virtual machine's two cores ran the same sweep in 9.3 s
// one day and 15.2 s another. A Pace is that factor, measured by a short
// trial of the sweep's own first jobs (sweep.MeasurePace); SetPace makes
// the plan's estimates this machine's.

// PaceKey names a group of jobs that share a time a node: a strategy on
// small boards (at most 64 squares, where the searches run on bitboards)
// or on larger ones.
type PaceKey struct {
	Strategy string
	Large    bool
}

func (k PaceKey) String() string {
	if k.Large {
		return k.Strategy + " (over 64 squares)"
	}
	return k.Strategy + " (up to 64 squares)"
}

func paceKey(c *cell) PaceKey { return PaceKey{c.strategy, c.board.Squares() > 64} }

// Pace is this machine's time a node over the cost model's, by group of
// jobs: 1.6 means 60% slower than the model.
type Pace struct {
	// Factor holds the groups the trial measured.
	Factor map[PaceKey]float64
	// Default is for the groups the trial did not measure (too small a
	// share of the work to be worth it) and for the runner's own time a
	// job: the mean of Factor, weighted by the groups' work.
	Default float64
	// Unloaded and UnloadedDefault are Factor and Default as the machine
	// runs without other programs' load: from the trial's CPU time a
	// node, which a search waiting for a core does not spend, in its
	// fastest round. Factor, by the clock, counts the load of the moment,
	// as the sweep will meet it while it lasts; Runaway decides at
	// Unloaded, so that the same command is not refused one moment and
	// let through the next. A group without one takes its Factor.
	Unloaded        map[PaceKey]float64
	UnloadedDefault float64
}

// Of returns the factor of group k.
func (p Pace) Of(k PaceKey) float64 {
	if f, ok := p.Factor[k]; ok {
		return f
	}
	if p.Default > 0 {
		return p.Default
	}
	return 1
}

// unloaded returns the factor of group k without load: Unloaded's where
// the trial measured one below Of's, else Of's.
func (p Pace) unloaded(k PaceKey) float64 {
	f := p.Of(k)
	u, ok := p.Unloaded[k]
	if !ok {
		u = p.UnloadedDefault
	}
	if u > 0 && u < f {
		return u
	}
	return f
}

// String lists the factors, largest group first as measured.
func (p Pace) String() string {
	keys := make([]PaceKey, 0, len(p.Factor))
	for k := range p.Factor {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b PaceKey) int { return strings.Compare(a.String(), b.String()) })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %.2fx", k, p.Factor[k]))
	}
	return strings.Join(parts, ", ")
}

// A PaceSample is a job of the plan that a trial runs to measure one
// group's pace: the group's costliest job, which the sweep runs among its
// first, and the group's share of the plan's estimated work.
type PaceSample struct {
	Key   PaceKey
	Job   Job
	Share float64
	// NsPerNode is the cost model's time a node of the job.
	NsPerNode float64
}

// PaceSamples returns a sample job of each group of jobs that holds at
// least minShare of the plan's estimated work, largest share first.
func (p *Plan) PaceSamples(minShare float64) []PaceSample {
	type group struct {
		work float64
		c    *cell
		i    int // cost[i] of c is the group's costliest job
	}
	groups := map[PaceKey]*group{}
	var total float64
	for ci := range p.cells {
		c := &p.cells[ci]
		key := paceKey(c)
		g := groups[key]
		if g == nil {
			g = &group{}
			groups[key] = g
		}
		work := float64(c.jobs()) * c.costAvg
		g.work += work
		total += work
		for i, share := range []float64{1 - c.noTour, c.noTour} {
			if share > 0 && (g.c == nil || c.cost[i] > g.c.cost[g.i]) {
				g.c, g.i = c, i
			}
		}
	}
	if !(total > 0) || math.IsInf(total, 1) {
		return nil // nothing to measure, or endless work that no pace makes finite
	}
	var out []PaceSample
	for key, g := range groups {
		if g.c == nil || !(g.work >= minShare*total) {
			continue
		}
		// The cell's first job from a start of the chosen kind.
		for k := range g.c.jobs() {
			if p.noTour(g.c, k) == g.i {
				out = append(out, PaceSample{Key: key, Job: p.job(g.c, k), Share: g.work / total, NsPerNode: g.c.nsPerNode})
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b PaceSample) int {
		return cmp.Or(cmp.Compare(b.Share, a.Share), strings.Compare(a.Key.String(), b.Key.String()))
	})
	return out
}

// SetPace makes Cost and each Job's Cost this machine's seconds, at pace,
// and Runaway's, at pace without load. The schedule and the shards keep
// the model's order: they must not depend on the machine.
func (p *Plan) SetPace(pace Pace) {
	for ci := range p.cells {
		c := &p.cells[ci]
		c.paced, _ = c.seconds(pace.Of(paceKey(c)))
		c.unloaded, _ = c.seconds(pace.unloaded(paceKey(c)))
	}
}

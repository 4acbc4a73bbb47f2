package runlength

import (
	"math"
	"slices"

	"knightsweep/pkg/restart"
)

// Empirical is the distribution of one start's runs, every run equally
// likely: what restart predictions rest on. Runs are independent draws of
// a randomised search from the start (trials with their own seeds).
type Empirical struct {
	// lengths are the nodes of every run, sorted, and prefix their running
	// sums (prefix[i] is the sum of the i smallest).
	lengths []int64
	prefix  []float64
	// found are the nodes of runs that found a tour, sorted.
	found []int64
	// Limit is the largest cutoff the runs can judge: the fewest nodes
	// at which a run was stopped by its budget (what it would have done
	// after is unknown), math.MaxInt64 when none was.
	Limit int64
}

// NewEmpirical returns the empirical distribution of runs.
func NewEmpirical(runs []Run) *Empirical {
	e := &Empirical{Limit: math.MaxInt64}
	for _, r := range runs {
		e.lengths = append(e.lengths, r.Nodes)
		switch r.Outcome {
		case RunFound:
			e.found = append(e.found, r.Nodes)
		case RunCensored:
			e.Limit = min(e.Limit, r.Nodes)
		}
	}
	slices.Sort(e.lengths)
	slices.Sort(e.found)
	e.prefix = make([]float64, len(e.lengths)+1)
	for i, x := range e.lengths {
		e.prefix[i+1] = e.prefix[i] + float64(x)
	}
	return e
}

// attempt returns what one attempt cut off after c nodes costs on average,
// E[min(X, c)], and the probability it finds a tour, P(found, X <= c). A
// run that failed for good before c costs what it used; one stopped by its
// budget at or beyond c (c <= Limit) costs c, as every run still going at c.
func (e *Empirical) attempt(c int64) (cost, p float64) {
	n := float64(len(e.lengths))
	i := atMost(e.lengths, c)
	cost = (e.prefix[i] + float64(c)*float64(len(e.lengths)-i)) / n
	return cost, float64(atMost(e.found, c)) / n
}

// Attempt is attempt as restart.Attempts: only a tour ends a run (a run
// that failed for good is followed by a fresh one), and no cutoff past
// Limit can be priced.
func (e *Empirical) Attempt(c float64) (cost, end float64, ok bool) {
	censored := e.Limit < math.MaxInt64 // some run was stopped by its budget
	if c <= 0 || censored && c > float64(e.Limit) {
		return 0, 0, false
	}
	n := int64(math.MaxInt64)
	if c < math.MaxInt64 {
		n = int64(c)
	}
	cost, end = e.attempt(n)
	return cost, end, true
}

// atMost returns how many of the sorted xs are at most c.
func atMost(xs []int64, c int64) int {
	// Every x <= c compares as less, so the search ends at the first x > c.
	i, _ := slices.BinarySearchFunc(xs, c, func(x, c int64) int {
		if x <= c {
			return -1
		}
		return 1
	})
	return i
}

// FixedCost returns the expected nodes to a tour when every attempt is cut
// off after c nodes and a fresh one started: E[min(X, c)] / P(X <= c)
// (each attempt independent, their number geometric). +Inf when no run
// found a tour within c; NaN when c is past Limit.
func (e *Empirical) FixedCost(c int64) float64 {
	return e.PolicyCost(restart.Policy{Kind: restart.Fixed, C: c})
}

// PolicyCost returns the expected nodes to a tour of a restart policy over
// e, as restart.Policy.Expected sums it (a fixed cutoff in closed form,
// Luby's sequence block by block, a geometric one by runs of a cutoff):
// NaN for no restarts, and where a run reaches an attempt past Limit with
// a chance above 1e-9 (the runs cannot say what it would cost).
func (e *Empirical) PolicyCost(p restart.Policy) float64 {
	if p.Kind == restart.None || p.C <= 0 {
		return math.NaN()
	}
	return p.Expected(e, math.Inf(1))
}

// lubyCost is the expected cost of Luby's sequence with unit u.
func (e *Empirical) lubyCost(u int64) float64 {
	return e.PolicyCost(restart.Policy{Kind: restart.Luby, C: u})
}

package stats

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
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
	if c > e.Limit || c <= 0 {
		return math.NaN()
	}
	cost, p := e.attempt(c)
	return cost / p
}

// maxAttempts bounds the attempts a sequence's expectation sums.
const maxAttempts = 10_000_000

// SequenceCost returns the exact expected nodes to a tour of restarts with
// cutoffs cutoff(1), cutoff(2), ..., over the empirical distribution: the
// sum over attempts i of P(attempts before i all failed) E[min(X, c_i)].
// It stops when the chance of going on falls below 1e-13. NaN when an
// attempt reached with a chance above 1e-9 has a cutoff past Limit (the
// runs cannot say what it would cost), or when the sum does not settle
// within maxAttempts attempts.
func (e *Empirical) SequenceCost(cutoff func(i int) int64) float64 {
	return e.sequenceCost(cutoff, math.Inf(1))
}

// sequenceCost is SequenceCost, giving up with +Inf once the cost passes
// bound (a search for the best unit knows it cannot win).
func (e *Empirical) sequenceCost(cutoff func(i int) int64, bound float64) float64 {
	reach, total := 1.0, 0.0
	for i := 1; i <= maxAttempts; i++ {
		c := cutoff(i)
		if c > e.Limit {
			if reach > 1e-9 {
				return math.NaN()
			}
			return total
		}
		cost, p := e.attempt(c)
		total += reach * cost
		reach *= 1 - p
		if reach <= 1e-13 {
			return total
		}
		if total > bound {
			return math.Inf(1)
		}
	}
	return math.NaN()
}

// Luby returns the i-th term (from 1) of Luby, Sinclair and Zuckerman's
// universal sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
func Luby(i int) int64 {
	for {
		k := 1
		for (1<<k)-1 < i {
			k++
		}
		if i == (1<<k)-1 {
			return 1 << (k - 1)
		}
		i -= (1 << (k - 1)) - 1
	}
}

// LubyCost returns the expected nodes to a tour of Luby's sequence with
// unit u: cutoffs u·Luby(i).
func (e *Empirical) LubyCost(u int64) float64 { return e.lubyCost(u, math.Inf(1)) }

func (e *Empirical) lubyCost(u int64, bound float64) float64 {
	return e.sequenceCost(func(i int) int64 { return satMul(u, Luby(i)) }, bound)
}

// GeometricCost returns the expected nodes to a tour of cutoffs c, c·f,
// c·f², ...
func (e *Empirical) GeometricCost(c int64, f float64) float64 {
	return e.SequenceCost(func(i int) int64 {
		v := float64(c) * math.Pow(f, float64(i-1))
		if v >= math.MaxInt64/2 {
			return math.MaxInt64
		}
		return int64(v)
	})
}

func satMul(a, b int64) int64 {
	if a > 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// RestartPolicy is a restart policy as runs.csv's restart_policy writes
// it: "none", "fixed:C", "luby:U", "geometric:C,F".
type RestartPolicy struct {
	Kind string // "none", "fixed", "luby", "geometric"
	C    int64  // the cutoff, unit or first cutoff
	F    float64
}

// ParseRestartPolicy reads a restart_policy value.
func ParseRestartPolicy(s string) (RestartPolicy, error) {
	if s == "" || s == "none" {
		return RestartPolicy{Kind: "none"}, nil
	}
	kind, arg, ok := strings.Cut(s, ":")
	bad := fmt.Errorf("restart policy %q: want none, fixed:C, luby:U or geometric:C,F", s)
	if !ok {
		return RestartPolicy{}, bad
	}
	p := RestartPolicy{Kind: kind}
	first, factor, hasF := strings.Cut(arg, ",")
	c, err := strconv.ParseInt(first, 10, 64)
	if err != nil || c <= 0 {
		return RestartPolicy{}, bad
	}
	p.C = c
	switch kind {
	case "fixed", "luby":
		if hasF {
			return RestartPolicy{}, bad
		}
	case "geometric":
		f, err := strconv.ParseFloat(factor, 64)
		if !hasF || err != nil || !(f > 1) {
			return RestartPolicy{}, bad
		}
		p.F = f
	default:
		return RestartPolicy{}, bad
	}
	return p, nil
}

// Cost returns the policy's expected nodes to a tour over e.
func (p RestartPolicy) Cost(e *Empirical) float64 {
	switch p.Kind {
	case "fixed":
		return e.FixedCost(p.C)
	case "luby":
		return e.LubyCost(p.C)
	case "geometric":
		return e.GeometricCost(p.C, p.F)
	}
	return math.NaN()
}

package stats

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
const maxAttempts = 1_000_000

// SequenceCost returns the exact expected nodes to a tour of restarts with
// cutoffs cutoff(1), cutoff(2), ..., over the empirical distribution: the
// sum over attempts i of P(attempts before i all failed) E[min(X, c_i)].
// It stops when the chance of going on falls below 1e-13. NaN when an
// attempt reached with a chance above 1e-9 has a cutoff past Limit (the
// runs cannot say what it would cost), or when the sum does not settle
// within maxAttempts attempts.
func (e *Empirical) SequenceCost(cutoff func(i int) int64) float64 {
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
	}
	return math.NaN()
}

// PolicyCost returns the expected nodes to a tour of a restart policy
// (package restart: its cutoffs, attempt by attempt) over e; a fixed
// cutoff in closed form, Luby's sequence block by block. NaN for no
// restarts.
func (e *Empirical) PolicyCost(p restart.Policy) float64 {
	switch p.Kind {
	case restart.None:
		return math.NaN()
	case restart.Fixed:
		return e.FixedCost(p.C)
	case restart.Luby:
		return e.lubyCost(p.C)
	}
	return e.SequenceCost(func(i int) int64 { return p.Cutoff(int64(i - 1)) })
}

// lubyCost is the expected cost of Luby's sequence with unit u, block by
// block: its first 2^k - 1 terms are its first 2^(k-1) - 1 twice, then
// 2^(k-1). So, with C_k the expected cost of running them (stopping at a
// tour) and Q_k the chance that none finds one, C_1 = E[min(X, u)], Q_1 =
// P(no tour within u), and C_k = C_{k-1}(1 + Q_{k-1}) + Q_{k-1}² E[min(X,
// u·2^(k-1))], Q_k = Q_{k-1}² P(no tour within u·2^(k-1)). Sixty blocks at
// most, where the attempt by attempt sum took millions of attempts for a
// small unit. NaN when a block whose cutoff is past Limit is reached with a
// chance above 1e-9.
func (e *Empirical) lubyCost(u int64) float64 {
	if u <= 0 || u > e.Limit {
		return math.NaN()
	}
	cost, p := e.attempt(u)
	c, q := cost, 1-p
	for k := 1; k < 62; k++ {
		cut := u << k
		if cut <= 0 || cut/u != 1<<k || cut > e.Limit {
			if q*q > 1e-9 {
				return math.NaN()
			}
			return c * (1 + q)
		}
		cost, p := e.attempt(cut)
		c = c*(1+q) + q*q*cost
		q = q * q * (1 - p)
		if q <= 1e-13 {
			return c
		}
	}
	return math.NaN()
}

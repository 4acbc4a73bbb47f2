package solver

import (
	"context"

	"knightsweep/pkg/restart"
	"knightsweep/pkg/status"
)

// An attempter is a randomised backtracking search that the restart driver
// runs attempt by attempt: attempt searches from scratch with seed, entering
// at most maxNodes nodes (0: no limit), as Run would for a Problem with that
// Seed and MaxNodes. Setting up an attempt allocates nothing and takes at
// most O(squares) steps, so a restart costs no more.
type attempter interface {
	Search
	restarter
	attempt(ctx context.Context, seed uint64, maxNodes int64) Result
}

// restarting runs a search under p's restart policy: attempt i is cut after
// p.Restarts.Cutoff(i) nodes, and the next starts afresh from seed
// restart.Seed(p.Seed, i+1). MaxNodes bounds the nodes of all attempts
// together; the deadline and cancellation are checked inside every attempt
// once every CheckInterval of its nodes and between attempts once every
// CheckInterval nodes in all, so short attempts do not look at the clock.
//
// Nodes and Backtracks add up over the attempts: every square of an
// abandoned attempt, its start included, counts as left, so that Nodes -
// Backtracks is still the path the run ends with.
type restarting struct {
	inner attempter
	p     Problem
}

func (r *restarting) restart(p Problem) bool {
	if !r.inner.restart(p) {
		return false
	}
	r.p = p
	return true
}

func (r *restarting) Run(ctx context.Context) Result {
	p := &r.p
	var nodes, since int64
	for i := int64(0); ; i++ {
		c := p.Restarts.Cutoff(i)
		last := false
		if p.MaxNodes > 0 && c >= p.MaxNodes-nodes {
			c, last = p.MaxNodes-nodes, true
		}
		res := r.inner.attempt(ctx, restart.Seed(p.Seed, i), c)
		res.Restarts = i
		res.Backtracks += nodes
		res.Nodes += nodes
		if res.Status != status.NodeLimit || last {
			return res
		}
		nodes = res.Nodes
		if since += c; since >= CheckInterval {
			since = 0
			if st := ctxStatus(ctx); st != "" {
				return Result{Status: st, Nodes: nodes, Backtracks: nodes, Restarts: i}
			}
		}
	}
}

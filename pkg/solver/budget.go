package solver

import (
	"context"
	"errors"
	"knightsweep/pkg/status"
)

// CheckInterval is how many nodes a search enters between two looks at its
// context. At tens of millions of nodes a second that is well under a
// millisecond, while the per-node cost stays one comparison.
const CheckInterval = 1 << 15

// budget enforces a node limit and a context. A search calls stop when its
// node count reaches next, and stops if stop returns a status.
type budget struct {
	ctx  context.Context
	max  int64 // 0: no limit
	next int64 // node count at which to call stop again
}

func newBudget(ctx context.Context, max int64) budget {
	b := budget{ctx: ctx, max: max}
	b.advance(0)
	return b
}

func (b *budget) advance(nodes int64) {
	b.next = nodes + CheckInterval
	if b.max > 0 && b.next > b.max {
		b.next = b.max
	}
}

// stop is called when nodes == b.next, before the search enters another
// node. It returns the status to end with, or "" to go on.
func (b *budget) stop(nodes int64) status.Status {
	if b.max > 0 && nodes >= b.max {
		return status.NodeLimit
	}
	if st := ctxStatus(b.ctx); st != "" {
		return st
	}
	b.advance(nodes)
	return ""
}

func ctxStatus(ctx context.Context) status.Status {
	switch err := ctx.Err(); {
	case err == nil:
		return ""
	case errors.Is(err, context.DeadlineExceeded):
		return status.Timeout
	default:
		return status.Canceled
	}
}

// Why a chunk of a search ended.
const (
	chunkBudget = iota // the node allowance ran out before another node
	chunkFound
	chunkExhausted
)

// runChunks drives a search that walks in call-free chunks between budget
// checks. chunk enters at most left more nodes and reports why it stopped,
// the allowance it had left and the depth of its path; the search has
// entered nodes already (1: the start, when it begins) and bud has been
// advanced to them. The budget is consulted between chunks only, so the
// walks' inner loops carry no budget test.
func runChunks(bud *budget, nodes int64, tour []int32, chunk func(left int64) (why int, rest int64, depth int)) Result {
	for {
		why, left, d := chunk(bud.next - nodes)
		nodes = bud.next - left
		if res := chunkResult(why, nodes, d, tour); res.Status != "" {
			return res
		}
		if st := bud.stop(nodes); st != "" {
			return Result{Status: st, Nodes: nodes, Backtracks: nodes - int64(d) - 1}
		}
	}
}

// chunkResult is the result of a walk whose chunk stopped for why after
// nodes in all, its path depth deep: Found or Exhausted, or no status
// when the chunk only ran out of nodes. Every node entered is on the path
// or was left, which gives the backtracks.
func chunkResult(why int, nodes int64, depth int, tour []int32) Result {
	res := Result{Nodes: nodes, Backtracks: nodes - int64(depth) - 1}
	switch why {
	case chunkFound:
		res.Status, res.squares = status.Found, tour
	case chunkExhausted:
		res.Status = status.Exhausted
	}
	return res
}

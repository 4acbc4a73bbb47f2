package count

import (
	"sync/atomic"

	"knightsweep/pkg/memlimit"
)

// budget is the memory a frontier count may hold in its layers, hash
// tables and join index, and the memory it holds: every such allocation
// takes its bytes from the budget first, so that a count stops with a
// *MemoryError before it allocates past Options.MemLimit, whatever its
// estimates said (they judge a square from the last, and one square can
// make many more states than the one before). A nil budget has no limit.
type budget struct {
	limit int64
	held  atomic.Int64
}

// budgetShare is the part of Options.MemLimit that a count's states may
// take; the rest is for the Go runtime, the workers' buffers and what the
// garbage collector has yet to reclaim.
const budgetShare = 0.9

func newBudget(memLimit int64) *budget {
	if memLimit <= 0 {
		return nil
	}
	return &budget{limit: int64(float64(memLimit) * budgetShare)}
}

// overBudget reports an allocation that the budget refused: need is what
// the count would have held with it.
type overBudget struct{ need int64 }

func (e *overBudget) Error() string {
	return "the count's states would need " + memlimit.Format(e.need)
}

// take reserves n bytes, or returns an *overBudget and reserves nothing.
func (b *budget) take(n int64) error {
	if b == nil {
		return nil
	}
	if h := b.held.Add(n); h > b.limit {
		b.held.Add(-n)
		return &overBudget{need: h}
	}
	return nil
}

// give returns n bytes.
func (b *budget) give(n int64) {
	if b != nil {
		b.held.Add(-n)
	}
}

// left returns the bytes the budget still has (the largest int64 if it has
// no limit).
func (b *budget) left() int64 {
	if b == nil {
		return 1<<63 - 1
	}
	return b.limit - b.held.Load()
}

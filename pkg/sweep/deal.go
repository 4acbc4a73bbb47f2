package sweep

import (
	"context"
	"iter"
	"sync"

	"knightsweep/pkg/plan"
	"knightsweep/pkg/solver"
)

// A dealer hands a plan's jobs to the workers in schedule order. A feeder
// goroutine draws them from the schedule in chunks of dealChunk, and a
// worker takes the next job of the current chunk under mu. Handed over one
// at a time on a channel, each job would wake the feeder, on another
// thread: a cost as large as a short run's.
type dealer struct {
	mu    sync.Mutex
	chunk []plan.Job // the jobs being dealt; next is the next one
	next  int
	over  bool // the feeder has no more chunks

	in   chan []plan.Job // chunks from the feeder, closed after the last
	free chan []plan.Job // chunks dealt, for the feeder to fill again
}

// dealChunk is the jobs of a chunk.
const dealChunk = 64

func newDealer() *dealer {
	return &dealer{in: make(chan []plan.Job, 1), free: make(chan []plan.Job, 3)}
}

// feed draws the jobs of seq in chunks for the workers, until seq ends or
// ctx is done, then closes d.in.
func (d *dealer) feed(ctx context.Context, seq iter.Seq[plan.Job]) {
	defer close(d.in)
	c := d.buffer()
	for j := range seq {
		if c = append(c, j); len(c) == dealChunk {
			if !d.send(ctx, c) {
				return
			}
			c = d.buffer()
		}
	}
	if len(c) > 0 {
		d.send(ctx, c)
	}
}

func (d *dealer) send(ctx context.Context, c []plan.Job) bool {
	select {
	case d.in <- c:
		return true
	case <-ctx.Done():
		return false
	}
}

// buffer returns an empty chunk: one dealt already, or a new one.
func (d *dealer) buffer() []plan.Job {
	select {
	case c := <-d.free:
		return c[:0]
	default:
		return make([]plan.Job, 0, dealChunk)
	}
}

// get returns the next job; ok is false when there are no more. While it
// waits for the feeder, clk's thread is free (nextChunk).
func (d *dealer) get(clk *solver.ThreadClock) (j plan.Job, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for d.next == len(d.chunk) {
		if d.over {
			return plan.Job{}, false
		}
		if d.chunk != nil {
			select {
			case d.free <- d.chunk:
			default:
			}
		}
		d.next = 0
		if d.chunk, ok = nextChunk(d.in, clk); !ok {
			d.over = true
			return plan.Job{}, false
		}
	}
	j = d.chunk[d.next]
	d.next++
	return j, true
}

// nextChunk receives the next chunk; when none is waiting it unlocks clk's
// thread while it waits, for the feeder to run on it.
func nextChunk(in <-chan []plan.Job, clk *solver.ThreadClock) ([]plan.Job, bool) {
	select {
	case c, ok := <-in:
		return c, ok
	default:
	}
	clk.Unlock()
	defer clk.Lock()
	c, ok := <-in
	return c, ok
}

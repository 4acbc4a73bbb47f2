package count

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"knightsweep/internal/splitmix"
)

// entry is a state of a layer and the number of ways to reach it.
type entry struct {
	key uint64
	n   u128
}

// entryBytes is the memory of one state in a layer's slice; a table slot
// takes as much, and tables run between 3/8 and 3/4 full.
const entryBytes = 24

// layerShards is how many parts each layer is built in: a part's states
// are those whose key falls in it, so parts merge independently.
const layerShards = 16

// side is one side of a frontier count: the front side makes forward
// steps from square 0 up, the back side back steps on the turned board
// (from the last square down). Its layer is the states after its steps.
type side struct {
	plan  *frontierPlan
	front bool
	// task is the side's, in its own numbering.
	task frontierTask
	// done is the steps made; states the layer after them, in parts;
	// tours the tours completed within the side (only a side that walks
	// the whole board completes any).
	done   int
	states [][]entry
	tours  u128
	// high is the bits of the largest count of the layer.
	high int
	// growths[t] is the states step t made for each it expanded.
	growths []float64
	// lastBytes is the memory the last step took.
	lastBytes int64
	stats     frontierStats
	// index, once the sides have met, replaces the layer of the side the
	// join indexes (joinPlan describes it).
	index    *joinIndex
	joinPlan *joinPlan
}

// frontierStats describe a count's work: the states it expanded, the most
// states a layer held, and the most memory a step took.
type frontierStats struct {
	expanded   int64
	peakStates int64
	peakBytes  int64
}

func (a *frontierStats) add(b frontierStats) {
	a.expanded += b.expanded
	a.peakStates = max(a.peakStates, b.peakStates)
	a.peakBytes = max(a.peakBytes, b.peakBytes)
}

// newSide returns a side before its first step: one state, the empty
// frontier.
func newSide(p *frontierPlan, front bool, task frontierTask) *side {
	if !front {
		task.start = p.turned(task.start)
	}
	return &side{plan: p, front: front, task: task, states: [][]entry{{{0, u128{lo: 1}}}}}
}

// size returns the states of the layer.
func (sd *side) size() int {
	if sd.index != nil {
		return len(sd.index.entries)
	}
	return size(sd.states)
}

// each calls fn with every state of the layer, in order (an indexed
// layer's in the index's order).
func (sd *side) each(fn func(entry) error) error {
	if sd.index != nil {
		return sd.index.keys(sd.joinPlan, !sd.front, fn)
	}
	for _, part := range sd.states {
		for _, e := range part {
			if err := fn(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// squares returns the squares the layer's codes stand for, in order, in
// the board's numbering (not the turned one).
func (sd *side) squares() []int {
	p := sd.plan
	if sd.done >= p.n {
		return nil
	}
	var out []int
	if sd.front {
		st := p.fwd[sd.done]
		for _, u := range st.squares[:st.front] {
			out = append(out, int(u))
		}
		return out
	}
	for _, u := range p.back[sd.done].live {
		out = append(out, p.turned(int(u)))
	}
	return out
}

// size returns the states of a layer.
func size(l [][]entry) int {
	n := 0
	for _, s := range l {
		n += len(s)
	}
	return n
}

// chunked cuts a layer into pieces of at most n states.
func chunked(l [][]entry, n int) [][]entry {
	var out [][]entry
	for _, s := range l {
		for len(s) > n {
			out = append(out, s[:n])
			s = s[n:]
		}
		if len(s) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// shardTables are the tables a step adds its states into, one a shard,
// each behind its lock.
type shardTables struct {
	mu [layerShards]sync.Mutex
	t  [layerShards]*table
}

// flushAt is how many states a worker buffers for a shard before taking
// its lock.
const flushAt = 256

// shardBuffers are a worker's states on their way to each shard's table;
// expand leaves them empty.
type shardBuffers [layerShards][]entry

// shardOf spreads keys over the shards by their high bits after a multiply:
// neighbouring keys (which share most digits) land apart.
func shardOf(k uint64) int { return int((k * splitmix.Golden) >> 60 % layerShards) }

// predicted returns the number of states the side's next step is expected
// to make for each it expands: what the step at the same place in the row
// before made (the growth of a step follows its column), or, early on, the
// last step.
func (sd *side) predicted() float64 {
	t, w := sd.done, sd.plan.cols
	known := func(t int) bool { return t >= 0 && t < len(sd.growths) && sd.growths[t] > 0 }
	switch {
	case known(t - w):
		return sd.growths[t-w]
	case known(t - 1):
		return sd.growths[t-1]
	case t == 0:
		return 1
	}
	return 2 // resumed from a checkpoint, with no history: the budget holds it
}

// need estimates the memory the side's next step adds to what the count
// holds: tables for the states it is expected to make (with a tenth to
// spare, 3/4 full at most), and the slices they become.
func (sd *side) need() int64 {
	made := float64(sd.size()) * sd.predicted() * 1.1
	return int64(made * (slotBytes*4/3 + entryBytes))
}

// advance makes the side's next step with workers goroutines, which take
// chunks of the layer in turn and add the states they make into one table
// a shard, through small per-shard buffers so that each lock is taken once
// for many states. Each table becomes a slice as soon as the step is
// done, so a layer is held once, and the tables at most twice that. Every
// table and slice takes its memory from mem first: a step that would pass
// it stops with an *overBudget, the side's layer untouched.
func (sd *side) advance(ctx context.Context, workers int, bufs []shardBuffers, mem *budget) (err error) {
	n := sd.size()
	var out shardTables
	defer func() {
		if err != nil {
			for _, tb := range out.t {
				if tb != nil {
					tb.free()
				}
			}
		}
	}()
	hint := int(float64(n)*sd.predicted()*1.1)/layerShards + 1
	for i := range out.t {
		if out.t[i], err = newTable(hint, mem); err != nil {
			return err
		}
	}
	chunks := chunked(sd.states, 1<<14)
	var nextChunk atomic.Int64
	dones := make([]u128, workers)
	g, gctx := errgroup.WithContext(ctx)
	for w := range workers {
		g.Go(func() error {
			for {
				i := int(nextChunk.Add(1) - 1)
				if i >= len(chunks) {
					return nil
				}
				d, err := sd.expand(gctx, chunks[i], &out, &bufs[w])
				if err != nil {
					return err
				}
				var over bool
				if dones[w], over = dones[w].add(d); over {
					return ErrOverflow
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		for w := range bufs {
			for sh := range bufs[w] {
				bufs[w][sh] = bufs[w][sh][:0] // a worker stopped with states unflushed
			}
		}
		return err
	}
	tours := sd.tours
	for _, d := range dones {
		var over bool
		if tours, over = tours.add(d); over {
			return ErrOverflow
		}
	}
	peak := int64(n) * entryBytes
	made := 0
	for _, tb := range out.t {
		peak += tb.bytes()
		made += tb.used
	}
	// The tables become slices one at a time, each freed as its slice is
	// made; the layer they came from goes once all are made.
	next := make([][]entry, layerShards)
	var all u128 // every count or-ed: the bits of the largest
	for i, tb := range out.t {
		if next[i], err = tb.entries(&all); err != nil {
			for _, part := range next[:i] {
				mem.give(int64(len(part)) * entryBytes)
			}
			return err
		}
		out.t[i] = nil
	}
	mem.give(int64(n) * entryBytes)
	sd.stats.expanded += int64(n)
	sd.stats.peakBytes = max(sd.stats.peakBytes, peak)
	sd.lastBytes = peak
	sd.stats.peakStates = max(sd.stats.peakStates, int64(made))
	for len(sd.growths) <= sd.done {
		sd.growths = append(sd.growths, 0)
	}
	sd.growths[sd.done] = max(0.01, float64(made)/float64(max(1, n)))
	sd.states, sd.tours, sd.high = next, tours, all.bitLen()
	sd.done++
	return nil
}

// masksBy[nb][k] lists the sets of k of nb neighbours, as bit masks.
var masksBy = func() (m [5][3][]uint) {
	for nb := range 5 {
		for mask := uint(0); mask < 1<<nb; mask++ {
			if k := bits.OnesCount(mask); k <= 2 {
				m[nb][k] = append(m[nb][k], mask)
			}
		}
	}
	return m
}()

// expand applies the side's next step to every state of part, adding the
// states it leads to into out (by shard, through buf) and returning the
// tours completed.
func (sd *side) expand(ctx context.Context, part []entry, out *shardTables, buf *shardBuffers) (u128, error) {
	var tours u128
	p, t, task := sd.plan, sd.done, sd.task
	flush := func(sh int) error {
		out.mu[sh].Lock()
		defer out.mu[sh].Unlock()
		tb := out.t[sh]
		for _, e := range buf[sh] {
			if err := tb.add(e.key, e.n); err != nil {
				return err
			}
		}
		buf[sh] = buf[sh][:0]
		return nil
	}
	if err := ctx.Err(); err != nil {
		return tours, err
	}
	var nbrs []int
	var width, at int
	if sd.front {
		st := &p.fwd[t]
		nbrs, width, at = st.nbrs, st.front, st.at
	} else {
		st := &p.back[t]
		nbrs, width = st.nbrs, len(st.live)
	}
	masks := &masksBy[len(nbrs)]
	var base, s state
	for _, e := range part {
		base.unpack(e.key, width)
		// An edge to a square that already has two is never taken: try
		// only the sets of the others.
		var full uint
		for i, j := range nbrs {
			if j < width && base.codes[j] == codeFull {
				full |= 1 << i
			}
		}
		var lo, hi int // the numbers of edges to try
		if sd.front {
			for i := width; i < len(p.fwd[t].squares); i++ {
				base.codes[i] = codeFree
			}
			base.n = len(p.fwd[t].squares)
			d := 0
			if at < width {
				d = degree(base.codes[at])
			}
			lo, hi = max(0, 1-d), 2-d
			if task.closed {
				lo = hi
			}
		} else {
			lo, hi = 0, 2
		}
		for k := lo; k <= hi; k++ {
			for _, mask := range masks[k] {
				if mask&full != 0 {
					continue
				}
				s = base
				var o int
				var key uint64
				if sd.front {
					o, key = p.stepFwd(&s, t, mask, task)
				} else {
					o, key = p.stepBack(&s, t, mask, task)
				}
				switch o {
				case alive:
					sh := shardOf(key)
					if buf[sh] == nil {
						buf[sh] = make([]entry, 0, flushAt)
					}
					buf[sh] = append(buf[sh], entry{key, e.n})
					if len(buf[sh]) == flushAt {
						if err := flush(sh); err != nil {
							return tours, err
						}
					}
				case done:
					var over bool
					if tours, over = tours.add(e.n); over {
						return tours, ErrOverflow
					}
				}
			}
		}
	}
	for sh := range buf {
		if len(buf[sh]) > 0 {
			if err := flush(sh); err != nil {
				return tours, err
			}
		}
	}
	return tours, nil
}

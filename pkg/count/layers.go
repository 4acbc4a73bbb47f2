package count

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// A frontier state packs into a uint64: the codes of the live squares as
// the digits of a number in base radix (codeFree, codeFull, codeTerm, then
// one pair label for every two squares the frontier can hold), the tour
// ends that have left as its top digit. Pair labels are renumbered in order
// of first appearance, so that states that differ only in their labels are
// one. Boards up to 8 squares across fit: 17 squares of 11 codes.

// MaxFrontierSide is the widest board, in squares across (its shorter
// side), that the frontier method counts: its states fit in 64 bits.
const MaxFrontierSide = 8

// entry is a state of a layer and the number of ways to reach it.
type entry struct {
	key uint64
	n   u128
}

// packing returns the radix for a frontier width, or an error if the
// states do not fit in 64 bits.
func packing(width int) (uint64, error) {
	radix := uint64(codePair + width/2)
	limit := uint64(3) // ends 0..2
	for range width {
		hi, lo := bits.Mul64(limit, radix)
		if hi != 0 {
			return 0, fmt.Errorf("a frontier of %d squares does not fit a 64-bit state (boards up to 8 squares across do)", width)
		}
		limit = lo
	}
	return radix, nil
}

func (s *state) pack(keep []int, radix uint64) uint64 {
	var relabel [16]uint8
	next := uint8(codePair)
	k := uint64(s.ends)
	for _, pos := range keep {
		c := s.codes[pos]
		if c >= codePair {
			if relabel[c] == 0 {
				relabel[c] = next
				next++
			}
			c = relabel[c]
		}
		k = k*radix + uint64(c)
	}
	return k
}

func (s *state) unpack(k uint64, n int, radix uint64) {
	s.n = n
	s.label = codePair
	for i := n - 1; i >= 0; i-- {
		c := uint8(k % radix)
		s.codes[i] = c
		s.label = max(s.label, c+1)
		k /= radix
	}
	s.ends = int(k)
}

// checkLayer returns an error unless every state of l can be unpacked and
// stepped from: a checkpoint's states are read from a file, and a damaged
// one must stop the count with an error, not a panic in a worker.
func (p *frontierPlan) checkLayer(l frontierLayer) error {
	if l.next < 0 || l.next >= p.n {
		return fmt.Errorf("square %d of %d", l.next, p.n)
	}
	radix, err := packing(p.width)
	if err != nil {
		return err
	}
	n := len(p.live[l.next])
	var s state
	for _, part := range l.states {
		for _, e := range part {
			s.unpack(e.key, n, radix)
			var uses [codePair + MaxFrontierSide*2]int
			for _, c := range s.codes[:n] {
				uses[c]++
			}
			ok := s.ends >= 0 && s.ends <= 2
			for c := codePair; c < len(uses); c++ {
				ok = ok && (uses[c] == 0 || uses[c] == 2)
			}
			if !ok {
				return fmt.Errorf("state %#x is not one square %d can have", e.key, l.next)
			}
		}
	}
	return nil
}

// layerShards is how many parts each layer is built in: a part's states
// are those whose key falls in it, so parts merge independently.
const layerShards = 16

// entryBytes is the memory of one state in a layer's slice; a table slot
// takes as much, and tables run between 3/8 and 3/4 full.
const entryBytes = 24

// count runs task over the whole board and returns the number of tours it
// counts: undirected paths (with an end at the start, if task has one) or
// undirected cycles. The states of each step are expanded by workers
// goroutines. See frontierHooks for progress, checkpoints and the memory
// bound. On an error (the context's included) it returns the tours
// completed so far, a lower bound.
func (p *frontierPlan) count(ctx context.Context, task frontierTask, workers int, hooks frontierHooks) (u128, frontierStats, error) {
	var st frontierStats
	radix, err := packing(p.width)
	if err != nil {
		return u128{}, st, err
	}
	workers = max(1, workers)
	last := frontierLayer{states: [][]entry{{{0, u128{lo: 1}}}}}
	if hooks.from != nil {
		last = *hooks.from
	}
	cur, total := last.states, last.total
	// stop saves the last complete layer, if checkpoints are on, and
	// returns err.
	stop := func(err error) (u128, frontierStats, error) {
		if hooks.save != nil {
			if serr := hooks.save(last, true); serr != nil {
				err = errors.Join(err, serr)
			}
		}
		return total, st, err
	}
	// perState is the memory the last step took for each state it
	// expanded; growth how many states it made of each.
	perState, growth := 0.0, 1.0
	// Each worker's buffers, kept from chunk to chunk and square to square.
	bufs := make([]shardBuffers, workers)
	first := last.next
	for t := first; t < p.n; t++ {
		if err := ctx.Err(); err != nil {
			return stop(err)
		}
		n := size(cur)
		// Refuse a step that would pass the memory bound, judging by the
		// last one, before allocating it.
		if need := int64(perState * float64(n)); hooks.limit > 0 && t > first && need > hooks.limit {
			return stop(&MemoryError{Square: t, Squares: p.n, States: int64(n), Need: need, Limit: hooks.limit})
		}
		// The workers take chunks of cur in turn and add the states they
		// make into one table a shard, through small per-shard buffers so
		// that each lock is taken once for many states.
		var out shardTables
		for i := range out.t {
			out.t[i] = newTable(int(float64(n)*growth*1.1)/layerShards + 1)
		}
		chunks := chunked(cur, 1<<14)
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
					d, err := p.expand(gctx, chunks[i], t, task, radix, &out, &bufs[w])
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
			return stop(err)
		}
		next := total
		for _, d := range dones {
			var over bool
			if next, over = next.add(d); over {
				return stop(ErrOverflow)
			}
		}
		peak := int64(n) * entryBytes
		made := 0
		for _, tb := range out.t {
			peak += tb.bytes()
			made += tb.used
		}
		st.expanded += int64(n)
		st.peakBytes = max(st.peakBytes, peak)
		perState, growth = float64(peak)/float64(max(1, n)), max(0.01, float64(made)/float64(max(1, n)))
		// Each shard's table becomes a slice as it is dropped, so a layer
		// is never held twice.
		cur = nil
		last.states = nil
		shards := make([][]entry, layerShards)
		for i, tb := range out.t {
			shards[i] = tb.entries()
			out.t[i] = nil
		}
		cur = shards
		total = next
		last = frontierLayer{next: t + 1, states: cur, total: total}
		st.peakStates = max(st.peakStates, int64(made))
		if made > 1<<20 {
			debug.FreeOSMemory() // the tables of the step are garbage: give them back
		}
		if hooks.progress != nil {
			hooks.progress(t+1, made, peak)
		}
		if hooks.save != nil && t+1 < p.n {
			if err := hooks.save(last, false); err != nil {
				return total, st, err
			}
		}
	}
	return total, st, nil
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

// frontierStats describe a count's work: the states it expanded, the most
// states a layer held, and the most memory a step took.
type frontierStats struct {
	expanded   int64
	peakStates int64
	peakBytes  int64
}

// frontierHooks connect a count to its progress report, checkpoints and
// memory bound.
type frontierHooks struct {
	// progress is called after each step with the squares done, the
	// states alive and the memory the step took.
	progress func(done, states int, bytes int64)
	// save is called with each completed layer, and with the last one
	// when the count stops early (final true).
	save func(l frontierLayer, final bool) error
	// from is a layer to start from: a checkpoint's.
	from *frontierLayer
	// limit, if positive, stops the count before a step that would take
	// more memory.
	limit int64
}

// frontierLayer is the states before step next, in parts, and the tours
// completed.
type frontierLayer struct {
	next   int
	states [][]entry
	total  u128
}

// expand applies step t to every state of part, adding the states it
// leads to into out (by shard, through buf) and returning the tours
// completed.
func (p *frontierPlan) expand(ctx context.Context, part []entry, t int, task frontierTask, radix uint64, out *shardTables, buf *shardBuffers) (u128, error) {
	var tours u128
	nb := len(p.back[t])
	n := len(p.live[t])
	keep := p.keep[t]
	var base, s state
	flush := func(sh int) error {
		out.mu[sh].Lock()
		tb := out.t[sh]
		over := false
		for _, e := range buf[sh] {
			if tb.add(e.key, e.n) {
				over = true
				break
			}
		}
		out.mu[sh].Unlock()
		buf[sh] = buf[sh][:0]
		if over {
			return ErrOverflow
		}
		return nil
	}
	if err := ctx.Err(); err != nil {
		return tours, err
	}
	for _, e := range part {
		base.unpack(e.key, n, radix)
		// An edge to a square that already has two is never taken: try
		// only the sets of the others.
		var full uint
		for i, j := range p.back[t] {
			if base.codes[j] == codeFull {
				full |= 1 << i
			}
		}
		for mask := uint(0); mask < 1<<nb; mask++ {
			if mask&full != 0 || bits.OnesCount(mask) > 2 {
				continue
			}
			s = base
			switch p.step(&s, t, mask, task) {
			case alive:
				k := s.pack(keep, radix)
				sh := shardOf(k)
				if buf[sh] == nil {
					buf[sh] = make([]entry, 0, flushAt)
				}
				buf[sh] = append(buf[sh], entry{k, e.n})
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
	for sh := range buf {
		if len(buf[sh]) > 0 {
			if err := flush(sh); err != nil {
				return tours, err
			}
		}
	}
	return tours, nil
}

// shardOf spreads keys over the shards by their high bits after a multiply:
// neighbouring keys (which share most digits) land apart.
func shardOf(k uint64) int { return int((k * 0x9e3779b97f4a7c15) >> 60 % layerShards) }

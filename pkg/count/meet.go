package count

import (
	"cmp"
	"context"
	"errors"
	"runtime/debug"
)

// frontierHooks connect a count to its progress report, checkpoints and
// memory bound.
type frontierHooks struct {
	// progress is called after each step with the squares both sides have
	// added, then after each part of the join with the parts done and
	// their number; detail after each step with the states both sides
	// hold and the memory the step took.
	progress func(squares, joined, joins int)
	detail   func(states int, bytes int64)
	// save is called after each step and each part of the join, and when
	// the count stops early (final true).
	save func(m *meeting, final bool) error
	// from is a checkpoint's meeting to resume.
	from *meeting
	// limit, if positive, stops the count before a step or a join that
	// would take more memory.
	limit int64
	// cut, if set, is the number of squares the front side adds (tests:
	// the count is the same wherever the sides meet); else the sides take
	// turns by their sizes.
	cut *int
	// one, if not zero, is the count each side starts from instead of 1
	// (tests: every count is multiplied by its square, so that a small
	// board's totals pass 2^128 where the answer is known).
	one u128
	// joinChunk, if positive, is the states of the larger layer a join
	// takes at once (Options.joinChunk).
	joinChunk int
}

// highCount is the bits past which a side's counts leave the steps to the
// other side: 16 bits below the 128 a state keeps. A square adds about a
// bit to a side's largest count on the long boards of docs/rectangles.csv
// (5 x 35 without the rule: 126 bits after 147 squares).
const highCount = 112

// meeting is a pass in progress: its two sides and, once they have met,
// the join's progress.
type meeting struct {
	front, back *side
	join        joinProgress
}

func newMeeting(p *frontierPlan, task frontierTask) *meeting {
	return &meeting{front: newSide(p, true, task), back: newSide(p, false, task)}
}

// met reports whether the sides have between them added every square.
func (m *meeting) met() bool { return m.front.done+m.back.done >= m.front.plan.n }

// count runs task over the whole board and returns the number of tours it
// counts: undirected paths (with an end at the start, if task has one) or
// undirected cycles. The two sides advance in turn, always the one with
// fewer states (so that neither grows far where the other would be
// small), until between them they have added every square; then their
// layers are joined. See frontierHooks for progress, checkpoints and the
// memory bound. On an error (the context's included) it returns 0; the
// meeting so far is saved if checkpoints are on.
func (p *frontierPlan) count(ctx context.Context, task frontierTask, workers int, hooks frontierHooks) (u256, frontierStats, error) {
	r := newFrontierRun(p, task, workers, hooks)
	m := r.m
	layers := int64(m.front.size()+m.back.size()) * entryBytes
	if err := r.mem.take(layers); err != nil {
		return r.stop(&MemoryError{Square: m.front.done + m.back.done, Squares: p.n, States: int64(m.front.size() + m.back.size()),
			Need: layers, Limit: hooks.limit})
	}
	for !m.met() {
		if err := ctx.Err(); err != nil {
			return r.stop(err)
		}
		if m.front.size() == 0 || m.back.size() == 0 {
			break // no state left on one side: no tour crosses the cut
		}
		sd, err := r.next()
		if err == nil {
			err = r.advance(ctx, sd)
		}
		if err != nil {
			return r.stop(err)
		}
		if hooks.save != nil {
			if err := hooks.save(m, false); err != nil {
				return u256{}, r.stats(), err
			}
		}
	}
	total, over := wide(m.front.tours).add(wide(m.back.tours))
	if over {
		return r.stop(ErrOverflow)
	}
	if !m.met() {
		return total, r.stats(), nil
	}
	got, err := r.join(ctx)
	if err != nil {
		return r.stop(err)
	}
	if total, over = total.add(got); over {
		return r.stop(ErrOverflow)
	}
	return total, r.stats(), nil
}

// frontierRun is a count in progress: its meeting, its memory and what
// its steps share. It is a struct, not closures' variables, so that count
// reads as its three parts (take the layers' memory, step, join).
type frontierRun struct {
	p       *frontierPlan
	task    frontierTask
	workers int
	hooks   frontierHooks
	m       *meeting
	mem     *budget
	bufs    []shardBuffers // the workers' buffers, kept from step to step
}

// newFrontierRun starts from hooks.from, if set, else from a new meeting.
// It returns a value, which count keeps on its stack.
func newFrontierRun(p *frontierPlan, task frontierTask, workers int, hooks frontierHooks) frontierRun {
	m := hooks.from
	if m == nil {
		m = newMeeting(p, task)
		if hooks.one != (u128{}) {
			m.front.states[0][0].n, m.back.states[0][0].n = hooks.one, hooks.one
		}
	}
	workers = max(1, workers)
	return frontierRun{p: p, task: task, workers: workers, hooks: hooks, m: m,
		mem: newBudget(hooks.limit), bufs: make([]shardBuffers, workers)}
}

// stats sums both sides' statistics.
func (r *frontierRun) stats() frontierStats {
	st := r.m.front.stats
	st.add(r.m.back.stats)
	return st
}

// stop ends the count with err, saving the meeting (final) first if
// checkpoints are on, so that a resumed count loses nothing.
func (r *frontierRun) stop(err error) (u256, frontierStats, error) {
	if r.hooks.save != nil {
		if serr := r.hooks.save(r.m, true); serr != nil {
			err = errors.Join(err, serr)
		}
	}
	return u256{}, r.stats(), err
}

// next returns the side to add the next square: the smaller, unless a
// fixed cut, wide counts or the memory bound decide otherwise; or a
// *MemoryError if neither side's step fits the bound.
func (r *frontierRun) next() (*side, error) {
	m, hooks := r.m, &r.hooks
	sd, other := m.front, m.back
	switch {
	case hooks.cut != nil:
		if m.front.done >= *hooks.cut {
			sd, other = m.back, m.front
		}
	case m.back.size() < m.front.size():
		sd, other = m.back, m.front
	}
	// The join multiplies the two sides' counts, so their widths add
	// up, and a total has twice a state's: a side whose counts near
	// 2^128 leaves the rest of the board to the other. (On long boards
	// of 5 and 6 rows the smaller layer is the front's at every square,
	// and it would take the whole board but a few columns.)
	if hooks.cut == nil && sd.high > highCount && other.high <= highCount {
		sd, other = other, sd
	}
	// Refuse a step that the estimate says would pass the memory
	// bound; the other side may still have room.
	if left := r.mem.left(); sd.need() > left {
		if hooks.cut == nil && other.need() <= left {
			sd = other
		} else {
			return nil, &MemoryError{Square: m.front.done + m.back.done, Squares: r.p.n, States: int64(sd.size()),
				Need: r.mem.held.Load() + min(sd.need(), other.need()), Limit: hooks.limit}
		}
	}
	return sd, nil
}

// advance adds sd's next square and reports the step to the hooks.
func (r *frontierRun) advance(ctx context.Context, sd *side) error {
	m := r.m
	if err := sd.advance(ctx, r.workers, r.bufs, r.mem); err != nil {
		if ob, ok := err.(*overBudget); ok {
			err = &MemoryError{Square: m.front.done + m.back.done, Squares: r.p.n, States: int64(sd.size()),
				Need: ob.need, Limit: r.hooks.limit, During: true}
		}
		return err
	}
	if sd.size() > 1<<20 {
		debug.FreeOSMemory() // the tables of the step are garbage: give them back
	}
	if r.hooks.progress != nil {
		r.hooks.progress(m.front.done+m.back.done, 0, 0)
	}
	if r.hooks.detail != nil {
		r.hooks.detail(m.front.size()+m.back.size(), sd.lastBytes)
	}
	return nil
}

// join joins the sides' layers once they have met and returns the tours
// that cross between them; with checkpoints on, it saves the meeting
// after each chunk of the join.
func (r *frontierRun) join(ctx context.Context) (u256, error) {
	m, hooks, p := r.m, r.hooks, r.p // copies: onChunk escapes, r stays on the stack
	j, err := newJoinPlan(m.front, m.back, r.task)
	if err != nil {
		return u256{}, err
	}
	small := min(m.front.size(), m.back.size())
	need := joinBytes(j.k, r.task.closed, small)
	if err := r.mem.take(need); err != nil {
		return u256{}, &MemoryError{Square: p.n, Squares: p.n, Join: true, States: int64(small), Need: r.mem.held.Load() + need, Limit: hooks.limit}
	}
	var saveErr error
	// The join calls onChunk under its lock, one chunk at a time.
	onChunk := func() {
		if hooks.progress != nil {
			d := 0
			for _, ok := range m.join.done {
				if ok {
					d++
				}
			}
			hooks.progress(p.n, d, m.join.chunks)
		}
		if hooks.save != nil && saveErr == nil {
			saveErr = hooks.save(m, false)
		}
	}
	j.chunkStates = cmp.Or(hooks.joinChunk, defaultJoinChunk)
	got, err := j.run(ctx, m.front, m.back, r.workers, &m.join, onChunk)
	if err == nil {
		err = saveErr
	}
	return got, err
}

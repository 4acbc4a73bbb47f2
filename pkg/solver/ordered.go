package solver

import (
	"context"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"knightsweep/pkg/status"
)

// A depth-first search split across cores must still report what the
// search on one core reports: the first tour in its order, the nodes it
// entered before finding it, the status and depth at a node limit. Each
// thread walks a segment of that order. A thread with nothing to do gets
// work from a running walk at its next chunk boundary: the walk keeps the
// deepest subtree on its path that it has been in for splitKeep chunks or
// more, and hands over everything after that subtree in the order (the
// untried moves at its root's depth and every shallower one, see
// walker64.split). Handing over the rest of the order, not a sibling
// subtree, keeps each thread on work the one-core walk would do soon;
// keeping an old subtree keeps the giver busy for a while, since a subtree
// walked for long tends to last (splitting at a fixed depth instead would
// leave one thread on work far past the tour: no gain on 8x8 from a
// corner, whose every node lies below depth 33). The new segment comes right after
// the giver's in the order, so
// the segments, kept in a list in that order, always cover the search
// exactly once: the nodes of the one-core walk up to any point are those of
// the finished segments before it plus the nodes of the segment it is in.
//
// The outcome is settled by the list: the first segment that is not
// exhausted decides, once every segment before it is. A segment that found a
// tour makes every later one pointless (they are dropped and their threads
// take other work). A node limit is the one thing a segment cannot see
// alone, since it does not know how many nodes precede it until the earlier
// segments finish: each walks at most up to the limit less the nodes the
// segments before it have entered so far (a lower bound of its offset). If
// the limit then falls inside a segment that walked past it, that segment is
// walked again from its start, alone, up to exactly the limit, so that the
// status, nodes and depth (hence backtracks) are the one-core walk's.
//
// A search stopped by its context reports the nodes all threads entered.

// orderedChunk is how many nodes a thread walks between looks at the list:
// what a thread waits at most for work, what speculation a found tour
// wastes at most per thread.
// (Measured on 8x8 from a corner, 2 cores: chunks of 512 to 8192 nodes and
// splitKeep 1 to 16 all take 21 to 25 ms against 38 ms on one core.)
const orderedChunk = 2048

// splitKeep is, in chunks, how long a subtree must have been walked for a
// split to leave it to its walk (see segment.splitDepth).
const splitKeep = 4

// orderedWalk is one thread's walk of a segment.
type orderedWalk interface {
	// chunk enters at most left more nodes: why it stopped, the
	// allowance left and its path's depth.
	chunk(left int64) (why int, rest int64, depth int)
	// split gives o (a walk from the same search) the continuation past
	// the walk's subtree rooted at depth deepest+1 or shallower, or reports
	// false if there is none.
	split(o orderedWalk, deepest int) bool
	// copyFrom makes the walk a copy of o.
	copyFrom(o orderedWalk)
	// squares is the path; after chunkFound, the tour.
	squares() []int32
	// depth is the depth of the walk's path.
	depth() int
	// fresh returns a new walk of the same search, to split into.
	fresh() orderedWalk
}

type segState int8

const (
	segRunning segState = iota
	segCapped           // stopped at the node limit as far as it can tell
	segExhausted
	segFound
	segDropped // after a segment with a tour
)

type segment struct {
	next  *segment
	w     orderedWalk // the live walk, used by one thread at a time
	start orderedWalk // with a node limit, the walk as the segment began
	nodes int64       // entered in this segment
	depth int
	state segState
	// dropped mirrors state == segDropped for the segment's thread to
	// see between chunks without the lock.
	dropped atomic.Bool
	// seen[i] is the square at depth i at the last chunk boundary and
	// since[i] the segment's nodes when that square was first seen there:
	// how long the subtree below it has been walked, which is what a
	// split keeps. Only the segment's thread uses them.
	seen  []int32
	since []int64
}

// observe notes the walk's path at a chunk boundary, after nodes.
func (seg *segment) observe(nodes int64) {
	path, d := seg.w.squares(), seg.w.depth()
	if seg.seen == nil {
		seg.seen, seg.since = make([]int32, len(path)), make([]int64, len(path))
		for i := range seg.seen {
			seg.seen[i] = -1
		}
	}
	i := 0
	for i <= d && seg.seen[i] == path[i] {
		i++
	}
	for ; i <= d; i++ {
		seg.seen[i], seg.since[i] = path[i], nodes
	}
	if d+1 < len(path) {
		seg.seen[d+1] = -1
	}
}

// splitDepth is the deepest depth whose subtree below has been walked for
// at least keepWalked nodes, or -1: a split keeps that subtree for the
// walk, which then has work for a while yet (a subtree walked for long
// tends to last), and hands over what follows it.
func (seg *segment) splitDepth(keepWalked int64) int {
	d := seg.w.depth()
	for i := d; i >= 1; i-- {
		if seg.seen[i] >= 0 && seg.nodes-seg.since[i] >= keepWalked {
			return i - 1
		}
	}
	return -1
}

type ordered struct {
	ctx       context.Context
	max       int64 // node limit, 0 for none
	chunkSize int64
	keep      int64 // a split keeps a subtree walked for this many nodes
	newWalk   func() orderedWalk
	// idle counts threads waiting for a segment and over mirrors done:
	// running threads read both between chunks without the lock.
	idle   atomic.Int32
	nready atomic.Int32 // len(ready)
	over   atomic.Bool

	mu     sync.Mutex
	wake   *sync.Cond
	base   int64    // nodes of the exhausted segments taken off the list
	head   *segment // the segments in search order
	ready  []*segment
	free   []orderedWalk // walks of finished segments, to split into
	done   bool
	res    Result
	rerun  *segment // walk again up to the limit, see above
	before int64    // the nodes of the segments before rerun
	splits int
}

// runOrdered runs the search that w begins, with its first node entered,
// across threads cores: its first chunk on the calling one (most searches
// of small boards end there), the rest split as above.
// It also returns how many times a walk was split.
func runOrdered(ctx context.Context, max int64, threads int, chunkSize int64, w orderedWalk) (Result, int) {
	left := chunkSize
	if max > 0 {
		left = min(left, max-1)
	}
	why, rest, depth := w.chunk(left)
	nodes := 1 + left - rest
	res := chunkResult(why, nodes, depth, w.squares())
	if res.Status != "" {
		return res, 0
	}
	if max > 0 && nodes >= max {
		res.Status = status.NodeLimit
		return res, 0
	}
	if st := ctxStatus(ctx); st != "" {
		res.Status = st
		return res, 0
	}
	o := &ordered{ctx: ctx, max: max, chunkSize: chunkSize, keep: splitKeep * chunkSize, newWalk: w.fresh, base: nodes}
	o.wake = sync.NewCond(&o.mu)
	seg := o.newSegment(w)
	o.head = seg
	o.ready = []*segment{seg}
	o.nready.Store(1)
	var wg sync.WaitGroup
	for range threads {
		wg.Go(o.work)
	}
	wg.Wait()
	if o.rerun != nil {
		return o.walkAgain(), o.splits
	}
	return o.res, o.splits
}

func (o *ordered) newSegment(w orderedWalk) *segment {
	seg := &segment{w: w, depth: w.depth()}
	if o.max > 0 {
		seg.start = o.walkFor()
		seg.start.copyFrom(w)
	}
	return seg
}

// walkFor returns a walk to split into. o.mu is held.
func (o *ordered) walkFor() orderedWalk {
	if n := len(o.free); n > 0 {
		w := o.free[n-1]
		o.free = o.free[:n-1]
		return w
	}
	return o.newWalk()
}

// spinFor is how many times an idle thread yields, looking for work, before
// it sleeps: a running thread hands work over within a chunk, and waking a
// sleeping thread costs more than a short chunk.
const spinFor = 1000

// work is one thread: it takes ready segments until the outcome is settled.
func (o *ordered) work() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for {
		if !o.done && len(o.ready) == 0 {
			o.idle.Add(1)
			o.mu.Unlock()
			for i := 0; i < spinFor && !o.over.Load() && o.nready.Load() == 0; i++ {
				runtime.Gosched()
			}
			o.mu.Lock()
			for !o.done && len(o.ready) == 0 {
				o.wake.Wait()
			}
			o.idle.Add(-1)
		}
		if o.done {
			return
		}
		seg := o.ready[0]
		o.ready = o.ready[1:]
		o.nready.Store(int32(len(o.ready)))
		o.walk(seg)
	}
}

// walk runs seg; o.mu is held on entry and return, not during chunks.
func (o *ordered) walk(seg *segment) {
	for !o.done && seg.state == segRunning {
		allowed := int64(math.MaxInt64)
		if o.max > 0 {
			before := o.base
			for s := o.head; s != seg; s = s.next {
				before += s.nodes
			}
			allowed = o.max - before - seg.nodes
			if allowed <= 0 {
				seg.state = segCapped
				o.settle()
				return
			}
		}
		o.mu.Unlock()
		// Between looks at the list, which look at the context too and
		// refresh the allowance, a thread walks CheckInterval nodes at
		// most; the hints read without the lock end the stretch early.
		var walked int64
		why, depth := chunkBudget, 0
		for n, every := int64(1), max(1, CheckInterval/o.chunkSize); ; n++ {
			step := min(o.chunkSize, allowed-walked)
			var rest int64
			why, rest, depth = seg.w.chunk(step)
			walked += step - rest
			seg.observe(seg.nodes + walked)
			if why != chunkBudget || walked == allowed || n == every ||
				o.idle.Load() > o.nready.Load() || o.over.Load() || seg.dropped.Load() {
				break
			}
		}
		o.mu.Lock()
		if o.done || seg.state != segRunning {
			return // dropped meanwhile
		}
		seg.nodes += walked
		seg.depth = depth
		switch why {
		case chunkFound:
			seg.state = segFound
		case chunkExhausted:
			seg.state = segExhausted
			o.free = append(o.free, seg.w)
		}
		if seg.state != segRunning {
			o.settle()
			return
		}
		if st := ctxStatus(o.ctx); st != "" {
			o.stop(st)
			return
		}
		if int(o.idle.Load()) > len(o.ready) {
			to := o.walkFor()
			if d := seg.splitDepth(o.keep); d >= 0 && seg.w.split(to, d) {
				ns := o.newSegment(to)
				ns.next, seg.next = seg.next, ns
				o.splits++
				o.ready = append(o.ready, ns)
				o.nready.Store(int32(len(o.ready)))
				o.wake.Signal()
			} else {
				o.free = append(o.free, to)
			}
		}
	}
}

// settle looks at the list after a segment stopped and ends the search if
// its outcome is known. o.mu is held.
func (o *ordered) settle() {
	// The exhausted segments at the head are done with.
	for o.head != nil && o.head.state == segExhausted && (o.max == 0 || o.base+o.head.nodes <= o.max) {
		o.base += o.head.nodes
		o.head = o.head.next
	}
	before := o.base
	for s := o.head; s != nil; s = s.next {
		if s.state == segFound {
			for t := s.next; t != nil; t = t.next {
				t.state = segDropped
				t.dropped.Store(true)
			}
			s.next = nil
			break
		}
	}
	for s := o.head; s != nil; s = s.next {
		over := o.max > 0 && before+s.nodes >= o.max
		switch {
		case s.state == segRunning:
			return
		case s.state == segCapped && before+s.nodes == o.max:
			o.finish(Result{Status: status.NodeLimit, Nodes: o.max, Backtracks: o.max - int64(s.depth) - 1})
			return
		case over && (s.state == segCapped || before+s.nodes > o.max):
			o.rerun, o.before = s, before
			o.finish(Result{})
			return
		case s.state == segFound:
			o.finish(chunkResult(chunkFound, before+s.nodes, s.depth, s.w.squares()))
			return
		}
		before += s.nodes
	}
	o.finish(chunkResult(chunkExhausted, before, 0, nil))
}

// stop ends the search by its context: the nodes are all those entered.
func (o *ordered) stop(st status.Status) {
	// The backtracks are the nodes less the path of the first segment
	// still walking.
	nodes, depth := o.base, -1
	for s := o.head; s != nil; s = s.next {
		if s.state != segExhausted && depth < 0 {
			depth = s.depth
		}
		nodes += s.nodes
	}
	o.finish(Result{Status: st, Nodes: nodes, Backtracks: max(0, nodes-int64(max(depth, 0))-1)})
}

func (o *ordered) finish(r Result) {
	o.done, o.res = true, r
	o.over.Store(true)
	o.wake.Broadcast()
}

// walkAgain walks o.rerun from its start, on one core, up to the node
// limit that falls inside it.
func (o *ordered) walkAgain() Result {
	w := o.rerun.start
	bud := newBudget(o.ctx, o.max)
	bud.advance(o.before)
	return runChunks(&bud, o.before, w.squares(), w.chunk)
}

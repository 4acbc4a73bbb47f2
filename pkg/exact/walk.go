package exact

import (
	"context"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"knightsweep/pkg/board"
)

// walker is one start's walk, shared by its workers.
type walker[K set] struct {
	g      *graph[K]
	start  int
	closed bool
	float  bool // probabilities as float64, beyond 64 squares
	w      int  // words of a probability
	// lays[d] is the slot of depth d's memo: its probability takes the
	// words 840^d needs.
	lays []layout
	memo bool // false: walk every tie (the plain walk)
	// sym keys tie points by their least image under the start's
	// symmetries (nil: by themselves; sym.go).
	sym    *symmetry[K]
	layers []*layer[K]
	// held is the memory the layers hold; limit bounds it (0: none).
	held, limit atomic.Int64
	peakHeld    atomic.Int64
	// states counts the tie points remembered, peak the most held
	// between two depths (both added up from the workers' tallies after
	// each depth), unmemo those walked on without the memo.
	states, peak, unmemo int64
	overflow             atomic.Bool
	// cancelled is set once a walk without the memo has seen ctx done:
	// every worker's walk then unwinds.
	cancelled atomic.Bool
	depth     atomic.Int64
	ctx       context.Context
}

// tally is what a worker adds up: its walks' ends.
type tally struct {
	walks, tours uint64
	overflow     bool
	underflow    bool // a float64 probability below 2^-1000
	nodes        int64
	// success and fail[len] are numerators over 840^(len-1) (exact), or
	// exact sums of float64s.
	success  []uint64
	fail     [][]uint64
	fsuccess fsum
	ffail    []fsum
	// rounds bounds the roundings of any float64 added up.
	rounds uint16
	// stored and expanded count the tie points this worker put in the
	// memo and took out; unmemo those it walked on without it.
	stored, expanded, unmemo int64
}

type worker[K set] struct {
	wk *walker[K]
	t  tally
	// scratch[d] holds a probability at depth d (the plain walk's stack).
	scratch [][]uint64
	contrib []uint64
	// keep, if set, takes every tie point instead of the memo (the
	// frontier method's records). It takes the squares by value: a
	// pointer passed to a func value escapes, and follow's squares would
	// be allocated on every call of every method (TestWalkAllocFree).
	keep func(v K, cur, d int, p []uint64, cnt uint64, rc uint16)
}

// share is each of t tied squares' factor, in follow and expand alike: a
// division by t in float mode, else 840/t in whole numbers.
func (wk *walker[K]) share(t int) uint64 {
	if wk.float {
		return uint64(t)
	}
	return lcm / uint64(t)
}

func (wk *walker[K]) newWorker() *worker[K] {
	n := wk.g.n
	w := &worker[K]{wk: wk}
	w.scratch = make([][]uint64, n+1)
	for i := range w.scratch {
		w.scratch[i] = make([]uint64, wk.w)
	}
	w.contrib = make([]uint64, wk.w)
	if wk.float {
		w.t.ffail = make([]fsum, n+2)
	} else {
		w.t.success = make([]uint64, wk.w)
		w.t.fail = make([][]uint64, n+2)
	}
	// The buffers are the walk's whatever the limit, and what they take,
	// or may take as walks end, is not the memo's: a float walk's sums
	// take 17.6 KB each, one a length its walks end at (a 10x10 walk's
	// came to 2 MB of RSS past -mem-limit), an exact walk's a numerator.
	sums := int64(n+3) * (int64(unsafe.Sizeof(fsum{})) + fsumBytes)
	if !wk.float {
		sums = int64(n+3) * int64(24+8*wk.w)
	}
	wk.take(int64(n+2)*int64(24+8*wk.w) + sums)
	return w
}

// A point is where a walk stands: the squares it visited (v), the one
// it stands on (cur), and its depth (d: the squares visited less one).
type point[K set] struct {
	v      K
	cur, d int
}

// reach is what reaches a point: cnt walks whose probability is p (over
// 840^d; in float mode p[0] holds a float64), with rc roundings so far.
type reach struct {
	p   []uint64
	cnt uint64
	rc  uint16
}

// follow walks from at, reached by r, through forced steps to the next
// tie point, which it remembers (memo) or walks on from, or to the walk's
// end.
func (w *worker[K]) follow(at point[K], r reach) {
	w.followDeg(at.v, w.wk.g.degreesOf(&at.v), at.cur, at.d, r, 1)
}

// followDeg is follow from (v, cur) at depth d, with the degrees of v's
// unvisited squares in dg and r's probability times f (840/k after a step
// among k tied squares, else 1; in float mode f divides it). Its point is
// three arguments, not a point: a point holds an array, which Go passes
// in memory, and this is the walk's every step.
func (w *worker[K]) followDeg(v K, dg degrees[K], cur, d int, r reach, f uint64) {
	g := w.wk.g
	var out [8]int16
	j := 0
	var t int
	for {
		t = g.tiedDeg(&v, &dg, cur, &out)
		if t != 1 {
			break
		}
		cur = int(out[0])
		add(&v, cur)
		g.visit(&dg, cur)
		d++
		j++
	}
	w.t.nodes += int64(j)
	// The probability at depth d, in contrib.
	c := w.contrib
	if !w.wk.float {
		// Only the words that 840^d needs: the rest are zero.
		c = c[:w.wk.lays[d].w]
	}
	if w.wk.float {
		x := math.Float64frombits(r.p[0])
		if f > 1 {
			x /= float64(f)
			if f&(f-1) != 0 {
				r.rc++
			}
		}
		if x < 0x1p-1000 {
			// Near the subnormals a rounding's error is no longer
			// relative, and the bound would not hold.
			w.t.underflow = true
		}
		c[0] = math.Float64bits(x)
	} else {
		scale(c, r.p[:len(c)], f, j)
	}
	r.p = c
	if t == 0 {
		w.end(&v, cur, d, r)
		return
	}
	if w.keep != nil || w.wk.memo {
		kv, kc := v, cur
		if s := w.wk.sym; s != nil {
			kv, kc = s.canon(&v, cur)
		}
		if w.keep != nil {
			w.keep(kv, kc, d, r.p, r.cnt, r.rc)
			return
		}
		if w.remember(&kv, kc, d, r.p, r.cnt, r.rc) {
			return
		}
	}
	// Walk on from here without the memo: every tied square in turn. Only
	// the depths check ctx, and a walk without the memo can stay within one
	// for hours (-plain, or a full memo: the 10x10 corner took 285 s to
	// heed Ctrl-C), so it checks ctx itself every 2^16 tie points.
	w.t.unmemo++
	if w.t.unmemo&0xFFFF == 0 && w.wk.ctx.Err() != nil {
		w.wk.cancelled.Store(true)
	}
	if w.wk.cancelled.Load() {
		return
	}
	s := w.scratch[d]
	copy(s, c)
	clear(s[len(c):])
	r.p = s
	w.branch(&v, &dg, &out, t, d, r)
}

// branch walks on from a tie point at depth d, whose visited squares are
// v (the degrees of the others dg), reached by r, into each of its t tied
// squares out.
func (w *worker[K]) branch(v *K, dg *degrees[K], out *[8]int16, t, d int, r reach) {
	share := w.wk.share(t)
	g := w.wk.g
	for i := range t {
		nv, ndg := *v, *dg
		add(&nv, int(out[i]))
		g.visit(&ndg, int(out[i]))
		w.t.nodes++
		w.followDeg(nv, ndg, int(out[i]), d+1, r, share)
	}
}

// end adds the walks r that stop at depth d on cur.
func (w *worker[K]) end(v *K, cur, d int, r reach) {
	p, cnt, rc := r.p, r.cnt, r.rc
	var c uint64
	w.t.walks, c = bits.Add64(w.t.walks, cnt, 0)
	if c != 0 {
		w.t.overflow = true
	}
	w.t.rounds = max(w.t.rounds, rc)
	n := w.wk.g.n
	ok := d == n-1 && (!w.wk.closed || has(&w.wk.g.nbr[w.wk.start], cur))
	if ok {
		w.t.tours, c = bits.Add64(w.t.tours, cnt, 0)
		if c != 0 {
			w.t.overflow = true
		}
		if w.wk.float {
			w.t.fsuccess.add(math.Float64frombits(p[0]))
		} else {
			addTo(w.t.success[:len(p)], p)
		}
		return
	}
	l := d + 1 // squares visited
	if w.wk.float {
		w.t.ffail[l].add(math.Float64frombits(p[0]))
		return
	}
	if w.t.fail[l] == nil {
		w.t.fail[l] = make([]uint64, w.wk.w)
	}
	addTo(w.t.fail[l][:len(p)], p)
}

// remember adds the tie point (v, cur) at depth d to its layer, or
// reports false if the memory limit leaves no room: cnt walks, of
// probability p, with rc roundings (a reach's fields, as keep takes them:
// Go passes a struct argument through memory, and the memo takes every
// tie point).
func (w *worker[K]) remember(v *K, cur, d int, p []uint64, cnt uint64, rc uint16) bool {
	wk := w.wk
	l := wk.layers[d]
	h := hash(v, cur)
	s := &l.shards[h>>(64-shardBits)]
	lay := wk.lays[d]
	s.mu.Lock()
	if s.slots == nil {
		if !wk.reserve(minShard * lay.entryBytes()) {
			s.mu.Unlock()
			return false
		}
		s.alloc(minShard, lay)
	}
	off, ok := s.find(v, cur, h)
	if !ok && 2*(s.n+1) > s.size {
		// The new table is twice the old, and both are alive while the
		// old is copied: both are reserved, or a memo at its limit would
		// take half a shard more.
		old := int64(s.size) * lay.entryBytes()
		if !wk.reserve(2 * old) {
			s.mu.Unlock()
			return false
		}
		s.grow(lay)
		wk.held.Add(-old)
		off, _ = s.find(v, cur, h)
	}
	e := s.slots[off : off+lay.stride]
	kw := lay.kw
	if ok {
		var c uint64
		e[kw+1], c = bits.Add64(e[kw+1], cnt, 0)
		if c != 0 {
			wk.overflow.Store(true)
		}
		if wk.float {
			e[kw+2] = math.Float64bits(math.Float64frombits(e[kw+2]) + math.Float64frombits(p[0]))
			r := max(uint16(e[kw]>>16), rc) + 1
			e[kw] = e[kw]&0xFFFF | uint64(r)<<16
		} else {
			addTo(e[kw+2:], p)
		}
	} else {
		for i := range kw {
			e[i] = (*v)[i]
		}
		e[kw] = uint64(cur+1) | uint64(rc)<<16
		e[kw+1] = cnt
		copy(e[kw+2:], p)
		s.n++
		w.t.stored++
	}
	s.mu.Unlock()
	return true
}

const minShard = 64

// take adds b bytes that the walk needs whatever the limit (a worker's
// buffers) to held: what is left of the limit is the memo's.
func (wk *walker[K]) take(b int64) { wk.raisePeak(wk.held.Add(b)) }

// raisePeak makes peakHeld at least h.
func (wk *walker[K]) raisePeak(h int64) {
	for p := wk.peakHeld.Load(); h > p && !wk.peakHeld.CompareAndSwap(p, h); p = wk.peakHeld.Load() {
	}
}

// reserve adds b bytes to held if they fit under the limit.
func (wk *walker[K]) reserve(b int64) bool {
	// Compare and swap: two workers that each saw room for their shard
	// passed the limit together (TestMemLimit: a peak of 107,520 bytes
	// under 102,400, one run in five).
	lim := wk.limit.Load()
	for {
		h := wk.held.Load()
		if lim > 0 && h+b > lim {
			return false
		}
		if wk.held.CompareAndSwap(h, h+b) {
			wk.raisePeak(h + b)
			return true
		}
	}
}

// run walks from the start with workers goroutines and returns their
// tallies added up, or ctx's error.
func (wk *walker[K]) run(workers int, tick func(d int)) (tally, error) {
	n := wk.g.n
	ws := make([]*worker[K], max(workers, 1))
	for i := range ws {
		ws[i] = wk.newWorker()
	}
	wk.layers = make([]*layer[K], n)
	// Every depth's layer is made at the start, since a walk may reach
	// any depth deeper than the one it starts from: their shards' headers
	// (3.5 KB a depth) are the memo's, and without room for them it is
	// not used at all.
	header := int64(unsafe.Sizeof(layer[K]{}))
	wk.memo = wk.memo && wk.reserve(int64(n)*header)
	if wk.memo {
		for d := range wk.layers {
			wk.layers[d] = new(layer[K])
		}
	}
	ws[0].walkStart()
	for d := 0; d < n && wk.memo; d++ {
		if err := wk.ctx.Err(); err != nil {
			return tally{}, err
		}
		wk.depth.Store(int64(d))
		l := wk.layers[d]
		var next atomic.Int64
		var wg sync.WaitGroup
		for _, w := range ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := next.Add(1) - 1
					if i >= shardCount || wk.ctx.Err() != nil {
						return
					}
					w.expand(&l.shards[i], d)
				}
			}()
		}
		wg.Wait()
		wk.layers[d] = nil
		wk.held.Add(-header)
		var stored, expanded int64
		for _, w := range ws {
			stored += w.t.stored
			expanded += w.t.expanded
		}
		wk.states = stored
		wk.peak = max(wk.peak, stored-expanded)
		if tick != nil {
			tick(d)
		}
	}
	if err := wk.ctx.Err(); err != nil {
		return tally{}, err
	}
	wk.states = 0
	for _, w := range ws {
		wk.states += w.t.stored
		wk.unmemo += w.t.unmemo
	}
	sum := ws[0].t
	for _, w := range ws[1:] {
		sum.merge(&w.t)
	}
	if wk.overflow.Load() {
		sum.overflow = true
	}
	return sum, nil
}

// expand walks on from every tie point of a shard of layer d, then frees
// the shard.
func (w *worker[K]) expand(s *shard[K], d int) {
	wk := w.wk
	var out [8]int16
	mass := w.scratch[d]
	lay := wk.lays[d]
	for off := 0; off < len(s.slots); off += lay.stride {
		e := s.slots[off : off+lay.stride]
		if e[lay.kw]&0xFFFF == 0 {
			continue
		}
		if off&(1023*lay.stride) == 0 && wk.ctx.Err() != nil {
			return
		}
		v, c := s.keyOf(s.slots, off)
		dg := wk.g.degreesOf(&v)
		t := wk.g.tiedDeg(&v, &dg, c, &out)
		copy(mass, e[lay.kw+2:])
		clear(mass[lay.w:])
		w.branch(&v, &dg, &out, t, d, reach{p: mass, cnt: e[lay.kw+1], rc: uint16(e[lay.kw] >> 16)})
	}
	if s.slots != nil {
		wk.held.Add(-int64(s.size) * lay.entryBytes())
		w.t.expanded += int64(s.n)
	}
	s.slots, s.size, s.n = nil, 0, 0
}

func (t *tally) merge(o *tally) {
	var c uint64
	t.walks, c = bits.Add64(t.walks, o.walks, 0)
	t.overflow = t.overflow || o.overflow || c != 0
	t.underflow = t.underflow || o.underflow
	t.tours, c = bits.Add64(t.tours, o.tours, 0)
	t.overflow = t.overflow || c != 0
	t.nodes += o.nodes
	t.rounds = max(t.rounds, o.rounds)
	if t.success != nil {
		addTo(t.success, o.success)
		for l, f := range o.fail {
			if f == nil {
				continue
			}
			if t.fail[l] == nil {
				t.fail[l] = make([]uint64, len(f))
			}
			addTo(t.fail[l], f)
		}
		return
	}
	t.fsuccess.merge(&o.fsuccess)
	for l := range o.ffail {
		t.ffail[l].merge(&o.ffail[l])
	}
}

// newGraph builds b's knight graph for rule.
func newGraph[K set](b board.Board, rule Rule) *graph[K] {
	n := b.Squares()
	g := &graph[K]{n: n, rule: rule, refine: rule.refine(),
		nbr: make([]K, n), list: make([][]int16, n), dist: make([]int32, n)}
	bg := board.NewGraph(b, board.DefaultOrder)
	for s := range n {
		for _, t := range bg.Neighbours(s) {
			add(&g.nbr[s], int(t))
			g.list[s] = append(g.list[s], int16(t))
		}
		r, c := b.RowCol(s)
		dr, dc := 2*r-(b.Rows-1), 2*c-(b.Cols-1)
		g.dist[s] = int32(dr*dr + dc*dc)
	}
	for s := range n {
		add(&g.all, s)
	}
	g.shifts, g.nearShifts = shifts[K](b)
	if g.nearShifts {
		g.near = nearOf(g.shifts)
	}
	g.moves = make([]moves, n)
	for s, l := range g.list {
		m := &g.moves[s]
		m.n = len(l)
		for i, t := range l {
			m.to[i], m.w[i], m.bit[i] = t, uint8(t>>6), 1<<(t&63)
		}
	}
	return g
}

func defaultWorkers(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

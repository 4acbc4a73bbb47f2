package exact

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"knightsweep/pkg/board"
)

// The frontier method walks the same tie tree as the memo, depth by
// depth, but keeps the tie points not yet walked from as records (rec)
// appended to a buffer a depth and a worker, with no table: a depth's
// records are sorted by key and the records of a key added up when the
// depth's turn comes. Past the memory limit a worker sorts its buffers,
// adds up their equal keys and writes each as a run (a file of one depth,
// sorted); a depth is then the merge of its runs and of its buffers
// (sorted in memory), a heap of their heads, each key once. Its memory is
// the limit, whatever the board: the records held, a read buffer a run
// merged and a write buffer a worker.

// fromFrontier walks by the frontier method, with records as wide as the
// board needs.
func fromFrontier(ctx context.Context, b board.Board, start board.Square, o Options) (Result, error) {
	n := b.Squares()
	if o.Float || n > MaxExactSquares {
		switch {
		case n <= 64:
			return frontierFrom[[1]uint64, [1]uint64](ctx, b, start, o)
		case n <= 128:
			return frontierFrom[[2]uint64, [1]uint64](ctx, b, start, o)
		case n <= 256:
			return frontierFrom[[4]uint64, [1]uint64](ctx, b, start, o)
		case n <= 512:
			return frontierFrom[[8]uint64, [1]uint64](ctx, b, start, o)
		default:
			return frontierFrom[[16]uint64, [1]uint64](ctx, b, start, o)
		}
	}
	switch w := numWords(n); {
	case w <= 1:
		return frontierFrom[[1]uint64, [1]uint64](ctx, b, start, o)
	case w <= 2:
		return frontierFrom[[1]uint64, [2]uint64](ctx, b, start, o)
	case w <= 3:
		return frontierFrom[[1]uint64, [3]uint64](ctx, b, start, o)
	case w <= 4:
		return frontierFrom[[1]uint64, [4]uint64](ctx, b, start, o)
	case w <= 6:
		return frontierFrom[[1]uint64, [6]uint64](ctx, b, start, o)
	case w <= 8:
		return frontierFrom[[1]uint64, [8]uint64](ctx, b, start, o)
	default:
		return frontierFrom[[1]uint64, [10]uint64](ctx, b, start, o)
	}
}

type frontier[K set, P num] struct {
	wk  *walker[K]
	o   Options
	n   int
	fws []*fworker[K, P]
	// dir holds the runs; work: it is the checkpoint's, kept at every
	// depth boundary.
	dir  string
	work bool
	// budget bounds the records' bytes in memory, with reserve for the
	// read and write buffers (0: no bound, nothing spilled).
	budget, reserve int64
	rb              int64 // bytes of a record
	ioBuf, fanIn    int
	batch           int // records a worker takes at a time
	// held is the bytes of the records in memory; depthPeak the most
	// they took during the depth under way, peakHeld during the walk.
	held, depthPeak atomic.Int64
	peakHeld        int64
	disk, peakDisk  atomic.Int64

	mu     sync.Mutex
	failed atomic.Bool // err is set
	runs   [][]run     // by depth, not yet merged
	// consumed are runs merged since the last checkpoint: deleted once
	// the next one no longer names them.
	consumed []run
	// last is the manifest on disk, which replaceRuns rewrites.
	last workManifest
	seq  int64
	err  error

	states    int64   // tie points, each depth's keys once
	perDepth  []int64 // tie points by depth
	peakRecs  int64   // most records pending at a depth boundary
	prior     time.Duration
	t0        time.Time
	mergeComb combiner
}

// fworker is a worker's part of the frontier: its buffers by depth.
type fworker[K set, P num] struct {
	f     *frontier[K, P]
	w     *worker[K]
	c     combiner
	bufs  [][]rec[K, P]
	held  int64 // bytes of bufs
	share int64 // the most bufs may take
}

// Records are appended in chunks that start at minChunk records and
// double; batchLen records go to a worker at a time.
const (
	minChunk = 16
	batchLen = 512
	maxFanIn = 64
)

func frontierFrom[K set, P num](ctx context.Context, b board.Board, start board.Square, o Options) (Result, error) {
	f, err := newFrontier[K, P](ctx, b, start, o)
	if err != nil {
		return Result{}, err
	}
	defer f.close()
	n := f.n
	w0 := f.fws[0].w // the start's walk, and the tally a checkpoint kept
	from := 0
	if f.work {
		m, ok, err := f.load(b, start)
		if err != nil {
			return Result{}, err
		}
		if ok && m.Done {
			return doneResult(f, m, b, start)
		}
		if ok {
			from = m.Depth
			if err := m.Tally.into(&w0.t); err != nil {
				return Result{}, err
			}
		}
	}
	if from == 0 {
		w0.walkStart()
		if err := f.firstErr(); err != nil {
			return Result{}, err
		}
	}
	for d := from; d < n; d++ {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		f.depthPeak.Store(f.held.Load())
		if err := f.depth(d); err != nil {
			return Result{}, err
		}
		f.peakHeld = max(f.peakHeld, f.depthPeak.Load())
		f.notePending()
		if f.work {
			if err := f.checkpoint(d+1, b, start, false); err != nil {
				return Result{}, err
			}
		}
		if o.Tick != nil {
			o.Tick(Progress{Frontier: true, Board: b, Start: start, Depth: d + 1, Squares: n, States: f.states,
				DepthStates: f.perDepth[d], Held: f.depthPeak.Load() + f.reserve, Disk: f.disk.Load(), Left: f.left(d)})
		}
	}
	t := f.sum()
	if f.work {
		if err := f.checkpoint(n, b, start, true); err != nil {
			return Result{}, err
		}
	}
	return f.finish(b, start, t)
}

// newFrontier makes the frontier walk of o from start on b, its work
// directory made (or a temporary one, which close deletes).
func newFrontier[K set, P num](ctx context.Context, b board.Board, start board.Square, o Options) (*frontier[K, P], error) {
	n := b.Squares()
	wk := newWalker[K](ctx, b, start, o)
	wk.memo = false
	f := &frontier[K, P]{wk: wk, o: o, n: n, budget: max(o.MemLimit, 0), rb: int64(recBytes[K, P]()),
		runs: make([][]run, n+1), perDepth: make([]int64, n+1), t0: time.Now()}
	f.mergeComb.float = wk.float
	workers := defaultWorkers(o.Workers)
	f.sizeBuffers(workers)
	if o.Work != "" {
		f.dir, f.work = WorkDir(o.Work, b, start), true
		if err := os.MkdirAll(f.dir, 0o755); err != nil {
			return nil, fmt.Errorf("work directory: %w", err)
		}
	} else {
		dir, err := os.MkdirTemp("", "knightsweep-exact-")
		if err != nil {
			return nil, err
		}
		f.dir = dir
	}
	for range workers {
		w := wk.newWorker()
		fw := &fworker[K, P]{f: f, w: w, bufs: make([][]rec[K, P], n+1)}
		fw.c.float = wk.float
		fw.share = f.shareOf(0, workers)
		w.keep = fw.keep
		f.fws = append(f.fws, fw)
	}
	return f, nil
}

// close deletes the runs' directory unless it is the checkpoint's.
func (f *frontier[K, P]) close() {
	if !f.work {
		os.RemoveAll(f.dir)
	}
}

// finish makes the result of the walks' ends t.
func (f *frontier[K, P]) finish(b board.Board, start board.Square, t tally) (Result, error) {
	if err := f.tooRound(); err != nil {
		return Result{}, err
	}
	res := Result{States: f.states, PeakStates: f.peakRecs, PeakBytes: f.peakHeld + f.reserve,
		PeakDisk: f.peakDisk.Load(), Elapsed: f.prior + time.Since(f.t0)}
	return f.wk.result(res, b, start, f.o, t)
}

// sum adds up the workers' tallies, leaving them as they are, and the
// overflows of the counts that merging added up.
func (f *frontier[K, P]) sum() tally {
	t := f.wk.newWorker().t
	t.overflow = f.mergeComb.overflow
	for _, fw := range f.fws {
		t.merge(&fw.w.t)
		t.overflow = t.overflow || fw.c.overflow
	}
	return t
}

// tooRound says if a float64 added up took more roundings than a record
// counts.
func (f *frontier[K, P]) tooRound() error {
	bad := f.mergeComb.tooRound
	for _, fw := range f.fws {
		bad = bad || fw.c.tooRound
	}
	if bad {
		return fmt.Errorf("exact: a probability took more than %d roundings, past what the bound counts", 1<<16-1)
	}
	return nil
}

// sizeBuffers sets the read and write buffers, the batches and the
// fan-in of a merge from the budget: together a quarter of it at most,
// half for the files' buffers (each at most 1 MiB, at least a record) and
// half for the batches (2 a worker and 2, each at most batchLen records).
func (f *frontier[K, P]) sizeBuffers(workers int) {
	f.fanIn, f.ioBuf, f.batch = maxFanIn, 1<<20, batchLen
	if f.budget == 0 {
		return
	}
	files := f.budget / 8
	f.ioBuf = int(min(int64(f.ioBuf), max(files/int64(f.fanIn+workers+1), f.rb)))
	if int64(f.ioBuf)*int64(f.fanIn+workers+1) > files {
		f.fanIn = int(min(maxFanIn, max(2, files/int64(f.ioBuf)-int64(workers)-1)))
	}
	batches := int64(2*workers + 2)
	f.batch = int(min(batchLen, max(1, f.budget/8/batches/f.rb)))
	f.reserve = int64(f.ioBuf)*int64(f.fanIn+workers+1) + batches*int64(f.batch)*f.rb
}

// noShareLimit is a worker's share of an unlimited budget: more than any
// memory, with room below the largest int64 for arithmetic on it.
const noShareLimit = 1 << 62

// shareOf is a worker's share of the budget while a depth whose records
// in memory take inUse bytes is merged.
func (f *frontier[K, P]) shareOf(inUse int64, workers int) int64 {
	if f.budget == 0 {
		return noShareLimit
	}
	return max((f.budget-f.reserve-inUse)/int64(workers), 2*minChunk*f.rb)
}

// fail keeps a worker's error, the first, and stops the depth's merge:
// the depth is lost, and the walk ends when its workers have.
func (f *frontier[K, P]) fail(err error) {
	f.mu.Lock()
	if f.err == nil {
		f.err = err
	}
	f.mu.Unlock()
	f.failed.Store(true)
}

func (f *frontier[K, P]) firstErr() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// account adds b bytes to the records held.
func (f *frontier[K, P]) account(b int64) {
	h := f.held.Add(b)
	for p := f.depthPeak.Load(); h > p && !f.depthPeak.CompareAndSwap(p, h); p = f.depthPeak.Load() {
	}
}

// keep appends the tie point (v, cur) at depth d to the worker's buffer:
// cnt walks, of probability p, with rc roundings (a reach's fields: Go
// passes a struct argument through memory, and keep takes every record).
func (fw *fworker[K, P]) keep(v K, cur, d int, p []uint64, cnt uint64, rc uint16) {
	if len(fw.bufs[d]) == cap(fw.bufs[d]) {
		fw.grow(d)
	}
	var x rec[K, P]
	x.k = v
	x.tag = uint64(cur) | uint64(rc)<<16
	x.cnt = cnt
	for i, y := range p {
		x.p[i] = y
	}
	fw.bufs[d] = append(fw.bufs[d], x)
}

// grow makes room in depth d's buffer: twice the room, or, if that would
// pass the worker's share, the room left once its buffers are spilled.
func (fw *fworker[K, P]) grow(d int) {
	f := fw.f
	old := int64(cap(fw.bufs[d]))
	nc := max(2*old, minChunk)
	if fw.held+nc*f.rb > fw.share {
		fw.spill()
		fw.release()
		old, nc = 0, minChunk
	}
	// Both buffers are held while one is copied to the other.
	f.account(nc * f.rb)
	nb := make([]rec[K, P], len(fw.bufs[d]), nc)
	copy(nb, fw.bufs[d])
	fw.bufs[d] = nb
	fw.held += (nc - old) * f.rb
	f.account(-old * f.rb)
}

// spill writes each of the worker's buffers as a run and empties them.
// Their room is kept, and held, each for the depth after its own: spill
// comes at a checkpoint, a depth boundary, after which the walks add
// their records a depth deeper than before, about as many (making that
// memory anew at every depth costs page faults and clearing: some 7% of
// the CPU time on 10x10 from 4,4 with -work).
func (fw *fworker[K, P]) spill() {
	f := fw.f
	for e, b := range fw.bufs {
		if len(b) > 0 {
			if err := f.write(e, sortMerge(&fw.c, b)); err != nil {
				f.fail(err)
			}
		}
	}
	last := len(fw.bufs) - 1
	fw.free(fw.bufs[last])
	copy(fw.bufs[1:], fw.bufs[:last])
	fw.bufs[0] = nil
	for e, b := range fw.bufs {
		fw.bufs[e] = b[:0]
	}
}

// release frees the worker's buffers, which spill emptied.
func (fw *fworker[K, P]) release() {
	for e, b := range fw.bufs {
		fw.free(b)
		fw.bufs[e] = nil
	}
}

// free gives up the memory of a buffer of the worker's.
func (fw *fworker[K, P]) free(b []rec[K, P]) {
	fw.f.account(-int64(cap(b)) * fw.f.rb)
	fw.held -= int64(cap(b)) * fw.f.rb
}

// write writes recs, sorted and each key once, as a run of depth d.
func (f *frontier[K, P]) write(d int, recs []rec[K, P]) error {
	w, err := f.create(d)
	if err != nil {
		return err
	}
	for i := range recs {
		if err := w.add(&recs[i]); err != nil {
			w.abort()
			return err
		}
	}
	return f.commit(w)
}

func (f *frontier[K, P]) create(d int) (*runWriter[K, P], error) {
	f.mu.Lock()
	f.seq++
	name := fmt.Sprintf("d%04d-%08d.run", d, f.seq)
	f.mu.Unlock()
	return newRunWriter[K, P](f.dir, name, d, f.ioBuf)
}

// commit closes a run and adds it to its depth's.
func (f *frontier[K, P]) commit(w *runWriter[K, P]) error {
	r, err := w.close()
	if err != nil {
		return err
	}
	f.mu.Lock()
	f.runs[r.Depth] = append(f.runs[r.Depth], r)
	f.mu.Unlock()
	f.addDisk(r.Bytes)
	return nil
}

// addDisk adds b bytes to the runs on disk.
func (f *frontier[K, P]) addDisk(b int64) {
	d := f.disk.Add(b)
	for p := f.peakDisk.Load(); d > p && !f.peakDisk.CompareAndSwap(p, d); p = f.peakDisk.Load() {
	}
}

// drop is done with runs that were merged: deleted now, or, with a
// checkpoint, once the next checkpoint no longer names them.
func (f *frontier[K, P]) drop(rs []run) {
	if f.work {
		f.consumed = append(f.consumed, rs...)
		return
	}
	f.remove(rs)
}

func (f *frontier[K, P]) remove(rs []run) {
	for _, r := range rs {
		os.Remove(filepath.Join(f.dir, r.Name))
		f.disk.Add(-r.Bytes)
	}
}

// depth walks on from every tie point of depth d: the merge of its runs
// and of the workers' buffers, in batches to the workers, whose walks add
// deeper records.
func (f *frontier[K, P]) depth(d int) error {
	mem, memBytes, err := f.takeBuffers(d)
	if err != nil {
		return err
	}
	runs, err := f.takeRuns(d)
	if err != nil {
		return err
	}
	srcs, err := f.sources(mem, runs)
	defer func() {
		for _, s := range srcs {
			s.close()
		}
	}()
	if err != nil {
		return err
	}
	for _, fw := range f.fws {
		fw.share = f.shareOf(memBytes, len(f.fws))
	}
	keys, err := f.walkMerged(d, newMerger(&f.mergeComb, srcs))
	if err != nil {
		return err
	}
	f.account(-memBytes)
	f.drop(runs)
	f.states += keys
	f.perDepth[d] = keys
	return nil
}

// takeBuffers takes the workers' buffers of depth d, each sorted with its
// equal keys added, and the bytes they hold. Buffers too big to keep while
// the depth's walks add records are written as runs instead, and merged
// from disk like the rest (no buffer is returned then).
func (f *frontier[K, P]) takeBuffers(d int) (mem [][]rec[K, P], memBytes int64, err error) {
	for _, fw := range f.fws {
		b := fw.bufs[d]
		if len(b) > 0 {
			mem = append(mem, b)
		}
		memBytes += int64(cap(b)) * f.rb
		fw.held -= int64(cap(b)) * f.rb
		fw.bufs[d] = nil
	}
	if f.budget > 0 && memBytes > f.budget/2 {
		for i, b := range mem {
			if err := f.write(d, sortMerge(&f.fws[i%len(f.fws)].c, b)); err != nil {
				return nil, 0, err
			}
		}
		f.account(-memBytes)
		return nil, 0, nil
	}
	var wg sync.WaitGroup
	for i := range mem {
		wg.Go(func() { mem[i] = sortMerge(&f.fws[i].c, mem[i]) })
	}
	wg.Wait()
	return mem, memBytes, nil
}

// takeRuns takes depth d's runs on disk, merged into at most fanIn first.
func (f *frontier[K, P]) takeRuns(d int) ([]run, error) {
	f.mu.Lock()
	runs := f.runs[d]
	f.runs[d] = nil
	f.mu.Unlock()
	return f.mergeDown(d, runs)
}

// sources opens the buffers and runs as the merge's sources; on an error,
// the ones opened are returned too, for the caller to close.
func (f *frontier[K, P]) sources(mem [][]rec[K, P], runs []run) ([]*source[K, P], error) {
	srcs := make([]*source[K, P], 0, len(mem)+len(runs))
	for _, b := range mem {
		srcs = append(srcs, memSource(b))
	}
	for _, r := range runs {
		s, err := openRun[K, P](f.dir, r, f.ioBuf)
		if err != nil {
			return srcs, err
		}
		srcs = append(srcs, s)
	}
	return srcs, nil
}

// walkMerged hands m's records in batches to the workers, which walk on
// from each, and returns how many keys depth d held. One goroutine feeds
// the batches, and when it stops, closes work and sends its count of keys
// on counted.
func (f *frontier[K, P]) walkMerged(d int, m *merger[K, P]) (int64, error) {
	work := make(chan []rec[K, P], len(f.fws))
	free := make(chan []rec[K, P], 2*len(f.fws)+2)
	for range cap(free) {
		free <- make([]rec[K, P], 0, f.batch)
	}
	counted := make(chan int64, 1)
	ctx := f.wk.ctx
	go func() {
		var keys int64
		defer func() {
			close(work)
			counted <- keys
		}()
		for ctx.Err() == nil && !f.failed.Load() {
			b := (<-free)[:f.batch]
			i := 0
			for i < f.batch && m.next(&b[i]) {
				i++
			}
			keys += int64(i)
			if i > 0 {
				work <- b[:i]
			}
			if i < f.batch {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for _, fw := range f.fws {
		wg.Go(func() {
			for b := range work {
				for i := range b {
					fw.expand(&b[i], d)
				}
				free <- b
			}
		})
	}
	wg.Wait()
	keys := <-counted
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if m.err != nil {
		return 0, m.err
	}
	if err := f.firstErr(); err != nil {
		return 0, err
	}
	return keys, nil
}

// notePending keeps the most records pending at a depth boundary.
func (f *frontier[K, P]) notePending() {
	var p int64
	for _, fw := range f.fws {
		for _, b := range fw.bufs {
			p += int64(len(b))
		}
	}
	for _, rs := range f.runs {
		for _, r := range rs {
			p += r.Records
		}
	}
	f.peakRecs = max(f.peakRecs, p)
}

// premerge merges runs of depth d into one.
func (f *frontier[K, P]) premerge(d int, runs []run) (run, error) {
	var srcs []*source[K, P]
	defer func() {
		for _, s := range srcs {
			s.close()
		}
	}()
	for _, r := range runs {
		s, err := openRun[K, P](f.dir, r, f.ioBuf)
		if err != nil {
			return run{}, err
		}
		srcs = append(srcs, s)
	}
	w, err := f.create(d)
	if err != nil {
		return run{}, err
	}
	m := newMerger(&f.mergeComb, srcs)
	var r rec[K, P]
	for m.next(&r) {
		if err := w.add(&r); err != nil {
			w.abort()
			return run{}, err
		}
	}
	if m.err != nil {
		w.abort()
		return run{}, m.err
	}
	out, err := w.close()
	if err != nil {
		return run{}, err
	}
	f.addDisk(out.Bytes)
	return out, nil
}

// expand walks on from the tie point r of depth d: each tied square, to
// the next tie point (kept) or the walk's end.
func (fw *fworker[K, P]) expand(r *rec[K, P], d int) {
	w := fw.w
	g := w.wk.g
	var out [8]int16
	v, c := r.k, r.cur()
	dg := g.degreesOf(&v)
	t := g.tiedDeg(&v, &dg, c, &out)
	mass := w.scratch[d]
	for i := range min(len(mass), len(r.p)) {
		mass[i] = r.p[i]
	}
	w.branch(&v, &dg, &out, t, d, reach{p: mass, cnt: r.cnt, rc: uint16(r.rc())})
}

// walkStart walks from the walk's start square, the first node: depth 0,
// probability 1 (exactly, or as a float64), one walk, no rounding yet.
func (w *worker[K]) walkStart() {
	wk := w.wk
	var v K
	add(&v, wk.start)
	one := make([]uint64, wk.w)
	one[0] = 1
	if wk.float {
		one[0] = math.Float64bits(1)
	}
	w.t.nodes++
	w.follow(point[K]{v: v, cur: wk.start}, reach{p: one, cnt: 1})
}

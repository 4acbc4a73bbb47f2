package count

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// piecesInAll is how many independent subtrees count splits its searches
// into, whatever the number of workers: enough that the uneven ones (7x7:
// some take minutes where most take a second) still keep every worker busy
// to the end, and the same on every machine, so that a checkpoint saved on
// one resumes on another.
const piecesInAll = 4096

// minEnumSave is the shortest interval between an enumeration's checkpoints.
const minEnumSave = time.Second

// enumeration is the result of count: each search's tally and, if asked
// for, its tours by last square; whether it resumed from a checkpoint and
// whether it saved one when it stopped.
type enumeration struct {
	tallies []tally
	byEnd   [][MaxSquares]uint64
	resumed bool
	kept    bool
	// partial is set when a checkpoint could not be saved or removed after
	// the work: the tallies hold what was counted, the error says why it
	// stopped.
	partial bool
}

// piece is a subtree of a search: the paths split returns.
type piece struct {
	search int // index into the searches
	p      path
}

// count counts the tours of each search, splitting each search tree into
// subtrees that the workers walk in parallel. With byEnd, it also counts
// each search's tours by their last square. With opt.Checkpoint, it saves
// the subtrees done and their counts (every opt.CheckpointEvery and when
// stopped early) and skips them when resumed; the error is then a
// *CheckpointError, or one that the checkpoint cannot be used.
func (g *graph) count(ctx context.Context, searches []search, opt Options, byEnd bool) (enumeration, error) {
	var e enumeration
	var pieces []piece
	e.tallies, pieces = g.pieces(searches)
	r := &enumRun{g: g, searches: searches, pieces: pieces, opt: opt, byEnd: byEnd,
		partial: make([]tally, len(searches)), saved: time.Now()}
	var err error
	if r.ck, e.resumed, err = openEnumCheckpoint(g, searches, pieces, opt.Checkpoint); err != nil {
		return e, err
	}
	r.walk(ctx)
	complete := r.done == len(pieces)
	// A checkpoint that could not be saved stops the count, but what it
	// counted is still added up: the caller prints it, as lower bounds.
	err = r.saveErr
	switch {
	case opt.Checkpoint == "" || err != nil:
	case complete:
		err = removeCheckpoint(opt.Checkpoint)
	default:
		if err = writeEnumCheckpoint(opt.Checkpoint, &r.ck); err == nil {
			e.kept = true
		}
	}
	if byEnd {
		e.byEnd = r.ck.ByEnd
	}
	for i := range e.tallies {
		t := &e.tallies[i]
		t.tours += r.ck.Tours[i] + r.partial[i].tours
		t.nodes += r.ck.Nodes[i] + r.partial[i].nodes
		t.complete = t.complete && complete
	}
	e.partial = err != nil
	return e, err
}

// pieces splits every search into subtrees, piecesInAll in all, whatever
// the workers, so that a checkpoint's pieces are the same on every
// machine; the tallies are what the splits found on their way down.
func (g *graph) pieces(searches []search) ([]tally, []piece) {
	want := max(1, piecesInAll/len(searches))
	tallies := make([]tally, len(searches))
	var pieces []piece
	for i, sr := range searches {
		paths, t := g.split(sr, want)
		tallies[i] = t
		for _, p := range paths {
			pieces = append(pieces, piece{i, p})
		}
	}
	return tallies, pieces
}

// openEnumCheckpoint returns the checkpoint of a count of pieces with
// nothing done, or, if path holds one saved by this same count, that one
// and resumed true. The checkpoint is also where the finished pieces'
// counts are added up, with or without a path.
func openEnumCheckpoint(g *graph, searches []search, pieces []piece, path string) (ck enumCheckpoint, resumed bool, err error) {
	ck = enumCheckpoint{Rows: g.b.Rows, Cols: g.b.Cols, Pieces: len(pieces), Hash: piecesHash(searches, pieces)}
	for _, sr := range searches {
		ck.Searches = append(ck.Searches, enumSearch{Start: sr.start, Closed: sr.closed, Ends: sr.ends})
	}
	ck.Done = make([]bool, len(pieces))
	ck.Tours = make([]uint64, len(searches))
	ck.Nodes = make([]int64, len(searches))
	ck.ByEnd = make([][MaxSquares]uint64, len(searches))
	if path == "" {
		return ck, false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return ck, false, &CheckpointError{Path: path, Err: err}
	}
	old, err := readEnumCheckpoint(path, ck.describe())
	if err != nil || old == nil {
		return ck, false, err
	}
	if err := old.matches(&ck, path); err != nil {
		return ck, false, err
	}
	return *old, true, nil
}

// enumRun is a count's walk over its pieces: what the workers share, and
// the lock they take to report a piece. It is a struct, not closures'
// variables, so that count reads as its three steps (split, walk, add up).
type enumRun struct {
	g        *graph
	searches []search
	pieces   []piece
	opt      Options
	byEnd    bool

	// every is the shortest interval between saves; cancel stops the
	// walk when a save fails. Both are set by walk.
	every  time.Duration
	cancel context.CancelFunc

	mu      sync.Mutex     // guards the rest
	ck      enumCheckpoint // the pieces done and their sums: saved as is
	done    int            // pieces done, those resumed included
	partial []tally        // pieces stopped halfway, by search
	saveErr error          // the first save that failed
	saved   time.Time      // when ck was last saved
}

// walk walks every piece not done yet, with opt.Workers workers (one per
// core if none), until all are done, ctx is done, or a save fails.
func (r *enumRun) walk(ctx context.Context) {
	workers := r.opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for _, d := range r.ck.Done {
		if d {
			r.done++
		}
	}
	if r.opt.Progress != nil {
		r.opt.Progress(r.done, len(r.pieces)) // the work is known: show it from the start
	}
	// Saves come at most once a second, whatever CheckpointEvery: a
	// subtree can take a millisecond, a save (with its fsync) as long.
	r.every = max(r.opt.CheckpointEvery, minEnumSave)
	eg, ctx := errgroup.WithContext(ctx)
	ctx, r.cancel = context.WithCancel(ctx)
	defer r.cancel()
	eg.SetLimit(workers)
	for i, pc := range r.pieces {
		if ctx.Err() != nil {
			break
		}
		if r.ck.Done[i] {
			continue
		}
		eg.Go(func() error {
			var ends *[MaxSquares]uint64
			var local [MaxSquares]uint64
			if r.byEnd {
				ends = &local
			}
			t := r.g.walk(ctx, pc.p, r.searches[pc.search], ends)
			r.record(i, pc, t, &local)
			return nil
		})
	}
	eg.Wait()
}

// record adds what piece i found to the sums, under the lock, and saves
// the checkpoint if it is time; ends are its tours by last square, if
// counted. A piece stopped halfway goes to partial: its counts are lower
// bounds for this run, never saved.
func (r *enumRun) record(i int, pc piece, t tally, ends *[MaxSquares]uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !t.complete {
		p := &r.partial[pc.search]
		p.tours += t.tours
		p.nodes += t.nodes
		return
	}
	r.ck.Done[i] = true
	r.ck.Tours[pc.search] += t.tours
	r.ck.Nodes[pc.search] += t.nodes
	if r.byEnd {
		for sq, n := range ends {
			r.ck.ByEnd[pc.search][sq] += n
		}
	}
	r.done++
	if r.opt.Progress != nil {
		r.opt.Progress(r.done, len(r.pieces))
	}
	if r.opt.Checkpoint != "" && r.saveErr == nil && r.done < len(r.pieces) && time.Since(r.saved) >= r.every {
		if err := writeEnumCheckpoint(r.opt.Checkpoint, &r.ck); err != nil {
			r.saveErr = err
			r.cancel() // what it does would be lost: stop
		}
		r.saved = time.Now()
	}
}

// piecesHash identifies a count's subtrees, so that a checkpoint is used
// only by the count that saved it.
func piecesHash(searches []search, pieces []piece) uint64 {
	h := fnv.New64a()
	for _, sr := range searches {
		fmt.Fprintf(h, "%d %v %x;", sr.start, sr.closed, sr.ends)
	}
	for _, pc := range pieces {
		fmt.Fprintf(h, "%d %d %d %x;", pc.search, pc.p.at, pc.p.depth, pc.p.visited)
	}
	return h.Sum64()
}

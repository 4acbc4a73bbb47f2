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
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	want := max(1, piecesInAll/len(searches))
	var e enumeration
	e.tallies = make([]tally, len(searches))
	var pieces []piece
	for i, sr := range searches {
		paths, t := g.split(sr, want)
		e.tallies[i] = t
		for _, p := range paths {
			pieces = append(pieces, piece{i, p})
		}
	}

	// done holds what the finished pieces found, by search: with the
	// split's own tallies, the checkpoint.
	ck := enumCheckpoint{Rows: g.b.Rows, Cols: g.b.Cols, Pieces: len(pieces), Hash: piecesHash(searches, pieces)}
	for _, sr := range searches {
		ck.Searches = append(ck.Searches, enumSearch{Start: sr.start, Closed: sr.closed, Ends: sr.ends})
	}
	ck.Done = make([]bool, len(pieces))
	ck.Tours = make([]uint64, len(searches))
	ck.Nodes = make([]int64, len(searches))
	ck.ByEnd = make([][MaxSquares]uint64, len(searches))
	saved := time.Now()
	if opt.Checkpoint != "" {
		if err := os.MkdirAll(filepath.Dir(opt.Checkpoint), 0o755); err != nil {
			return e, &CheckpointError{Path: opt.Checkpoint, Err: err}
		}
		old, err := readEnumCheckpoint(opt.Checkpoint)
		if err != nil {
			return e, err
		}
		if old != nil {
			if err := old.matches(&ck, opt.Checkpoint); err != nil {
				return e, err
			}
			ck, e.resumed = *old, true
		}
	}

	var (
		mu      sync.Mutex
		done    int
		partial = make([]tally, len(searches)) // pieces stopped halfway
		saveErr error
	)
	for _, d := range ck.Done {
		if d {
			done++
		}
	}
	if opt.Progress != nil {
		opt.Progress(done, len(pieces)) // the work is known: show it from the start
	}
	// Saves come at most once a second, whatever CheckpointEvery: a
	// subtree can take a millisecond, a save (with its fsync) as long.
	every := max(opt.CheckpointEvery, minEnumSave)
	eg, ctx := errgroup.WithContext(ctx)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	eg.SetLimit(workers)
	for i, pc := range pieces {
		if ctx.Err() != nil {
			break
		}
		if ck.Done[i] {
			continue
		}
		eg.Go(func() error {
			var ends *[MaxSquares]uint64
			var local [MaxSquares]uint64
			if byEnd {
				ends = &local
			}
			t := g.walk(ctx, pc.p, searches[pc.search], ends)
			mu.Lock()
			defer mu.Unlock()
			if !t.complete {
				// Its counts are lower bounds for this run, never saved.
				p := &partial[pc.search]
				p.tours += t.tours
				p.nodes += t.nodes
				return nil
			}
			ck.Done[i] = true
			ck.Tours[pc.search] += t.tours
			ck.Nodes[pc.search] += t.nodes
			if byEnd {
				for sq, n := range local {
					ck.ByEnd[pc.search][sq] += n
				}
			}
			done++
			if opt.Progress != nil {
				opt.Progress(done, len(pieces))
			}
			if opt.Checkpoint != "" && saveErr == nil && done < len(pieces) && time.Since(saved) >= every {
				if err := writeEnumCheckpoint(opt.Checkpoint, &ck); err != nil {
					saveErr = err
					cancel() // what it does would be lost: stop
				}
				saved = time.Now()
			}
			return nil
		})
	}
	eg.Wait()
	complete := done == len(pieces)
	// A checkpoint that could not be saved stops the count, but what it
	// counted is still added up: the caller prints it, as lower bounds.
	err := saveErr
	switch {
	case opt.Checkpoint == "" || err != nil:
	case complete:
		err = removeCheckpoint(opt.Checkpoint)
	default:
		if err = writeEnumCheckpoint(opt.Checkpoint, &ck); err == nil {
			e.kept = true
		}
	}
	if byEnd {
		e.byEnd = ck.ByEnd
	}
	for i := range e.tallies {
		t := &e.tallies[i]
		t.tours += ck.Tours[i] + partial[i].tours
		t.nodes += ck.Nodes[i] + partial[i].nodes
		t.complete = t.complete && complete
	}
	e.partial = err != nil
	return e, err
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

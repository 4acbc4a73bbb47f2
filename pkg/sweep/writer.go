package sweep

import (
	"io"
	"sync"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// rowWriter owns runs.csv: one goroutine appends the rows the workers hand
// it (runs.Writer) and flushes them to the file in small batches: when
// batchRows are waiting or flushEvery has passed, so a crash loses at most
// the rows of the last flushEvery. It also commits the file to disk (fsync)
// every flushEvery, and saves the first tour found on each board that
// wants a picture.
type rowWriter struct {
	file syncWriter
	rows *runs.Writer
	dir  string
	man  *outdir.Manifest

	in   chan result
	done chan struct{} // closed when the goroutine has ended
	// err is the first write error; read it only after done is closed.
	err error

	pending       int  // rows written since the last flush
	dirty         bool // flushed since the last sync
	counts        map[status.Status]int64
	pendingCounts map[status.Status]int64
	written       int64

	// toured holds the boards whose picture tour has been claimed by a
	// worker; mu guards it.
	mu     sync.Mutex
	toured map[board.Board]bool
}

const (
	// batchRows is the most rows written in one go.
	batchRows = 256
	// flushEvery is how often rows waiting in a batch are written.
	flushEvery = 500 * time.Millisecond
)

// syncWriter is runs.csv as the writer sees it: an *os.File, or in tests a
// file that fails.
type syncWriter interface {
	io.Writer
	Sync() error
}

func startWriter(f syncWriter, dir string, man *outdir.Manifest, saveTours bool) *rowWriter {
	w := &rowWriter{
		file: f, rows: runs.NewWriter(f, saveTours), dir: dir, man: man,
		in: make(chan result, 4*batchRows), done: make(chan struct{}),
		counts: map[status.Status]int64{}, pendingCounts: map[status.Status]int64{},
	}
	w.toured = map[board.Board]bool{}
	for _, t := range man.Tours {
		if z, err := plan.ParseSizes(t.Board); err == nil && len(z) == 1 {
			w.toured[z[0]] = true
		}
	}
	go w.loop()
	return w
}

// claimTour reports whether a tour of b is still wanted for a picture,
// and if so claims it: the first worker to find a tour of b saves it.
func (w *rowWriter) claimTour(b board.Board) bool {
	if !outdir.WantsTour(b) {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.toured[b] {
		return false
	}
	w.toured[b] = true
	return true
}

// put hands r to the writer. It fails only when the writer has failed.
func (w *rowWriter) put(r result) error {
	select {
	case w.in <- r: // the common case, without a two-way select
		return nil
	default:
	}
	select {
	case w.in <- r:
		return nil
	case <-w.done:
		return w.err
	}
}

// close writes every row handed over and returns the first write error.
// The file stays open: the caller closes it.
func (w *rowWriter) close() error {
	close(w.in)
	<-w.done
	return w.err
}

func (w *rowWriter) loop() {
	defer close(w.done)
	tick := time.NewTicker(flushEvery)
	defer tick.Stop()
	for {
		select {
		case r, ok := <-w.in:
			if !ok {
				w.err = w.flush(true)
				return
			}
			if w.err = w.add(r); w.err != nil {
				return
			}
			if w.pending >= batchRows {
				if w.err = w.flush(false); w.err != nil {
					return
				}
			}
		case <-tick.C:
			if w.err = w.flush(true); w.err != nil {
				return
			}
		}
	}
}

func (w *rowWriter) add(r result) error {
	if err := w.rows.Write(&r.row); err != nil {
		return err
	}
	w.pending++
	w.pendingCounts[r.row.Status]++
	if r.picture != nil {
		// A tour that cannot be saved costs a picture, not the sweep.
		if t, err := outdir.SaveTour(w.dir, &r.row, r.picture); err == nil {
			w.man.Tours = append(w.man.Tours, t)
		}
	}
	return nil
}

// flush writes the waiting rows to the file and, if sync is set, commits
// the file to disk.
func (w *rowWriter) flush(sync bool) error {
	if w.pending > 0 {
		if err := w.rows.Flush(); err != nil {
			return err
		}
		w.written += int64(w.pending)
		for st, n := range w.pendingCounts {
			w.counts[st] += n
		}
		clear(w.pendingCounts)
		w.pending = 0
		w.dirty = true
	}
	if sync && w.dirty {
		w.dirty = false
		return w.file.Sync()
	}
	return nil
}

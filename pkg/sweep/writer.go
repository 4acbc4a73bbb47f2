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

// rowWriter owns runs.csv. A worker appends its row itself (runs.Writer,
// into a buffer, under mu): handing each row to a goroutine of its own
// would wake that goroutine, on another thread, once a run. The rows go
// to the file in batches: by the worker that brings the batch to
// batchRows, and every flushEvery by a ticker, which then also commits
// the file to disk (fsync), so that a crash loses at most the rows of the
// last flushEvery. The writer also saves the first tour found on each
// board that wants a picture.
type rowWriter struct {
	file syncWriter
	dir  string
	man  *outdir.Manifest

	// mu guards the fields below, and the file's writes.
	mu   sync.Mutex
	rows *runs.Writer
	// err is the first write error: every later put returns it.
	err           error
	pending       int  // rows written since the last flush
	dirty         bool // flushed since the last sync
	counts        map[status.Status]int64
	pendingCounts map[status.Status]int64
	written       int64
	// toured holds the boards whose picture tour has been claimed by a
	// worker.
	toured map[board.Board]bool

	// syncing is held by whoever commits the file to disk, outside mu:
	// workers write rows meanwhile.
	syncing sync.Mutex
	stop    chan struct{} // closed by close, to end the ticker
	done    chan struct{} // closed when the ticker has ended
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
		counts: map[status.Status]int64{}, pendingCounts: map[status.Status]int64{},
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	w.toured = map[board.Board]bool{}
	for _, t := range man.Tours {
		if z, err := plan.ParseSizes(t.Board); err == nil && len(z) == 1 {
			w.toured[z[0]] = true
		}
	}
	go w.tick()
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

// put writes r's row, into the buffer or, with the batchRows-th row
// waiting, to the file. It fails only when the writer has failed.
func (w *rowWriter) put(r *result) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if w.err = w.add(r); w.err == nil && w.pending >= batchRows {
		w.err = w.flush()
	}
	return w.err
}

// close writes every row put, commits the file to disk and returns the
// first write error. The file stays open: the caller closes it.
func (w *rowWriter) close() error {
	close(w.stop)
	<-w.done
	w.commit()
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// tick writes the waiting rows and commits the file every flushEvery.
func (w *rowWriter) tick() {
	defer close(w.done)
	t := time.NewTicker(flushEvery)
	defer t.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-t.C:
			w.commit()
		}
	}
}

// commit writes the waiting rows to the file and, if any were written
// since the last commit, commits the file to disk: the system call waits
// for the disk outside mu, so that the workers go on putting rows.
func (w *rowWriter) commit() {
	w.syncing.Lock()
	defer w.syncing.Unlock()
	w.mu.Lock()
	if w.err == nil {
		w.err = w.flush()
	}
	dirty := w.err == nil && w.dirty
	w.dirty = false
	w.mu.Unlock()
	if !dirty {
		return
	}
	if err := w.file.Sync(); err != nil {
		w.mu.Lock()
		if w.err == nil {
			w.err = err
		}
		w.mu.Unlock()
	}
}

func (w *rowWriter) add(r *result) error {
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

// flush writes the waiting rows to the file.
func (w *rowWriter) flush() error {
	if w.pending == 0 {
		return nil
	}
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
	return nil
}

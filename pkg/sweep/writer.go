package sweep

import (
	"io"
	"sync"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
)

// rowWriter owns runs.csv. A worker puts its finished job's row in a
// shared batch (under mu, a copy); one goroutine of the writer's own
// takes the batch and writes its rows to the file when batchRows are
// waiting or flushEvery has passed, so a crash loses at most the rows of
// the last flushEvery. It commits the file to disk (fsync) every
// flushEvery, and saves the first tour found on each board that wants a
// picture. The writer's goroutine is woken once a batch, not once a row:
// a wake-up, on another thread, costs as much as a short run.
type rowWriter struct {
	file syncWriter
	rows *runs.Writer
	dir  string
	man  *outdir.Manifest

	// mu guards batch, failed and toured.
	mu    sync.Mutex
	batch []result
	// room is signalled when the batch is taken: a worker that finds
	// maxWaiting rows waiting (the disk is slow) waits for it.
	room *sync.Cond
	// failed is set once a write failed: put then returns err.
	failed bool
	// toured holds the boards whose picture tour has been claimed by a
	// worker.
	toured map[board.Board]bool

	full chan struct{} // a batch of batchRows is waiting
	stop chan struct{} // closed by close
	done chan struct{} // closed when the goroutine has ended
	// err is the first write error; read it only after done is closed,
	// or after failed was seen set under mu.
	err error

	// table, if not nil, files each row written, as the reader of
	// tableName would at its line (line is the next row's), for the
	// end-of-run table (keepTable). A row it refuses drops it: the table
	// is then made by reading the file, which says why.
	table     *stats.Collector
	tableName string
	line      int

	spare         []result // the batch last written, for reuse
	dirty         bool     // rows written since the last sync
	counts        map[status.Status]int64
	pendingCounts map[status.Status]int64
	written       int64
}

const (
	// batchRows is the most rows written in one go.
	batchRows = 256
	// flushEvery is how often rows waiting in a batch are written.
	flushEvery = 500 * time.Millisecond
	// maxWaiting is the most rows that wait for the writer: the memory
	// they hold is bounded however slow the disk.
	maxWaiting = 4 * batchRows
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
		batch: make([]result, 0, batchRows), spare: make([]result, 0, batchRows),
		full: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
		counts: map[status.Status]int64{}, pendingCounts: map[status.Status]int64{},
	}
	w.room = sync.NewCond(&w.mu)
	w.toured = map[board.Board]bool{}
	for _, t := range man.Tours {
		if z, err := plan.ParseSizes(t.Board); err == nil && len(z) == 1 {
			w.toured[z[0]] = true
		}
	}
	go w.loop()
	return w
}

// keepTable, if keep is set, has w keep the end-of-run table's figures of
// the rows it writes into name, a new runs.csv whose first row is at line
// 2, after its header. Call it before any row is put.
func (w *rowWriter) keepTable(keep bool, name string) {
	if keep {
		w.table, w.tableName, w.line = stats.NewCollector(stats.Options{TableOnly: true}), name, 2
	}
}

// tableResults returns the end-of-run table's figures of the rows
// written (keepTable), or nil where they were not kept, were refused or
// none was written. Call it after close.
func (w *rowWriter) tableResults() *stats.Results {
	if w.table == nil || w.err != nil {
		return nil
	}
	res, err := w.table.Finish()
	if err != nil {
		return nil
	}
	return res
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
func (w *rowWriter) put(r *result) error {
	w.mu.Lock()
	for len(w.batch) >= maxWaiting && !w.failed {
		w.room.Wait()
	}
	if w.failed {
		w.mu.Unlock()
		<-w.done
		return w.err
	}
	w.batch = append(w.batch, *r)
	full := len(w.batch) == batchRows
	w.mu.Unlock()
	if full {
		select {
		case w.full <- struct{}{}:
		default:
		}
	}
	return nil
}

// close writes every row put and returns the first write error. The file
// stays open: the caller closes it.
func (w *rowWriter) close() error {
	close(w.stop)
	<-w.done
	return w.err
}

func (w *rowWriter) loop() {
	defer close(w.done)
	tick := time.NewTicker(flushEvery)
	defer tick.Stop()
	for {
		var commit, last bool
		select {
		case <-w.full:
		case <-tick.C:
			commit = true
		case <-w.stop:
			commit, last = true, true
		}
		if w.err = w.flush(commit); w.err != nil || last {
			if w.err != nil {
				w.mu.Lock()
				w.failed = true
				w.room.Broadcast()
				w.mu.Unlock()
			}
			return
		}
	}
}

// flush writes the rows waiting to the file and, if sync is set, commits
// the file to disk.
func (w *rowWriter) flush(sync bool) error {
	w.mu.Lock()
	batch := w.batch
	w.batch = w.spare[:0]
	w.room.Broadcast()
	w.mu.Unlock()
	w.spare = batch
	if len(batch) > 0 {
		for i := range batch {
			if err := w.add(&batch[i]); err != nil {
				return err
			}
		}
		clear(batch) // the rows' strings and tours go with them
		if err := w.rows.Flush(); err != nil {
			return err
		}
		w.written += int64(len(batch))
		for st, n := range w.pendingCounts {
			w.counts[st] += n
		}
		clear(w.pendingCounts)
		w.dirty = true
	}
	if sync && w.dirty {
		w.dirty = false
		return w.file.Sync()
	}
	return nil
}

func (w *rowWriter) add(r *result) error {
	if err := w.rows.Write(&r.row); err != nil {
		return err
	}
	w.pendingCounts[r.row.Status]++
	if w.table != nil {
		if err := w.table.AddFrom(w.tableName, w.line, &r.row); err != nil {
			w.table = nil
		}
		w.line++
	}
	if r.picture != nil {
		// A tour that cannot be saved costs a picture, not the sweep.
		if t, err := outdir.SaveTour(w.dir, &r.row, r.picture); err == nil {
			w.man.Tours = append(w.man.Tours, t)
		}
	}
	return nil
}

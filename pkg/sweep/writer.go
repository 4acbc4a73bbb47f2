package sweep

import (
	"bufio"
	"encoding/csv"
	"io"
	"time"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
)

// result is a finished job's row, and its tour when -save-tours asks for it.
type result struct {
	row  runs.Row
	tour string
	// cost is the job's estimated seconds, for progress.
	cost float64
}

// rowWriter owns runs.csv: one goroutine appends the rows the workers hand
// it to a buffered csv.Writer (see record) and flushes them to the file in
// small batches: when batchRows are waiting or flushEvery has passed, so a
// crash loses at most the rows of the last flushEvery. It also commits the
// file to disk (fsync) every flushEvery.
type rowWriter struct {
	file      syncWriter
	csv       *csv.Writer
	saveTours bool
	progress  *progress

	in   chan result
	done chan struct{} // closed when the goroutine has ended
	// err is the first write error; read it only after done is closed.
	err error

	fields      []string
	pending     int     // rows written to csv since its last Flush
	pendingCost float64 // their estimated seconds
	dirty       bool    // flushed since the last Sync
	// counts holds the statuses of the rows written, pendingCounts those
	// of the pending rows.
	counts, pendingCounts map[string]int64
	written               int64
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

func startWriter(f syncWriter, saveTours bool, p *progress) *rowWriter {
	w := &rowWriter{
		// csv.NewWriter uses a *bufio.Writer as it is when it is big enough.
		file: f, csv: csv.NewWriter(bufio.NewWriterSize(f, 64<<10)), saveTours: saveTours, progress: p,
		in: make(chan result, 4*batchRows), done: make(chan struct{}),
		counts: map[string]int64{}, pendingCounts: map[string]int64{},
	}
	go w.loop()
	return w
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
		case now := <-tick.C:
			if w.err = w.flush(true); w.err != nil {
				return
			}
			w.progress.tick(now)
		}
	}
}

func (w *rowWriter) add(r result) error {
	w.fields = record(w.fields[:0], &r.row, r.tour, w.saveTours)
	if err := w.csv.Write(w.fields); err != nil {
		return err
	}
	w.pending++
	w.pendingCost += r.cost
	w.pendingCounts[r.row.Status]++
	return nil
}

// flush writes the waiting rows to the file and, if sync is set, commits
// the file to disk.
func (w *rowWriter) flush(sync bool) error {
	if w.pending > 0 {
		w.csv.Flush()
		if err := w.csv.Error(); err != nil {
			return err
		}
		w.written += int64(w.pending)
		found := w.pendingCounts[string(solver.Found)]
		for st, n := range w.pendingCounts {
			w.counts[st] += n
		}
		clear(w.pendingCounts)
		w.progress.add(int64(w.pending), found, w.pendingCost)
		w.pending, w.pendingCost = 0, 0
		w.dirty = true
	}
	if sync && w.dirty {
		w.dirty = false
		return w.file.Sync()
	}
	return nil
}

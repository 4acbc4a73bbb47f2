package sweep

import (
	"os"
	"time"

	"github.com/gocarina/gocsv"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
)

// result is a finished job's row, and its tour when -save-tours asks for it.
type result struct {
	row  runs.Row
	tour string
}

// rowWriter owns runs.csv: one goroutine appends the rows the workers hand
// it, in small batches, each flushed to the file with gocsv. A batch is
// written when it is full or when flushEvery has passed, so a crash loses
// at most the rows of the last flushEvery.
type rowWriter struct {
	file      *os.File
	csv       *gocsv.SafeCSVWriter
	saveTours bool
	progress  *progress

	in   chan result
	done chan struct{} // closed when the goroutine has ended
	// err is the first write error; read it only after done is closed.
	err error

	batch     []runs.Row
	tourBatch []runs.TourRow
	dirty     bool // written since the last Sync
	// counts holds the statuses of the rows written; found the found ones
	// in the current batch.
	counts  map[string]int64
	written int64
	found   int64
}

const (
	// batchRows is the most rows written in one go.
	batchRows = 256
	// flushEvery is how often rows waiting in a batch are written.
	flushEvery = 500 * time.Millisecond
)

func startWriter(f *os.File, saveTours bool, p *progress) *rowWriter {
	w := &rowWriter{
		file: f, csv: gocsv.DefaultCSVWriter(f), saveTours: saveTours, progress: p,
		in: make(chan result, 4*batchRows), done: make(chan struct{}), counts: map[string]int64{},
	}
	go w.loop()
	return w
}

// put hands r to the writer. It fails only when the writer has failed.
func (w *rowWriter) put(r result) error {
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
			w.add(r)
			if len(w.batch)+len(w.tourBatch) >= batchRows {
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

func (w *rowWriter) add(r result) {
	if w.saveTours {
		w.tourBatch = append(w.tourBatch, runs.TourRow{Row: r.row, Tour: r.tour})
	} else {
		w.batch = append(w.batch, r.row)
	}
	w.counts[r.row.Status]++
	if r.row.Status == string(solver.Found) {
		w.found++
	}
}

// flush writes the batch and, if sync is set, commits the file to disk.
func (w *rowWriter) flush(sync bool) error {
	if n := len(w.batch) + len(w.tourBatch); n > 0 {
		var err error
		if w.saveTours {
			err = gocsv.MarshalCSVWithoutHeaders(w.tourBatch, w.csv)
		} else {
			err = gocsv.MarshalCSVWithoutHeaders(w.batch, w.csv)
		}
		if err != nil {
			return err
		}
		w.batch, w.tourBatch = w.batch[:0], w.tourBatch[:0]
		w.written += int64(n)
		w.progress.add(int64(n), w.found)
		w.found = 0
		w.dirty = true
	}
	if sync && w.dirty {
		w.dirty = false
		return w.file.Sync()
	}
	return nil
}

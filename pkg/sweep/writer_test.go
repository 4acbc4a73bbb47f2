package sweep

import (
	"bytes"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"knightsweep/pkg/outdir"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// stalledDisk is runs.csv on a disk whose writes wait until it is
// released.
type stalledDisk struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	release chan struct{}
}

func (d *stalledDisk) Write(p []byte) (int, error) {
	<-d.release
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.buf.Write(p)
}

func (d *stalledDisk) Sync() error { return nil }

// While the disk stalls, the rows waiting for it are bounded: a worker
// that would pass maxWaiting waits, and once the disk moves, every row is
// written, in the order put, and counted.
func TestWriterBoundsRowsWaiting(t *testing.T) {
	disk := &stalledDisk{release: make(chan struct{})}
	w := startWriter(disk, t.TempDir(), &outdir.Manifest{}, false)
	const n = 4 * maxWaiting
	var done sync.WaitGroup
	var putN atomic.Int64
	done.Go(func() {
		for i := range n {
			r := result{row: runs.Row{Rows: 1, Cols: i + 1, Status: status.DeadEnd}}
			if err := w.put(&r); err != nil {
				t.Error(err)
			}
			putN.Add(1)
		}
	})
	// The writer takes a first batch and stalls writing it; the worker
	// then stops with maxWaiting rows waiting.
	for putN.Load() < batchRows+maxWaiting {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	w.mu.Lock()
	waiting := len(w.batch)
	w.mu.Unlock()
	if p := putN.Load(); p == n || waiting > maxWaiting {
		t.Fatalf("%d rows put of %d, %d waiting, while the disk stalls: want at most %d waiting", p, n, waiting, maxWaiting)
	}
	close(disk.release)
	done.Wait()
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	if w.written != n || w.counts[status.DeadEnd] != n {
		t.Errorf("written %d, counts %v; want %d", w.written, w.counts, n)
	}
	lines := bytes.Split(bytes.TrimSuffix(disk.buf.Bytes(), []byte("\n")), []byte("\n"))
	if len(lines) != n {
		t.Fatalf("%d lines written, want %d", len(lines), n)
	}
	for i, l := range lines {
		if want := []byte("1," + strconv.Itoa(i+1) + ","); !bytes.HasPrefix(l, want) {
			t.Fatalf("line %d: %q, want it to start %q", i+1, l, want)
		}
	}
}

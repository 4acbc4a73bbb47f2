package stats

import (
	"context"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"knightsweep/pkg/runs"
)

// shortRows returns a runs.csv of n short rows, every one its own job: the
// rows that cost the most memory for their bytes.
func shortRows(n int) string {
	var b strings.Builder
	b.WriteString(strings.Join(runs.Required, ",") + "\n")
	for i := range n {
		b.WriteString("5,5,0,0,dfs,first,false," + strconv.Itoa(i) + ",0,found,yes,25,0,1,true\n")
	}
	return b.String()
}

// peakHeap runs f and returns the most heap in use while it ran above what
// was in use before, sampled every millisecond (the collector's garbage not yet
// collected included, as the process's memory holds it).
func peakHeap(f func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	runtime.ReadMemStats(&ms)
	close(done)
	wg.Wait()
	return max(peak.Load(), ms.HeapAlloc) - base
}

// The memory bound holds for the shortest rows, those that cost the most
// for their bytes: the heap a Collector takes over reading n rows and
// Finish (its garbage not yet collected included) stays within MemoryFor
// of the file's size, and within what BytesPerRow allows a row of their
// length. Under -short, 400,000 rows (where BaseBytes alone would cover
// them, the cost a row is checked); else 1.6 million too, where it does not.
func TestCollectorMemoryBound(t *testing.T) {
	sizes := []int{400_000}
	if !testing.Short() {
		sizes = append(sizes, 1_600_000)
	}
	for _, n := range sizes {
		csv := shortRows(n)
		var res *Results
		peak := peakHeap(func() {
			c := NewCollector(Options{})
			if err := c.Read(context.Background(), "short.csv", strings.NewReader(csv)); err != nil {
				t.Fatal(err)
			}
			var err error
			if res, err = c.Finish(); err != nil {
				t.Fatal(err)
			}
		})
		runtime.KeepAlive(res)
		size := int64(len(csv))
		perRow := float64(peak) / float64(n)
		allowed := float64(size) / float64(n) / MinRowBytes * float64(BytesPerRow)
		t.Logf("%d rows of %d bytes: %d bytes at the peak, %.0f a row (allowed %.0f); MemoryFor %d", n, size/int64(n), peak, perRow, allowed, MemoryFor(size))
		if int64(peak) > MemoryFor(size) {
			t.Errorf("%d rows: %d bytes at the peak, over MemoryFor's %d", n, peak, MemoryFor(size))
		}
		if perRow > allowed {
			t.Errorf("%d rows: %.0f bytes a row, over the %.0f BytesPerRow allows rows of %d bytes", n, perRow, allowed, size/int64(n))
		}
	}
}

// MemoryFor is BaseBytes and BytesPerRow for each row the size could
// hold at MinRowBytes (39) a row.
func TestMemoryFor(t *testing.T) {
	for _, tt := range []struct {
		name string
		size int64
		want int64
	}{
		{"nothing", 0, 48 << 20},
		{"less than a row", 38, 48 << 20},
		{"a thousand shortest rows", 39_000, 48<<20 + 1000*BytesPerRow},
		{"a gigabyte", 1 << 30, 48<<20 + (1<<30)/39*BytesPerRow},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := MemoryFor(tt.size); got != tt.want {
				t.Errorf("MemoryFor(%d) = %d, want %d", tt.size, got, tt.want)
			}
		})
	}
}

package stats

import "unsafe"

// sampleBytes is the size of a sample, which the memory bound reckons with.
const sampleBytes = int64(unsafe.Sizeof(sample{}))

// Memory bounds, for refusing input before reading it: every row of a
// runs.csv is at least MinRowBytes long (fifteen columns, fourteen commas,
// the shortest words and one-digit numbers), and costs a Collector and a
// report drawn from it at most BytesPerRow, on top of BaseBytes: its
// sample in a chunk and its copy in the slice Finish joins the chunks
// into, both doubled by the garbage collector's headroom (at GOGC=100 the
// heap grows to twice what is live before it is collected; measured: 110
// to 190 bytes a row over rows of 55 bytes, TestCollectorMemoryBound).
const (
	MinRowBytes = 39
	BytesPerRow = 4 * sampleBytes
	BaseBytes   = 48 << 20
)

// MemoryFor returns an upper bound on the memory reading runs.csv files of
// size bytes in all, and reporting on them, takes: a bound, not an
// estimate (a sweep's rows are about three times MinRowBytes long).
func MemoryFor(size int64) int64 {
	return BaseBytes + size/MinRowBytes*BytesPerRow
}

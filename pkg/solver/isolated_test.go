package solver

import (
	"runtime"
	"testing"
	"unsafe"
)

// lines returns the first and last 64-byte cache line s touches.
func lines[T any](s []T) (first, last uintptr) {
	var z T
	p := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	return p / 64, (p + uintptr(len(s))*unsafe.Sizeof(z) - 1) / 64
}

// Arrays that searches on two workers allocate one after the other, of the
// sizes that fought over lines (12x12's 144 bytes, 9x9's 81), never share
// a cache line, nor sit in the line next to another's (the adjacent-line
// prefetcher's pair). With make instead of isolated, the 144-byte arrays
// of one size class lie side by side and straddle lines.
func TestIsolatedSharesNoLine(t *testing.T) {
	type span struct{ first, last uintptr }
	for _, n := range []int{81, 121, 144, 145, 1000} {
		var spans []span
		var keep [][]uint8
		for range 64 {
			s := isolated[uint8](n)
			if len(s) != n || cap(s) != n {
				t.Fatalf("isolated(%d): len %d cap %d", n, len(s), cap(s))
			}
			keep = append(keep, s)
			f, l := lines(s)
			spans = append(spans, span{f, l})
		}
		for i, a := range spans {
			for j, b := range spans {
				if i != j && a.first <= b.last+1 && b.first <= a.last+1 {
					t.Fatalf("%d bytes: arrays %d and %d touch lines %d-%d and %d-%d", n, i, j, a.first, a.last, b.first, b.last)
				}
			}
		}
		runtime.KeepAlive(keep)
	}
}

package solver

import "unsafe"

// isolation is the gap, in bytes, that isolated leaves on each side of a
// search's working arrays: two cache lines, as x86's adjacent-line
// prefetcher fetches lines in pairs.
const isolation = 128

// isolated returns n zero elements that share no cache line with any other
// allocation. A search writes its arrays at every node; where another
// worker's search wrote an array of the same size class next to them in
// memory, both cores fought over the lines they shared. Sizes whose class
// is not a multiple of the line straddle lines: plain dfs on 12x12 (arrays
// of 144 bytes) took 32.9 ns a node in a sweep beside warnsdorff-bt (whose
// arrays are of the same size) and 10.3 ns alone, on 9x9 (81 bytes) 16 to
// 24 ns against 11; on 11x11 (121 bytes, a class of 128) nothing changed.
// The gaps cost 256 bytes an array.
func isolated[T any](n int) []T {
	var z T
	pad := (isolation + int(unsafe.Sizeof(z)) - 1) / int(unsafe.Sizeof(z))
	return make([]T, n+2*pad)[pad : pad+n : pad+n]
}

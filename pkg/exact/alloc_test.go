package exact

import (
	"context"
	"math"
	"testing"

	"knightsweep/pkg/board"
)

// TestWalkAllocFree: the walk's inner loop allocates nothing, whichever
// method takes its tie points: the plain walk of the 5x5 corner's whole
// tie tree (every follow, branch and end, exact and float), and the steps
// from the 9x9 corner to its first tie point, handed to the frontier's
// keep. A func value that took the squares by pointer made them escape,
// one allocation a call on every method (the 9x9 corner's memo walk: 12
// thousand allocations before keep, 2.2 million with it).
func TestWalkAllocFree(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		float bool
		keep  bool
	}{
		{"plain/exact", 5, false, false},
		{"plain/float", 5, true, false},
		{"keep/9x9", 9, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := board.Board{Rows: tc.n, Cols: tc.n}
			var allocs float64
			if tc.n <= 8 {
				allocs = allocsOfWalk[[1]uint64](b, tc.float, tc.keep)
			} else {
				allocs = allocsOfWalk[[2]uint64](b, tc.float, tc.keep)
			}
			if allocs != 0 {
				t.Errorf("%.0f allocations a walk, want none", allocs)
			}
		})
	}
}

// allocsOfWalk is the allocations of one walk from b's corner without the
// memo: the whole tie tree, or (keep) to the first tie point, kept.
func allocsOfWalk[K set](b board.Board, float, keep bool) float64 {
	wk := newWalker[K](context.Background(), b, board.Square{}, Options{Float: float, Plain: !keep})
	wk.memo = false
	w := wk.newWorker()
	kept := 0
	if keep {
		w.keep = func(K, int, int, []uint64, uint64, uint16) { kept++ }
	}
	one := make([]uint64, wk.w)
	one[0] = 1
	if wk.float {
		one[0] = math.Float64bits(1)
	}
	return testing.AllocsPerRun(10, func() {
		at := point[K]{cur: wk.start}
		add(&at.v, wk.start)
		w.follow(at, reach{p: one, cnt: 1})
	})
}

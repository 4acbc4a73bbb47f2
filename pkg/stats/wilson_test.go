package stats

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	z2 := Z95 * Z95
	for _, tt := range []struct {
		k, n   int
		lo, hi float64
	}{
		// At k = 0 the upper bound is z²/(n+z²); at k = n the lower bound is
		// n/(n+z²): 3.84146/13.84146 and 10/13.84146.
		{0, 10, 0, z2 / (10 + z2)},
		{10, 10, 10 / (10 + z2), 1},
		// Hand-computed from the formula: p = 0.6, z²/n = 0.768292,
		// centre = (0.6 + 0.384146)/1.768292 = 0.556552,
		// half = 1.108392 * sqrt(0.048 + 0.038415) = 0.325828.
		{3, 5, 0.230724, 0.882379},
		// p = 0.75, centre = (0.75 + 0.480182)/1.960365 = 0.627527,
		// half = 0.999797 * sqrt(0.046875 + 0.060023) = 0.326886.
		{3, 4, 0.300642, 0.954413},
		// p = 1/2: symmetric about 1/2, half = 0.999797 * sqrt(0.0625 + 0.060023).
		{2, 4, 0.150039, 0.849961},
		{1, 2, 0.094531, 0.905469},
		{1, 1, 0.206549, 1},
	} {
		iv := Wilson(tt.k, tt.n, Z95)
		if !(math.Abs(iv.Lo-tt.lo) <= 1e-6) || !(math.Abs(iv.Hi-tt.hi) <= 1e-6) { // NaN fails too
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", tt.k, tt.n, iv.Lo, iv.Hi, tt.lo, tt.hi)
		}
	}
	// The interval of failures mirrors the interval of successes.
	for n := 1; n <= 30; n++ {
		for k := 0; k <= n; k++ {
			a, b := Wilson(k, n, Z95), Wilson(n-k, n, Z95)
			if !(math.Abs(a.Lo-(1-b.Hi)) <= 1e-12) || a.Lo < 0 || a.Hi > 1 || a.Lo > float64(k)/float64(n) || a.Hi < float64(k)/float64(n) {
				t.Errorf("Wilson(%d, %d) = %v, Wilson(%d, %d) = %v", k, n, a, n-k, n, b)
			}
		}
	}
	for _, bad := range [][2]int{{0, 0}, {1, 0}, {-1, 3}, {4, 3}} {
		if iv := Wilson(bad[0], bad[1], Z95); !math.IsNaN(iv.Lo) || !math.IsNaN(iv.Hi) {
			t.Errorf("Wilson(%d, %d) = %v, want NaN bounds", bad[0], bad[1], iv)
		}
	}
}

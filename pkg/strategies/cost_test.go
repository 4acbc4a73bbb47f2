package strategies

import (
	"math"
	"testing"
)

// A node's cost in a random move order is the fixed order's times the
// factor for the board's size, the small boards' falling back to the
// large boards' as NsPerNodeSmall falls back to NsPerNode.
func TestNsPerNodeIn(t *testing.T) {
	dfs := Cost{NsPerNode: 8.3, NsPerNodeSmall: 5.2, RandomOrder: 1.41, RandomOrderSmall: 1.6}
	onlyLarge := Cost{NsPerNode: 10, RandomOrder: 2}
	none := Cost{NsPerNode: 10}
	for _, tc := range []struct {
		name    string
		c       Cost
		squares int
		random  bool
		want    float64
	}{
		{"dfs 7x7, fixed order", dfs, 49, false, 5.2},
		{"dfs 7x7, random order", dfs, 49, true, 5.2 * 1.6},
		{"dfs 8x8, random order", dfs, 64, true, 5.2 * 1.6},
		{"dfs 9x9, fixed order", dfs, 81, false, 8.3},
		{"dfs 10x10, random order", dfs, 100, true, 8.3 * 1.41},
		{"one factor, small board", onlyLarge, 25, true, 20},
		{"no factor", none, 100, true, 10},
		{"no cost", Cost{}, 100, true, DefaultNsPerNode},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.c.NsPerNodeIn(tc.squares, tc.random); math.Abs(got-tc.want) > 1e-12*tc.want {
				t.Errorf("NsPerNodeIn(%d, %v) = %v, want %v", tc.squares, tc.random, got, tc.want)
			}
		})
	}
}

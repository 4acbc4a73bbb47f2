package solver

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"knightsweep/pkg/board"
)

// TestCoverageIsBitsRule checks that coverage, the pruning rule on boards of
// any size, gives board.Bits.Viable's answer (the rule on bit sets, which
// package count runs) at every square of random walks: open and closed,
// square and long boards, cuts and passes both seen.
func TestCoverageIsBitsRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 3, Cols: 7}, {Rows: 8, Cols: 8}, {Rows: 4, Cols: 9}, {Rows: 7, Cols: 9}} {
		bt, err := board.NewBits(b)
		if err != nil {
			t.Fatal(err)
		}
		g := board.NewGraph(b, board.DefaultOrder)
		cuts, passes := 0, 0
		for trial := range 400 {
			closed := trial%2 == 1
			start := rng.IntN(b.Squares())
			cov := newCoverage(g, int32(start), closed)
			cov.reset()
			visited := uint64(0)
			cur := start
			for {
				visited |= 1 << cur
				cov.visit(int32(cur))
				want := bt.Viable(bt.All&^visited, cur, start, closed, bt.All)
				if got := cov.viable(int32(cur)); got != want {
					t.Fatalf("%v start %d cur %d closed %v visited %x: coverage %v, Bits.Viable %v", b, start, cur, closed, visited, got, want)
				}
				if want {
					passes++
				} else {
					cuts++
				}
				// On at random, cut or not, until the walk is stuck.
				free := bt.Nbr[cur] &^ visited
				if free == 0 {
					break
				}
				k := rng.IntN(bits.OnesCount64(free))
				for range k {
					free &= free - 1
				}
				cur = bits.TrailingZeros64(free)
			}
		}
		if cuts == 0 || passes == 0 {
			t.Errorf("%v: %d cuts, %d passes: the walks show no difference", b, cuts, passes)
		}
	}
}

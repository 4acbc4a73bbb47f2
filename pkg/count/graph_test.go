package count

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"knightsweep/pkg/board"
)

// completes reports by brute force whether the unvisited squares u can be
// covered by a path from cur (ending next to start when closed, on a square
// of ends when open).
func completes(g *graph, u uint64, cur, start int, closed bool, ends uint64) bool {
	if u == 0 {
		if closed {
			return g.Nbr[start]>>cur&1 != 0
		}
		return ends>>cur&1 != 0
	}
	for k := g.Nbr[cur] & u; k != 0; k &= k - 1 {
		sq := bits.TrailingZeros64(k)
		if completes(g, u&^(1<<sq), sq, start, closed, ends) {
			return true
		}
	}
	return false
}

func TestDegrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, b := range []board.Board{{Rows: 8, Cols: 8}, {Rows: 3, Cols: 7}, {Rows: 5, Cols: 6}, {Rows: 2, Cols: 32}, {Rows: 21, Cols: 3}} {
		g := newGraph(b)
		for range 200 {
			u := rng.Uint64() & g.All
			one, two := g.Degrees(u)
			for s := range g.n {
				deg := bits.OnesCount64(g.Nbr[s] & u)
				if one>>s&1 != b2u(deg >= 1) || two>>s&1 != b2u(deg >= 2) {
					t.Fatalf("%v square %d: %d neighbours in u, one=%d two=%d", b, s, deg, one>>s&1, two>>s&1)
				}
			}
		}
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// viable never cuts a path that can be completed, and it does cut: random
// partial tours on small boards, checked by brute force.
func TestViableIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 5}, {Rows: 3, Cols: 8}, {Rows: 4, Cols: 6}} {
		g := newGraph(b)
		cuts, dead := 0, 0
		for range 400 {
			start := rng.IntN(g.n)
			closed := rng.IntN(2) == 0
			// Open tours end anywhere, or on a random half of the squares
			// (All's searches that use reversal).
			ends := g.All
			if rng.IntN(2) == 0 {
				ends &= rng.Uint64()
			}
			// A random walk that prefers squares with few free neighbours
			// (Warnsdorff), so that it goes deep; then every prefix with few
			// squares left is a state to check.
			walk := []int{start}
			visited := uint64(1) << start
			for {
				k := g.Nbr[walk[len(walk)-1]] &^ visited
				if k == 0 {
					break
				}
				best, bestDeg := -1, 9
				for ; k != 0; k &= k - 1 {
					sq := bits.TrailingZeros64(k)
					deg := bits.OnesCount64(g.Nbr[sq]&^visited) + rng.IntN(2)
					if deg < bestDeg {
						best, bestDeg = sq, deg
					}
				}
				walk = append(walk, best)
				visited |= 1 << best
			}
			visited = 0
			for _, cur := range walk {
				visited |= 1 << cur
				u := g.All &^ visited
				if bits.OnesCount64(u) > 13 {
					continue // brute force would be slow
				}
				ok := completes(g, u, cur, start, closed, ends)
				v := g.Viable(u, cur, start, closed, ends)
				if ok && !v {
					t.Fatalf("%v start %d cur %d closed %v visited %x: completable but cut", b, start, cur, closed, visited)
				}
				if !ok {
					dead++
					if !v {
						cuts++
					}
				}
			}
		}
		t.Logf("%v: cut %d of %d dead states", b, cuts, dead)
		if cuts == 0 {
			t.Errorf("%v: viable cut none of %d dead states", b, dead)
		}
	}
}

package solver

import (
	"context"
	"math/bits"
	"sync"

	"knightsweep/internal/splitmix"
	"knightsweep/pkg/strategies"
)

// OrderRandom is the move order of Problem.RandomOrder as -order takes it
// and runs.csv's order column records it (package strategies names it).
const OrderRandom = strategies.OrderRandom

// The random move order (Problem.RandomOrder) tries the untried moves of
// every square in a uniformly random order: each time the search takes a
// move from a square, it draws it uniformly from the moves not yet tried
// there, which makes every order of the square's moves equally likely. A
// square with one move left takes it without a draw.
//
// A draw is one load: pickTable[m][r] is the move that six random bits r
// pick among the moves of mask m, or a rejection (r past the largest
// multiple of m's move count below 64), after which the next six bits
// decide: exactly uniform, and at most 4 in 64 draws rejected. The bits
// come from SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom
// number generators", OOPSLA 2014), ten tries from each output. Seeding it
// with the problem's seed makes a run a function of its seed.

// orderRNG is the random order's stream: the SplitMix64 state x and buf,
// the unused bits of its last output below a sentinel bit (at least six of
// them: pick refills as soon as it takes the last).
type orderRNG struct {
	x, buf uint64
}

// newOrderRNG returns the stream of seed, pickTable filled.
func newOrderRNG(seed uint64) orderRNG {
	pickOnce.Do(fillPickTable)
	g := orderRNG{x: seed ^ 0x6a09e667f3bcc909} // so that seed 0 is no special state
	g.refill()
	return g
}

// refill takes the next SplitMix64 output: 60 bits below the sentinel.
func (g *orderRNG) refill() {
	g.buf = splitmix.Next(&g.x)>>4 | 1<<60
}

// pickBits is the number of random bits a try takes.
const pickBits = 6

// pickReject marks the rejected entries of pickTable.
const pickReject = 0xff

// pickTable[m][r] is the move that the random bits r pick from mask m:
// the (r mod k)-th lowest of its k moves, or pickReject for r >= 64 - 64
// mod k. Every move of m has the same number of entries. newOrderRNG fills
// it on first use (pickOnce), so that a program that never draws a random
// order does not build it at start-up (TestStartupInit).
var pickTable [256][1 << pickBits]uint8

var pickOnce sync.Once

// fillPickTable fills pickTable.
func fillPickTable() {
	t := &pickTable
	for m := range 256 {
		var moves [8]uint8
		k := 0
		for b := range 8 {
			if m>>b&1 != 0 {
				moves[k] = uint8(b)
				k++
			}
		}
		for r := range t[m] {
			t[m][r] = pickReject
			if k > 0 && r < len(t[m])/k*k {
				t[m][r] = moves[r%k]
			}
		}
	}
}

// pick returns the next move to try of m (not empty): its only move, or
// one drawn uniformly.
func (g *orderRNG) pick(m uint8) uint8 {
	if m&(m-1) == 0 {
		return uint8(bits.TrailingZeros8(m))
	}
	for {
		r := g.buf & (1<<pickBits - 1)
		if g.buf >>= pickBits; g.buf == 1 {
			g.refill()
		}
		if mv := pickTable[m][r]; mv != pickReject {
			return mv
		}
	}
}

// dfsRand64 is dfs in a random move order on boards of at most 64 squares:
// dfs64's walk, on one core, with each square's next move drawn from its
// untried ones (see orderRNG.pick) instead of taken lowest first.
type dfsRand64 struct {
	p Problem
	bitBoard
	w walkerRand64
}

// walkerRand64 is where a dfsRand64 walk stands between chunks.
type walkerRand64 struct {
	bitWalk
	row uint64 // b.to[path[d]]
	m   uint8  // untried moves of path[d]
	rng orderRNG
	// untried[d] is path[d]'s untried moves once the walk has gone deeper.
	untried [256]uint8
}

func newDFSRand64(p Problem) *dfsRand64 {
	s := &dfsRand64{p: p, bitBoard: newBitBoard(p)}
	s.w.b = &s.bitBoard
	return s
}

func (s *dfsRand64) restart(p Problem) bool { s.p = p; return true }

func (s *dfsRand64) Run(ctx context.Context) Result { return s.attempt(ctx, s.p.Seed, s.p.MaxNodes) }

// attempt stands the walk on the start in O(1) steps (see attempter).
func (s *dfsRand64) attempt(ctx context.Context, seed uint64, maxNodes int64) Result {
	w := &s.w
	start := w.begin(s.p)
	if s.N == 1 {
		return lone(s.p, w.path[:1])
	}
	w.rng = newOrderRNG(seed)
	w.row = s.to[start]
	w.m = s.g.moves(start, s.Nbr[start]&^w.visited)
	bud := newBudget(ctx, maxNodes)
	return runChunks(&bud, 1, w.squares(), w.chunk)
}

// chunk is walker64.chunk with the next move drawn at random: a copy, not
// a test in walker64's loop, which is plain dfs's and would pay it at
// every node. Shared, with the test, the loop took 6.7% more instructions
// on BenchmarkDFS8x8/threads=1 and 5.1% on BenchmarkPerNode's
// dfs/order=random/n=7; as a generic over the way the move is taken, 50%
// and 30% (callgrind).
func (w *walkerRand64) chunk(left int64) (int, int64, int) {
	t := w.b
	visited, row, m, d, buf := w.visited, w.row, w.m, w.d, w.rng.buf
	last := w.last
	why := chunkBudget
	var sq, free uint64
	var mv uint8
	for {
		if m == 0 {
			if d == 0 {
				why = chunkExhausted
				break
			}
			visited &^= 1 << (w.path[d] & 63)
			d--
			m = w.untried[d]
			row = t.to[w.path[d]&63]
			continue
		}
		if left == 0 {
			break
		}
		left--
		// orderRNG.pick, written out: buf in a register, the state and
		// closeTo in memory, so that the walk's own values stay in
		// registers.
		if m&(m-1) == 0 {
			mv = uint8(bits.TrailingZeros8(m))
		} else {
			for {
				r := buf & (1<<pickBits - 1)
				if buf >>= pickBits; buf == 1 {
					w.rng.buf = buf
					w.rng.refill()
					buf = w.rng.buf
				}
				if mv = pickTable[m][r]; mv != pickReject {
					break
				}
			}
		}
		m &^= 1 << (mv & 7)
		sq = row >> (8 * (mv & 7)) & 63
	enter:
		free = t.Nbr[sq] &^ visited
		if free == 0 {
			if d+1 == last && w.closeTo>>sq&1 != 0 {
				d++
				w.path[d] = int32(sq)
				why = chunkFound
				break
			}
			continue
		}
		w.untried[d] = m
		visited |= 1 << sq
		d++
		w.path[d] = int32(sq)
		if free&(free-1) == 0 && left != 0 {
			m = 0
			left--
			sq = uint64(bits.TrailingZeros64(free)) & 63
			goto enter
		}
		m = t.g.moves(sq, free)
		row = t.to[sq]
	}
	w.visited, w.row, w.m, w.d, w.rng.buf = visited, row, m, d, buf
	return why, left, int(d)
}

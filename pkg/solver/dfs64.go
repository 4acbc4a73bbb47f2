package solver

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"sync"

	"knightsweep/pkg/board"
)

// dfs64 is dfs for boards of at most 64 squares, where the visited set fits
// in a register. It explores the same tree in the same order as dfs and
// counts the same nodes and backtracks, with less work per node:
//
//   - a square's free neighbours are one AND-NOT of two bitboards, and a
//     child with none is a dead end: it is counted as entered and left
//     without being pushed;
//   - the untried moves of a square are a mask over the move order, taken
//     lowest bit first; the mask of a square just entered comes from its
//     free neighbours by a multiply and a table lookup (see gather);
//   - a square with a single free neighbour (most squares deep in the
//     search) enters it at once, without a move mask;
//   - the walk runs in chunks between budget checks, in a loop without
//     calls, so that its state stays in registers; backtracks are not
//     counted but derived: every node entered is on the path or was left.
type dfs64 struct {
	p Problem
	bitBoard
	splitting
	// main walks the whole search on one core, and the first chunk of a
	// search split across several.
	main walker64
}

// walker64 is one walk of a dfs64 search: where it stands between chunks.
// Several walkers share one dfs64's tables when a search is split across
// cores.
type walker64 struct {
	bitWalk
	row uint64 // b.to[path[d]]
	m   uint8  // untried moves of path[d]
	// untried[d] is path[d]'s untried moves once the walk has gone deeper.
	untried [256]uint8
}

func (s *dfs64) restart(p Problem) bool { s.p = p; return true }

func newDFS64(p Problem) *dfs64 {
	s := &dfs64{p: p, bitBoard: newBitBoard(p), splitting: splitting{chunkSize: orderedChunk}}
	s.main.b = &s.bitBoard
	return s
}

func (s *dfs64) Run(ctx context.Context) Result {
	w := &s.main
	start := w.begin(s.p)
	if s.N == 1 {
		return lone(s.p, w.path[:1])
	}
	w.row = s.to[start]
	w.m = s.g.moves(start, s.Nbr[start]&^w.visited)
	return s.run(ctx, s.p, w)
}

// chunk walks on, entering at most left more nodes, and returns why it
// stopped, how many of the left it did not use and its path's depth. The
// last square of a tour is entered at depth last; it has no free
// neighbour, so it is looked at only among the dead ends.
func (w *walker64) chunk(left int64) (int, int64, int) {
	t := w.b
	visited, row, m, d := w.visited, w.row, w.m, w.d
	last, closeTo := w.last, w.closeTo
	why := chunkBudget
	var sq, free uint64
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
		sq = row >> (8 * bits.TrailingZeros8(m)) & 63
		m &= m - 1
	enter:
		free = t.Nbr[sq] &^ visited
		if free == 0 {
			if d+1 == last && closeTo>>sq&1 != 0 {
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
			// A single way on (most squares deep in the search): enter it
			// at once, without a move mask; this square's is then empty.
			m = 0
			left--
			sq = uint64(bits.TrailingZeros64(free)) & 63
			goto enter
		}
		m = t.g.moves(sq, free)
		row = t.to[sq]
	}
	w.visited, w.row, w.m, w.d = visited, row, m, d
	return why, left, int(d)
}

// split hands the walk's continuation past one of the subtrees it is in to
// o: the untried moves at the deepest depth up to deepest that has any,
// with those at every shallower depth and the path down to there. The walk
// keeps the rest of its subtree below that depth and ends where the
// continuation begins. It reports false if there are no such moves.
func (w *walker64) split(o orderedWalk, deepest int) bool {
	j := min(deepest, int(w.d)-1)
	for j >= 0 && w.untried[j] == 0 {
		j--
	}
	if j < 0 {
		return false
	}
	to := o.(*walker64)
	to.takePrefix(&w.bitWalk, j)
	copy(to.untried[:j+1], w.untried[:j+1])
	clear(w.untried[:j+1])
	to.m, to.row = to.untried[j], w.b.to[w.path[j]&63]
	return true
}

func (w *walker64) copyFrom(o orderedWalk) { *w = *o.(*walker64) }

func (w *walker64) fresh() orderedWalk { return &walker64{bitWalk: bitWalk{b: w.b}} }

// gather turns a set of free neighbours of a square (a bitboard) into the
// mask of their moves in move order (bit k for move k).
//
// With the squares numbered row*cols+col, move k always changes a square's
// index by the same delta_k. Rotating the set so that the square itself
// sits at bit off = 2*cols+1 puts the neighbour along move k at bit
// delta_k+off, the same eight bits for every square. On boards 4 to 15
// columns wide these bits are distinct and fit in a word, and a multiply by
// a magic number gathers them, one to one, into the top byte, which a
// 256-entry table maps to the move mask. Other widths fall back to ranking
// each neighbour through a table.
type gather struct {
	magic uint64 // 0: use rank
	off   int
	table [256]uint8
	// rank[64*s+t] is the move that leads from s to t.
	rank []uint8
}

func newGather(b board.Board, o board.Order) gather {
	var g gather
	var pos [8]int
	var window uint64
	if b.Cols >= 4 && b.Cols <= 15 {
		g.off = 2*b.Cols + 1
		for k, m := range o {
			pos[k] = m.DRow*b.Cols + m.DCol + g.off
			window |= 1 << pos[k]
		}
		g.magic = windowMagic(b.Cols, window)
	}
	if g.magic == 0 {
		g.rank = make([]uint8, 64*64)
		for sq := range b.Squares() {
			r, c := b.RowCol(sq)
			for k, m := range o {
				if b.Contains(r+m.DRow, c+m.DCol) {
					g.rank[64*sq+b.Index(r+m.DRow, c+m.DCol)] = uint8(k)
				}
			}
		}
		return g
	}
	for sub := uint64(0); ; {
		var mask uint8
		for k := range o {
			if sub>>pos[k]&1 != 0 {
				mask |= 1 << k
			}
		}
		g.table[sub*g.magic>>56] = mask
		if sub = (sub - window) & window; sub == 0 {
			break
		}
	}
	return g
}

func (g *gather) moves(sq, free uint64) uint8 {
	if g.magic != 0 {
		return g.table[bits.RotateLeft64(free, g.off-int(sq))*g.magic>>56]
	}
	var m uint8
	for ; free != 0; free &= free - 1 {
		m |= 1 << g.rank[64*sq+uint64(bits.TrailingZeros64(free))]
	}
	return m
}

// magics caches windowMagic by board width.
var magics sync.Map // int -> uint64

// knownMagics are windowMagic's answers for widths 4..15, which the random
// search finds in some hundreds of microseconds: a process that solves one
// board should not spend them. (The window, the eight moves' bits, is the
// same set whatever the move order.) A test checks each.
var knownMagics = [16]uint64{
	4: 0xb006480040002008, 5: 0x8120100040080a1, 6: 0x2020008200018202, 7: 0x2009008100002104,
	8: 0x600200080a181008, 9: 0x1008009080108128, 10: 0x2008080020020000, 11: 0x2e030000a102001a,
	12: 0xa000240800901002, 13: 0x10580200e481100, 14: 0x2080804006020a0, 15: 0x100808001098021,
}

// windowMagic returns a number whose product with any subset of window (8
// bits) has a different top byte, found by a seeded random search, or 0 if
// the search fails (it takes well under a millisecond for widths 4..15).
func windowMagic(cols int, window uint64) uint64 {
	if cols < len(knownMagics) && knownMagics[cols] != 0 {
		return knownMagics[cols]
	}
	if v, ok := magics.Load(cols); ok {
		return v.(uint64)
	}
	rng := rand.New(rand.NewPCG(uint64(cols), window))
	var seen [256]uint32
	var magic uint64
	for try := uint32(1); try < 1_000_000 && magic == 0; try++ {
		cand := rng.Uint64() & rng.Uint64() & rng.Uint64() // sparse: fewer carries
		ok := true
		for sub := uint64(0); ; {
			top := sub * cand >> 56
			if seen[top] == try {
				ok = false
				break
			}
			seen[top] = try
			if sub = (sub - window) & window; sub == 0 {
				break
			}
		}
		if ok {
			magic = cand
		}
	}
	magics.Store(cols, magic)
	return magic
}

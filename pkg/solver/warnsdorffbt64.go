package solver

import (
	"context"
	"math/bits"
)

// wbt64 is warnsdorff-bt with the first-in-move-order tie rule on boards of
// at most 64 squares: the same tree in the same order, nodes and backtracks
// as warnsdorffBT, on bitboards. A child's onward degree is a popcount of
// its free neighbours, where warnsdorffBT keeps every square's count up to
// date at each step; the children of a square are sorted once, on entering
// it, as bytes (degree, then move) packed in a word, next child lowest.
type wbt64 struct {
	p Problem
	bitBoard
	splitting
	main walkerBT64 // as dfs64's
}

// walkerBT64 is one walk of a wbt64 search.
type walkerBT64 struct {
	bitWalk
	// kids[d] holds the untried children of path[d], a byte each
	// (onward degree << 3 | move), the next to try lowest; left[d] counts
	// them.
	kids [256]uint64
	left [256]uint8
}

func newWBT64(p Problem) *wbt64 {
	s := &wbt64{p: p, bitBoard: newBitBoard(p), splitting: splitting{chunkSize: orderedChunk}}
	s.main.b = &s.bitBoard
	return s
}

func (s *wbt64) restart(p Problem) bool { s.p = p; return true }

func (s *wbt64) Run(ctx context.Context) Result {
	w := &s.main
	start := w.begin(s.p)
	if s.N == 1 {
		return lone(s.p, w.path[:1])
	}
	w.expand(0, start, w.visited)
	return s.run(ctx, s.p, w)
}

// expand lists the children of sq, the square at depth d, by ascending
// onward degree, ties in move order; visited includes sq.
func (w *walkerBT64) expand(d uint8, sq, visited uint64) {
	t := w.b
	free := t.Nbr[sq] &^ visited
	if free == 0 {
		w.left[d] = 0
		return
	}
	m, row := t.g.moves(sq, free), t.to[sq]
	var keys [8]uint8
	k := 0
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros8(m)
		v := row >> (8 * i) & 63
		key := uint8(bits.OnesCount64(t.Nbr[v]&^visited))<<3 | uint8(i)
		j := k
		for j > 0 && keys[j-1] > key {
			keys[j] = keys[j-1]
			j--
		}
		keys[j] = key
		k++
	}
	var packed uint64
	for j := k - 1; j >= 0; j-- {
		packed = packed<<8 | uint64(keys[j])
	}
	w.kids[d], w.left[d] = packed, uint8(k)
}

// chunk walks on, entering at most left more nodes; see walker64.chunk.
func (w *walkerBT64) chunk(left int64) (int, int64, int) {
	t := w.b
	d, visited := w.d, w.visited
	why := chunkBudget
	for {
		if w.left[d] == 0 {
			if d == 0 {
				why = chunkExhausted
				break
			}
			visited &^= 1 << (w.path[d] & 63)
			d--
			continue
		}
		if left == 0 {
			break
		}
		left--
		key := w.kids[d] & 0xff
		w.kids[d] >>= 8
		w.left[d]--
		sq := t.to[w.path[d]&63] >> (8 * (key & 7)) & 63
		d++
		w.path[d] = int32(sq)
		visited |= 1 << sq
		if d == w.last {
			if w.closeTo>>sq&1 != 0 {
				why = chunkFound
				break
			}
			w.left[d] = 0
			continue
		}
		w.expand(d, sq, visited)
	}
	w.d, w.visited = d, visited
	return why, left, int(d)
}

// split: see walker64.split.
func (w *walkerBT64) split(o orderedWalk, deepest int) bool {
	j := min(deepest, int(w.d)-1)
	for j >= 0 && w.left[j] == 0 {
		j--
	}
	if j < 0 {
		return false
	}
	to := o.(*walkerBT64)
	to.takePrefix(&w.bitWalk, j)
	copy(to.kids[:j+1], w.kids[:j+1])
	copy(to.left[:j+1], w.left[:j+1])
	clear(w.left[:j+1])
	return true
}

func (w *walkerBT64) copyFrom(o orderedWalk) { *w = *o.(*walkerBT64) }

func (w *walkerBT64) fresh() orderedWalk { return &walkerBT64{bitWalk: bitWalk{b: w.b}} }

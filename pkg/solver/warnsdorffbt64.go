package solver

import (
	"context"
	"math/bits"

	"knightsweep/pkg/status"
)

// wbt64 is warnsdorff-bt with the first-in-move-order tie rule on boards of
// at most 64 squares: the same tree in the same order, nodes and backtracks
// as warnsdorffBT, on bitboards. A child's onward degree is a popcount of
// its free neighbours, where warnsdorffBT keeps every square's count up to
// date at each step; the children of a square are sorted once, on entering
// it, as bytes (degree, then move) packed in a word, next child lowest.
type wbt64 struct {
	p Problem
	n int
	// to and nbr as in dfs64.
	to  [64]uint64
	nbr [64]uint64
	g   gather
	// main walks the whole search on one core, and the first chunk of a
	// search split across several (see ordered.go).
	main      walkerBT64
	chunkSize int64
	splits    int // of the last Run, for tests
}

// walkerBT64 is one walk of a wbt64 search.
type walkerBT64 struct {
	t       *wbt64
	visited uint64
	d       uint8
	last    uint8  // the depth of a tour's last square
	closeTo uint64 // squares the last one may be
	path    [256]int32
	// kids[d] holds the untried children of path[d], a byte each
	// (onward degree << 3 | move), the next to try lowest; left[d] counts
	// them.
	kids [256]uint64
	left [256]uint8
}

func newWBT64(p Problem) *wbt64 {
	s := &wbt64{p: p, n: p.Board.Squares()}
	b := p.Board
	for sq := range s.n {
		r, c := b.RowCol(sq)
		for k, m := range p.Order {
			if b.Contains(r+m.DRow, c+m.DCol) {
				t := b.Index(r+m.DRow, c+m.DCol)
				s.to[sq] |= uint64(t) << (8 * k)
				s.nbr[sq] |= 1 << t
			}
		}
	}
	s.g = newGather(b, p.Order)
	s.main.t, s.chunkSize = s, orderedChunk
	return s
}

func (s *wbt64) restart(p Problem) bool { s.p = p; return true }

func (s *wbt64) Run(ctx context.Context) Result {
	start := uint64(s.p.StartIndex())
	w := &s.main
	w.path[0] = int32(start)
	if s.n == 1 {
		if s.p.Closed {
			return Result{Status: status.Exhausted, Nodes: 1}
		}
		return Result{Status: status.Found, Nodes: 1, squares: w.path[:1]}
	}
	w.closeTo = ^uint64(0)
	if s.p.Closed {
		w.closeTo = s.nbr[start]
	}
	w.last = uint8(s.n - 1)
	w.visited, w.d = 1<<start, 0
	w.expand(0, start, w.visited)
	if threads := s.p.threads(); threads > 1 {
		res, splits := runOrdered(ctx, s.p.MaxNodes, threads, s.chunkSize, w)
		s.splits = splits
		return res
	}
	bud := newBudget(ctx, s.p.MaxNodes)
	return runChunks(&bud, w.path[:s.n], w.chunk)
}

// expand lists the children of sq, the square at depth d, by ascending
// onward degree, ties in move order; visited includes sq.
func (w *walkerBT64) expand(d uint8, sq, visited uint64) {
	t := w.t
	free := t.nbr[sq] &^ visited
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
		key := uint8(bits.OnesCount64(t.nbr[v]&^visited))<<3 | uint8(i)
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
	t := w.t
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
	to.t, to.last, to.closeTo = w.t, w.last, w.closeTo
	to.visited = 0
	for i := range j + 1 {
		to.path[i], to.kids[i], to.left[i] = w.path[i], w.kids[i], w.left[i]
		w.left[i] = 0
		to.visited |= 1 << (w.path[i] & 63)
	}
	to.d = uint8(j)
	return true
}

func (w *walkerBT64) copyFrom(o orderedWalk) { *w = *o.(*walkerBT64) }

func (w *walkerBT64) squares() []int32 { return w.path[:w.t.n] }

func (w *walkerBT64) depth() int { return int(w.d) }

func (w *walkerBT64) fresh() orderedWalk { return &walkerBT64{t: w.t} }

package solver

import (
	"context"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// bitBoard is a board of at most 64 squares as bitboards: what the
// searches on bitboards (dfs64, wbt64) look up, shared by all their walks.
type bitBoard struct {
	// Bits holds the number of squares and each square's neighbours.
	board.Bits
	// to[s] packs the square that move k leads to from s into byte k (0
	// for moves that leave the board; they are never taken).
	to [64]uint64
	g  gather
}

func newBitBoard(p Problem) bitBoard {
	b := p.Board
	nb, err := board.NewBits(b)
	if err != nil {
		panic("solver: " + err.Error()) // the bitboard searches take at most 64 squares
	}
	bb := bitBoard{Bits: *nb, g: newGather(b, p.Order)}
	for sq := range bb.N {
		r, c := b.RowCol(sq)
		for k, m := range p.Order {
			if b.Contains(r+m.DRow, c+m.DCol) {
				bb.to[sq] |= uint64(b.Index(r+m.DRow, c+m.DCol)) << (8 * k)
			}
		}
	}
	return bb
}

// bitWalk is what every walk on a bitBoard keeps, whatever its order of
// moves: the path and its squares as a set, and where a tour may end.
type bitWalk struct {
	b       *bitBoard
	visited uint64
	d       uint8
	last    uint8  // the depth of a tour's last square
	closeTo uint64 // squares the last one may be
	// path[d] is the square at depth d; indexed by a byte, so without
	// bound checks.
	path [256]int32
}

// begin stands the walk on p's start square and returns it.
func (w *bitWalk) begin(p Problem) uint64 {
	start := uint64(p.StartIndex())
	w.path[0], w.visited, w.d = int32(start), 1<<start, 0
	w.last = uint8(w.b.N - 1)
	w.closeTo = ^uint64(0)
	if p.Closed {
		w.closeTo = w.b.Nbr[start]
	}
	return start
}

// takePrefix stands the walk where from stood at depth j.
func (w *bitWalk) takePrefix(from *bitWalk, j int) {
	w.b, w.last, w.closeTo = from.b, from.last, from.closeTo
	w.visited = 0
	for i := range j + 1 {
		w.path[i] = from.path[i]
		w.visited |= 1 << (from.path[i] & 63)
	}
	w.d = uint8(j)
}

func (w *bitWalk) squares() []int32 { return w.path[:w.b.N] }

func (w *bitWalk) depth() int { return int(w.d) }

// lone is the outcome of a search of a board of one square from it: the
// tour of no moves, which does not close.
func lone(p Problem, path []int32) Result {
	if p.Closed {
		return Result{Status: status.Exhausted, Nodes: 1}
	}
	return Result{Status: status.Found, Nodes: 1, squares: path}
}

// splitting runs a walk of a search that can split across cores
// (ordered.go): on one core, or on p's threads with chunks of chunkSize
// nodes. splits counts the splits of the last run, for tests.
type splitting struct {
	chunkSize int64
	splits    int
}

// run walks w, which stands on its first square, to the end of its search.
func (sp *splitting) run(ctx context.Context, p Problem, w orderedWalk) Result {
	if threads := p.threads(); threads > 1 {
		res, splits := runOrdered(ctx, p.MaxNodes, threads, sp.chunkSize, w)
		sp.splits = splits
		return res
	}
	bud := newBudget(ctx, p.MaxNodes)
	return runChunks(&bud, 1, w.squares(), w.chunk)
}

package solver

import (
	"context"
	"math/bits"

	"knightsweep/pkg/board"
)

// dfs64 is dfs for boards of at most 64 squares, where the visited set fits
// in a register. It explores the same tree in the same order as dfs and
// counts the same nodes and backtracks, with less work per node:
//
//   - a square's free neighbours are one AND-NOT of two bitboards;
//   - a child with no free neighbour is a dead end: it is counted as entered
//     and left without being pushed;
//   - the move mask of the square on top of the stack stays in a register.
type dfs64 struct {
	p Problem
	g *board.Graph
	// adj[s] packs the neighbours of s in move order, one byte each, low
	// byte first.
	adj [64]uint64
	// nbr[s] has bit t set if t is a knight's move from s.
	nbr [64]uint64
	// rank[64*s+t] is t's place among the neighbours of s in move order.
	rank [64 * 64]uint8
	path [64]int32
	// untried[d] has bit k set if the k-th neighbour of path[d] is free and
	// not yet tried; it is stored only when the search goes deeper.
	untried [64]uint8
	n       int
}

func newDFS64(p Problem, g *board.Graph) *dfs64 {
	s := &dfs64{p: p, g: g, n: p.Board.Squares()}
	for sq := range s.n {
		for k, t := range g.Neighbours(sq) {
			s.adj[sq] |= uint64(t) << (8 * k)
			s.nbr[sq] |= 1 << t
			s.rank[64*sq+int(t)] = uint8(k)
		}
	}
	return s
}

// moves returns the mask whose bit k is set if the k-th neighbour of sq (in
// move order) is in free, a set of squares that are free neighbours of sq.
func (s *dfs64) moves(sq, free uint64) uint8 {
	var m uint8
	for ; free != 0; free &= free - 1 {
		m |= 1 << s.rank[64*sq+uint64(bits.TrailingZeros64(free))]
	}
	return m
}

func (s *dfs64) Run(ctx context.Context) Result {
	last := s.n - 1
	start := uint64(s.p.StartIndex())
	closed := s.p.Closed
	bud := newBudget(ctx, s.p.MaxNodes)
	next := bud.next
	path, untried := &s.path, &s.untried

	path[0] = int32(start)
	visited := uint64(1) << start
	nodes, backtracks := int64(1), int64(0)
	if last == 0 {
		if closed {
			return Result{Status: Exhausted, Nodes: 1}
		}
		return Result{Status: Found, Nodes: 1, Tour: path[:1]}
	}
	m := s.moves(start, s.nbr[start]&^visited)
	d := 0
	for {
		if m == 0 {
			if d == 0 {
				return Result{Status: Exhausted, Nodes: nodes, Backtracks: backtracks}
			}
			visited &^= 1 << (path[d&63] & 63)
			d--
			backtracks++
			m = untried[d&63]
			continue
		}
		if nodes == next {
			if st := bud.stop(nodes); st != "" {
				return Result{Status: st, Nodes: nodes, Backtracks: backtracks}
			}
			next = bud.next
		}
		nodes++
		sq := s.adj[path[d&63]&63] >> (8 * bits.TrailingZeros8(m)) & 63
		m &= m - 1
		if d+1 == last {
			if !closed || s.nbr[start]>>sq&1 != 0 {
				path[(d+1)&63] = int32(sq)
				return Result{Status: Found, Nodes: nodes, Backtracks: backtracks, Tour: path[:s.n]}
			}
			backtracks++
			continue
		}
		free := s.nbr[sq] &^ visited
		if free == 0 {
			backtracks++ // a dead end, entered and left at once
			continue
		}
		untried[d&63] = m
		visited |= 1 << sq
		m = s.moves(sq, free)
		d++
		path[d&63] = int32(sq)
	}
}

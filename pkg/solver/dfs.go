package solver

import (
	"context"
	"math/bits"

	"knightsweep/pkg/board"
	"knightsweep/pkg/strategies"
)

func init() {
	Register(Info{Strategy: dfsStrategy{}, Info: strategies.Info{
		Name:     "dfs",
		Summary:  "plain depth-first backtracking, moves tried in move order (the classic DFS program)",
		Default:  true,
		Complete: true,
		// Measured in sweeps (experiment run -config dfs-vs-warnsdorff,
		// time_ns over nodes of the runs stopped by the budget, 2026-11-25):
		// 5.0 to 5.4 ns a node on the bitboard search (up to 64 squares),
		// 8.1 to 8.6 ns on 9x9 to 12x12.
		// In a random move order, 1.6 times that on 7x7 and 1.41 times
		// on 10x10 (time_ns over nodes of runs from the corner with
		// -max-nodes 20000000 in each order, alternating, 2026-11-26:
		// 9.3 against 5.8 ns, 14.6 against 10.4 ns).
		Cost:   strategies.Cost{NsPerNode: 8.3, NsPerNodeSmall: 5.2, RandomOrder: 1.41, RandomOrderSmall: 1.6},
		Prunes: true,
		Bytes:  strategies.SearchBytes,

		RandomOrder: true,
	}})
}

type dfsStrategy struct{}

func (dfsStrategy) Prepare(p Problem) (Search, error) {
	if p.Prune {
		return newDFSPrune(p)
	}
	n := p.Board.Squares()
	switch {
	case n <= 64 && p.RandomOrder:
		return newDFSRand64(p), nil
	case n <= 64:
		return newDFS64(p), nil
	}
	d := newDFS(p, Graph(p.Board, p.Order))
	return &d, nil
}

// newDFS returns the search of p on g with its working arrays, each on
// cache lines of its own (isolated); dfsPrune's search embeds it.
func newDFS(p Problem, g *board.Graph) dfs {
	n := p.Board.Squares()
	return dfs{
		p:       p,
		g:       g,
		path:    isolated[int32](n),
		untried: isolated[uint8](n),
		visited: isolated[uint8](n + 1),
		random:  p.RandomOrder,
	}
}

// dfs is an iterative depth-first search. path[d] is the square entered at
// depth d; bit k of untried[d] is set while the k-th neighbour of path[d]
// (in move order) is free and not yet tried from there.
//
// The mask is computed once, without branches, when the search enters a
// square, and stays right when the search comes back to it: everything done
// below has been undone by then. Taking the next move is a trailing-zero
// count instead of a scan with hard-to-predict branches. As in dfs64, a
// child without free neighbours is counted as entered and left without
// being pushed, a single free neighbour is entered at once, and the walk
// runs in call-free chunks between budget checks.
type dfs struct {
	p       Problem
	g       *board.Graph
	path    []int32
	untried []uint8
	// visited[s] is 1 for squares on the path; visited[n] is a sentinel 1
	// for the unused neighbour slots.
	visited []uint8
	// random draws each next move from the untried ones (Problem.RandomOrder,
	// see orderRNG.pick).
	random bool
	rng    orderRNG
}

func (s *dfs) restart(p Problem) bool { s.p = p; return true }

// walkN is the state of a dfs walk between chunks.
type walkN struct {
	d int
	m uint8 // untried moves of path[d]
}

func (s *dfs) Run(ctx context.Context) Result { return s.attempt(ctx, s.p.Seed, s.p.MaxNodes) }

// attempt is Run with another seed and node limit (see attempter).
func (s *dfs) attempt(ctx context.Context, seed uint64, maxNodes int64) Result {
	n := len(s.path)
	clear(s.visited)
	s.visited[n] = 1
	start := int32(s.p.StartIndex())
	s.rng = newOrderRNG(seed)
	bud := newBudget(ctx, maxNodes)
	s.path[0], s.visited[start] = start, 1
	w := walkN{m: freeMask(s.g.Adj, s.visited, start)}
	if n == 1 {
		return lone(s.p, s.path)
	}
	return runChunks(&bud, 1, s.path, func(left int64) (int, int64, int) {
		why, left := s.chunk(&w, left)
		return why, left, w.d
	})
}

// chunk walks on from w, entering at most left more nodes; see dfs64.chunk.
func (s *dfs) chunk(w *walkN, left int64) (int, int64) {
	adj, visited, path, untried := s.g.Adj, s.visited, s.path, s.untried
	last := len(path) - 1
	closed, start := s.p.Closed, path[0]
	d, m := w.d, w.m
	cur := path[d]
	random, rng := s.random, s.rng
	why := chunkBudget
	var sq int32
	var free, mv uint8
	for {
		if m == 0 {
			if d == 0 {
				why = chunkExhausted
				break
			}
			visited[cur] = 0
			d--
			cur, m = path[d], untried[d]
			continue
		}
		if left == 0 {
			break
		}
		left--
		mv = uint8(bits.TrailingZeros8(m))
		if random {
			mv = rng.pick(m)
		}
		sq = adj[8*int(cur)+int(mv&7)]
		m &^= 1 << (mv & 7)
	enter:
		free = freeMask(adj, visited, sq)
		if free == 0 {
			if d+1 == last && (!closed || s.g.IsMove(sq, start)) {
				d++
				path[d] = sq
				why = chunkFound
				break
			}
			continue
		}
		untried[d] = m
		d++
		path[d], visited[sq], cur = sq, 1, sq
		if free&(free-1) == 0 && left != 0 {
			m = 0
			left--
			sq = adj[8*int(cur)+bits.TrailingZeros8(free)]
			goto enter
		}
		m = free
	}
	w.d, w.m, s.rng = d, m, rng
	return why, left
}

// freeMask returns the mask whose bit k is set if the k-th neighbour of sq is
// not visited.
func freeMask(adj []int32, visited []uint8, sq int32) uint8 {
	a := adj[8*int(sq) : 8*int(sq)+8]
	return (visited[a[0]] | visited[a[1]]<<1 | visited[a[2]]<<2 | visited[a[3]]<<3 |
		visited[a[4]]<<4 | visited[a[5]]<<5 | visited[a[6]]<<6 | visited[a[7]]<<7) ^ 0xff
}

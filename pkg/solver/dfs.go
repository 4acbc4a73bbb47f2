package solver

import (
	"context"
	"math/bits"

	"knightsweep/pkg/board"
)

func init() {
	Register(Info{
		Name:     "dfs",
		Summary:  "plain depth-first backtracking, moves tried in move order (seed 003)",
		Complete: true,
		Prunes:   true,
		Bytes:    searchBytes,
		Strategy: dfsStrategy{},
	})
}

// searchBytes estimates a backtracking search's memory: the neighbour table
// plus about 16 bytes a square of search state.
func searchBytes(rows, cols int) int64 {
	n := int64(rows) * int64(cols)
	return board.GraphBytes(int(n)) + 16*n
}

type dfsStrategy struct{}

func (dfsStrategy) Prepare(p Problem) (Search, error) {
	if p.Prune {
		return newDFSPrune(p)
	}
	n := p.Board.Squares()
	g := Graph(p.Board, p.Order)
	if n <= 64 {
		return newDFS64(p, g), nil
	}
	return &dfs{
		p:       p,
		g:       g,
		path:    make([]int32, n),
		untried: make([]uint8, n),
		visited: make([]uint8, n+1),
	}, nil
}

// dfs is an iterative depth-first search. path[d] is the square entered at
// depth d; bit k of untried[d] is set while the k-th neighbour of path[d]
// (in move order) is free and not yet tried from there.
//
// The mask is computed once, without branches, when the search enters a
// square, and stays right when the search comes back to it: everything done
// below has been undone by then. Taking the next move is a trailing-zero
// count instead of a scan with hard-to-predict branches.
type dfs struct {
	p       Problem
	g       *board.Graph
	path    []int32
	untried []uint8
	// visited[s] is 1 for squares on the path; visited[n] is a sentinel 1
	// for the unused neighbour slots.
	visited []uint8
}

func (s *dfs) Run(ctx context.Context) Result {
	n := len(s.path)
	visited := s.visited
	clear(visited)
	visited[n] = 1
	adj, path, untried := s.g.Adj, s.path, s.untried
	start := int32(s.p.StartIndex())
	closed := s.p.Closed
	bud := newBudget(ctx, s.p.MaxNodes)

	path[0], visited[start] = start, 1
	untried[0] = freeMask(adj, visited, start)
	nodes, backtracks := int64(1), int64(0)
	d := 0
	for {
		cur := path[d]
		if d == n-1 && (!closed || s.g.IsMove(cur, start)) {
			return Result{Status: Found, Nodes: nodes, Backtracks: backtracks, Tour: path}
		}
		if m := untried[d]; m != 0 {
			if nodes == bud.next {
				if st := bud.stop(nodes); st != "" {
					return Result{Status: st, Nodes: nodes, Backtracks: backtracks}
				}
			}
			untried[d] = m & (m - 1)
			sq := adj[8*int(cur)+bits.TrailingZeros8(m)]
			d++
			path[d], visited[sq] = sq, 1
			untried[d] = freeMask(adj, visited, sq)
			nodes++
			continue
		}
		if d == 0 {
			return Result{Status: Exhausted, Nodes: nodes, Backtracks: backtracks}
		}
		visited[cur] = 0
		d--
		backtracks++
	}
}

// freeMask returns the mask whose bit k is set if the k-th neighbour of sq is
// not visited.
func freeMask(adj []int32, visited []uint8, sq int32) uint8 {
	a := adj[8*int(sq) : 8*int(sq)+8]
	return (visited[a[0]] | visited[a[1]]<<1 | visited[a[2]]<<2 | visited[a[3]]<<3 |
		visited[a[4]]<<4 | visited[a[5]]<<5 | visited[a[6]]<<6 | visited[a[7]]<<7) ^ 0xff
}

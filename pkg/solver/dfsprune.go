package solver

import (
	"context"
	"knightsweep/pkg/status"
	"math/bits"
)

// dfsPrune is dfs with pruning (see coverage): the same tree in the same
// order, less the subtrees below squares that fail the test. It serves boards
// of every size.
type dfsPrune struct {
	dfs
	cov *coverage
}

func (s *dfsPrune) restart(p Problem) bool {
	s.p, s.cov.start = p, int32(p.StartIndex())
	return true
}

func newDFSPrune(p Problem) (*dfsPrune, error) {
	g := Graph(p.Board, p.Order)
	return &dfsPrune{
		dfs: newDFS(p, g),
		cov: newCoverage(g, int32(p.StartIndex()), p.Closed),
	}, nil
}

func (s *dfsPrune) Run(ctx context.Context) Result { return s.attempt(ctx, s.p.Seed, s.p.MaxNodes) }

// attempt is Run with another seed and node limit (see attempter); it
// hides dfs's, which does not prune.
func (s *dfsPrune) attempt(ctx context.Context, seed uint64, maxNodes int64) Result {
	n := len(s.path)
	visited, cov := s.visited, s.cov
	clear(visited)
	visited[n] = 1
	cov.reset()
	adj, path, untried := s.g.Adj, s.path, s.untried
	start := int32(s.p.StartIndex())
	closed := s.p.Closed
	random, rng := s.random, newOrderRNG(seed)
	bud := newBudget(ctx, maxNodes)

	path[0], visited[start] = start, 1
	cov.visit(start)
	untried[0] = 0
	if colourAllows(s.p.Board, s.p.Start, closed) && cov.viable(start) {
		untried[0] = freeMask(adj, visited, start)
	}
	nodes, backtracks := int64(1), int64(0)
	d := 0
	for {
		cur := path[d]
		if d == n-1 && (!closed || s.g.IsMove(cur, start)) {
			return Result{Status: status.Found, Nodes: nodes, Backtracks: backtracks, squares: path}
		}
		if m := untried[d]; m != 0 {
			if nodes == bud.next {
				if st := bud.stop(nodes); st != "" {
					return Result{Status: st, Nodes: nodes, Backtracks: backtracks}
				}
			}
			mv := uint8(bits.TrailingZeros8(m))
			if random {
				mv = rng.pick(m)
			}
			untried[d] = m &^ (1 << (mv & 7))
			sq := adj[8*int(cur)+int(mv&7)]
			nodes++
			cov.visit(sq)
			if !cov.viable(sq) {
				cov.leave(sq)
				backtracks++
				continue
			}
			d++
			path[d], visited[sq] = sq, 1
			untried[d] = freeMask(adj, visited, sq)
			continue
		}
		if d == 0 {
			return Result{Status: status.Exhausted, Nodes: nodes, Backtracks: backtracks}
		}
		visited[cur] = 0
		cov.leave(cur)
		d--
		backtracks++
	}
}

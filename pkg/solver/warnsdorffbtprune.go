package solver

import (
	"context"
	"knightsweep/pkg/status"
)

// warnsdorffBTPrune is warnsdorff-bt with pruning (see coverage). It orders
// children with warnsdorffBT's own expand, so that it walks the same tree in
// the same order, less the subtrees below squares that fail the test. With
// the random tie rule the tree is the same only up to the first cut: the
// random stream is drawn as children are listed, and cut squares list none.
type warnsdorffBTPrune struct {
	*warnsdorffBT
	cov *coverage
}

func (s *warnsdorffBTPrune) restart(p Problem) bool {
	s.p, s.cov.start = p, int32(p.StartIndex())
	return true
}

func newWarnsdorffBTPrune(p Problem) (*warnsdorffBTPrune, error) {
	tie, err := parseTie(p.Tiebreak)
	if err != nil {
		return nil, err
	}
	q := p
	q.Prune = false
	bt := newWarnsdorffBT(q, tie)
	return &warnsdorffBTPrune{warnsdorffBT: bt, cov: newCoverage(bt.g, int32(p.StartIndex()), p.Closed)}, nil
}

func (s *warnsdorffBTPrune) Run(ctx context.Context) Result {
	return s.attempt(ctx, s.p.Seed, s.p.MaxNodes)
}

// attempt is Run with another seed and node limit (see attempter); it
// hides warnsdorffBT's, which does not prune.
func (s *warnsdorffBTPrune) attempt(ctx context.Context, seed uint64, maxNodes int64) Result {
	f := freeDegrees{g: s.g, free: s.free, visited: s.visited}
	f.reset()
	cov := s.cov
	cov.reset()
	if s.tie == tieRandom {
		s.rng.reseed(seed)
	}
	n := len(s.path)
	path, kids, nkids, next := s.path, s.kids, s.nkids, s.next
	start := int32(s.p.StartIndex())
	closed := s.p.Closed
	bud := newBudget(ctx, maxNodes)

	path[0] = start
	f.visit(start)
	cov.visit(start)
	s.expand(&f, 0)
	if !colourAllows(s.p.Board, s.p.Start, closed) || !cov.viable(start) {
		nkids[0] = 0
	}
	nodes, backtracks := int64(1), int64(0)
	d := 0
	for {
		cur := path[d]
		if d == n-1 && (!closed || s.g.IsMove(cur, start)) {
			return Result{Status: status.Found, Nodes: nodes, Backtracks: backtracks, squares: path}
		}
		if next[d] < nkids[d] {
			if nodes == bud.next {
				if st := bud.stop(nodes); st != "" {
					return Result{Status: st, Nodes: nodes, Backtracks: backtracks}
				}
			}
			sq := kids[8*d+int(next[d])]
			next[d]++
			nodes++
			cov.visit(sq)
			if !cov.viable(sq) {
				cov.leave(sq)
				backtracks++
				continue
			}
			d++
			path[d] = sq
			f.visit(sq)
			s.expand(&f, d)
			continue
		}
		if d == 0 {
			return Result{Status: status.Exhausted, Nodes: nodes, Backtracks: backtracks}
		}
		f.leave(cur)
		cov.leave(cur)
		d--
		backtracks++
	}
}

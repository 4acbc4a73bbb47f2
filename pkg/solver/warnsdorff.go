package solver

import (
	"context"

	"knightsweep/pkg/board"
)

func init() {
	Register(Info{
		Name:     "warnsdorff",
		Summary:  "Warnsdorff's greedy rule, no backtracking, ties to the first in move order (seed 002)",
		Bytes:    searchBytes,
		Strategy: warnsdorffStrategy{},
	})
}

type warnsdorffStrategy struct{}

func (warnsdorffStrategy) Prepare(p Problem) (Search, error) {
	n := p.Board.Squares()
	return &warnsdorff{
		p:       p,
		g:       Graph(p.Board, p.Order),
		path:    make([]int32, n),
		free:    make([]uint8, n),
		visited: make([]bool, n),
	}, nil
}

// freeDegrees keeps, for every square, the number of its neighbours not yet
// visited, so that Warnsdorff's rule reads a square's onward degree instead
// of counting it.
type freeDegrees struct {
	g       *board.Graph
	free    []uint8
	visited []bool
}

func (f *freeDegrees) reset() {
	copy(f.free, f.g.Deg)
	clear(f.visited)
}

func (f *freeDegrees) visit(s int32) {
	f.visited[s] = true
	for _, v := range f.g.Neighbours(int(s)) {
		f.free[v]--
	}
}

func (f *freeDegrees) leave(s int32) {
	f.visited[s] = false
	for _, v := range f.g.Neighbours(int(s)) {
		f.free[v]++
	}
}

type warnsdorff struct {
	p    Problem
	g    *board.Graph
	path []int32
	free []uint8
	// visited marks squares on the path.
	visited []bool
}

func (s *warnsdorff) Run(ctx context.Context) Result {
	f := freeDegrees{g: s.g, free: s.free, visited: s.visited}
	f.reset()
	n := len(s.path)
	start := int32(s.p.StartIndex())
	bud := newBudget(ctx, s.p.MaxNodes)
	cur := start
	s.path[0] = cur
	f.visit(cur)
	nodes := int64(1)
	for d := 1; d < n; d++ {
		best, bestFree := int32(-1), uint8(255)
		for _, v := range s.g.Neighbours(int(cur)) {
			if !f.visited[v] && f.free[v] < bestFree {
				best, bestFree = v, f.free[v]
			}
		}
		if best < 0 {
			return Result{Status: DeadEnd, Nodes: nodes}
		}
		if nodes == bud.next {
			if st := bud.stop(nodes); st != "" {
				return Result{Status: st, Nodes: nodes}
			}
		}
		cur = best
		s.path[d] = cur
		f.visit(cur)
		nodes++
	}
	if s.p.Closed && !s.g.IsMove(cur, start) {
		return Result{Status: NotClosed, Nodes: nodes}
	}
	return Result{Status: Found, Nodes: nodes, Tour: s.path}
}

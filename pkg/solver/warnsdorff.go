package solver

import (
	"knightsweep/pkg/board"
	"knightsweep/pkg/strategies"
)

func init() {
	Register(Info{Strategy: warnsdorffStrategy{}, Info: strategies.Info{
		Name:      "warnsdorff",
		Summary:   "Warnsdorff's greedy rule, no backtracking, linear time; ties by -tiebreak (first: the first in move order)",
		Default:   true,
		Tiebreaks: strategies.Tiebreaks,
		// BenchmarkWarnsdorff: 6 ns a node on 100x100, 10 on 1000x1000 and
		// larger (cache misses).
		Cost:  strategies.Cost{NsPerNode: 10},
		Bytes: linearBytes,
	}})
}

type warnsdorffStrategy struct{}

func (warnsdorffStrategy) Prepare(p Problem) (Search, error) {
	tie, err := parseTie(p.Tiebreak)
	if err != nil {
		return nil, err
	}
	return newGreedy(p, tie, []phase{newPhase(p.Order, -1)}), nil
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

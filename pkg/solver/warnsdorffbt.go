package solver

import (
	"context"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
)

func init() {
	Register(Info{Strategy: warnsdorffBTStrategy{}, Info: strategies.Info{
		Name:     "warnsdorff-bt",
		Summary:  "depth-first backtracking, moves tried by ascending onward degree, ties by -tiebreak (first: in move order)",
		Default:  true,
		Complete: true,
		// Measured in sweeps as dfs's: 11.5 to 12.3 ns a node on the
		// bitboard search (up to 64 squares, the first tie rule), 23.7 on
		// larger boards (open 9x9 and 11x11, closed 10x10 and 12x12); its
		// ordering usually finds a tour without retreats.
		Cost:      strategies.Cost{NsPerNode: 24, NsPerNodeSmall: 12, Guided: true},
		Prunes:    true,
		Tiebreaks: strategies.Tiebreaks,
		Bytes:     func(rows, cols int) int64 { return strategies.SearchBytes(rows, cols) + 9*int64(rows)*int64(cols) },
	}})
}

type warnsdorffBTStrategy struct{}

func (warnsdorffBTStrategy) Prepare(p Problem) (Search, error) {
	if p.Prune {
		return newWarnsdorffBTPrune(p)
	}
	tie, err := parseTie(p.Tiebreak)
	if err != nil {
		return nil, err
	}
	if tie == tieFirst && p.Board.Squares() <= 64 {
		return newWBT64(p), nil
	}
	return newWarnsdorffBT(p, tie), nil
}

// newWarnsdorffBT prepares the table-driven search, which serves every
// board and tie rule.
func newWarnsdorffBT(p Problem, tie tieRule) *warnsdorffBT {
	n := p.Board.Squares()
	s := &warnsdorffBT{
		p:       p,
		g:       Graph(p.Board, p.Order),
		path:    isolated[int32](n),
		kids:    isolated[int32](8 * n),
		nkids:   isolated[uint8](n),
		next:    isolated[uint8](n),
		free:    isolated[uint8](n),
		visited: isolated[bool](n),
		tie:     tie,
	}
	if tie == tieRandom {
		s.rng = newTieRNG(p.Seed)
	}
	return s
}

// warnsdorffBT is an iterative depth-first search. When it first stands at
// depth d it lists the free neighbours in kids[8d:8d+nkids[d]], sorted by
// onward degree (stable, so ties keep move order); next[d] is the next of
// them to try. Backtracking restores the board, so the list stays valid
// until the search leaves depth d. Children of equal degree are ordered by
// the tie rule (random: shuffled once, when listed).
type warnsdorffBT struct {
	p       Problem
	g       *board.Graph
	path    []int32
	kids    []int32
	nkids   []uint8
	next    []uint8
	free    []uint8
	visited []bool
	tie     tieRule
	rng     tieRNG
	// cov prunes (see coverage); nil for none. The loop tests it at each
	// node rather than keeping a pruned copy of itself: a test costs
	// BenchmarkWarnsdorffBT/stuck/n=9 3.6% more instructions (callgrind).
	cov *coverage
}

func (s *warnsdorffBT) restart(p Problem) bool {
	s.p = p
	if s.cov != nil {
		s.cov.start = int32(p.StartIndex())
	}
	return true
}

func (s *warnsdorffBT) Run(ctx context.Context) Result { return s.attempt(ctx, s.p.Seed, s.p.MaxNodes) }

// attempt is Run with another seed and node limit (see attempter).
func (s *warnsdorffBT) attempt(ctx context.Context, seed uint64, maxNodes int64) Result {
	f := freeDegrees{g: s.g, free: s.free, visited: s.visited}
	f.reset()
	cov := s.cov
	if cov != nil {
		cov.reset()
	}
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
	s.expand(&f, 0)
	if cov != nil {
		cov.visit(start)
		if !colourAllows(s.p.Board, s.p.Start, closed) || !cov.viable(start) {
			nkids[0] = 0
		}
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
			if cov != nil {
				cov.visit(sq)
				if !cov.viable(sq) {
					// Entered and left at once: a node and a backtrack.
					cov.leave(sq)
					backtracks++
					continue
				}
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
		if cov != nil {
			cov.leave(cur)
		}
		d--
		backtracks++
	}
}

// expand lists the free neighbours of path[d] in ascending onward degree,
// ties ordered by the tie rule.
func (s *warnsdorffBT) expand(f *freeDegrees, d int) {
	if s.tie != tieFirst {
		s.expandTied(f, d)
		return
	}
	kids := s.kids[8*d : 8*d+8]
	k := 0
	for _, v := range s.g.Neighbours(int(s.path[d])) {
		if f.visited[v] {
			continue
		}
		// Insertion sort: shift larger degrees right; equal ones stay first.
		i := k
		for i > 0 && f.free[kids[i-1]] > f.free[v] {
			kids[i] = kids[i-1]
			i--
		}
		kids[i] = v
		k++
	}
	s.nkids[d] = uint8(k)
	s.next[d] = 0
}

// expandTied is expand for the tie rules other than first: children are
// sorted by degree, then by the rule's key, then by move order.
func (s *warnsdorffBT) expandTied(f *freeDegrees, d int) {
	kids := s.kids[8*d : 8*d+8]
	var keys [8]uint64
	k := 0
	for _, v := range s.g.Neighbours(int(s.path[d])) {
		if f.visited[v] {
			continue
		}
		key := uint64(f.free[v])<<32 | s.tieKey(f, v)
		// Insertion sort: shift larger keys right; equal ones stay first,
		// in move order.
		i := k
		for i > 0 && keys[i-1] > key {
			kids[i], keys[i] = kids[i-1], keys[i-1]
			i--
		}
		kids[i], keys[i] = v, key
		k++
	}
	if s.tie == tieRandom {
		// Shuffle each run of equal degree (Fisher-Yates): every order
		// of tied children is equally likely.
		for lo := 0; lo < k; {
			hi := lo + 1
			for hi < k && keys[hi] == keys[lo] {
				hi++
			}
			for i := hi - 1; i > lo; i-- {
				j := lo + s.rng.intN(i-lo+1)
				kids[i], kids[j] = kids[j], kids[i]
			}
			lo = hi
		}
	}
	s.nkids[d] = uint8(k)
	s.next[d] = 0
}

// tieKey ranks children of equal degree: the lower key is tried first.
func (s *warnsdorffBT) tieKey(f *freeDegrees, v int32) uint64 {
	switch s.tie {
	case tiePohl:
		sum := uint64(0)
		for _, w := range s.g.Neighbours(int(v)) {
			if !f.visited[w] {
				sum += uint64(f.free[w])
			}
		}
		return sum
	case tieRoth:
		b := s.p.Board
		r, c := b.RowCol(int(v))
		return uint64(maxCentreDist2 - centreDist2(b.Rows, b.Cols, r, c))
	}
	return 0
}

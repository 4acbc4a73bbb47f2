package solver

import (
	"context"
	"runtime"

	"knightsweep/pkg/board"
	"knightsweep/pkg/parberry"
	"knightsweep/pkg/status"
)

func init() {
	Register(Info{
		Name:         "parberry",
		Summary:      "Parberry's divide and conquer: a closed tour of n x n or n x (n+2), n even >= 6, in linear time",
		Rank:         10,
		AlwaysClosed: true,
		Cost:         Cost{NsPerNode: 10},
		Threads:      parberryThreads,
		Bytes:        parberryBytes,
		Boards:       func(b board.Board) error { return parberry.Check(b.Rows, b.Cols) },
		Strategy:     parberryStrategy{},
	})
}

// parberryBytes: the cycle's byte a square, the tour's int32 a square and
// the validator's bit a square.
func parberryBytes(rows, cols int) int64 {
	n := int64(rows) * int64(cols)
	return parberry.Bytes(rows, cols) + 4*n + n/8
}

// parberryThreads: the construction builds quadrants and fills the tour on
// every core it may use, which pays once a board has a few million squares.
func parberryThreads(rows, cols int) int {
	if int64(rows)*int64(cols) < 1<<22 {
		return 1
	}
	return runtime.GOMAXPROCS(0)
}

type parberryStrategy struct{}

func (parberryStrategy) Prepare(p Problem) (Search, error) {
	c, err := parberry.New(p.Board.Rows, p.Board.Cols)
	if err != nil {
		return nil, err
	}
	return &parberrySearch{p: p, c: c, path: make([]int32, p.Board.Squares())}, nil
}

// parberrySearch builds the closed tour afresh on each Run and walks it from
// the start square. The tour is closed whatever the start, so it answers
// open and closed problems alike. Nodes count the squares placed on the
// path.
type parberrySearch struct {
	p    Problem
	c    *parberry.Cycle
	path []int32
}

func (s *parberrySearch) restart(p Problem) bool { s.p = p; return true }

// parberryPiece is how many squares the walk places between two looks at
// the budget: big enough to share among cores, small enough that a canceled
// context stops the walk within milliseconds.
const parberryPiece = 1 << 23

func (s *parberrySearch) Run(ctx context.Context) Result {
	if st := ctxStatus(ctx); st != "" {
		return Result{Status: st}
	}
	workers := s.p.Threads
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s.c.Build(workers)
	w := s.c.Walk(s.p.StartIndex())
	bud := newBudget(ctx, s.p.MaxNodes)
	n := int64(len(s.path))
	var nodes int64
	for nodes < n {
		if nodes >= bud.next {
			if st := bud.stop(nodes); st != "" {
				return Result{Status: st, Nodes: nodes}
			}
		}
		end := min(n, nodes+parberryPiece)
		if s.p.MaxNodes > 0 {
			end = min(end, s.p.MaxNodes)
		}
		w.FillParallel(s.path[nodes:end], workers)
		nodes = end
	}
	return Result{Status: status.Found, Nodes: nodes, Tour: s.path}
}

package solver

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"knightsweep/pkg/board"
	"knightsweep/pkg/parberry"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/tour"
)

func init() {
	Register(Info{Strategy: parberryStrategy{}, Info: strategies.Info{
		Name:         "parberry",
		Summary:      "Parberry's divide and conquer: a closed tour of n x n or n x (n+2), n even >= 6, in linear time",
		AlwaysClosed: true,
		Cost:         strategies.Cost{NsPerNode: 1}, // BenchmarkParberry: 0.6 to 0.9 ns a square
		Threads:      parberryThreads,
		Bytes:        parberryBytes,
		Boards:       func(b board.Board) error { return parberry.Check(b.Rows, b.Cols) },
	}})
}

// parberryBytes: the cycle's byte a square, the tour's 3 bits a move, the
// validator's bit a square, and each thread's buffer of moves.
func parberryBytes(rows, cols int) int64 {
	n := int64(rows) * int64(cols)
	return parberry.Bytes(rows, cols) + int64(tour.PackedLen(int(n))) + n/8 + int64(parberryThreads(rows, cols))*parberryBuffer
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
	s := &parberrySearch{p: p, c: c}
	s.path.Reset(p.Board.Rows, p.Board.Cols, int32(p.StartIndex()))
	s.path.Prefault()
	return s, nil
}

// parberrySearch builds the closed tour afresh on each Run and walks it from
// the start square. The tour is closed whatever the start, so it answers
// open and closed problems alike. Nodes count the squares placed on the
// path.
type parberrySearch struct {
	p    Problem
	c    *parberry.Cycle
	path tour.Path
	// parts holds each goroutine's walker, buffer and outcome, kept from
	// run to run.
	parts []parberryPart
}

type parberryPart struct {
	w    parberry.Walker
	buf  []uint8
	last int32
	err  error
}

func (s *parberrySearch) restart(p Problem) bool { s.p = p; return true }

// parberryPiece is how many squares the walk places between two looks at
// the budget: big enough to share among cores, small enough that a canceled
// context stops the walk within milliseconds.
const parberryPiece = 1 << 23

// parberryBuffer is how many moves a thread lists at a time before packing
// them into the path.
const parberryBuffer = 1 << 14

func (s *parberrySearch) Run(ctx context.Context) Result {
	if st := ctxStatus(ctx); st != "" {
		return Result{Status: st}
	}
	workers := s.p.threads()
	s.c.Build(workers)
	start := int32(s.p.StartIndex())
	s.path.Reset(s.p.Board.Rows, s.p.Board.Cols, start)
	w := s.c.Walk(int(start))
	w.Skip(1) // the walker stands on the square after the start
	bud := newBudget(ctx, s.p.MaxNodes)
	n := int64(s.p.Board.Squares())
	nodes := int64(1)
	prev := start
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
		var err error
		if prev, err = s.place(w, int(nodes), int(end), prev, workers); err != nil {
			return Result{Status: status.Error, Nodes: nodes, Err: err.Error()}
		}
		nodes = end
	}
	s.path.SetLen(int(n))
	return Result{Status: status.Found, Nodes: nodes, Tour: &s.path}
}

// place walks squares from..to-1 of the tour (w stands on square from) into
// the path's moves, sharing them among up to workers goroutines, and
// returns the last square placed. Each goroutine takes a part whose moves
// start at a multiple of 8, so that they write different bytes of the path.
func (s *parberrySearch) place(w *parberry.Walker, from, to int, prev int32, workers int) (int32, error) {
	count := to - from
	n := 1
	if workers > 1 && count >= 1<<20 {
		n = workers
	}
	size := (count/n + 7) &^ 7
	for len(s.parts) < n {
		s.parts = append(s.parts, parberryPart{buf: make([]uint8, parberryBuffer)})
	}
	parts := s.parts[:n]
	var wg sync.WaitGroup
	for i := range parts {
		a, b := from+min(i*size, count), from+min((i+1)*size, count)
		pt := &parts[i]
		pt.w, pt.err = *w, nil // the copies share the read-only tables
		fill := func() {
			// Square a-1 is where the part's first move starts: the part
			// before's last square, or the start.
			pt.last = prev
			if i > 0 {
				pt.w.Skip(a - from - 1)
				var sq [1]int32
				pt.w.Fill(sq[:])
				pt.last = sq[0]
			}
			for at := a; at < b; at += len(pt.buf) {
				chunk := pt.buf[:min(len(pt.buf), b-at)]
				if pt.last = pt.w.FillCodes(chunk, pt.last); pt.last < 0 {
					pt.err = fmt.Errorf("parberry: the walk between squares %d and %d steps off a knight's move", at, at+len(chunk))
					return
				}
				s.path.SetCodes(at-1, chunk)
			}
		}
		if i == n-1 {
			fill()
		} else {
			wg.Go(fill)
		}
	}
	wg.Wait()
	*w = parts[n-1].w
	for _, pt := range parts {
		if pt.err != nil {
			return 0, pt.err
		}
	}
	return parts[n-1].last, nil
}

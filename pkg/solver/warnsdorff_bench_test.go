package solver

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// benchWalk is benchSearch for the greedy walks, which may end in a dead
// end: it reports squares placed per second (a walk's nodes are the
// squares it placed) and the share of runs that found a tour. The board's
// reset is part of every run.
func benchWalk(b *testing.B, p Problem) { benchWalkFrom(b, p, nil) }

// benchWalkFrom is benchWalk with run i from start(i) (nil: p's start).
func benchWalkFrom(b *testing.B, p Problem, start func(i int) board.Square) {
	s, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var nodes int64
	found := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if start != nil {
			if err := s.Restart(start(i), 0); err != nil {
				b.Fatal(err)
			}
		}
		res := s.search.Run(ctx)
		nodes += res.Nodes
		if res.Status == status.Found {
			found++
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(nodes)/sec, "squares/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(found)/float64(b.N), "found/op")
}

// Warnsdorff's walk with each tie rule, order 34261578 (the first stage of
// Squirrel & Cull's). The 10,000 x 10,000 runs take seconds each: Go runs
// them once (b.N = 1).
func BenchmarkWarnsdorff(b *testing.B) {
	order, _ := board.ParseOrder("34261578")
	for _, tb := range Tiebreaks {
		for _, n := range []int{8, 100, 1000, 10000} {
			b.Run(fmt.Sprintf("tie=%s/n=%d", tb, n), func(b *testing.B) {
				benchWalk(b, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "warnsdorff", Order: order, Tiebreak: tb, Seed: 1})
			})
		}
	}
}

// Warnsdorff's walk from every start of 40x40 in turn, as a sweep runs it:
// BenchmarkWarnsdorff repeats one walk, whose every choice the branch
// predictor learns (a min that compiled to branches cost 2.5 times as much
// here as there).
func BenchmarkWarnsdorffEveryStart(b *testing.B) {
	const n = 40
	benchWalkFrom(b, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "warnsdorff"}, func(i int) board.Square {
		sq := i % (n * n)
		return board.Square{Row: sq / n, Col: sq % n}
	})
}

func BenchmarkSquirrelCull(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchWalk(b, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "squirrel-cull"})
		})
	}
}

// BenchmarkWarnsdorffBTTiebreak is warnsdorff-bt with each tie rule where it
// needs no backtracking.
func BenchmarkWarnsdorffBTTiebreak(b *testing.B) {
	for _, tb := range Tiebreaks {
		b.Run("tie="+tb, func(b *testing.B) {
			benchSearch(b, Problem{Board: board.Board{Rows: 30, Cols: 30}, Strategy: "warnsdorff-bt", Order: board.Clockwise, Tiebreak: tb, Seed: 1})
		})
	}
}

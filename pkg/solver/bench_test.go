package solver

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// benchSearch prepares p once and runs it b.N times, reporting nodes/s and
// squares/s (board squares covered per second of search). Each run must find
// a tour, or, if p has a node limit, may stop at it.
func benchSearch(b *testing.B, p Problem) {
	s, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		res := s.search.Run(ctx)
		if res.Status != status.Found && (p.MaxNodes == 0 || res.Status != status.NodeLimit) {
			b.Fatalf("status %s", res.Status)
		}
		nodes += res.Nodes
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(nodes)/sec, "nodes/s")
	b.ReportMetric(float64(b.N)*float64(p.Board.Squares())/sec, "squares/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// The seed 003 search: 8,250,733 nodes on 8x8 from the corner, on one
// thread (as in a sweep) and split across every core (as solve runs it).
func BenchmarkDFS8x8(b *testing.B) {
	for _, threads := range []int{1, 0} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			benchSearch(b, Problem{Board: board.Board{Rows: 8, Cols: 8}, Strategy: "dfs", Order: board.ClassicDFS, Threads: threads})
		})
	}
}

func BenchmarkWarnsdorffBT(b *testing.B) {
	for _, n := range []int{8, 100} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchSearch(b, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "warnsdorff-bt", Order: board.VerticalFirst})
		})
	}
	// Where sweeps spend warnsdorff-bt's time: a start without a tour,
	// walked until the budget, on one core; on 7x7 the bitboard search, on
	// 9x9 the table-driven one.
	for _, n := range []int{7, 9} {
		b.Run(fmt.Sprintf("stuck/n=%d", n), func(b *testing.B) {
			benchSearch(b, Problem{Board: board.Board{Rows: n, Cols: n}, Start: board.Square{Row: 0, Col: 1}, Strategy: "warnsdorff-bt", MaxNodes: 2_000_000, Threads: 1})
		})
	}
}

// The general (table-driven) dfs, on a board beyond the bitboard's 64
// squares: the first 10^7 nodes of 9x9 from the corner.
func BenchmarkDFSGeneral9x9(b *testing.B) {
	benchSearch(b, Problem{Board: board.Board{Rows: 9, Cols: 9}, Strategy: "dfs", MaxNodes: 10_000_000})
}

// Pruned dfs: 8x8 from the corner (616 nodes) and 30x30, where pruning
// keeps the first tour within reach.
func BenchmarkDFSPrune(b *testing.B) {
	for _, n := range []int{8, 30} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchSearch(b, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "dfs", Prune: true, MaxNodes: 10_000_000})
		})
	}
}

package solver

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
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

// BenchmarkPerNode compares the cost of a node of the randomised searches
// and of restarts with today's searches, on one core, 2M nodes a run from
// a square of the wrong colour, where no attempt finds a tour, so that
// every run spends its 2M nodes: dfs in move order against dfs in a random
// order (bitboards on 7x7, the table-driven search on 9x9), and
// warnsdorff-bt with random ties without restarts, restarting every 1,000
// nodes and on Luby's sequence of 49.
func BenchmarkPerNode(b *testing.B) {
	fixed, _ := restart.Parse("fixed:1000")
	luby, _ := restart.Parse("luby:49")
	for _, tt := range []struct {
		name string
		p    Problem
	}{
		{"dfs/order=classic/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs"}},
		{"dfs/order=random/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs", RandomOrder: true}},
		{"dfs/order=random/restarts=fixed:1000/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs", RandomOrder: true, Restarts: fixed}},
		{"dfs/order=classic/n=9", Problem{Board: board.Board{Rows: 9, Cols: 9}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs"}},
		{"dfs/order=random/n=9", Problem{Board: board.Board{Rows: 9, Cols: 9}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs", RandomOrder: true}},
		{"warnsdorff-bt/tie=random/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "warnsdorff-bt", Tiebreak: TieRandom}},
		{"warnsdorff-bt/tie=random/restarts=fixed:1000/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "warnsdorff-bt", Tiebreak: TieRandom, Restarts: fixed}},
		{"warnsdorff-bt/tie=random/restarts=luby:49/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "warnsdorff-bt", Tiebreak: TieRandom, Restarts: luby}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			p := tt.p
			p.MaxNodes, p.Threads, p.Seed = 2_000_000, 1, 1
			benchSearch(b, p)
		})
	}
}

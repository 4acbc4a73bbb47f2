package solver

import (
	"context"
	"fmt"
	"runtime"
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

// BenchmarkPerNodeSameTree compares the cost of a node of dfs in move
// order and in a random order where both enter the same nodes: exhausting
// 5x5 from a square of the wrong colour (1,829,421 nodes whatever the
// order), on bitboards and with the table-driven search; and the random
// order with restarts whose last attempt exhausts it (luby:100000: 17
// restarts, 4.4M nodes in all).
func BenchmarkPerNodeSameTree(b *testing.B) {
	luby, _ := restart.Parse("luby:100000")
	p := Problem{Board: board.Board{Rows: 5, Cols: 5}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs", Threads: 1, Seed: 1}
	if err := p.normalize(); err != nil {
		b.Fatal(err)
	}
	random := p
	random.RandomOrder = true
	restarted := random
	restarted.Restarts = luby
	for _, tt := range []struct {
		name   string
		search func() Search
	}{
		{"order=classic/bitboard", func() Search { return newDFS64(p) }},
		{"order=random/bitboard", func() Search { return newDFSRand64(random) }},
		{"order=random/restarts=luby:100000/bitboard", func() Search { return &restarting{inner: newDFSRand64(restarted), p: restarted} }},
		{"order=classic/table", func() Search { return generalDFS(p) }},
		{"order=random/table", func() Search { return generalRandomDFS(random) }},
	} {
		b.Run(tt.name, func(b *testing.B) { benchNodes(b, tt.search(), status.Exhausted) })
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
			benchPerNode(b, p)
		})
	}
}

// benchPerNode runs p as benchSearch does, on the benchmark's own thread,
// and reports its wall and CPU time a node: ns/node and cpu-ns/node (the
// thread's CPU time, see threadCPU). Every run must stop at its node limit.
func benchPerNode(b *testing.B, p Problem) {
	s, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	benchNodes(b, s.search, status.NodeLimit)
}

// benchNodes runs s b.N times, each run ending with want, and reports its
// wall and CPU time a node.
func benchNodes(b *testing.B, s Search, want status.Status) {
	ctx := context.Background()
	benchCPU(b, func() int64 {
		res := s.Run(ctx)
		if res.Status != want {
			b.Fatalf("status %s", res.Status)
		}
		return res.Nodes
	})
}

// benchCPU calls run b.N times on the benchmark's own thread and reports
// the wall and CPU time (threadCPU) a node of the nodes run returns.
func benchCPU(b *testing.B, run func() (nodes int64)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	cpu := threadCPU()
	for range b.N {
		nodes += run()
	}
	if cpu >= 0 {
		b.ReportMetric(float64(threadCPU()-cpu)/float64(nodes), "cpu-ns/node")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

// BenchmarkRestartCost measures what a restart costs: 2M nodes of
// attempts cut at C nodes (from a square without a tour, so that every
// attempt runs to its cutoff), once by the restart driver (-restarts
// fixed:C) and once as today's way to the same work, a Solver restarted
// with each attempt's seed and run with a node limit of C (a sweep's job
// after job). Both walk the same attempts.
func BenchmarkRestartCost(b *testing.B) {
	for _, tt := range []struct {
		name string
		p    Problem
	}{
		{"warnsdorff-bt/tie=random/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "warnsdorff-bt", Tiebreak: TieRandom}},
		{"dfs/order=random/n=7", Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs", RandomOrder: true}},
	} {
		for _, c := range []int64{49, 1000} {
			const total = 2_000_000
			pol, _ := restart.Parse(fmt.Sprintf("fixed:%d", c))
			b.Run(fmt.Sprintf("%s/C=%d/driver", tt.name, c), func(b *testing.B) {
				p := tt.p
				p.MaxNodes, p.Threads, p.Seed, p.Restarts = total, 1, 1, pol
				benchPerNode(b, p)
			})
			b.Run(fmt.Sprintf("%s/C=%d/jobs", tt.name, c), func(b *testing.B) {
				p := tt.p
				p.MaxNodes, p.Threads, p.Seed = c, 1, 1
				s, err := New(p)
				if err != nil {
					b.Fatal(err)
				}
				ctx := context.Background()
				benchCPU(b, func() int64 {
					var n int64
					for i := int64(0); n < total; i++ {
						if err := s.Restart(p.Start, restart.Seed(p.Seed, i)); err != nil {
							b.Fatal(err)
						}
						res := s.Run(ctx)
						if res.Status != status.NodeLimit {
							b.Fatalf("status %s", res.Status)
						}
						n += res.Nodes
					}
					return n
				})
			})
		}
	}
}

// Two searches on two cores, as a sweep's workers run them, prepared one
// after the other so that their arrays lie side by side in memory: the
// first 2M nodes of dfs on 12x12 from two starts, at once. With arrays
// sharing cache lines (make instead of isolated) the cores fight over
// them: 25 ns a node against 10.
func BenchmarkSideBySide(b *testing.B) {
	if runtime.GOMAXPROCS(0) < 2 {
		b.Skip("needs two cores")
	}
	var searches [2]*Solver
	for i := range searches {
		s, err := New(Problem{Board: board.Board{Rows: 12, Cols: 12}, Start: board.Square{Col: i}, Strategy: "dfs", MaxNodes: 2_000_000, Threads: 1})
		if err != nil {
			b.Fatal(err)
		}
		searches[i] = s
	}
	var nodes [2]int64
	b.ResetTimer()
	for range b.N {
		done := make(chan struct{})
		for i, s := range searches {
			go func() {
				nodes[i] += s.search.Run(context.Background()).Nodes
				done <- struct{}{}
			}()
		}
		<-done
		<-done
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(nodes[0]), "ns/node")
}

// BenchmarkWarnsdorffBTPrune is warnsdorff-bt with pruning on one core: a
// closed tour of 6x6 from the corner, random ties, seed 3 (117,035 nodes).
func BenchmarkWarnsdorffBTPrune(b *testing.B) {
	benchSearch(b, Problem{Board: board.Board{Rows: 6, Cols: 6}, Closed: true, Strategy: "warnsdorff-bt", Prune: true, Tiebreak: TieRandom, Seed: 3, Threads: 1})
}

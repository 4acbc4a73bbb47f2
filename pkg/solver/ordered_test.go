package solver

import (
	"context"
	"fmt"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// A dfs split across threads reports what the walk on one thread reports:
// status, nodes, backtracks and tour, found or exhausted, at every kind of
// node limit (before, at and after the node that settles the search). Tiny
// chunks make the walks split thousands of times, far more often than
// real ones, so that limits fall inside segments, segments run past them
// and found tours drop later segments.
func TestOrderedMatchesOneThread(t *testing.T) {
	ctx := context.Background()
	type problem struct {
		b      board.Board
		start  board.Square
		closed bool
		limits []int64
	}
	var problems []problem
	five := board.Board{Rows: 5, Cols: 5}
	for sq := range five.Squares() {
		if testing.Short() && sq%3 != 0 {
			continue // -race -short
		}
		limits := []int64{1, 2, 100, 5000, 77777}
		if sq%4 == 0 && !testing.Short() {
			limits = append(limits, 0) // exhausted (1.8M nodes) or found
		}
		problems = append(problems, problem{five, board.Square{Row: sq / 5, Col: sq % 5}, false, limits})
	}
	problems = append(problems,
		problem{board.Board{Rows: 6, Cols: 6}, board.Square{Row: 0, Col: 1}, true, []int64{1_000_000}},
		problem{board.Board{Rows: 3, Cols: 4}, board.Square{}, false, []int64{0, 3}},
		problem{board.Board{Rows: 4, Cols: 5}, board.Square{Row: 1, Col: 2}, true, []int64{0}},
		problem{board.Board{Rows: 1, Cols: 1}, board.Square{}, false, []int64{0}},
		problem{board.Board{Rows: 2, Cols: 3}, board.Square{}, false, []int64{0}},
		problem{board.Board{Rows: 7, Cols: 7}, board.Square{Row: 1, Col: 1}, false, []int64{300_000}},
	)
	if !testing.Short() {
		problems = append(problems,
			problem{board.Board{Rows: 6, Cols: 6}, board.Square{Row: 0, Col: 1}, true, []int64{0}},
			problem{board.Board{Rows: 8, Cols: 8}, board.Square{}, false, []int64{0}})
	}
	splits := map[string]int{}
	for _, strategy := range []string{"dfs", "warnsdorff-bt"} {
		for _, pr := range problems {
			for _, limit := range pr.limits {
				p := Problem{Board: pr.b, Start: pr.start, Strategy: strategy, Closed: pr.closed, MaxNodes: limit, Threads: 1}
				one := solveT(t, p)
				limits := []int64{limit}
				if limit == 0 {
					// The node that settles the search, and either side of it.
					limits = append(limits, one.Nodes-1, one.Nodes, one.Nodes+1)
				}
				for _, limit := range limits {
					if limit < 0 {
						continue
					}
					p.MaxNodes = limit
					want := one
					if limit != 0 {
						s, err := New(Problem{Board: p.Board, Start: p.Start, Strategy: strategy, Closed: p.Closed, MaxNodes: limit, Threads: 1})
						if err != nil {
							t.Fatal(err)
						}
						want = s.Run(ctx)
					}
					for _, tc := range []struct {
						threads int
						chunk   int64
					}{{2, 1}, {3, 7}, {8, 64}, {2, 64}} {
						if tc.chunk < 64 && pr.b.Squares() >= 36 && limit == 0 {
							continue // millions of nodes a few at a time: slow, and covered by 5x5
						}
						p.Threads = tc.threads
						s, err := New(p)
						if err != nil {
							t.Fatal(err)
						}
						n := tuneSplit(t, s, tc.chunk)
						got := s.Run(ctx)
						splits[strategy] += *n
						if g, w := describe(got), describe(want); g != w {
							t.Errorf("%s on %v from %v closed=%v limit %d, %d threads, chunks of %d: %s, on one thread %s",
								strategy, pr.b, pr.start, pr.closed, limit, tc.threads, tc.chunk, g, w)
						}
					}
				}
			}
		}
		// How often the walks split depends on how often a thread idles,
		// which the machine's load decides: under -short, 7,000 to 8,000
		// times for warnsdorff-bt alone, 1,100 to 2,400 beside another
		// package's tests, 688 in make test from a fresh clone (make
		// promises), 66 on a machine whose two cores another job kept
		// busy. A search that never splits is what this guards.
		t.Logf("%s: %d splits", strategy, splits[strategy])
		if splits[strategy] < 10 {
			t.Errorf("%s: the walks split %d times in all: the test no longer exercises splitting", strategy, splits[strategy])
		}
	}
}

// tuneSplit sets the chunk size of a search that splits across threads and
// returns where it counts its splits.
func tuneSplit(t *testing.T, s *Solver, chunk int64) *int {
	t.Helper()
	switch d := s.search.(type) {
	case *dfs64:
		d.chunkSize = chunk
		return &d.splits
	case *wbt64:
		d.chunkSize = chunk
		return &d.splits
	}
	t.Fatalf("%T does not split", s.search)
	return nil
}

func describe(r Result) string {
	s := fmt.Sprintf("%s nodes=%d backtracks=%d verified=%v", r.Status, r.Nodes, r.Backtracks, r.Verified)
	if r.Status == status.Found {
		s += fmt.Sprint(" ", tourOf(r))
	}
	return s
}

// A split search stops on its context like one walk: 30x30 is beyond the
// bitboard, 7x7 from (0,1) runs for hours.
func TestOrderedStopsOnTime(t *testing.T) {
	p := Problem{Board: board.Board{Rows: 7, Cols: 7}, Start: board.Square{Row: 0, Col: 1}, Strategy: "dfs", Threads: 2, Timeout: 50 * time.Millisecond}
	s, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run(context.Background())
	if res.Status != status.Timeout || res.Nodes < orderedChunk || res.Backtracks < 0 || res.Backtracks >= res.Nodes {
		t.Errorf("timed out: %s after %d nodes, %d backtracks", res.Status, res.Nodes, res.Backtracks)
	}
	if d := s.search.(*dfs64); d.splits == 0 {
		t.Errorf("no split in 50 ms")
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	p.Timeout = 0
	res, _ = Solve(ctx, p)
	if res.Status != status.Canceled {
		t.Errorf("canceled: %s", res.Status)
	}
}

// FuzzOrdered: either strategy that splits (dfs, warnsdorff-bt: the top
// bit of threads), any board of up to 64 squares, start, order, node
// limit, thread count and chunk size; the split walk must report what one
// thread reports (which FuzzDFS holds to the reference search, and
// TestWBT64MatchesWarnsdorffBT to the table-driven one).
func FuzzOrdered(f *testing.F) {
	// 5x5 exhausted, 6x6 closed under a limit, 4x8 a few nodes at a time.
	f.Add(uint8(4), uint8(4), uint8(0), uint8(1), false, "34261578", uint32(0), uint8(0), uint16(6))
	f.Add(uint8(5), uint8(5), uint8(0), uint8(1), true, "12345678", uint32(400_000), uint8(1), uint16(99))
	f.Add(uint8(3), uint8(7), uint8(1), uint8(1), false, "34261578", uint32(200_000), uint8(3), uint16(0))
	f.Add(uint8(6), uint8(6), uint8(0), uint8(1), false, "34261578", uint32(0), uint8(0x81), uint16(30))
	f.Fuzz(func(t *testing.T, rows, cols, r, c uint8, closed bool, order string, limit uint32, threads uint8, chunk uint16) {
		strategy := "dfs"
		if threads&0x80 != 0 {
			strategy = "warnsdorff-bt"
		}
		b := board.Board{Rows: int(rows%8) + 1, Cols: int(cols%8) + 1}
		o, err := board.ParseOrder(order)
		if err != nil {
			return
		}
		start := board.Square{Row: int(r) % b.Rows, Col: int(c) % b.Cols}
		lim := int64(limit % 3_000_000)
		if lim == 0 && b.Squares() > 25 {
			lim = 3_000_000 // whole searches of larger boards can take hours
		}
		p := Problem{Board: b, Start: start, Strategy: strategy, Order: o, Closed: closed, MaxNodes: lim, Threads: 1}
		one, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		p.Threads = int(threads%8) + 2
		s, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		size := int64(chunk%4096) + 1
		tuneSplit(t, s, size)
		got := s.Run(context.Background())
		if g, w := describe(got), describe(one); g != w {
			t.Fatalf("%s on %v from %v order %s closed=%v limit %d, %d threads, chunks of %d: %s, on one thread %s",
				strategy, b, start, o.Digits(), closed, lim, p.Threads, size, g, w)
		}
	})
}

package solver

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/tour"
)

// Every even n from 6 to 60, and n x (n+2) and (n+2) x n boards, give a
// verified closed tour from the corner and from a square in the middle.
func TestParberryTours(t *testing.T) {
	ctx := context.Background()
	var boards []board.Board
	for n := 6; n <= 60; n += 2 {
		boards = append(boards, board.Board{Rows: n, Cols: n})
	}
	for _, n := range []int{6, 8, 10, 12, 14, 22, 40, 58} {
		boards = append(boards, board.Board{Rows: n, Cols: n + 2}, board.Board{Rows: n + 2, Cols: n})
	}
	for _, b := range boards {
		for _, st := range []board.Square{{Row: 0, Col: 0}, {Row: b.Rows / 2, Col: b.Cols/2 - 1}} {
			for _, closed := range []bool{false, true} {
				res, err := Solve(ctx, Problem{Board: b, Start: st, Strategy: "parberry", Closed: closed})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != status.Found || !res.Verified || res.Nodes != int64(b.Squares()) || res.Backtracks != 0 {
					t.Fatalf("%v from %v: %s verified=%v nodes=%d backtracks=%d %s",
						b, st, res.Status, res.Verified, res.Nodes, res.Backtracks, res.Err)
				}
				// Closed whether or not it was asked for.
				if err := tour.Validate(b.Rows, b.Cols, b.Index(st.Row, st.Col), tourOf(res), true); err != nil {
					t.Fatalf("%v from %v: %v", b, st, err)
				}
			}
		}
	}
}

func TestParberryRejectsBoards(t *testing.T) {
	for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 4}, {Rows: 7, Cols: 9}, {Rows: 6, Cols: 10}, {Rows: 8, Cols: 7}} {
		_, err := New(Problem{Board: b, Strategy: "parberry"})
		if err == nil || !strings.Contains(err.Error(), "n x (n+2)") || !strings.Contains(err.Error(), b.String()) {
			t.Errorf("%v: error %v, want one naming the board and the accepted sizes", b, err)
		}
	}
}

func TestParberryBudget(t *testing.T) {
	b := board.Board{Rows: 200, Cols: 202}
	for _, limit := range []int64{1, 999, CheckInterval, CheckInterval + 1, int64(b.Squares()) - 1} {
		res, err := Solve(context.Background(), Problem{Board: b, Strategy: "parberry", MaxNodes: limit})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != status.NodeLimit || res.Nodes != limit {
			t.Errorf("limit %d: %s after %d nodes", limit, res.Status, res.Nodes)
		}
	}
	res, _ := Solve(context.Background(), Problem{Board: b, Strategy: "parberry", MaxNodes: int64(b.Squares())})
	if res.Status != status.Found {
		t.Errorf("limit = squares: %s", res.Status)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, _ = Solve(ctx, Problem{Board: b, Strategy: "parberry"})
	if res.Status != status.Canceled {
		t.Errorf("canceled context: %s", res.Status)
	}
}

func TestParberry1000(t *testing.T) {
	for _, b := range []board.Board{{Rows: 1000, Cols: 1000}, {Rows: 1000, Cols: 1002}} {
		res, err := Solve(context.Background(), Problem{Board: b, Start: board.Square{Row: 500, Col: 3}, Strategy: "parberry", Closed: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != status.Found || !res.Verified {
			t.Errorf("%v: %s %s", b, res.Status, res.Err)
		}
	}
}

// Info.Bytes matches what a search allocates: its buffers, the cycle and
// the validator's bitset.
func TestParberryBytes(t *testing.T) {
	info, err := Lookup("parberry")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []board.Board{{Rows: 1000, Cols: 1000}, {Rows: 602, Cols: 600}} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s, err := New(Problem{Board: b, Strategy: "parberry"})
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Run(context.Background()); !res.Verified {
			t.Fatalf("%v: %s", b, res.Status)
		}
		runtime.ReadMemStats(&after)
		got, want := float64(after.TotalAlloc-before.TotalAlloc), float64(info.Bytes(b.Rows, b.Cols))
		if got < 0.9*want || got > 1.1*want {
			t.Errorf("%v: allocated %.0f bytes, Info.Bytes says %.0f", b, got, want)
		}
	}
}

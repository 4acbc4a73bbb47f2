package count

import (
	"context"
	"fmt"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// Published counts of directed tours: OEIS A165134 (open tours of n x n,
// 1728 on 5x5), A001230 (closed tours), and the rectangle counts of the
// literature, which docs/counting.md lists.
func TestAllMatchesReference(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int
		closed     bool
		total      uint64
	}{
		{1, 1, false, 1}, {2, 2, false, 0}, {3, 3, false, 0}, {4, 4, false, 0}, {5, 5, false, 1728},
		{3, 4, false, 16}, {4, 3, false, 16}, {3, 5, false, 0}, {3, 6, false, 0}, {3, 7, false, 104},
		{3, 8, false, 792}, {3, 9, false, 1120}, {3, 10, false, 6096}, {4, 5, false, 164},
		{4, 6, false, 1488}, {4, 7, false, 12756}, {5, 6, false, 37568}, {6, 5, false, 37568},
		// Closed: 16 undirected on 3x10 are 32 directed from each of 30 squares.
		{3, 10, true, 30 * 32}, {5, 5, true, 0}, {4, 6, true, 0}, {1, 1, true, 0},
	} {
		b := board.Board{Rows: tt.rows, Cols: tt.cols}
		for _, workers := range []int{1, 2} {
			g, err := All(context.Background(), b, Options{Closed: tt.closed, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if !isTotal(g, tt.total) || !g.AllComplete {
				t.Errorf("%v closed=%v workers=%d: %d tours (complete %v), want %d", b, tt.closed, workers, g.Total, g.AllComplete, tt.total)
			}
		}
	}
}

// 5x5 by start square, as published.
func TestFiveByFiveGrid(t *testing.T) {
	want := [][]uint64{
		{304, 0, 56, 0, 304},
		{0, 56, 0, 56, 0},
		{56, 0, 64, 0, 56},
		{0, 56, 0, 56, 0},
		{304, 0, 56, 0, 304},
	}
	g, err := All(context.Background(), board.Board{Rows: 5, Cols: 5}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(g.Tours) != fmt.Sprint(want) {
		t.Errorf("5x5 grid\n%v\nwant\n%v", g.Tours, want)
	}
	// Every square by itself, without symmetry, agrees.
	for r := range 5 {
		for c := range 5 {
			res, err := From(context.Background(), board.Board{Rows: 5, Cols: 5}, board.Square{Row: r, Col: c}, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !is(res.Tours, want[r][c]) || !res.Complete {
				t.Errorf("from %d,%d: %d, want %d", r, c, res.Tours, want[r][c])
			}
		}
	}
}

// Directed closed tours through a square of 6x6: twice the 9862 undirected
// ones (McKay; OEIS A001230).
func TestSixBySixClosed(t *testing.T) {
	res, err := From(context.Background(), board.Board{Rows: 6, Cols: 6}, board.Square{Row: 2, Col: 3}, Options{Closed: true})
	if err != nil {
		t.Fatal(err)
	}
	if !is(res.Tours, 19724) {
		t.Errorf("6x6 closed through (2,3): %d, want 19724", res.Tours)
	}
}

// All 6,637,920 directed open tours of 6x6 (OEIS A165134).
func TestSixBySixOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("6x6 open tours take tens of seconds")
	}
	g, err := All(context.Background(), board.Board{Rows: 6, Cols: 6}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !isTotal(g, 6637920) {
		t.Errorf("6x6: %d directed open tours, want 6637920", g.Total)
	}
}

// naiveCount counts directed tours from start by plain recursion on a
// visited array, without bitboards or pruning: an independent check.
func naiveCount(b board.Board, start int, closed bool) uint64 {
	n := b.Squares()
	visited := make([]bool, n)
	isMove := func(a, c int) bool {
		dr, dc := a/b.Cols-c/b.Cols, a%b.Cols-c%b.Cols
		return dr*dr+dc*dc == 5
	}
	var rec func(at, depth int) uint64
	rec = func(at, depth int) uint64 {
		if depth == n-1 {
			if closed && !isMove(at, start) {
				return 0
			}
			return 1
		}
		var total uint64
		for next := range n {
			if !visited[next] && isMove(at, next) {
				visited[next] = true
				total += rec(next, depth+1)
				visited[next] = false
			}
		}
		return total
	}
	visited[start] = true
	return rec(start, 0)
}

// Pruning, the colour rule and the split must not lose or add a tour: every
// start of small boards agrees with the naive count, open and closed.
func TestFromMatchesNaive(t *testing.T) {
	for _, b := range []board.Board{{Rows: 3, Cols: 4}, {Rows: 4, Cols: 4}, {Rows: 3, Cols: 5}, {Rows: 2, Cols: 6}, {Rows: 4, Cols: 5}, {Rows: 3, Cols: 6}, {Rows: 1, Cols: 1}, {Rows: 1, Cols: 3}} {
		if testing.Short() && b.Squares() > 16 {
			continue // the naive count of 4x5 and 3x6 takes a while under -race
		}
		for s := range b.Squares() {
			start := board.Square{Row: s / b.Cols, Col: s % b.Cols}
			for _, closed := range []bool{false, true} {
				want := naiveCount(b, s, closed)
				for _, workers := range []int{1, 3} {
					res, err := From(context.Background(), b, start, Options{Closed: closed, Workers: workers})
					if err != nil {
						t.Fatal(err)
					}
					if !is(res.Tours, want) || !res.Complete {
						t.Errorf("%v from %v closed=%v workers=%d: %d tours, want %d", b, start, closed, workers, res.Tours, want)
					}
				}
			}
		}
	}
}

// The nodes entered do not depend on the number of workers (nor, with it,
// on the split depth).
func TestNodesIndependentOfWorkers(t *testing.T) {
	for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 7}, {Rows: 3, Cols: 10}} {
		var first Result
		for i, workers := range []int{1, 2, 5, 16} {
			res, err := From(context.Background(), b, board.Square{}, Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = res
				continue
			}
			if res.Tours.Cmp(first.Tours) != 0 || res.Nodes != first.Nodes {
				t.Errorf("%v: %d workers: %d tours %d nodes; 1 worker: %d tours %d nodes", b, workers, res.Tours, res.Nodes, first.Tours, first.Nodes)
			}
		}
	}
}

// All's grid, put together from one search a class of squares and the
// tours' reverses, against a search from every square on its own.
func TestSymmetryAgreesWithEverySquare(t *testing.T) {
	for _, b := range []board.Board{{Rows: 4, Cols: 5}, {Rows: 5, Cols: 5}, {Rows: 3, Cols: 8}, {Rows: 4, Cols: 6}, {Rows: 1, Cols: 1}} {
		t.Run(b.String(), func(t *testing.T) {
			g, err := All(context.Background(), b, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for s := range b.Squares() {
				r, c := b.RowCol(s)
				res, err := From(context.Background(), b, board.Square{Row: r, Col: c}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if res.Tours.Cmp(g.Tours[r][c]) != 0 {
					t.Errorf("from %d,%d: %d alone, %d in the grid", r, c, res.Tours, g.Tours[r][c])
				}
			}
		})
	}
}

// A count stopped by its context says so, and its count is a lower bound.
func TestStopsEarly(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	g, err := All(ctx, board.Board{Rows: 6, Cols: 6}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g.AllComplete || g.Total.Cmp(big.NewInt(6637920)) >= 0 {
		t.Errorf("stopped count: complete %v, total %d", g.AllComplete, g.Total)
	}
	if g.Elapsed > 5*time.Second {
		t.Errorf("took %v to stop", g.Elapsed)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	res, err := From(ctx, board.Board{Rows: 5, Cols: 5}, board.Square{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete {
		t.Errorf("canceled count reported complete: %+v", res)
	}
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	if _, err := All(ctx, board.Board{Rows: 8, Cols: 9}, Options{Method: Enumerate}); err == nil {
		t.Error("8x9 (72 squares) accepted for enumeration")
	}
	if _, err := All(ctx, board.Board{Rows: 9, Cols: 9}, Options{}); err == nil {
		t.Error("9x9 (too many squares to enumerate, too wide for the frontier) accepted")
	}
	if _, err := All(ctx, board.Board{Rows: 9, Cols: 12}, Options{Method: Frontier}); err == nil {
		t.Error("9x12 (9 squares across) accepted for the frontier")
	}
	if _, err := From(ctx, board.Board{Rows: 5, Cols: 5}, board.Square{Row: 5, Col: 0}, Options{}); err == nil {
		t.Error("start off the board accepted")
	}
	if _, err := All(ctx, board.Board{Rows: 0, Cols: 5}, Options{}); err == nil {
		t.Error("0x5 accepted")
	}
}

// isTotal reports whether g's total is n.
func isTotal(g Grid, n uint64) bool {
	return g.Total != nil && g.Total.IsUint64() && g.Total.Uint64() == n
}

// Options.Found follows the tours the searches find: all of them, for a
// count from one square.
func TestFoundAsYouGo(t *testing.T) {
	var found atomic.Uint64
	res, err := From(context.Background(), board.Board{Rows: 5, Cols: 6}, board.Square{}, Options{Found: &found, Method: Enumerate})
	if err != nil {
		t.Fatal(err)
	}
	if !is(res.Tours, found.Load()) || res.Tours.Sign() == 0 {
		t.Errorf("found %d as it went, %d in the result", found.Load(), res.Tours)
	}
}

// is reports whether a count is want.
func is(n *big.Int, want uint64) bool { return n != nil && n.IsUint64() && n.Uint64() == want }

package solver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/tour"
)

// readGrid parses a seed's printed grid (numbers separated by spaces, tabs
// or CRLF) into step numbers by square, subtracting base (seed 002 counts
// from 1).
func readGrid(t *testing.T, name string, base int32) []int32 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var steps []int32
	for _, f := range strings.Fields(string(data)) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		steps = append(steps, int32(v)-base)
	}
	return steps
}

func solveT(t *testing.T, p Problem) Result {
	t.Helper()
	res, err := Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == status.Error {
		t.Fatalf("%+v: %s", p, res.Err)
	}
	return res
}

func sameGrid(t *testing.T, name string, b board.Board, got []int32, want []int32) {
	t.Helper()
	steps := tour.Steps(b.Rows, b.Cols, got)
	if fmt.Sprint(steps) != fmt.Sprint(want) {
		var sb strings.Builder
		tour.WriteGrid(&sb, b.Rows, b.Cols, got)
		t.Errorf("%s: grid differs from the seed's; got\n%s", name, sb.String())
	}
}

// Seed 003 prints this tour; its instrumented copy entered 8,250,733 squares
// and left 8,250,669 (testdata/seeds.txt).
func TestSeed003(t *testing.T) {
	b := board.Board{Rows: 8, Cols: 8}
	res := solveT(t, Problem{Board: b, Strategy: "dfs", Order: board.ClassicDFS})
	if res.Status != status.Found || !res.Verified {
		t.Fatalf("status %s, verified %v", res.Status, res.Verified)
	}
	sameGrid(t, "seed003_8x8.txt", b, tourOf(res), readGrid(t, "seed003_8x8.txt", 0))
	if res.Nodes != 8250733 || res.Backtracks != 8250669 {
		t.Errorf("nodes=%d backtracks=%d, want 8250733 and 8250669 as seed 003", res.Nodes, res.Backtracks)
	}
}

// Seed 000 (recursive) and 001 (explicit stack) order children by onward
// degree; seed 000's program, run on 10x10 and 8x8, wrote these grids
// without backtracking.
func TestSeed000(t *testing.T) {
	for _, n := range []int{10, 8} {
		b := board.Board{Rows: n, Cols: n}
		name := fmt.Sprintf("seed000_%dx%d.txt", n, n)
		res := solveT(t, Problem{Board: b, Strategy: "warnsdorff-bt", Order: board.VerticalFirst})
		if res.Status != status.Found {
			t.Fatalf("%s: status %s", name, res.Status)
		}
		sameGrid(t, name, b, tourOf(res), readGrid(t, name, 0))
		if res.Nodes != int64(n*n) || res.Backtracks != 0 {
			t.Errorf("%s: nodes=%d backtracks=%d, want %d and 0", name, res.Nodes, res.Backtracks, n*n)
		}
	}
}

// Seed 002's greedy program succeeds from 63 starts of 8x8 and fails from
// (5,4); where it succeeds it prints the grids in testdata (numbered from 1).
func TestSeed002(t *testing.T) {
	b := board.Board{Rows: 8, Cols: 8}
	data, err := os.ReadFile("testdata/seed002_outcomes.txt")
	if err != nil {
		t.Fatal(err)
	}
	outcomes := strings.Join(strings.Fields(string(data)), "")
	for r := range 8 {
		for c := range 8 {
			res := solveT(t, Problem{Board: b, Start: board.Square{Row: r, Col: c}, Strategy: "warnsdorff", Order: board.Clockwise})
			want := status.Found
			if outcomes[8*r+c] == 'x' {
				want = status.DeadEnd
			}
			if res.Status != want {
				t.Errorf("start %d,%d: %s, want %s", r, c, res.Status, want)
			}
			name := fmt.Sprintf("seed002_%d%d.txt", r, c)
			if _, err := os.Stat(filepath.Join("testdata", name)); err == nil {
				sameGrid(t, name, b, tourOf(res), readGrid(t, name, 1))
			}
		}
	}
}

// On 5x5 exactly the 13 corner-coloured squares start a tour; complete
// searches must find one there and prove there is none elsewhere.
func TestFiveByFive(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	strategies := []string{"dfs", "warnsdorff-bt"}
	if testing.Short() {
		strategies = strategies[:1] // warnsdorff-bt's 25 searches take long under -race
	}
	for _, strategy := range strategies {
		found := 0
		for r := range 5 {
			for c := range 5 {
				res := solveT(t, Problem{Board: b, Start: board.Square{Row: r, Col: c}, Strategy: strategy})
				want := status.Exhausted
				if (r+c)%2 == 0 {
					want = status.Found
					found++
				}
				if res.Status != want {
					t.Errorf("%s from %d,%d: %s, want %s", strategy, r, c, res.Status, want)
				}
				if res.Nodes-res.Backtracks != map[status.Status]int64{status.Found: 25, status.Exhausted: 1}[res.Status] {
					t.Errorf("%s from %d,%d: nodes-backtracks = %d", strategy, r, c, res.Nodes-res.Backtracks)
				}
			}
		}
		if found != 13 {
			t.Errorf("%s: %d starts found", strategy, found)
		}
	}
}

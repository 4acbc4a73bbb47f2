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
	return parseSteps(t, name, string(data), base)
}

// parseSteps reads the step numbers of a grid's text, numbered from base,
// as step numbers from 0; where names the text in errors.
func parseSteps(t *testing.T, where, text string, base int32) []int32 {
	t.Helper()
	var steps []int32
	for _, f := range strings.Fields(text) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
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
// (5,4); testdata/seed002_8x8.txt holds what it printed from each of the 64
// starts (the grid numbered from 1, or "dead end"), and every start is
// compared: a grid missing from the file fails the test.
func TestSeed002(t *testing.T) {
	b := board.Board{Rows: 8, Cols: 8}
	grids := readSeed002(t, "seed002_8x8.txt")
	for r := range 8 {
		for c := range 8 {
			sq := board.Square{Row: r, Col: c}
			grid, ok := grids[sq]
			if !ok {
				t.Errorf("start %v: not in testdata/seed002_8x8.txt", sq)
				continue
			}
			res := solveT(t, Problem{Board: b, Start: sq, Strategy: "warnsdorff", Order: board.Clockwise})
			want := status.Found
			if grid == nil {
				want = status.DeadEnd
			}
			if res.Status != want {
				t.Errorf("start %v: %s, want %s", sq, res.Status, want)
				continue
			}
			if grid != nil {
				sameGrid(t, fmt.Sprintf("start %v", sq), b, tourOf(res), grid)
			}
		}
	}
	if len(grids) != 64 {
		t.Errorf("testdata/seed002_8x8.txt has %d starts, want 64", len(grids))
	}
}

// readSeed002 reads seed 002's outputs: for each start, a line "start r,c"
// and its grid numbered from 1, or "start r,c dead end". The grids come
// back as step numbers from 0 by square; a dead end as nil.
func readSeed002(t *testing.T, name string) map[board.Square][]int32 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	out := map[board.Square][]int32{}
	var cur *board.Square
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if rest, ok := strings.CutPrefix(line, "start "); ok {
			at, dead := strings.CutSuffix(rest, " dead end")
			sq, err := board.ParseSquare(at)
			if _, dup := out[sq]; err != nil || dup {
				t.Fatalf("%s:%d: %q: %v (or a start given twice)", name, i+1, line, err)
			}
			out[sq], cur = nil, &sq
			if dead {
				cur = nil
			}
			continue
		}
		if cur == nil {
			t.Fatalf("%s:%d: a grid line with no start before it", name, i+1)
		}
		out[*cur] = append(out[*cur], parseSteps(t, fmt.Sprintf("%s:%d", name, i+1), line, 1)...)
	}
	return out
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
				}
				if res.Status == status.Found {
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

package stats

import (
	"fmt"
	"slices"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// Existence splits the starts run by what theory's verdict rests on
// (package theory's doc): 6x6 has a closed tour, so every start has an
// open one (Schwenk's theorem); 0,1 of 5x5, off the corner colour of an
// odd board, has none (a theorem); 0,0 and 0,2 of 5x5 rest on its stored
// counts; 0,0 of 11x13 on a stored certificate. A closed tour of 6x6
// (Schwenk's theorem) is an entry of its own, after the open one's.
func TestExistenceRestsOn(t *testing.T) {
	c := NewCollector(Options{})
	for _, r := range []struct {
		rows, cols, row, col int
		st                   status.Status
		nodes                int64
		solvable             string
		closed               bool
	}{
		{5, 5, 0, 0, status.Found, 25, "yes", false}, {5, 5, 0, 1, status.DeadEnd, 10, "no", false}, {5, 5, 0, 2, status.Found, 25, "yes", false},
		{6, 6, 0, 0, status.Found, 36, "yes", false}, {11, 13, 0, 0, status.Found, 143, "yes", false},
		{6, 6, 0, 0, status.Found, 36, "yes", true},
	} {
		if err := c.Add(runs.Row{Rows: r.rows, Cols: r.cols, StartRow: r.row, StartCol: r.col, Strategy: "warnsdorff", Closed: r.closed,
			Tiebreak: "first", Status: r.st, Solvable: r.solvable, Nodes: runs.Count(r.nodes), TimeNS: r.nodes * 10,
			CPUNS: runs.Count(r.nodes * 10), Verified: r.st == status.Found, RestartPolicy: "none"}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	// By board, the open tour before the closed.
	want := []Existence{
		{Board: board.Board{Rows: 5, Cols: 5}, Starts: 3, TheoryYes: 2, TheoryNo: 1, ByTheorem: 1, ByCount: 2},
		{Board: board.Board{Rows: 6, Cols: 6}, Starts: 1, TheoryYes: 1, ByTheorem: 1},
		{Board: board.Board{Rows: 6, Cols: 6}, Closed: true, Starts: 1, TheoryYes: 1, ByTheorem: 1},
		{Board: board.Board{Rows: 11, Cols: 13}, Starts: 1, TheoryYes: 1, ByCertificate: 1},
	}
	if len(res.Existence) != len(want) {
		t.Fatalf("existence of %d boards, want %d: %+v", len(res.Existence), len(want), res.Existence)
	}
	for i, w := range want {
		t.Run(fmt.Sprintf("%v closed %t", w.Board, w.Closed), func(t *testing.T) {
			if e := res.Existence[i]; e != w {
				t.Errorf("%+v, want %+v", e, w)
			}
		})
	}
}

// Existence lists boards in order, each board's open tour before its
// closed: on every Finish, whatever order the collector's maps give the
// keys in (twenty collectors of six boards, both kinds each).
func TestExistenceOpenBeforeClosed(t *testing.T) {
	boards := []board.Board{{Rows: 6, Cols: 6}, {Rows: 6, Cols: 8}, {Rows: 8, Cols: 8}, {Rows: 8, Cols: 10}, {Rows: 10, Cols: 10}, {Rows: 10, Cols: 12}}
	for round := range 20 {
		c := NewCollector(Options{})
		for _, b := range boards {
			for _, closed := range []bool{false, true} {
				if err := c.Add(runs.Row{Rows: b.Rows, Cols: b.Cols, Strategy: "warnsdorff", Closed: closed, Tiebreak: "first",
					Status: status.DeadEnd, Solvable: "yes", Nodes: 10, TimeNS: 100, CPUNS: 100, RestartPolicy: "none"}); err != nil {
					t.Fatal(err)
				}
			}
		}
		res, err := c.Finish()
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, b := range boards {
			want = append(want, b.String()+" open", b.String()+" closed")
		}
		for _, e := range res.Existence {
			got = append(got, e.Board.String()+map[bool]string{false: " open", true: " closed"}[e.Closed])
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: existence in the order %q, want %q", round, got, want)
		}
	}
}

// The median cost to a tour of an even number of runs is the mean of the
// middle two: 25, 30, 40 and 50 nodes from four starts of 5x5 give 35.
// With one run that found none (costliest), 25, 30, 40 and +Inf: 35 too.
func TestTourCostEvenMedian(t *testing.T) {
	for _, tt := range []struct {
		name string
		last status.Status
	}{{"four tours", status.Found}, {"three tours and a dead end", status.DeadEnd}} {
		t.Run(tt.name, func(t *testing.T) {
			c := NewCollector(Options{})
			for i, r := range []struct {
				row, col int
				nodes    int64
				st       status.Status
			}{{0, 0, 25, status.Found}, {0, 2, 30, status.Found}, {2, 2, 40, status.Found}, {4, 4, 50, tt.last}} {
				if err := c.Add(runs.Row{Rows: 5, Cols: 5, StartRow: r.row, StartCol: r.col, Strategy: "warnsdorff-bt", Tiebreak: "first",
					Status: r.st, Solvable: "yes", Nodes: runs.Count(r.nodes), TimeNS: 10 * r.nodes, CPUNS: runs.Count(10 * r.nodes),
					Verified: r.st == status.Found, RestartPolicy: "none"}); err != nil {
					t.Fatalf("row %d: %v", i, err)
				}
			}
			res, err := c.Finish()
			if err != nil {
				t.Fatal(err)
			}
			if tc := res.TourCostOf(res.Series[0]); !tc.Known || tc.Median != 35 || tc.Runs != 4 {
				t.Errorf("median cost to a tour %+v, want 35 over 4 runs", tc)
			}
		})
	}
}

package stats

import (
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// Existence splits the starts run by what theory's verdict rests on
// (package theory's doc): 6x6 has a closed tour, so every start has an
// open one (Schwenk's theorem); 0,1 of 5x5, off the corner colour of an
// odd board, has none (a theorem); 0,0 and 0,2 of 5x5 rest on its stored
// counts; 0,0 of 11x13 on a stored certificate.
func TestExistenceRestsOn(t *testing.T) {
	c := NewCollector(Options{})
	for _, r := range []struct {
		rows, cols, row, col int
		st                   status.Status
		nodes                int64
		solvable             string
	}{
		{5, 5, 0, 0, status.Found, 25, "yes"}, {5, 5, 0, 1, status.DeadEnd, 10, "no"}, {5, 5, 0, 2, status.Found, 25, "yes"},
		{6, 6, 0, 0, status.Found, 36, "yes"}, {11, 13, 0, 0, status.Found, 143, "yes"},
	} {
		if err := c.Add(runs.Row{Rows: r.rows, Cols: r.cols, StartRow: r.row, StartCol: r.col, Strategy: "warnsdorff",
			Tiebreak: "first", Status: r.st, Solvable: r.solvable, Nodes: runs.Count(r.nodes), TimeNS: r.nodes * 10,
			CPUNS: runs.Count(r.nodes * 10), Verified: r.st == status.Found, RestartPolicy: "none"}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Existence{
		"5x5":   {Starts: 3, TheoryYes: 2, TheoryNo: 1, ByTheorem: 1, ByCount: 2},
		"6x6":   {Starts: 1, TheoryYes: 1, ByTheorem: 1},
		"11x13": {Starts: 1, TheoryYes: 1, ByCertificate: 1},
	}
	if len(res.Existence) != len(want) {
		t.Fatalf("existence of %d boards, want %d: %+v", len(res.Existence), len(want), res.Existence)
	}
	for _, e := range res.Existence {
		t.Run(e.Board.String(), func(t *testing.T) {
			w := want[e.Board.String()]
			w.Board = e.Board
			if e != w {
				t.Errorf("%+v, want %+v", e, w)
			}
		})
	}
}

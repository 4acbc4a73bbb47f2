package solver

import (
	"context"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// Squirrel & Cull with Ganzfried's table succeeds on every n from 5 up
// (as published); every tour validates. (-short stops at 120: the race
// detector makes 2.7 million squares slow.)
func TestSquirrelCull(t *testing.T) {
	hi := 200
	if testing.Short() {
		hi = 120
	}
	for n := 5; n <= hi; n++ {
		res := solveT(t, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "squirrel-cull"})
		if res.Status != status.Found || !res.Verified || res.Nodes != int64(n*n) {
			t.Errorf("n = %d: %s after %d nodes, verified %v", n, res.Status, res.Nodes, res.Verified)
		}
	}
}

func TestSquirrelCull1000(t *testing.T) {
	if testing.Short() {
		t.Skip("a million squares")
	}
	res := solveT(t, Problem{Board: board.Board{Rows: 1000, Cols: 1000}, Strategy: "squirrel-cull"})
	if res.Status != status.Found || !res.Verified {
		t.Errorf("1000 x 1000: %s", res.Status)
	}
}

// The table alone fails at n = 74; Ganzfried's fix (21345678 alone) is what
// makes it succeed.
func TestSquirrelCull74(t *testing.T) {
	var phases []phase
	for _, st := range squirrelCullTable(74) {
		o, err := board.ParseOrder(st.order)
		if err != nil {
			t.Fatal(err)
		}
		phases = append(phases, newPhase(o, int32((st.row-1)*74+st.col-1)))
	}
	phases[len(phases)-1].until = -1
	p := Problem{Board: board.Board{Rows: 74, Cols: 74}}
	if res := newGreedy(p, tieFirst, phases).Run(context.Background()); res.Status != status.DeadEnd {
		t.Errorf("74 x 74 with the m = 2 mod 8 row: %s, want dead_end", res.Status)
	}
}

// Squirrel & Cull against the reference walk, which follows the same
// phases: the strip board's offsets at every column of a strip and every
// switch of order.
func TestSquirrelCullMatchesReference(t *testing.T) {
	hi := 140
	if testing.Short() {
		hi = 80
	}
	for n := 5; n <= hi; n += 9 {
		b := board.Board{Rows: n, Cols: n}
		for _, start := range []board.Square{{}, {Row: 0, Col: n - 1}, {Row: n - 1, Col: 0}, {Row: n - 1, Col: n - 1}} {
			s, err := New(Problem{Board: b, Start: start, Strategy: "squirrel-cull"})
			if err != nil {
				t.Fatal(err)
			}
			g := s.search.(*greedy)
			res := s.Run(context.Background())
			want, path := refGreedy(s.Problem(), tieFirst, g.phases)
			if res.Status != want || want == status.Found && !slices.Equal(tourOf(res), path) {
				t.Errorf("%v from %v: %s, reference %s", b, start, res.Status, want)
			}
			if res.Status != status.Found || !res.Verified {
				t.Errorf("%v from %v: %s", b, start, res.Status)
			}
		}
	}
}

// From another corner the walk is the mirror image of the walk from (0,0).
func TestSquirrelCullCorners(t *testing.T) {
	const n = 37
	b := board.Board{Rows: n, Cols: n}
	base := solveT(t, Problem{Board: b, Strategy: "squirrel-cull"})
	want := append([]int32(nil), tourOf(base)...)
	for _, start := range []board.Square{{Row: 0, Col: n - 1}, {Row: n - 1, Col: 0}, {Row: n - 1, Col: n - 1}} {
		res := solveT(t, Problem{Board: b, Start: start, Strategy: "squirrel-cull"})
		for i, sq := range want {
			r, c := b.RowCol(int(sq))
			if start.Row != 0 {
				r = n - 1 - r
			}
			if start.Col != 0 {
				c = n - 1 - c
			}
			if int(tourOf(res)[i]) != b.Index(r, c) {
				t.Errorf("from %v: step %d is %d, want the mirror of %d", start, i, tourOf(res)[i], sq)
				break
			}
		}
	}
}

func TestSquirrelCullRefuses(t *testing.T) {
	for _, tt := range []struct {
		p    Problem
		want string
	}{
		{Problem{Board: board.Board{Rows: 8, Cols: 10}}, "the board must be square"},
		{Problem{Board: board.Board{Rows: 8, Cols: 8}, Start: board.Square{Row: 0, Col: 3}}, "the start must be a corner"},
		{Problem{Board: board.Board{Rows: 8, Cols: 8}, Start: board.Square{Row: 7, Col: 6}}, "the start must be a corner"},
		{Problem{Board: board.Board{Rows: 8, Cols: 8}, Tiebreak: TieRandom}, "accepts only first; random is for warnsdorff, warnsdorff-bt"},
	} {
		tt.p.Strategy = "squirrel-cull"
		if _, err := New(tt.p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want an error saying %q", tt.p, err, tt.want)
		}
	}
	// Small boards are walked, not refused: only 1x1 has a tour.
	for n := 1; n <= 4; n++ {
		res := solveT(t, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "squirrel-cull"})
		if (res.Status == status.Found) != (n == 1) {
			t.Errorf("%dx%d: %s", n, n, res.Status)
		}
	}
}

// Info.Boards and Info.Starts name exactly what Prepare accepts.
func TestSquirrelCullInfo(t *testing.T) {
	info, err := Lookup("squirrel-cull")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []board.Board{{Rows: 1, Cols: 1}, {Rows: 5, Cols: 5}, {Rows: 6, Cols: 8}} {
		starts := info.Starts(b)
		for r := range b.Rows {
			for c := range b.Cols {
				sq := board.Square{Row: r, Col: c}
				p := Problem{Board: b, Start: sq, Strategy: "squirrel-cull"}
				_, err := New(p)
				listed := info.Boards(b) == nil && slices.Contains(starts, sq)
				if listed != (err == nil) {
					t.Errorf("%v from %v: listed %v, New: %v", b, sq, listed, err)
				}
			}
		}
	}
	if got := len(info.Starts(board.Board{Rows: 1, Cols: 1})); got != 1 {
		t.Errorf("1x1 has %d corners, want 1", got)
	}
}

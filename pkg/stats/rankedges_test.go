package stats

import (
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// rankThree ranks A (warnsdorff), B (warnsdorff-bt) and C (dfs) in that
// order over res.
func rankThree(t *testing.T, res *Results) *Ranking {
	t.Helper()
	series := make([]Series, 3)
	for _, s := range res.Series {
		series[map[string]int{"warnsdorff": 0, "warnsdorff-bt": 1, "dfs": 2}[s.Key.Strategy]] = s
	}
	for i, s := range series {
		if s.Label == "" {
			t.Fatalf("series %d missing from %v", i, res.Series)
		}
	}
	return Rank(res, series, ByNodes)
}

// The board a verdict rests on is weighed with the Holm factor of its own
// pair. A needs fewer nodes than B and C in every trial (n*n against
// n*n+10), B and C tie, except in 5x5's first trial: A and B 35, C 45.
// So A-B is won n5-1 + n6 to 0, A-C n5 + n6 to 0, B-C 1 to 0 (p = 1):
// A-C has the smallest p (Holm factor 3), A-B the next (factor 2). The
// sign test of w to 0 is 2^(1-w). Leaving a board out of A-B leaves the
// other's wins w: its p-value 2^(1-w) times 2 rests the verdict on that
// board when it is Alpha or more, that is when w <= 6.
func TestRankRestsOnWithHolmFactor(t *testing.T) {
	for _, tt := range []struct {
		name   string
		n5, n6 int // trials on 5x5 and 6x6
		// A-B's and A-C's sign-test p-values, the board each rests on and
		// that board's adjusted p-value without it.
		pAB, pAC         float64
		restsAB, restsAC string
		restsPAB         float64
		restsPAC         float64
	}{
		// A-B 14:0. Without either board 7:0: 2^-6 * 2 = 0.03125 holds it
		// (times 4, or any factor of 4 or more, would not). A-C 15:0:
		// without 5x5 7:0, 2^-6 * 3 = 0.047; without 6x6 8:0, 0.023.
		{"factor 2 keeps it", 8, 7, 0x1p-13, 0x1p-14, "", "", 0, 0},
		// A-B 13:0. Without 5x5 6:0: 2^-5 * 2 = 0.0625 breaks it (divided
		// by 2 it would not); without 6x6 7:0 holds. A-C 14:0: without 5x5
		// 6:0, 2^-5 * 3 = 0.09375.
		{"factor 2 breaks it", 8, 6, 0x1p-12, 0x1p-13, "5x5", "5x5", 0.0625, 0.09375},
		// A-B 12:0, 6:0 on each board: leaving out either gives 0.0625.
		// Two boards that weigh alike: the first is named. A-C 13:0:
		// without 5x5 6:0, 0.09375; without 6x6 7:0, 0.047.
		{"two boards alike, the first named", 7, 6, 0x1p-11, 0x1p-12, "5x5", "5x5", 0.0625, 0.09375},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := status.Found
			var rs []rankRun
			for _, b := range []struct{ n, trials int }{{5, tt.n5}, {6, tt.n6}} {
				for trial := 1; trial <= b.trials; trial++ {
					a, bc, c := int64(b.n*b.n), int64(b.n*b.n+10), int64(b.n*b.n+10)
					if b.n == 5 && trial == 1 {
						a, bc, c = 35, 35, 45
					}
					rs = append(rs, rankRun{b.n, b.n, 0, 0, trial, "warnsdorff", f, a},
						rankRun{b.n, b.n, 0, 0, trial, "warnsdorff-bt", f, bc}, rankRun{b.n, b.n, 0, 0, trial, "dfs", f, c})
				}
			}
			r := rankThree(t, rankResults(t, rs))
			ab, _ := r.Pair(0, 1)
			ac, _ := r.Pair(0, 2)
			bc, _ := r.Pair(1, 2)
			if ab.ABetter != tt.n5-1+tt.n6 || ab.BBetter != 0 || !near(ab.P, tt.pAB) || !near(ab.Holm, 2*tt.pAB) {
				t.Errorf("A-B %d:%d p %v Holm %v; want %d:0 p %v Holm %v", ab.ABetter, ab.BBetter, ab.P, ab.Holm,
					tt.n5-1+tt.n6, tt.pAB, 2*tt.pAB)
			}
			if ac.ABetter != tt.n5+tt.n6 || !near(ac.P, tt.pAC) || !near(ac.Holm, 3*tt.pAC) {
				t.Errorf("A-C %d:%d p %v Holm %v; want %d:0 p %v Holm %v", ac.ABetter, ac.BBetter, ac.P, ac.Holm,
					tt.n5+tt.n6, tt.pAC, 3*tt.pAC)
			}
			if bc.ABetter != 1 || bc.BBetter != 0 || bc.P != 1 || bc.Significant() || bc.RestsOn != "" {
				t.Errorf("B-C %+v, want 1:0, p 1, resting on no board", bc)
			}
			if ab.RestsOn != tt.restsAB || !near(ab.RestsOnP, tt.restsPAB) {
				t.Errorf("A-B rests on %q (%v), want %q (%v)", ab.RestsOn, ab.RestsOnP, tt.restsAB, tt.restsPAB)
			}
			if ac.RestsOn != tt.restsAC || !near(ac.RestsOnP, tt.restsPAC) {
				t.Errorf("A-C rests on %q (%v), want %q (%v)", ac.RestsOn, ac.RestsOnP, tt.restsAC, tt.restsPAC)
			}
		})
	}
}

// An instance is ranked only if a tour starts from its square: theory's
// Yes, or where theory cannot say (Unknown), a tour found from it there.
// On 3x43 (open; past the boards settled start by start) no theorem
// settles the corner colour: 0,0 and 0,2 are Unknown; 0,1 is off the
// corner colour of an odd board, No. On 6x6 every square is Yes.
func TestRankStartsWithTour(t *testing.T) {
	type run struct {
		rows, cols, row, col int
		strategy             string
		st                   status.Status
		nodes                int64
		solvable             string
	}
	f, d := status.Found, status.DeadEnd
	for _, tt := range []struct {
		name          string
		runs          []run
		blocks, noTur int
	}{
		// A found a tour from 0,0: it witnesses that start, which is
		// ranked. Nobody found one from 0,2: left out, as 0,1 is.
		{"a witness where theory cannot say", []run{
			{3, 43, 0, 0, "warnsdorff", f, 129, "unknown"}, {3, 43, 0, 0, "dfs", d, 60, "unknown"},
			{3, 43, 0, 1, "warnsdorff", d, 40, "no"}, {3, 43, 0, 1, "dfs", d, 50, "no"},
			{3, 43, 0, 2, "warnsdorff", d, 70, "unknown"}, {3, 43, 0, 2, "dfs", d, 80, "unknown"},
		}, 1, 2},
		// The board's first instance starts from its square 1 (0,1).
		{"the first start square 1", []run{
			{6, 6, 0, 1, "warnsdorff", f, 36, "yes"}, {6, 6, 0, 1, "dfs", d, 20, "yes"},
		}, 1, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := NewCollector(Options{})
			for _, r := range tt.runs {
				if err := c.Add(runs.Row{Rows: r.rows, Cols: r.cols, StartRow: r.row, StartCol: r.col, Strategy: r.strategy,
					Tiebreak: "first", Status: r.st, Solvable: r.solvable, Nodes: runs.Count(r.nodes), TimeNS: r.nodes * 10,
					CPUNS: runs.Count(r.nodes * 10), Verified: r.st == status.Found, MaxNodes: 1000, RestartPolicy: "none"}); err != nil {
					t.Fatal(err)
				}
			}
			res, err := c.Finish()
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []Measure{BySuccess, ByNodes} {
				r := Rank(res, res.Series, m)
				if r.Blocks != tt.blocks || r.NoTour != tt.noTur {
					t.Errorf("%v: %d instances ranked, %d left out without a tour; want %d and %d", m, r.Blocks, r.NoTour, tt.blocks, tt.noTur)
				}
			}
		})
	}
}

// A ranking takes the instances every series ran and only those, whether
// the others' lie between them or after the last the series share.
func TestRankJoinsSharedInstances(t *testing.T) {
	f := status.Found
	for _, tt := range []struct {
		name   string
		a, b   [][2]int // the starts (row, col) of 5x5 each ran
		blocks int
	}{
		// 0,0 and 4,4 shared; A's 0,2 and B's 2,2 not.
		{"others between", [][2]int{{0, 0}, {0, 2}, {4, 4}}, [][2]int{{0, 0}, {2, 2}, {4, 4}}, 2},
		// After 0,0, A's last start (0,2) lies before B's next (2,2).
		{"one runs out first", [][2]int{{0, 0}, {0, 2}}, [][2]int{{0, 0}, {2, 2}}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var rs []rankRun
			for _, sq := range tt.a {
				rs = append(rs, rankRun{5, 5, sq[0], sq[1], 0, "warnsdorff", f, 25})
			}
			for _, sq := range tt.b {
				rs = append(rs, rankRun{5, 5, sq[0], sq[1], 0, "dfs", f, 30})
			}
			res := rankResults(t, rs)
			r := Rank(res, res.Series, ByNodes)
			if r.Blocks != tt.blocks {
				t.Errorf("%d instances ranked, want %d", r.Blocks, tt.blocks)
			}
			if p := r.Pairs[0]; p.ABetter+p.BBetter != tt.blocks {
				t.Errorf("pair %d:%d, want %d instances between them", p.ABetter, p.BBetter, tt.blocks)
			}
		})
	}
}

package plan

import (
	"testing"
	"time"
)

// cellCost returns the cost model's guesses for one cell: from a start with
// a tour, from one without, and their average.
func cellCost(t *testing.T, strategy string, n int, closed bool, maxNodes int64, timeout time.Duration) (found, noTour, avg float64) {
	t.Helper()
	s := settings(t, "5", maxNodes, strategy)
	s.Sizes, s.Closed, s.Timeout = Sizes{{Rows: n, Cols: n}}, closed, timeout
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	c := p.cells[0]
	return c.cost[0], c.cost[1], c.costAvg
}

func TestEstimate(t *testing.T) {
	est := func(strategy string, n int, maxNodes int64, timeout time.Duration) float64 {
		_, _, avg := cellCost(t, strategy, n, false, maxNodes, timeout)
		return avg
	}
	// Budgets cap the guess.
	if a, b := est("dfs", 8, 1_000_000, 0), est("dfs", 8, 2_000_000, 0); !(a < b) {
		t.Errorf("dfs 8x8: 1M-node budget %.3g s, 2M %.3g s", a, b)
	}
	if got := est("dfs", 20, 0, time.Second); got < 1 || got > 1.01 {
		t.Errorf("dfs 20x20 with a 1s timeout: %.3g s", got)
	}
	// Unguided backtracking outgrows the guided and greedy strategies.
	if !(est("dfs", 8, 0, 0) > 1000*est("warnsdorff-bt", 8, 0, 0)) {
		t.Errorf("dfs 8x8 is not far costlier than warnsdorff-bt")
	}
	if !(est("warnsdorff", 10, 0, 0) < est("warnsdorff", 20, 0, 0)) {
		t.Errorf("warnsdorff does not grow with the board")
	}
	// A complete search from a start without a tour must exhaust: 12 of
	// the 25 starts of 5x5 are the wrong colour, none of 6x6's.
	if a, b := est("warnsdorff-bt", 5, 0, 0), est("warnsdorff-bt", 6, 0, 0); !(a > 100*b) {
		t.Errorf("warnsdorff-bt: 5x5 %.3g s, 6x6 %.3g s", a, b)
	}
	found, noTour, avg := cellCost(t, "warnsdorff-bt", 5, false, 0, 0)
	if want := (12*noTour + 13*found) / 25; avg < want*(1-1e-12) || avg > want*(1+1e-12) {
		t.Errorf("5x5 open: average %.4g, want 12/25 of %.4g and 13/25 of %.4g", avg, noTour, found)
	}
	if _, noTour, avg := cellCost(t, "warnsdorff-bt", 5, true, 0, 0); avg != noTour {
		t.Errorf("5x5 closed: no start has a tour, yet the average %.4g is not the no-tour cost %.4g", avg, noTour)
	}
	// Greedy warnsdorff fails fast, so theory does not change its cost.
	if f, n, _ := cellCost(t, "warnsdorff", 7, false, 0, 0); f != n {
		t.Errorf("warnsdorff 7x7: %.3g s from a start with a tour, %.3g s from one without", f, n)
	}
}

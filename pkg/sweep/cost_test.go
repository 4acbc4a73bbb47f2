package sweep

import (
	"testing"
	"time"

	"knightsweep/pkg/board"
)

func TestEstimate(t *testing.T) {
	sq := func(n int) board.Board { return board.Board{Rows: n, Cols: n} }
	est := func(strategy string, n int, maxNodes int64, timeout time.Duration) float64 {
		return estimate(strategy, sq(n), AllStarts, false, maxNodes, timeout)
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
	if got := noTourFraction(sq(5), AllStarts, false); got != 12.0/25 {
		t.Errorf("5x5 open: no-tour fraction %v; want 12/25", got)
	}
	if got := noTourFraction(sq(5), AllStarts, true); got != 1 {
		t.Errorf("5x5 closed: no-tour fraction %v; want 1", got)
	}
	// Greedy warnsdorff fails fast, so theory does not change its cost.
	if a, b := estimate("warnsdorff", sq(7), AllStarts, false, 0, 0), estimate("warnsdorff", sq(7), AllStarts, true, 0, 0); a != b {
		t.Errorf("warnsdorff 7x7: open %.3g s, closed %.3g s", a, b)
	}
}

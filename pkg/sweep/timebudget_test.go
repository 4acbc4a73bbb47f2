package sweep

import (
	"context"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
)

// The harness never writes a row the report refuses for its time
// (runs.CheckTime): built-in searches stopped by budgets from a nanosecond
// (spent before the search begins, which recorded a time of 0) to
// milliseconds record at least their budget, and one that finds its tour
// within its budget records so.
func TestTimeoutRowsPassCheckTime(t *testing.T) {
	for _, tc := range []struct {
		name     string
		rows     int
		closed   bool
		strategy string
		timeout  time.Duration
		want     status.Status
	}{
		// A closed tour of 8x8 by plain depth-first search takes far
		// longer than any of these budgets.
		{"1ns", 8, true, "dfs", time.Nanosecond, status.Timeout},
		{"1us", 8, true, "dfs", time.Microsecond, status.Timeout},
		{"2ms", 8, true, "dfs", 2 * time.Millisecond, status.Timeout},
		{"20ms", 8, true, "warnsdorff-bt", 20 * time.Millisecond, status.Found},
		{"found in 5x5", 5, false, "dfs", time.Minute, status.Found},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := board.New(tc.rows, tc.rows)
			p := solver.Problem{Board: b, Strategy: tc.strategy, Order: board.DefaultOrder, Tiebreak: strategies.TieFirst,
				Closed: tc.closed, Timeout: tc.timeout}
			res, err := solver.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			j := JobOf(p)
			r := Record(&j, res)
			if r.Status != tc.want && !(tc.want == status.Found && r.Status == status.Timeout) {
				t.Fatalf("status %s, want %s", r.Status, tc.want)
			}
			if r.TimeoutNS != tc.timeout.Nanoseconds() {
				t.Errorf("timeout_ns %d, want %d", r.TimeoutNS, tc.timeout.Nanoseconds())
			}
			if err := r.CheckTime(); err != nil {
				t.Errorf("the report would refuse the harness's row: %v", err)
			}
			if r.Status == status.Timeout && r.TimeNS < r.TimeoutNS {
				t.Errorf("timeout after %d ns, under its budget %d ns", r.TimeNS, r.TimeoutNS)
			}
		})
	}
}

// A run that ends on its own more than runs.TimeOverrun past its budget
// (a thread stalled between two looks at the clock) is recorded as
// stopped by it, without its tour, not as the found run the report
// refuses; one within the overrun stays found.
func TestBudgetedOverrun(t *testing.T) {
	b, _ := board.New(5, 5)
	j := JobOf(solver.Problem{Board: b, Strategy: "dfs", Order: board.DefaultOrder, Tiebreak: strategies.TieFirst, Timeout: time.Second})
	for _, tc := range []struct {
		elapsed time.Duration
		want    status.Status
	}{{1500 * time.Millisecond, status.Found}, {3 * time.Second, status.Timeout}} {
		res := Budgeted(&j, solver.Result{Status: status.Found, Nodes: 25, Elapsed: tc.elapsed, Verified: true})
		r := Record(&j, res)
		if res.Status != tc.want || r.Status != tc.want || r.Verified != (tc.want == status.Found) {
			t.Errorf("found after %v under 1s: result %s, row %s verified %v; want %s", tc.elapsed, res.Status, r.Status, r.Verified, tc.want)
		}
		if err := r.CheckTime(); err != nil {
			t.Errorf("found after %v under 1s: the report would refuse the row: %v", tc.elapsed, err)
		}
	}
}

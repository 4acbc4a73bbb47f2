package sweep

import (
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
)

// A problem made a job (experiment solve) and back is the same problem, and
// its record says what the problem and the result say.
func TestJobOfProblemRecord(t *testing.T) {
	b, _ := board.New(6, 6)
	p := solver.Problem{Board: b, Start: board.Square{Row: 1, Col: 2}, Strategy: "dfs", Order: board.DefaultOrder,
		Tiebreak: strategies.TieFirst, Seed: 42, MaxNodes: 1000, Timeout: time.Second, RandomOrder: true,
		Restarts: restart.Policy{Kind: restart.Luby, C: 100}}
	j := JobOf(p)
	if got := Problem(&j); got != p {
		t.Errorf("Problem(JobOf(p)) = %+v, want %+v", got, p)
	}
	r := Record(&j, solver.Result{Status: status.Found, Nodes: 36, Backtracks: 1, Elapsed: 5 * time.Microsecond, Verified: true, Restarts: 2, Err: "a\nb"})
	if r.Order != strategies.OrderRandom || r.Seed != 42 || r.Solvable != "yes" || r.RestartPolicy != "luby:100" ||
		r.Status != status.Found || r.Nodes != 36 || r.TimeNS != 5000 || !r.Verified || r.Restarts != 2 || r.Error != "a | b" {
		t.Errorf("Record = %+v", r)
	}
}

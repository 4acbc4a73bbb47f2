package external_test

import (
	"strings"
	"testing"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// A solver that makes itself traced (ptrace(PTRACE_TRACEME), an
// anti-debugging check) has the harness, its parent, as its tracer, and
// stops at its next signal: it is an error row that says so, at once, in
// both modes, and no process is left.
func TestSolverThatTracesItself(t *testing.T) {
	for _, stdio := range []bool{false, true} {
		mode := "traceme"
		if stdio {
			mode = "stdio-traceme"
		}
		name, _ := strategy(t, mode, stdio, external.Limits{})
		res := solve(t, name, 5, 5, 0)
		if res.Status != status.Error || !strings.Contains(res.Err, "it made itself traced (ptrace PTRACE_TRACEME") ||
			!strings.Contains(res.Err, "stopped at SIGUSR1") {
			t.Errorf("stdio %v: %s (%s), want an error saying it traced itself and stopped at SIGUSR1", stdio, res.Status, res.Err)
		}
	}
}

package stats

import (
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// Each error column the harness writes (these from real runs of users'
// solvers and built-in strategies) gets its cause: a solver's crash, its
// memory failure and its output over the cap are no panic and no tour
// the validator rejected, which the warning said of them all.
func TestErrorCause(t *testing.T) {
	for _, tt := range []struct {
		name, strategy, msg, want string
	}{
		{"panic", "warnsdorff", "panic: runtime error: index out of range [64] with length 64\ngoroutine 7 [running]:", "a panic"},
		{"validator", "warnsdorff-bt", "invalid tour: step 16: 13 (2,3) to 10 (2,0) is not a knight's move", "a tour the validator rejected"},
		{"solver's tour", "d", "invalid tour: tour has 1 squares, board 5x5 has 25", "a tour the validator rejected"},
		{"built-in other", "dfs", "parberry: board 5x5 has no closed tour", "another failure of the program"},
		{"exit status", "crash", `exit status 3; stderr: boom\x1b[31m red \x01 ...`, "the solver's failing exit status or a signal"},
		{"signal", "seg", "killed by signal SIGSEGV (segmentation fault)", "the solver's failing exit status or a signal"},
		{"memory, signal", "memc", "over the memory limit of 64 MiB of address space (its peak resident memory 62.1 MiB): killed by signal SIGSEGV (segmentation fault)", "the solver over its memory limit"},
		{"memory, Python", "mempy", "over the memory limit of 64 MiB of address space: exit status 1; stderr: Traceback (most recent call last): ... MemoryError", "the solver over its memory limit"},
		{"output cap", "big", "output over 64.6 KiB (the cap for a 5x5 board)", "the solver's output over its cap"},
		{"answer line cap", "h", "answer line over 16 MiB", "the solver's output over its cap"},
		{"reported", "a", "the solver reports an error: out of cheese; stderr: exit status 9", "an error the solver reported"},
		{"unreadable", "ld", `JSON answer: unknown status "weird": want one of found, dead_end`, "an answer the harness could not read"},
		{"warm-up", "b", `warm-up request: JSON answer: invalid character 'M' looking for beginning of value: "MySolver v1.0 ready" (the harness stopped it)`, "an answer the harness could not read"},
		{"nodes", "few", "the solver's nodes contradict its answer: found with 1 nodes, fewer than the 6x6 board's 36 squares a tour enters", "an answer that contradicts its nodes or its budget"},
		{"budget", "lb", "status timeout without a time budget (-timeout)", "an answer that contradicts its nodes or its budget"},
		{"stderr words", "x", "the process ended before answering request 3; stderr: exit status 2 over the memory limit", "another failure of the solver"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := errorCause(tt.strategy, tt.msg); got != tt.want {
				t.Errorf("errorCause(%q, %q) = %q, want %q", tt.strategy, tt.msg, got, tt.want)
			}
		})
	}
}

// The warning about runs that ended in error names their causes, counted
// from the error column, one warning a strategy: a user's solver that
// crashed and ran out of memory is not said to have panicked.
func TestErrorWarningCauses(t *testing.T) {
	c := NewCollector(Options{})
	for i, r := range []struct{ strategy, msg string }{
		{"c", "exit status 3"},
		{"c", "over the memory limit of 64 MiB of address space: exit status 1; stderr: MemoryError"},
		{"c", "exit status 3"},
		{"warnsdorff", "panic: boom"},
	} {
		err := c.Add(runs.Row{Rows: 5, Cols: 5, StartRow: 2 * (i / 3), StartCol: 2 * (i % 3), Strategy: r.strategy, Tiebreak: "first",
			Status: status.Error, Solvable: "yes", Nodes: runs.Unknown, Backtracks: runs.Unknown, TimeNS: 100, Error: r.msg})
		if err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"3 runs of c ended in error (the solver's failing exit status or a signal in 2, the solver over its memory limit in 1; the error column says more): they count as not found",
		"1 run of warnsdorff ended in error (a panic; the error column says more): they count as not found",
	} {
		if !strings.Contains(strings.Join(res.Warnings, "\n"), want) {
			t.Errorf("no warning %q:\n%s", want, strings.Join(res.Warnings, "\n"))
		}
	}
	if len(res.Warnings) != 2 {
		t.Errorf("%d warnings, want 2:\n%s", len(res.Warnings), strings.Join(res.Warnings, "\n"))
	}
}

package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestStartupInit checks that no package of the project does work at
// program start that only some commands need (a CRC table, the flag errors'
// patterns, a chart's fonts): each package's initialisation, as the
// runtime's inittrace reports it for `experiment help`, allocates less
// than initBudget bytes. Allocations are counted exactly, unlike time, so
// the test holds on a busy machine; docs/performance.md has the start-up
// time against a hello-world program. This package's own initialisation
// runs its tests' variables too, and has twice the budget.
func TestStartupInit(t *testing.T) {
	const initBudget = 8 << 10
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"=help", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("experiment help: %v\n%s", err, out)
	}
	line := regexp.MustCompile(`(?m)^init (knightsweep/\S+|main) @.*, (\d+) bytes, (\d+) allocs$`)
	ms := line.FindAllSubmatch(out, -1)
	if len(ms) < 10 {
		t.Fatalf("inittrace reported %d of the project's packages:\n%s", len(ms), out)
	}
	for _, m := range ms {
		budget := initBudget
		if string(m[1]) == "knightsweep/cmd/experiment" {
			budget *= 2
		}
		if n, _ := strconv.Atoi(string(m[2])); n >= budget {
			t.Errorf("%s allocates %d bytes (%s allocations) at start-up, %d or more: make what only some commands need when first used", m[1], n, m[3], budget)
		}
	}
}

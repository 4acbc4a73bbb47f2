package external_test

import (
	"testing"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// TestCPUWithinTime: a one-process run's CPU time is its program's, from
// its exec, as its time is: a single-threaded program that exits at once
// uses no more CPU time than the time it ran, though its fork and exec
// cost the harness's side more.
func TestCPUWithinTime(t *testing.T) {
	name, _ := declare(t, "/bin/true", false, external.Limits{})
	over := 0
	for range 40 {
		res := solve(t, name, 5, 5, 0)
		if res.Status != status.Exhausted {
			t.Fatalf("%s (%s), want exhausted: /bin/true prints nothing", res.Status, res.Err)
		}
		if res.CPU < 0 || res.CPU > res.Elapsed {
			over++
			t.Logf("cpu %v, time %v", res.CPU, res.Elapsed)
		}
	}
	if over > 0 {
		t.Errorf("cpu_ns above time_ns in %d of 40 runs of /bin/true", over)
	}
}

package external_test

import (
	"testing"
	"time"

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

// TestCPUCountsKernelTime: cpu_ns is user and system time: dd copying
// 400,000 bytes one at a time makes 800,000 system calls, which take
// well over 50 ms of CPU, nearly all of it in the kernel.
func TestCPUCountsKernelTime(t *testing.T) {
	name := script(t, "exec dd if=/dev/zero of=/dev/null bs=1 count=400000 2>/dev/null", false, external.Limits{})
	res := solve(t, name, 5, 5, 0)
	if res.Status != status.Exhausted {
		t.Fatalf("%s (%s), want exhausted: dd writes nothing to its stdout", res.Status, res.Err)
	}
	if res.CPU < 50*time.Millisecond {
		t.Errorf("cpu %v (time %v) for 800,000 system calls", res.CPU, res.Elapsed)
	}
}

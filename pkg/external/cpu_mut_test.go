package external_test

import (
	"os"
	"testing"
	"time"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// A stdio run's CPU time is what its process used between the request
// and the answer, not the process's whole life: a warm-up that used 0.3 s
// of CPU time (the shell's own clock, read from /proc until it passes
// 0.3 s) before an answer that costs next to nothing gives a run of far
// less than 0.3 s.
func TestStdioCPUExcludesTheWarmUp(t *testing.T) {
	if _, err := os.Stat("/proc/self/schedstat"); err != nil {
		t.Skip("no /proc/PID/schedstat to busy the warm-up by:", err)
	}
	name := script(t, `while read -r l; do case "$l" in
*'"rows":1,"cols":1,'*) c=0; while [ "$c" -lt 300000000 ]; do read -r c _ </proc/$$/schedstat; done; echo '{"status":"found","tour":[0]}';;
*) echo '{"status":"exhausted"}';;
esac; done`, true, external.Limits{Timeout: 20 * time.Second})
	res := solve(t, name, 5, 5, 0)
	if res.Status != status.Exhausted {
		t.Fatalf("%s (%s), want exhausted", res.Status, res.Err)
	}
	if res.CPU < 0 || res.CPU >= 150*time.Millisecond {
		t.Errorf("CPU %v for an answer that costs next to nothing, after a warm-up of 0.3 s of CPU time: want under 0.15 s", res.CPU)
	}
}

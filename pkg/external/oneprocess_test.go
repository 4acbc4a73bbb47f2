package external_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// A one-process run without a timeout has no deadline to be seen late: a
// run of 1.2 s, past lateSlack (1 s) after its start, is the solver's
// answer, run once, not a run the harness's stop spoiled.
func TestRunWithoutTimeoutIsNeverLate(t *testing.T) {
	log := filepath.Join(t.TempDir(), "starts")
	name := script(t, `echo start >>'`+log+`'; sleep 1.2; echo '{"status":"exhausted"}'`, false, external.Limits{})
	res := solve(t, name, 3, 3, 0)
	if res.Status != status.Exhausted {
		t.Errorf("%s (%s), want exhausted", res.Status, res.Err)
	}
	if b, _ := os.ReadFile(log); strings.Count(string(b), "start") != 1 {
		t.Errorf("the solver started %d times, want once", strings.Count(string(b), "start"))
	}
}

// A one-process run's request goes in through a pipe the harness closes:
// twenty runs leave the harness's open descriptors as they were (a leak of
// a pipe a run would add forty; a few are allowed for the runtime's own).
func TestOneProcessRunsLeakNoDescriptors(t *testing.T) {
	open := func() int {
		fds, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd:", err)
		}
		return len(fds)
	}
	name := script(t, `cat >/dev/null; echo '{"status":"exhausted"}'`, false, external.Limits{})
	solve(t, name, 3, 3, 0) // the first run opens what the harness keeps open
	before := open()
	for range 20 {
		if res := solve(t, name, 3, 3, 0); res.Status != status.Exhausted {
			t.Fatalf("%s (%s), want exhausted", res.Status, res.Err)
		}
	}
	time.Sleep(50 * time.Millisecond)
	if after := open(); after > before+4 {
		t.Errorf("%d descriptors open before twenty runs, %d after", before, after)
	}
}

// A stdio process that ends after each answer is started again for the
// next run, its pipes closed each time: twenty sessions leave the
// harness's descriptors as they are before, in number (a leak of its stdin's
// pipe would add twenty) and in what 0, 1 and 2 are (a descriptor closed
// twice could be the harness's own stdout by then).
func TestStdioSessionsLeakNoDescriptors(t *testing.T) {
	fds := func() map[string]string {
		dir, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd:", err)
		}
		m := map[string]string{}
		for _, e := range dir {
			m[e.Name()], _ = os.Readlink("/proc/self/fd/" + e.Name())
		}
		return m
	}
	name := script(t, `read -r l; echo '{"status":"dead_end"}'; read -r l; echo '{"status":"exhausted"}'`, true, external.Limits{})
	solve(t, name, 3, 3, 0) // the first run opens what the harness keeps open
	before := fds()
	for range 20 {
		if res := solve(t, name, 3, 3, 0); res.Status != status.Exhausted {
			t.Fatalf("%s (%s), want exhausted", res.Status, res.Err)
		}
	}
	time.Sleep(50 * time.Millisecond)
	after := fds()
	if len(after) > len(before)+4 {
		t.Errorf("%d descriptors open before twenty sessions, %d after", len(before), len(after))
	}
	for _, fd := range []string{"0", "1", "2"} {
		if after[fd] != before[fd] {
			t.Errorf("descriptor %s was %q before twenty sessions, %q after", fd, before[fd], after[fd])
		}
	}
}

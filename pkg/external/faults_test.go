package external_test

import (
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/external"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// Each fault of a one-process-a-run solver is one result with a clear
// status and reason; no process is left behind (strategy's cleanup
// checks), and the next run of a good solver is untouched.
func TestFaults(t *testing.T) {
	for _, tt := range []struct {
		mode   string
		st     status.Status
		reason []string
	}{
		{"grid", status.Found, nil},
		{"grid0", status.Found, nil},
		{"squares", status.Found, nil},
		{"json", status.Found, nil},
		{"none", status.Exhausted, nil},
		{"segv", status.Error, []string{"killed by signal SIGSEGV", "stderr: about to crash"}},
		{"exit3", status.Error, []string{"exit status 3", "stderr: fixture: giving up with status 3"}},
		{"garbage", status.Error, []string{`neither a grid, a list of squares nor a JSON answer: "hello, world: no tour here"`}},
		{"invalid", status.Error, []string{"invalid tour: step 3"}},
		{"otherboard", status.Error, []string{"invalid tour: tour has 42 squares, board 6x6 has 36"}},
		{"otherstart", status.Error, []string{"invalid tour:", "start"}},
		{"hang", status.Timeout, nil},
		{"orphan", status.Found, nil},
		{"flood", status.Error, []string{"output over 64.8KiB (the cap for a 6x6 board)"}},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			// Registered before the parallel part: the registry is
			// filled before runs, as a command fills it.
			name, _ := strategy(t, tt.mode, false, external.Limits{Timeout: time.Second, Grace: 200 * time.Millisecond})
			t.Parallel()
			t0 := time.Now()
			res := solve(t, name, 6, 6, 0)
			if res.Status != tt.st {
				t.Fatalf("status %s (%s), want %s", res.Status, res.Err, tt.st)
			}
			for _, r := range tt.reason {
				if !strings.Contains(res.Err, r) {
					t.Errorf("reason %q, want it to say %q", res.Err, r)
				}
			}
			if strings.Contains(res.Err, "\n") {
				t.Errorf("reason on more than one line: %q", res.Err)
			}
			if tt.st == status.Found && (!res.Verified || res.Tour.Len() != 36) {
				t.Errorf("found a tour the validator did not pass: %+v", res)
			}
			// The report refuses no row of the harness for its time: the
			// hang's timeout at or past the 1 s limit, every other run
			// within it.
			if err := runs.CheckTime(res.Status, res.Elapsed.Nanoseconds(), time.Second.Nanoseconds()); err != nil {
				t.Errorf("the report would refuse the row: %v", err)
			}
			if tt.mode == "hang" && time.Since(t0) > 2*time.Second {
				t.Errorf("a hang that ignores SIGTERM took %v to end at a 1 s timeout with 0.2 s grace", time.Since(t0))
			}
		})
	}
}

// A stdio solver that exits after its third answer ended between
// requests: the fourth run starts it again and is found, as every run is.
func TestStdioDiesMidSession(t *testing.T) {
	name, _ := strategy(t, "stdio-three", true, external.Limits{Timeout: 5 * time.Second})
	for i, want := range []status.Status{status.Found, status.Found, status.Found, status.Found, status.Found, status.Found} {
		res := solve(t, name, 5, 5, 0)
		if res.Status != want {
			t.Fatalf("run %d: %s (%s), want %s", i+1, res.Status, res.Err, want)
		}
		if want == status.Found && (res.Nodes != 25 || res.Backtracks != 0) {
			t.Errorf("run %d: nodes %d backtracks %d, want the solver's 25 and 0", i+1, res.Nodes, res.Backtracks)
		}
	}
}

func TestStdioFaults(t *testing.T) {
	t.Run("never reads", func(t *testing.T) {
		name, _ := strategy(t, "stdio-noread", true, external.Limits{Timeout: 300 * time.Millisecond, Grace: 100 * time.Millisecond, Startup: 300 * time.Millisecond})
		for range 2 {
			if res := solve(t, name, 5, 5, 0); res.Status != status.Error || !strings.Contains(res.Err, "no answer to the warm-up request (a 1x1 board) within 300ms of the start") {
				t.Fatalf("%s (%s), want an error at the warm-up", res.Status, res.Err)
			}
		}
	})
	t.Run("answer for another request", func(t *testing.T) {
		name, _ := strategy(t, "stdio-wrongid", true, external.Limits{Timeout: 5 * time.Second})
		res := solve(t, name, 5, 5, 0)
		if res.Status != status.Error || !strings.Contains(res.Err, "answer for request 8, not for request 1") {
			t.Fatalf("%s (%s)", res.Status, res.Err)
		}
	})
	t.Run("hang mid-session", func(t *testing.T) {
		name, _ := strategy(t, "stdio-hang2", true, external.Limits{Timeout: 300 * time.Millisecond, Grace: 100 * time.Millisecond})
		for i, want := range []status.Status{status.Found, status.Timeout, status.Found} {
			res := solve(t, name, 5, 5, 0)
			if res.Status != want {
				t.Fatalf("run %d: %s (%s), want %s", i+1, res.Status, res.Err, want)
			}
			if err := runs.CheckTime(res.Status, res.Elapsed.Nanoseconds(), (300 * time.Millisecond).Nanoseconds()); err != nil {
				t.Errorf("run %d: the report would refuse the row: %v", i+1, err)
			}
		}
	})
	t.Run("no counts", func(t *testing.T) {
		name, _ := strategy(t, "grid", false, external.Limits{})
		res := solve(t, name, 5, 5, 0)
		if res.Status != status.Found || res.Nodes != -1 || res.Backtracks != -1 {
			t.Fatalf("%s nodes %d backtracks %d: a solver that counts nothing has no counts", res.Status, res.Nodes, res.Backtracks)
		}
	})
}

// Over the memory limit, a run ends in an error that says so.
func TestMemoryLimit(t *testing.T) {
	name, _ := strategy(t, "alloc", false, external.Limits{Timeout: 20 * time.Second, Memory: 1 << 30})
	res := solve(t, name, 5, 5, 0)
	if res.Status != status.Error || !strings.Contains(res.Err, "over the memory limit of 1.00GiB of address space: exit status 2; stderr: runtime: out of memory") {
		t.Fatalf("%s (%s)", res.Status, res.Err)
	}
	if res.MaxRSS > 1<<30 {
		t.Errorf("peak resident memory %d over the limit", res.MaxRSS)
	}
}

// What the harness measures is what the process did.
func TestMeasurement(t *testing.T) {
	if testing.Short() {
		t.Skip("three solvers of a second or more: make test-all runs it")
	}
	t.Run("sleep", func(t *testing.T) {
		name, _ := strategy(t, "sleep", false, external.Limits{})
		res := solve(t, name, 6, 6, 0)
		if res.Elapsed < time.Second || res.Elapsed > 1500*time.Millisecond || res.CPU > 100*time.Millisecond {
			t.Errorf("sleeping 1 s: time %v, CPU %v", res.Elapsed, res.CPU)
		}
	})
	t.Run("two threads", func(t *testing.T) {
		name, _ := strategy(t, "spin2", false, external.Limits{})
		res := solve(t, name, 6, 6, 0)
		// Each thread spins until its own clock says 1 s, whatever the
		// machine's load: the bounds are loose around 2 s for the Go
		// runtime's own threads.
		if res.CPU < 2*time.Second || res.CPU > 2500*time.Millisecond {
			t.Errorf("two threads spinning 1 s: CPU %v (time %v)", res.CPU, res.Elapsed)
		}
	})
	t.Run("200 MB", func(t *testing.T) {
		name, _ := strategy(t, "touch200", false, external.Limits{})
		res := solve(t, name, 6, 6, 0)
		if want := int64(200 << 20); res.MaxRSS < want || res.MaxRSS > want+want/10 {
			t.Errorf("touching 200 MiB: max_rss %d, want within 10%% of %d", res.MaxRSS, want)
		}
	})
}

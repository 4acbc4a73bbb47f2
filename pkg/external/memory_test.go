package external_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"knightsweep/pkg/external"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/status"
)

// buildC compiles testdata/memory/name.c with cc into a directory of the
// test's, or skips the test where there is no cc. -O0: at -O1 gcc drops
// corrupt.c's write past its block, and with it the crash.
func buildC(t *testing.T, name string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no cc: the C solvers are not built (CI installs gcc)")
	}
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command(cc, "-O0", "-Wall", "-o", bin, filepath.Join("testdata", "memory", name+".c")).CombinedOutput(); err != nil {
		t.Fatalf("cc %s.c: %v\n%s", name, err, out)
	}
	return bin
}

// A solver that dies under its address-space limit is over the memory
// limit where the evidence says so: its own words (TestMemoryLimit), or a
// peak that came near the limit, whatever signal ended it. A crash far
// below the limit, or words about the allocator that are not about
// memory running out, stay a crash.
func TestMemoryFailures(t *testing.T) {
	// A solver's peak is evidence only above the harness's own (it is
	// unknown below): 128 MiB, or more under the race detector, whose
	// test binary holds hundreds.
	limit := int64(128 << 20)
	var self syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil {
		t.Fatal(err)
	}
	for limit < 2*self.Maxrss<<10 {
		limit *= 2
	}
	over := "over the memory limit of " + memlimit.Format(limit) + " of address space"
	for _, tt := range []struct {
		name    string
		command func(t *testing.T) string
		stdio   bool
		want    []string // in the reason
		notOver bool
		limit   int64 // 0: limit
		long    bool  // a second or more: make test-all runs it
	}{
		// malloc returns NULL, memset faults: no word, a peak 2 MiB short.
		{name: "C malloc until NULL", command: func(t *testing.T) string { return buildC(t, "grow") },
			want: []string{over + " (its peak resident memory ", "killed by signal SIGSEGV"}},
		{name: "C malloc until NULL, stdio", stdio: true, long: true, command: func(t *testing.T) string { return buildC(t, "grow") },
			want: []string{"warm-up request: " + over + " (its peak resident memory ", "killed by signal SIGSEGV"}},
		{name: "C NULL at once", command: func(t *testing.T) string { return buildC(t, "null") },
			want: []string{"killed by signal SIGSEGV"}, notOver: true},
		{name: "C heap corrupted", command: func(t *testing.T) string { return buildC(t, "corrupt") },
			want: []string{"killed by signal SIGABRT", "stderr: malloc(): corrupted top size"}, notOver: true},
		{name: "Python MemoryError, then SIGSEGV", long: true, command: func(t *testing.T) string {
			if _, err := exec.LookPath("python3"); err != nil {
				t.Skip("no python3")
			}
			return "python3 " + filepath.Join("testdata", "memory", "grow.py")
		}, want: []string{over + " (its peak resident memory ", "killed by signal SIGSEGV"}},
		// A Go program needs more address space to start than it uses.
		{name: "fixture SIGSEGV", command: func(t *testing.T) string { return fixture + " segv" }, limit: 1 << 30,
			want: []string{"killed by signal SIGSEGV", "stderr: about to crash"}, notOver: true},
		{name: "fixture too little to start", command: func(t *testing.T) string { return fixture + " grid" }, limit: 64 << 20,
			want: []string{"over the memory limit of 64.0MiB of address space: exit status 2; stderr: fatal error: failed to reserve"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.long && testing.Short() {
				t.Skip("a second or more: make test-all runs it")
			}
			mem := tt.limit
			if mem == 0 {
				mem = limit
			}
			// Registered before the parallel part, as in TestFaults.
			name, _ := declare(t, tt.command(t), tt.stdio, external.Limits{Timeout: 20 * time.Second, Memory: mem})
			t.Parallel()
			res := solve(t, name, 5, 5, 0)
			if res.Status != status.Error {
				t.Fatalf("status %s (%s), want error", res.Status, res.Err)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.Err, w) {
					t.Errorf("reason %q, want it to say %q", res.Err, w)
				}
			}
			if tt.notOver && strings.Contains(res.Err, "memory limit") {
				t.Errorf("reason %q: a crash without evidence of memory called a memory failure", res.Err)
			}
		})
	}
}

// A solver's max_rss is its own peak, or unknown: Linux counts in a
// child's peak the resident memory of the process it was started from
// (fork and exec), so a harness of 48 MiB reported its own 48 MiB as a
// solver's peak of a few. (48 MiB: the harness's peak stays below what
// TestMemoryFailures's solvers reach.)
func TestMaxRSSIsTheSolvers(t *testing.T) {
	big := make([]byte, 48<<20)
	for i := 0; i < len(big); i += 4096 {
		big[i] = 1
	}
	name, _ := strategy(t, "grid", false, external.Limits{})
	res := solve(t, name, 5, 5, 0)
	runtime.KeepAlive(big)
	if res.Status != status.Found {
		t.Fatalf("%s (%s)", res.Status, res.Err)
	}
	if res.MaxRSS >= 48<<20 {
		t.Errorf("max_rss %d: the harness's peak, not the solver's (want unknown, -1, or the solver's few MiB)", res.MaxRSS)
	}
	// The fixture, a Go program, holds a MiB or more: a smaller peak is
	// no process's.
	if res.MaxRSS != -1 && res.MaxRSS < 1<<20 {
		t.Errorf("max_rss %d: want unknown, -1, or the solver's few MiB", res.MaxRSS)
	}
}

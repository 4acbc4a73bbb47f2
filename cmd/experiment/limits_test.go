package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Values that would make the program allocate without bound are refused
// before anything is allocated, with exit status 2 and a message naming
// the flag and the limit.
func TestLimits(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		// A range repeated 100,000 times: merged, not listed two billion
		// times; 20,000 boards of up to 4e8 squares are still too many jobs.
		{"repeated sizes", []string{"run", "-sizes", strings.Repeat("1-20000,", 100_000) + "5", "-quiet"}, "-sizes: the sweep would hold more than 268435456 jobs"},
		// The most trials, each a series of four policies: the plan's
		// cells multiply them, and the message names -restarts too.
		{"trials times restarts", []string{"run", "-sizes", "5", "-starts", "0,0", "-strategies", "dfs", "-order", "random", "-trials", "268435456", "-restarts", "none;luby:49;fixed:100;geometric:30,2", "-max-nodes", "1000", "-quiet"}, "-strategies, -trials or -restarts"},
		{"a billion workers", []string{"run", "-sizes", "5", "-workers", "1000000000", "-quiet"}, "-workers: 1000000000: want 1 to 4096"},
		{"count workers", []string{"count", "-size", "5", "-workers", "1000000000"}, "-workers 1000000000: want 0 (one per core) to 4096"},
		{"solve workers", []string{"solve", "-size", "5", "-workers", "-2"}, "-workers -2: want 0 (one per core) to 4096"},
		// 12.8 GB asked of a machine with 24: refused before the search
		// allocates anything, as run refuses it.
		{"solve a huge dfs", []string{"solve", "-size", "20000", "-strategy", "dfs", "-mem-limit", "4GiB"}, "-mem-limit: dfs on 20000x20000 needs about"},
		{"solve under the default", []string{"solve", "-size", "20000", "-strategy", "dfs"}, "more than the limit of"},
		{"a limit that rounds to zero", []string{"run", "-sizes", "5", "-mem-limit", "0.4", "-quiet"}, `-mem-limit: "0.4" is less than one byte, and 0 would mean no limit`},
		{"solve's too", []string{"solve", "-size", "5", "-mem-limit", "0.4"}, `-mem-limit: "0.4" is less than one byte`},
		{"too many listed starts", []string{"run", "-sizes", "5", "-starts", strings.Repeat("0,0;", 100_001), "-quiet"}, "more than 100000 squares listed"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			out, errOut, code := runCLI(t, tt.args...)
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if code != 2 || !strings.Contains(errOut, tt.want) || out != "" {
				t.Errorf("exit %d, stdout %q, stderr %.300q; want 2 and %q", code, out, errOut, tt.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
				t.Errorf("allocated %d MB before refusing", alloc>>20)
			}
		})
	}
}

// panicWriter panics when written to: a bug in the program's own code.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("boom") }

// A failure of the program itself (a panic) exits 1, as every runtime
// failure does, not 2 as the Go runtime's crash would: scripts tell it from
// bad input.
func TestPanicExitsOne(t *testing.T) {
	var stderr bytes.Buffer
	err := run(panicWriter{}, &stderr, []string{"solve", "-size", "5"})
	if code := exitCode(err, &stderr); code != 1 || !strings.Contains(stderr.String(), "internal error (please report it): panic: boom") {
		t.Errorf("exit %d, stderr %.200q", code, stderr.String())
	}
}

// The command run prints to finish an interrupted sweep, pasted into a
// shell, gives the program exactly the words it needs, whatever the
// directory is called; it is the function merge's hint uses
// (outdir.ResumeCommand).
func TestRunHintQuoted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "my results; echo PWNED 'x'")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr strings.Builder
	args := []string{"-sizes", "5", "-strategies", "warnsdorff", "-starts", "0,0;1,2", "-out", out}
	err := cmdRun(ctx, args, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 130 {
		t.Fatalf("exit %d: %v", code, err)
	}
	_, hint, ok := strings.Cut(stdout.String(), "finish with\n  ")
	if !ok {
		t.Fatalf("no hint in:\n%s", stdout.String())
	}
	hint, _, _ = strings.Cut(hint, "\n")
	words, err := exec.Command("sh", "-c", `printf '%s\n' `+hint).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "experiment\nrun\n-sizes\n5\n-strategies\nwarnsdorff\n-starts\n0,0;1,2\n-out\n" + out + "\n-resume\n"
	if string(words) != want {
		t.Errorf("the shell reads %s as\n%s\nwant\n%s", hint, words, want)
	}
}

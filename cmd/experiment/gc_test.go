package main

import (
	"path/filepath"
	"runtime/debug"
	"testing"
)

// count, exact and report set the process's garbage-collector settings for their
// work (-mem-limit, and count's low GC percent for the frontier method)
// and restore them when done, as sweep.Run does: a second command in the
// same process, a test or an embedding program, must not inherit them.
func TestGCSettingsRestored(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "s", "runs.csv")
	if _, errOut, code := runCLI(t, "run", "-quiet", "-no-report", "-sizes", "5", "-strategies", "warnsdorff", "-out", filepath.Dir(csv)); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{
		{"count", "-size", "5", "-mem-limit", "1GiB"},
		{"count", "-rows", "3", "-cols", "10", "-method", "frontier", "-mem-limit", "1GiB"},
		{"report", "-quiet", "-mem-limit", "1GiB", csv},
		{"exact", "-sizes", "5", "-mem-limit", "1GiB"},
	} {
		t.Run(args[0]+" "+args[len(args)-3], func(t *testing.T) {
			const limit = 3 << 40 // a limit none of them sets
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
			percent := debug.SetGCPercent(77)
			defer debug.SetGCPercent(percent)
			if _, errOut, code := runCLI(t, args...); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if got := debug.SetMemoryLimit(-1); got != limit {
				t.Errorf("memory limit %d after it, want %d as before", got, limit)
			}
			if got := debug.SetGCPercent(77); got != 77 {
				t.Errorf("GC percent %d after it, want 77 as before", got)
			}
		})
	}
}

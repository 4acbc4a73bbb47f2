package outdir

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"knightsweep/internal/input"
)

// A second run on a directory in use is refused, naming the owner; once the
// lock is released, the directory can be used.
func TestLockRefusesSecondRun(t *testing.T) {
	dir := t.TempDir()
	held, err := LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := settings(t, "5", 1000, "warnsdorff")
	for _, resume := range []bool{false, true} {
		_, err := openPlan(t, s, dir, resume)
		host, _ := os.Hostname()
		want := "is in use by another run (process " + strconv.Itoa(os.Getpid()) + " on " + host
		if !input.Is(err) || !strings.HasPrefix(err.Error(), "-out: ") || !strings.Contains(err.Error(), want) {
			t.Errorf("resume=%v: error %v; want an input.Error for -out with %q", resume, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, RunsFile)); err == nil {
		t.Error("the refused run wrote runs.csv")
	}
	held.Release()
	d, err := openPlan(t, s, dir, false)
	if err != nil {
		t.Fatalf("after the lock was released: %v", err)
	}
	d.Close()
}

// A lock file left by a dead process (kill -9 leaves one) holds no flock:
// it is taken over.
func TestLockStaleTakenOver(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, LockFile), []byte("999999999 deadhost\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := openPlan(t, settings(t, "5", 1000, "warnsdorff"), dir, false)
	if err != nil {
		t.Fatalf("over a stale lock: %v", err)
	}
	d.Close()
}

//go:build unix

package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A second run on a directory in use is refused, naming the owner; the
// directory and its rows are untouched.
func TestLockRefusesSecondRun(t *testing.T) {
	opts := testOptions(t, "5", 1000, 1, "warnsdorff")
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		t.Fatal(err)
	}
	held, err := lockDir(opts.Out)
	if err != nil {
		t.Fatal(err)
	}
	for _, resume := range []bool{false, true} {
		o := opts
		o.Resume = resume
		_, err = Run(context.Background(), o)
		var ie *InputError
		host, _ := os.Hostname()
		want := "is in use by another run (process " + strconv.Itoa(os.Getpid()) + " on " + host
		if !errors.As(err, &ie) || ie.Flag != "-out" || !strings.Contains(err.Error(), want) {
			t.Errorf("resume=%v: error %v; want an InputError for -out with %q", resume, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(opts.Out, RunsFile)); err == nil {
		t.Error("the refused run wrote runs.csv")
	}
	held.release()
	if _, err := Run(context.Background(), opts); err != nil {
		t.Errorf("after the lock was released: %v", err)
	}
	if _, err := os.Stat(filepath.Join(opts.Out, LockFile)); err == nil {
		t.Error("a finished run left its lock file")
	}
}

// A lock file left by a dead process (kill -9 leaves one) holds no flock:
// it is taken over, and neither it nor the rows make the directory look
// foreign.
func TestLockStaleTakenOver(t *testing.T) {
	opts := testOptions(t, "5", 1000, 1, "warnsdorff")
	os.MkdirAll(opts.Out, 0o755)
	if err := os.WriteFile(filepath.Join(opts.Out, LockFile), []byte("999999999 deadhost\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), opts)
	if err != nil || sum.Ran != 25 {
		t.Fatalf("run over a stale lock: %+v, %v", sum, err)
	}
}

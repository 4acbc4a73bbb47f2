package main

import (
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"knightsweep/pkg/runs"
)

// childEnv, when set in the environment, makes the test binary run
// experiment with the arguments it holds (separated by childSep) instead
// of the tests: the kill test's child process.
const (
	childEnv = "KNIGHTSWEEP_TEST_CHILD_ARGS"
	childSep = "\x1f"
)

// startChild starts experiment with args in a new process.
func startChild(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"="+strings.Join(args, childSep))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// rowSet reads a runs.csv as a set of rows, timings zeroed, failing on a
// job written twice.
func rowSet(t *testing.T, path string) map[runs.Key]runs.Row {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	set := map[runs.Key]runs.Row{}
	err = runs.ForEach(f, func(rp *runs.Row, _ int) error {
		r := *rp
		if _, dup := set[r.Key()]; dup {
			return errors.New("a job written twice")
		}
		r.TimeNS, r.CPUNS = 0, 0
		set[r.Key()] = r
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return set
}

func sameRowSet(t *testing.T, what string, got, want map[runs.Key]runs.Row) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d rows, want %d", what, len(got), len(want))
	}
	bad := 0
	for k, w := range want {
		if g := got[k]; g != w && bad < 3 {
			bad++
			t.Errorf("%s: %+v\n got %+v\nwant %+v", what, k, g, w)
		}
	}
}

// A sweep killed with SIGKILL at a random moment, then resumed, ends with
// exactly the rows of an uninterrupted run: no row lost, none doubled, a
// line cut mid-write repaired, and the dead run's lock taken over.
func TestKillResume(t *testing.T) {
	// Long enough (about a second) that most kills land after rows have
	// been flushed (every half second), so resume has rows to keep.
	sizes, budget, points := "5-10", "200000", 16
	if testing.Short() {
		// A child under -race is ten times slower.
		sizes, budget, points = "5-6", "5000", 2
	}
	args := []string{"run", "-sizes", sizes, "-strategies", "dfs,warnsdorff", "-max-nodes", budget,
		"-workers", "2", "-quiet", "-no-report"}
	ref := filepath.Join(t.TempDir(), "ref")
	start := time.Now()
	child := startChild(t, append(args, "-out", ref)...)
	if err := child.Wait(); err != nil {
		t.Fatalf("uninterrupted run: %v", err)
	}
	whole := time.Since(start)
	want := rowSet(t, filepath.Join(ref, "runs.csv"))

	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d, an uninterrupted run takes %v", seed, whole)
	rng := rand.New(rand.NewPCG(seed, 1))
	killed, partial, cut := 0, 0, 0
	for i := range points {
		out := filepath.Join(t.TempDir(), "out")
		// -resume on a directory that does not exist starts the sweep, so
		// the same command serves both runs.
		cmdArgs := append(args, "-out", out, "-resume")
		child := startChild(t, cmdArgs...)
		began := time.Now()
		if i%4 == 3 {
			// Every fourth point waits for the first rows to reach the
			// file, then kills within a few milliseconds: a kill between
			// two flushes, which a purely random moment rarely hits.
			waitForRows(filepath.Join(out, "runs.csv"), 3*whole)
			time.Sleep(time.Duration(rng.Int64N(int64(5 * time.Millisecond))))
		} else {
			time.Sleep(time.Duration(rng.Int64N(int64(whole * 11 / 10))))
		}
		delay := time.Since(began)
		child.Process.Signal(syscall.SIGKILL)
		child.Wait()
		if ws, ok := child.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			killed++
			path := filepath.Join(out, "runs.csv")
			if data, err := os.ReadFile(path); err == nil && strings.Count(string(data), "\n") > 1 {
				partial++
				// A kill rarely lands inside a write(2); a power cut can
				// lose the end of one. Every other time, tear the last
				// row as it would.
				if i%2 == 1 && strings.HasSuffix(string(data), "\n") {
					last := strings.LastIndex(string(data[:len(data)-1]), "\n") + 1
					os.Truncate(path, int64(last+rng.IntN(len(data)-1-last)+1))
				}
				if data, _ := os.ReadFile(path); !strings.HasSuffix(string(data), "\n") {
					cut++
				}
			}
		}
		if _, stderr, code := runCLI(t, cmdArgs...); code != 0 {
			t.Fatalf("point %d (kill after %v): resume: exit %d: %s", i, delay, code, stderr)
		}
		sameRowSet(t, "killed after "+delay.String()+" and resumed", rowSet(t, filepath.Join(out, "runs.csv")), want)
	}
	t.Logf("%d kill points: %d killed before the end, %d of them with rows written, %d mid-line", points, killed, partial, cut)
	if !testing.Short() && partial == 0 {
		t.Errorf("no kill landed after rows were written (the run took %v): the test exercised no resume from a partial file", whole)
	}
}

// waitForRows waits until the file at path holds a row besides its header,
// or until limit has passed.
func waitForRows(path string, limit time.Duration) {
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(time.Millisecond) {
		if data, err := os.ReadFile(path); err == nil && strings.Count(string(data), "\n") > 1 {
			return
		}
	}
}

package external_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/external"
	"knightsweep/pkg/solver"
)

// fixture is the path of testdata/fixture, built once for the tests,
// with -trimpath as make test builds (CGO_ENABLED=0 comes from its
// environment), so that the packages it links are the ones the tests'
// build already compiled, not compiled again from an empty cache.
var fixture string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "external-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fixture = filepath.Join(dir, "fixture")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", fixture, "./testdata/fixture").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the fixture solver: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var registered atomic.Int64

// strategy declares the fixture in mode as a solver, registered under a
// name of its own, and returns the name and the strategy. Each test's
// marker is in the command, for leftovers.
func strategy(t *testing.T, mode string, stdio bool, limits external.Limits) (string, *external.Strategy) {
	t.Helper()
	return declare(t, fixture+" "+mode, stdio, limits)
}

// declare registers command (with the test's marker as its last argument,
// for leftovers) as a solver under a name of its own, one process a run or,
// with stdio, a worker's, and returns the name and the strategy; the
// strategy is closed and no process may be left when the test ends.
func declare(t *testing.T, command string, stdio bool, limits external.Limits) (string, *external.Strategy) {
	t.Helper()
	name := fmt.Sprintf("fx%d", registered.Add(1))
	decl := fmt.Sprintf("%s=%s %s", name, command, marker(t))
	if stdio {
		decl = fmt.Sprintf("%s=stdio:%s %s", name, command, marker(t))
	}
	st := external.NewStrategy(resolve(t, decl), limits)
	declared.Store(name, st.Info())
	t.Cleanup(func() {
		st.Close()
		noLeftovers(t)
	})
	return name, st
}

// declared maps the names declare gave to their strategies.
var declared sync.Map // string -> solver.Info

// solveProblem runs p once, with the strategy declare declared under its name
// added to the built-in ones, as a command that declares it does.
func solveProblem(ctx context.Context, p solver.Problem) (solver.Result, error) {
	set := solver.Builtins()
	if info, ok := declared.Load(p.Strategy); ok {
		var err error
		if set, err = set.With(info.(solver.Info)); err != nil {
			return solver.Result{}, err
		}
	}
	return set.Solve(ctx, p)
}

// resolve parses and resolves the declaration decl, and sets the test's
// watchdog.
func resolve(t *testing.T, decl string) *external.Executable {
	t.Helper()
	external.Watchdog(t)
	spec, err := external.Parse(decl)
	if err != nil {
		t.Fatal(err)
	}
	exe, err := external.Resolve(spec)
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// marker is the test's mark in its processes' command lines. It holds
// the test binary's process id: two runs of the suite at once (make
// mutate's workers, two checkouts) must not take each other's processes
// for leftovers.
func marker(t *testing.T) string {
	return fmt.Sprintf("marker-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))
}

// noLeftovers fails the test if a process with its marker is alive.
func noLeftovers(t *testing.T) {
	t.Helper()
	m := []byte(marker(t))
	var left []string
	for range 50 { // a killed process may take a moment to go
		left = left[:0]
		dirs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, d := range dirs {
			b, err := os.ReadFile(d)
			if err == nil && bytes.Contains(b, m) {
				stat, _ := os.ReadFile(filepath.Join(filepath.Dir(d), "stat"))
				if !bytes.Contains(stat, []byte(") Z ")) {
					left = append(left, filepath.Dir(d)+": "+string(bytes.ReplaceAll(b, []byte{0}, []byte{' '})))
				}
			}
		}
		if len(left) == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("processes left behind: %v", left)
}

// solve runs name once on rows x cols from 0,0.
func solve(t *testing.T, name string, rows, cols int, timeout time.Duration) solver.Result {
	t.Helper()
	res, err := solveProblem(context.Background(), solver.Problem{Board: board.Board{Rows: rows, Cols: cols},
		Strategy: name, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

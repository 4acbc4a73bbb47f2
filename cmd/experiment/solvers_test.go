package main

import (
	"bytes"
	"encoding/csv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// build compiles the Go program at pkg (a path from this directory) into
// dir and returns the binary's path.
func build(t *testing.T, dir, pkg string) string {
	t.Helper()
	bin := filepath.Join(dir, filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-trimpath", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// sweepRows runs experiment run with args into a new directory and returns
// its rows by strategy and then by board, start and trial.
func sweepRows(t *testing.T, args ...string) map[string]map[string]map[string]string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "s")
	var stdout, stderr bytes.Buffer
	args = append([]string{"run", "-quiet", "-no-report", "-out", out}, args...)
	if err := run(&stdout, &stderr, args); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, stderr.String())
	}
	f, err := os.Open(filepath.Join(out, "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]map[string]map[string]string{}
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		s := m["strategy"]
		if rows[s] == nil {
			rows[s] = map[string]map[string]string{}
		}
		rows[s][strings.Join([]string{m["rows"], m["cols"], m["start_row"], m["start_col"], m["trial"]}, ",")] = m
	}
	return rows
}

// same fails the test unless series b has a row for every row of a with
// the same values in cols.
func same(t *testing.T, rows map[string]map[string]map[string]string, a, b string, cols ...string) {
	t.Helper()
	if len(rows[a]) == 0 || len(rows[a]) != len(rows[b]) {
		t.Fatalf("%d rows of %s, %d of %s", len(rows[a]), a, len(rows[b]), b)
	}
	bad := 0
	for k, ra := range rows[a] {
		rb := rows[b][k]
		for _, c := range cols {
			if ra[c] != rb[c] && bad < 5 {
				bad++
				t.Errorf("%s from %s: %s %s is %q, %s's %q (error %q)", b, k, b, c, rb[c], a, ra[c], rb["error"])
			}
		}
	}
}

// The examples of examples/solvers, built and run as a user would: each
// gives, through the harness, exactly the built-in strategy's answers. The
// Go example answers with the built-in strategies themselves, so its nodes
// match too, dfs's under a node budget included.
func TestExampleSolvers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs three solvers, 7 s: make test-all runs it (package external's tests run a Go solver in -short)")
	}
	dir := t.TempDir()
	gosolver := build(t, dir, "../../examples/solvers/go")
	args := []string{"-sizes", "5-7", "-strategies", "warnsdorff,go", "-save-tours",
		"-solver", "go=stdio:" + gosolver + " -strategy warnsdorff"}
	if _, err := exec.LookPath("python3"); err == nil {
		args[3] += ",py"
		args = append(args, "-solver", "py=stdio:python3 ../../examples/solvers/python/warnsdorff.py")
	} else {
		t.Log("no python3: the Python example is not run")
	}
	if cc, err := exec.LookPath("gcc"); err == nil {
		bin := filepath.Join(dir, "cwarnsdorff")
		if out, err := exec.Command(cc, "-O2", "-Wall", "-Werror", "-o", bin, "../../examples/solvers/c/warnsdorff.c").CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		args[3] += ",c"
		args = append(args, "-solver", "c="+bin+" {rows} {cols} {row} {col}")
	} else {
		t.Log("no gcc: the C example is not run (CI installs gcc)")
	}
	rows := sweepRows(t, args...)
	same(t, rows, "warnsdorff", "go", "status", "tour", "nodes", "backtracks", "verified")
	for _, s := range []string{"py", "c"} {
		if rows[s] != nil {
			same(t, rows, "warnsdorff", s, "status", "tour", "verified")
		}
	}
	// The C solver holds a MiB or two, less than the sweep's own peak, which
	// Linux counts in the peak of a process it starts: its max_rss_bytes is
	// unknown, never the sweep's.
	for _, r := range rows["c"] {
		if rss, _ := strconv.ParseInt(r["max_rss_bytes"], 10, 64); rss >= 8<<20 || r["cpu_ns"] == "" {
			t.Fatalf("a one-process run without cpu_ns, or with the harness's peak as its max_rss_bytes: %v", r)
		}
	}
	for _, r := range rows["go"] {
		if r["max_rss_bytes"] != "" || r["cpu_ns"] == "" {
			t.Fatalf("a stdio run with max_rss_bytes, or without cpu_ns: %v", r)
		}
	}

	rows = sweepRows(t, "-sizes", "5-6", "-strategies", "dfs,go", "-max-nodes", "20000", "-save-tours",
		"-solver", "go=stdio:"+gosolver+" -strategy dfs")
	same(t, rows, "dfs", "go", "status", "tour", "nodes", "backtracks", "verified")
}

// A sweep with a faulty solver of every kind finishes; each fault is a row
// with status error (or timeout) and a reason, the built-in series' rows
// are those of a sweep without them, and no process is left behind.
func TestSolverFaultSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("a sweep with a hang of a second a start: make test-all runs it (package external's tests hold each fault alone)")
	}
	dir := t.TempDir()
	fixture := build(t, dir, "../../pkg/external/testdata/fixture")
	marker := "marker-" + t.Name()
	// Corners, where warnsdorff finds a tour: the fixture fails there
	// only as it is told to.
	base := []string{"-sizes", "6,8", "-strategies", "warnsdorff", "-starts", "corners", "-save-tours", "-timeout", "1s"}
	faults := map[string]string{
		"segv": "killed by signal SIGSEGV", "exit3": "exit status 3; stderr: fixture: giving up with status 3",
		"garbage": "output is neither a grid", "invalid": "invalid tour: step 3",
		"otherboard": "invalid tour: tour has", "otherstart": "invalid tour:", "flood": "output over",
	}
	args := append([]string{}, base...)
	for mode := range faults {
		args[3] += "," + mode
		args = append(args, "-solver", mode+"="+fixture+" "+mode+" "+marker)
	}
	args[3] += ",hang,orphan,three"
	args = append(args, "-solver", "hang="+fixture+" hang "+marker, "-solver", "orphan="+fixture+" orphan "+marker,
		"-solver", "three=stdio:"+fixture+" stdio-three "+marker)
	t0 := time.Now()
	rows := sweepRows(t, append(args, "-workers", "2")...)
	t.Logf("sweep of %d series in %v", len(rows), time.Since(t0))
	want := sweepRows(t, base...)
	for k, r := range want["warnsdorff"] {
		got := rows["warnsdorff"][k]
		r["time_ns"], r["cpu_ns"], got["time_ns"], got["cpu_ns"] = "", "", "", ""
		for c := range r {
			if r[c] != got[c] {
				t.Errorf("warnsdorff from %s: %s %q beside the faults, %q alone", k, c, got[c], r[c])
			}
		}
	}
	for mode, reason := range faults {
		for k, r := range rows[mode] {
			if r["status"] != "error" || !strings.Contains(r["error"], reason) || strings.Contains(r["error"], "\n") {
				t.Errorf("%s from %s: %s %q, want error %q", mode, k, r["status"], r["error"], reason)
			}
		}
	}
	for k, r := range rows["hang"] {
		if r["status"] != "timeout" {
			t.Errorf("hang from %s: %s, want timeout", k, r["status"])
		}
	}
	// The orphan's tours are good whenever warnsdorff's are: it answers with
	// them before it exits, leaving its child behind.
	same(t, rows, "warnsdorff", "orphan", "tour")
	// The stdio solver that exits after its third answer ends between
	// requests: the harness starts it again, and every run is answered.
	same(t, rows, "warnsdorff", "three", "status", "tour")
	left, _ := exec.Command("pgrep", "-f", marker).Output()
	if len(bytes.TrimSpace(left)) > 0 {
		t.Errorf("processes left behind: %s", left)
	}
}

// A solver is a strategy of the command that declares it, and of the
// sweep whose manifest records it, alone: after a report has read such a
// manifest, a command of the same process that does not declare the
// solver refuses its name, as a fresh process does.
func TestDeclaredSolverEndsWithItsCommand(t *testing.T) {
	dir := t.TempDir()
	sweep := filepath.Join(dir, "s")
	var stdout, stderr bytes.Buffer
	if err := run(&stdout, &stderr, []string{"run", "-quiet", "-no-report", "-out", sweep, "-sizes", "5", "-starts", "0,0",
		"-strategies", "mine", "-solver", "mine=/bin/true {row} {col}"}); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	if err := run(&stdout, &stderr, []string{"report", "-out", filepath.Join(dir, "r"), filepath.Join(sweep, "runs.csv")}); err != nil {
		t.Fatalf("report: %v\n%s", err, stderr.String())
	}
	stdout.Reset()
	err := run(&stdout, &stderr, []string{"run", "-plan", "-sizes", "5", "-strategies", "mine"})
	if code := exitCode(err, io.Discard); code != 2 || !strings.Contains(err.Error(), `-strategies: unknown strategy "mine"`) {
		t.Errorf("run -strategies mine without -solver after a report of its sweep: exit %d, %v\n%s", code, err, stdout.String())
	}
}

// TestSolverNamesDifferingOnlyInCase: two declared solvers whose names
// differ only in case, or a solver named ALL beside -strategies' keyword
// all, are refused as a solver named Warnsdorff is: series a report would
// tell apart by case alone.
func TestSolverNamesDifferingOnlyInCase(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "cw.sh")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\necho '{\"status\":\"dead_end\"}'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, strategies string
		solvers          []string
		want             string
	}{
		{"two solvers", "x,X", []string{"x", "X"}, "-solver: X differs from the solver x only in case"},
		{"the keyword all", "ALL", []string{"ALL"}, "-solver: ALL differs from -strategies' keyword all only in case"},
		{"a built-in", "Warnsdorff", []string{"Warnsdorff"}, "-solver: Warnsdorff differs from the built-in strategy warnsdorff only in case"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"run", "-plan", "-quiet", "-sizes", "5", "-starts", "0,0", "-strategies", c.strategies}
			for _, s := range c.solvers {
				args = append(args, "-solver", s+"="+prog)
			}
			var stdout, stderr bytes.Buffer
			err := run(&stdout, &stderr, args)
			if code := exitCode(err, &stderr); code != exitBadInput || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("%v: exit %d, %q; want exit 2 and %q", args, code, stderr.String(), c.want)
			}
		})
	}
	t.Run("distinct names", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		args := []string{"run", "-plan", "-quiet", "-sizes", "5", "-starts", "0,0", "-strategies", "x,y", "-solver", "x=" + prog, "-solver", "y=" + prog}
		if err := run(&stdout, &stderr, args); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	})
}

package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every bad value exits 2 with a message naming the flag and what it
// accepts, before anything is written.
func TestRunBadFlags(t *testing.T) {
	done := filepath.Join(t.TempDir(), "done")
	if _, errOut, code := runCLI(t, "run", "-sizes", "5", "-strategies", "warnsdorff", "-out", done, "-quiet", "-no-report"); code != 0 {
		t.Fatalf("setup sweep: exit %d: %s", code, errOut)
	}
	before, _ := os.ReadFile(filepath.Join(done, "runs.csv"))
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run"}, "-sizes: missing; want N (an N x N board), A-B"},
		{[]string{"run", "-sizes", "8-5"}, `-sizes: "8-5": range 8-5 runs backwards; want N (an N x N board), A-B (every N x N from A to B) or RxC`},
		{[]string{"run", "-sizes", "0"}, `-sizes: "0": side 0 is outside 1..20000; want N`},
		{[]string{"run", "-sizes", "abc"}, `-sizes: "abc": "abc" is not a whole number; want N`},
		{[]string{"run", "-sizes", "5", "-strategies", "dfs,bfs"}, `-strategies: unknown strategy "bfs": want one of dfs, warnsdorff, warnsdorff-bt`},
		{[]string{"run", "-sizes", "5", "-workers", "0"}, "-workers: 0: want 1 to 4096"},
		{[]string{"run", "-sizes", "5", "-max-nodes", "-1"}, "-max-nodes: -1: want 0 (no limit) or a positive number of nodes"},
		{[]string{"run", "-sizes", "5", "-timeout", "-1s"}, "-timeout: -1s: want 0 (no limit) or a positive duration"},
		{[]string{"run", "-sizes", "5", "-order", "12345"}, `-order: move order "12345": got 5 characters: want 8 offsets`},
		{[]string{"run", "-sizes", "5", "-starts", "centre"}, "-starts: square \"centre\": want row,col"},
		{[]string{"run", "-sizes", "5", "-strategies", "warnsdorff", "-out", done}, "-out: " + done + " is not empty: give a new directory, or add -resume"},
		{[]string{"run", "-sizes", "6", "-strategies", "warnsdorff", "-out", done, "-resume"}, `-resume: ` + done + ` was run with other settings (-sizes: was ["5x5"], now ["6x6"])`},
		{[]string{"run", "-resume", "-sizes", "5"}, "-resume: needs -out"},
		{[]string{"run", "-config", "nonesuch"}, "-config: nonesuch: no such file, nor a preset of that name (presets: closed, dfs-vs-warnsdorff, overnight, quick, restarts)"},
		{[]string{"run", "-sizes", "5", "-tiebreak", "coin"}, `-tiebreak: unknown rule "coin": want a comma-separated list of first, random, pohl, roth`},
		{[]string{"run", "-sizes", "5", "-strategies", "dfs", "-tiebreak", "roth"}, `-tiebreak: "roth": no strategy of -strategies accepts it`},
		{[]string{"run", "-sizes", "5", "-trials", "0"}, "-trials: 0: want a number of trials from 1 to"},
		{[]string{"run", "-sizes", "5", "-trials", "5"}, "-trials: 5: only randomised jobs repeat, and this sweep has none: add -order random (for dfs) or -tiebreak random (for warnsdorff or warnsdorff-bt)"},
		{[]string{"run", "-sizes", "5", "-strategies", "warnsdorff,parberry", "-prune"}, "-prune: none of -strategies prunes: pruning applies to dfs, warnsdorff-bt"},
		{[]string{"run", "-sizes", "5", "-mem-limit", "lots"}, `-mem-limit: "lots": want bytes such as 512MB, 4GiB`},
		{[]string{"run", "-sizes", "1000", "-strategies", "warnsdorff", "-mem-limit", "1MB"}, "-mem-limit: warnsdorff on 1000x1000 needs about"},
		{[]string{"run", "-sizes", "5", "-strategies", "parberry"}, "-strategies: no job to run: parberry skips 25 start(s) on 5x5"},
		{[]string{"run", "-sizes", "5", "-strategies", "warnsdorff", "-tiebreak", "random", "-trials", "3", "-out", done, "-resume"}, `-resume: ` + done + ` was run with other settings (-tiebreak: was ["first"], now ["random"]; -trials: was 1, now 3)`},
		{[]string{"run", "-sizes", "5", "-frobnicate"}, "-frobnicate: no such flag"},
		// The advice names what the strategies take: dfs -order random.
		{[]string{"run", "-sizes", "5", "-strategies", "dfs", "-trials", "3"}, "only randomised jobs repeat, and this sweep has none: add -order random (for dfs)"},
		{[]string{"run", "-sizes", "5", "-strategies", "warnsdorff", "-order", "random"}, "takes a random move order (dfs does)"},
		{[]string{"run", "-sizes", "5", "extra"}, `unexpected argument "extra"`},
	} {
		out, errOut, code := runCLI(t, tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
		if out != "" {
			t.Errorf("%q: stdout %q", tt.args, out)
		}
		// Refused before any work: no plan shown, no pace trial run.
		if strings.Contains(errOut, "plan: ") {
			t.Errorf("%q: refused after the plan was shown:\n%s", tt.args, errOut)
		}
	}
	if after, _ := os.ReadFile(filepath.Join(done, "runs.csv")); string(after) != string(before) {
		t.Error("a refused run changed runs.csv")
	}
}

// The sweep prints its table and writes the report; with -short (the
// report's PNGs take seconds under -race) it runs with -no-report and
// checks that no report appears.
func TestRunSweep(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sweep")
	args := []string{"run", "-sizes", "5,3x4", "-strategies", "warnsdorff,warnsdorff-bt", "-max-nodes", "10000", "-out", out}
	if testing.Short() {
		args = append(args, "-no-report")
	}
	stdout, stderr, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"completed: 74 runs (74 this time, 0 before)",
		// Greedy warnsdorff finds a tour from the 6 squares of 3x4's end
		// files, the only ones that start one; it fails from one
		// corner-coloured 5x5 start, and the other 12 have no tour.
		"warnsdorff 3x4 6/12 6/6 0 9",
		"5x5 12/25 12/13 0 24",
		// warnsdorff-bt finds all 13 and runs out of budget on the 12.
		"5x5 13/25 13/13 12 1734",
		"results in " + out + " (runs.csv, manifest.json)",
	} {
		if !strings.Contains(squeeze(stdout), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	for _, line := range strings.Split(stdout, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("line wider than 80 columns: %q", line)
		}
	}
	for _, name := range []string{"report.html", "summary.csv", "charts/success.svg", "series.csv", "headtohead.csv"} {
		_, err := os.Stat(filepath.Join(out, name))
		if !testing.Short() && err != nil {
			t.Errorf("the sweep wrote no %s: %v", name, err)
		}
		if testing.Short() && err == nil {
			t.Errorf("-no-report, yet the sweep wrote %s", name)
		}
	}
	if got := strings.Contains(stdout, "report written in"); got == testing.Short() {
		t.Errorf("report line printed: %v, with -short %v:\n%s", got, testing.Short(), stdout)
	}
	// -resume of a finished sweep: nothing to do, exit 0.
	stdout, _, code = runCLI(t, "run", "-sizes", "3x4,5", "-strategies", "warnsdorff-bt,warnsdorff", "-max-nodes", "10000", "-out", out, "-resume", "-quiet", "-no-report")
	if code != 0 || !strings.Contains(stdout, "completed: 74 runs (0 this time, 74 before)") {
		t.Errorf("resume: exit %d:\n%s", code, stdout)
	}
}

// Without a file of that name, -config reads the embedded preset; without
// -out, results go to results/<timestamp>/ under the current directory.
func TestRunEmbeddedPresetDefaultOut(t *testing.T) {
	t.Chdir(t.TempDir())
	stdout, stderr, code := runCLI(t, "run", "-config", "quick", "-sizes", "5", "-strategies", "warnsdorff", "-quiet", "-no-report")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := regexp.MustCompile(`results in (results/\d{8}-\d{6}) `).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no results directory in:\n%s", stdout)
	}
	manifest, err := os.ReadFile(filepath.Join(m[1], "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The preset's budget, the command line's sizes.
	if !strings.Contains(string(manifest), `"max_nodes": 20000000`) || !strings.Contains(string(manifest), `"sizes": [`+"\n"+`      "5x5"`) {
		t.Errorf("manifest:\n%s", manifest)
	}
}

// An interrupted sweep exits 130 and says how to finish it.
func TestRunInterrupted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sweep")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr strings.Builder
	err := cmdRun(ctx, []string{"-sizes", "5", "-strategies", "warnsdorff", "-out", out}, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 130 {
		t.Fatalf("exit %d: %v", code, err)
	}
	want := "25 of 25 jobs still to run: finish with\n  experiment run -sizes 5 -strategies warnsdorff -out " + out + " -resume\n"
	if !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want)
	}
	if _, _, code := runCLI(t, "run", "-sizes", "5", "-strategies", "warnsdorff", "-out", out, "-resume", "-quiet", "-no-report"); code != 0 {
		t.Errorf("resume: exit %d", code)
	}
}

// squeeze replaces each run of spaces with one.
func squeeze(s string) string {
	return regexp.MustCompile(` +`).ReplaceAllString(s, " ")
}

// -starts solvable leaves out the starts theory rules out: on 5x5 and 9x9
// the corner colour only (13 and 41 squares), on 4x5 the outer ranks (10).
func TestRunStartsSolvable(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sweep")
	stdout, errOut, code := runCLI(t, "run", "-sizes", "5,9,4x5", "-starts", "solvable", "-strategies", "warnsdorff-bt",
		"-max-nodes", "100000", "-out", out, "-quiet", "-no-report")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(stdout, "completed: 64 runs") {
		t.Errorf("stdout:\n%s", stdout)
	}
	// Nothing spends its budget proving that no tour starts where theory
	// says none does.
	if strings.Contains(readFile(t, filepath.Join(out, "runs.csv")), ",no,") {
		t.Error("a run from a start theory rules out")
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A sweep in a random order and with restarts gives the same rows, byte
// for byte but time, when run again; and solve, given a row's seed,
// replays its run exactly (status, nodes, backtracks, restarts, tour).
func TestRestartsReplay(t *testing.T) {
	args := []string{"run", "-sizes", "6", "-starts", "0,0;1,2", "-strategies", "dfs,warnsdorff-bt", "-tiebreak", "random",
		"-order", "random", "-trials", "3", "-max-nodes", "400000", "-restarts", "none;fixed:3000;luby:100", "-save-tours", "-quiet", "-no-report"}
	var rows [2][]string
	for i := range rows {
		out := filepath.Join(t.TempDir(), "r")
		if _, errOut, code := runCLI(t, append(args, "-out", out, "-workers", fmt.Sprint(i+1))...); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var header []string
		header, rows[i] = readCSV(t, filepath.Join(out, "runs.csv"))
		if i == 1 && !slices.Equal(rows[0], rows[1]) {
			t.Fatalf("the sweep run again gave other rows:\n%s\n---\n%s", strings.Join(rows[0], "\n"), strings.Join(rows[1], "\n"))
		}
		if i == 1 {
			checkReplays(t, header, rows[i])
		}
	}
	if len(rows[0]) != 2*2*3*3 {
		t.Errorf("%d rows", len(rows[0]))
	}
}

// checkReplays replays each row (fields joined by "|", as readCSV gives
// them) with solve -json and compares every column but time_ns and trial.
func checkReplays(t *testing.T, header, lines []string) {
	policies := map[string]int{}
	for _, line := range lines {
		r := map[string]string{}
		for i, v := range strings.Split(line, "|") {
			r[header[i]] = v
		}
		policies[r["strategy"]+" "+r["order"]+" "+r["restart_policy"]]++
		args := []string{"solve", "-rows", r["rows"], "-cols", r["cols"], "-start", r["start_row"] + "," + r["start_col"],
			"-strategy", r["strategy"], "-tiebreak", r["tiebreak"], "-order", r["order"], "-seed", r["seed"],
			"-restarts", r["restart_policy"], "-max-nodes", r["max_nodes"], "-json"}
		out, errOut, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		dec := json.NewDecoder(strings.NewReader(out))
		dec.UseNumber()
		var got map[string]any
		if err := dec.Decode(&got); err != nil {
			t.Fatal(err)
		}
		for col, want := range r {
			v, ok := got[col]
			switch {
			case col == "time_ns", col == "cpu_ns", col == "trial": // readCSV blanks times; solve runs trial 0
				continue
			case !ok, v == nil:
				v = "" // omitted when empty, null when unknown
			case col == "tour" && ok:
				var sq []string
				for _, s := range v.([]any) {
					sq = append(sq, fmt.Sprint(s))
				}
				v = strings.Join(sq, " ")
			}
			if fmt.Sprint(v) != want {
				t.Errorf("%s: %s is %v, the row's %s", strings.Join(args, " "), col, v, want)
			}
		}
	}
	want := map[string]int{"dfs random none": 6, "dfs random fixed:3000": 6, "dfs random luby:100": 6}
	for k, n := range want {
		if policies[k] != n {
			t.Errorf("%s: %d rows; all %v", k, policies[k], policies)
		}
	}
}

// Bad restart and order flags exit 2 naming the flag and what it accepts,
// before any work.
func TestRestartsFlags(t *testing.T) {
	out := filepath.Join(t.TempDir(), "never")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-sizes", "6", "-strategies", "warnsdorff-bt", "-restarts", "luby:49"}, "-restarts: luby:49: restarts apply only to randomised backtracking (dfs with -order random, warnsdorff-bt with -tiebreak random)"},
		{[]string{"run", "-sizes", "6", "-strategies", "dfs", "-order", "random", "-restarts", "luby"}, `-restarts: restart policy "luby": missing its number of nodes; want none, fixed:C`},
		{[]string{"run", "-sizes", "6", "-strategies", "dfs", "-order", "random", "-restarts", "fixed:100"}, "-restarts: fixed:100: a cutoff that never grows (fixed, or geometric with factor 1) never proves"},
		{[]string{"run", "-sizes", "6", "-strategies", "dfs", "-order", "random", "-restarts", ";"}, "-restarts: no restart policy"},
		{[]string{"run", "-sizes", "6", "-strategies", "warnsdorff-bt", "-order", "random"}, "-order: random: no strategy of -strategies takes a random move order (dfs does)"},
		{[]string{"run", "-sizes", "6", "-strategies", "dfs", "-trials", "5"}, "-trials: 5: only randomised jobs repeat"},
		{[]string{"solve", "-size", "6", "-strategy", "dfs", "-restarts", "luby:10"}, "-restarts luby:10: restarts apply only to randomised backtracking"},
		{[]string{"solve", "-size", "6", "-strategy", "warnsdorff", "-tiebreak", "random", "-restarts", "luby:10"}, "-restarts luby:10: restarts apply only"},
		{[]string{"solve", "-size", "6", "-strategy", "warnsdorff-bt", "-order", "random"}, "-order random: warnsdorff-bt takes no random move order; dfs do"},
		{[]string{"solve", "-size", "6", "-strategy", "dfs", "-order", "random", "-restarts", "fixed:20", "-max-nodes", "100"}, "-restarts fixed:20: a tour of 6x6 enters 36 squares"},
		{[]string{"solve", "-size", "6", "-strategy", "dfs", "-order", "random", "-restarts", "fixed:200"}, "give -max-nodes or -timeout"},
		{[]string{"solve", "-size", "6", "-strategy", "dfs", "-order", "random", "-restarts", "geometric:10"}, "geometric needs a first cutoff and a factor"},
		// A first cutoff at or past -max-nodes never restarts: the series
		// repeated the one without restarts, 0 restarts a run.
		{[]string{"run", "-sizes", "5", "-starts", "0,0", "-strategies", "dfs", "-order", "random", "-restarts", "none;luby:5000", "-max-nodes", "5000"}, "-restarts: luby:5000: the first attempt may take 5000 nodes, and -max-nodes 5000 stops the run before it ends"},
		{[]string{"solve", "-size", "5", "-strategy", "dfs", "-order", "random", "-restarts", "fixed:100000", "-max-nodes", "5000"}, "-restarts fixed:100000: the first attempt may take 100000 nodes, and -max-nodes 5000"},
		// Factor 1 is a fixed cutoff: without a budget a 5x5 sweep from
		// 0,0 ran on for ever; below the squares no attempt finds a tour.
		{[]string{"run", "-sizes", "5", "-starts", "0,0", "-strategies", "dfs", "-order", "random", "-restarts", "geometric:100,1"}, "-restarts: geometric:100,1: a cutoff that never grows (fixed, or geometric with factor 1) never proves"},
		{[]string{"run", "-sizes", "5", "-starts", "0,0", "-strategies", "dfs", "-order", "random", "-restarts", "geometric:10,1", "-max-nodes", "1000"}, "-restarts: geometric:10,1: a tour of 5x5 enters 25 squares"},
		{[]string{"solve", "-size", "5", "-strategy", "dfs", "-order", "random", "-restarts", "geometric:100,1"}, "give -max-nodes or -timeout"},
		{[]string{"solve", "-size", "5", "-strategy", "dfs", "-order", "random", "-restarts", "geometric:10,1", "-max-nodes", "1000"}, "-restarts geometric:10,1: a tour of 5x5 enters 25 squares"},
	} {
		args := tt.args
		if args[0] == "run" {
			args = append(args, "-out", out, "-quiet")
		}
		stdout, stderr, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, tt.want) || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused sweep created %s", out)
	}
}

// solve prints how many restarts a run with a policy made.
func TestSolveRestartsLine(t *testing.T) {
	out, errOut, code := runCLI(t, "solve", "-size", "6", "-strategy", "dfs", "-order", "random", "-seed", "4", "-restarts", "luby:500")
	if code != 0 || !bytes.Contains([]byte(out), []byte("status=found")) || !strings.Contains(out, " restarts=") {
		t.Errorf("exit %d: %s %s", code, out, errOut)
	}
}

// The plan's line says which strategies of a sweep with -order random run
// the default order: "dfs, warnsdorff; order random" read as a random
// warnsdorff, which ran once in the default order.
func TestPlanLineRandomOrder(t *testing.T) {
	for _, tt := range []struct {
		strategies, want string
	}{
		{"dfs,warnsdorff,warnsdorff-bt", "; order random (warnsdorff, warnsdorff-bt in the default order)\n"},
		{"dfs,squirrel-cull", "; order random\n"},
		{"dfs", "; order random\n"},
	} {
		stdout, stderr, code := runCLI(t, "run", "-plan", "-sizes", "6", "-starts", "0,0", "-strategies", tt.strategies, "-order", "random", "-trials", "2", "-out", filepath.Join(t.TempDir(), "never"))
		line, _, _ := strings.Cut(stdout, "into:")
		if code != 0 || !strings.HasSuffix(line, tt.want) {
			t.Errorf("-strategies %s: exit %d, plan %q, stderr %q; want it to end %q", tt.strategies, code, line, stderr, tt.want)
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
)

var update = flag.Bool("update", false, "rewrite golden files")

// runCLI runs the command line and returns stdout, stderr and exit status.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(&stdout, &stderr, args)
	code := exitCode(err, &stderr)
	return stdout.String(), stderr.String(), code
}

var timeField = regexp.MustCompile(`time=[0-9.]+[µnm]?s`)

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

// Seed 003's example, as a user types it, on every core, on one and on
// three (more walks than this machine's cores): the same grid and counts.
func TestSolveSeed003(t *testing.T) {
	for _, workers := range []string{"", "1", "3"} {
		args := []string{"solve", "-size", "8", "-start", "0,0", "-strategy", "dfs"}
		if workers != "" {
			args = append(args, "-workers", workers)
		}
		t.Run("workers="+workers, func(t *testing.T) {
			out, errOut, code := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			golden(t, "solve_seed003.golden", timeField.ReplaceAllString(out, "time=T"))
		})
	}
}

func TestSolveJSON(t *testing.T) {
	out, errOut, code := runCLI(t, "solve", "-size", "10", "-strategy", "warnsdorff-bt",
		"-order", "2,1 2,-1 -2,1 -2,-1 1,2 1,-2 -1,2 -1,-2", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, k := range []string{"rows", "cols", "start_row", "start_col", "strategy", "order", "closed", "status", "nodes", "backtracks", "time_ns", "verified", "tour"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, out)
		}
	}
	if got["status"] != "found" || got["nodes"] != 100.0 || got["verified"] != true || len(got["tour"].([]any)) != 100 {
		t.Errorf("JSON = %s", out)
	}
	// Without a tour there is no tour field.
	out, _, _ = runCLI(t, "solve", "-size", "4", "-json")
	if strings.Contains(out, `"tour"`) || !strings.Contains(out, `"status":"exhausted"`) {
		t.Errorf("4x4: %s", out)
	}
}

func TestSolveBadFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"solve"}, "-sizes: missing"},
		{[]string{"solve", "-size", "0"}, "-size 0: want a whole number from 1 to 20000"},
		{[]string{"solve", "-size", "20001"}, "-size 20001"},
		{[]string{"solve", "-size", "abc"}, "-size"},
		{[]string{"solve", "-size", "8", "-rows", "3"}, "not both"},
		{[]string{"solve", "-rows", "8"}, "-cols: missing"},
		{[]string{"solve", "-size", "8", "-start", "8,0"}, "-start: square 8,0 is off the 8x8 board; want row 0..7 and col 0..7"},
		{[]string{"solve", "-size", "8", "-start", "x"}, "-start"},
		{[]string{"solve", "-size", "8", "-strategy", "bfs"}, "-strategy: unknown strategy \"bfs\": want one of dfs, warnsdorff, warnsdorff-bt"},
		{[]string{"solve", "-size", "8", "-order", "1234567"}, "-order"},
		{[]string{"solve", "-size", "8", "-order", "2,1 2,1 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"}, "appears twice"},
		{[]string{"solve", "-size", "8", "-max-nodes", "-5"}, "-max-nodes -5"},
		{[]string{"solve", "-size", "8", "-timeout", "-1s"}, "-timeout"},
		{[]string{"solve", "-size", "8", "extra"}, "unexpected argument"},
		{[]string{"solve", "-size", "6", "-strategy", "dfs", "-order", "random", "-restarts", "fixed:49;luby:49"}, `-restarts "fixed:49;luby:49": solve runs one policy, not a list`},
		{[]string{"solve", "-size", "6", "-strategy", "warnsdorff", "-order", "random"}, "-order random: warnsdorff takes no random move order; dfs does"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
	} {
		_, errOut, code := runCLI(t, tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

func TestSolveBudgets(t *testing.T) {
	out, _, code := runCLI(t, "solve", "-size", "30", "-max-nodes", "1000")
	if code != 0 || !strings.Contains(out, "status=node_limit nodes=1000 ") {
		t.Errorf("node limit: exit %d: %s", code, out)
	}
	out, _, code = runCLI(t, "solve", "-size", "30", "-timeout", "20ms")
	if code != 0 || !strings.Contains(out, "status=timeout ") {
		t.Errorf("timeout: exit %d: %s", code, out)
	}
}

// solve -json prints a run's record as a sweep writes it: replaying a row
// of runs.csv with solve (its board, start, strategy, tie-break, seed and
// budget, as docs/runs.md promises of the seed column) gives the same row,
// byte for byte, but for the time and the trial, which a lone search does
// not have.
func TestSolveReplaysRows(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sweep")
	if _, errOut, code := runCLI(t, "run", "-quiet", "-no-report", "-save-tours", "-sizes", "5,6", "-starts", "0,0;1,2",
		"-strategies", "dfs,warnsdorff,warnsdorff-bt", "-tiebreak", "first,random", "-trials", "2", "-seed", "11",
		"-max-nodes", "3000", "-out", out); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(out, "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	var rows []runs.Row
	if err := runs.ForEach(bytes.NewReader(data), func(r *runs.Row, _ int) error {
		rows = append(rows, *r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2*2*(1+1+2+1+2) {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		args := []string{"solve", "-json", "-workers", "1", "-rows", strconv.Itoa(r.Rows), "-cols", strconv.Itoa(r.Cols),
			"-start", fmt.Sprintf("%d,%d", r.StartRow, r.StartCol), "-strategy", r.Strategy, "-tiebreak", r.Tiebreak,
			"-seed", strconv.FormatUint(r.Seed, 10), "-max-nodes", strconv.FormatInt(r.MaxNodes, 10)}
		stdout, errOut, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got struct {
			runs.Row
			Tour []int32 `json:"tour"`
		}
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%v: %v: %s", args, err, stdout)
		}
		got.Row.Tour = runs.FormatTour(got.Tour)
		got.Row.Trial, got.Row.TimeNS, got.Row.CPUNS = r.Trial, r.TimeNS, r.CPUNS
		var b bytes.Buffer
		w := runs.NewWriter(&b, true)
		if err := w.Write(&got.Row); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if b.String() != lines[i+1] {
			t.Errorf("%v:\nsolve  %s sweep  %s", args, b.String(), lines[i+1])
		}
	}
}

package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
)

// readCSV returns the rows of a runs.csv as lines of fields, the time_ns
// and cpu_ns columns blanked (timings are the one thing two runs of a
// sweep do not share), sorted.
func readCSV(t *testing.T, path string) (header []string, rows []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header = records[0]
	tcol, ccol := slices.Index(header, "time_ns"), slices.Index(header, "cpu_ns")
	for _, r := range records[1:] {
		r[tcol], r[ccol] = "", ""
		rows = append(rows, strings.Join(r, "|"))
	}
	slices.Sort(rows)
	return header, rows
}

// Three shards of a sweep with trials, random and deterministic cells
// mixed, each run as a Slurm task would run it, merge into exactly the rows
// of the whole sweep in every column but the times: budgets, seeds and
// tours included.
func TestShardsWithTrialsMergeEqualsWhole(t *testing.T) {
	root := t.TempDir()
	flags := []string{"run", "-sizes", "5,3x4", "-strategies", "dfs,warnsdorff,warnsdorff-bt", "-tiebreak", "first,random",
		"-trials", "3", "-seed", "11", "-max-nodes", "5000", "-timeout", "1m", "-save-tours", "-quiet", "-no-report"}
	whole := filepath.Join(root, "whole")
	if _, errOut, code := runCLI(t, append(flags, "-out", whole)...); code != 0 {
		t.Fatalf("whole sweep: exit %d: %s", code, errOut)
	}
	var dirs []string
	for i := range 3 {
		dir := filepath.Join(root, fmt.Sprintf("shard-%d", i))
		t.Setenv("SLURM_ARRAY_TASK_ID", fmt.Sprint(i))
		if _, errOut, code := runCLI(t, append(flags, "-shard", "auto/3", "-out", dir, "-resume")...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errOut)
		}
		dirs = append(dirs, dir)
	}
	merged := filepath.Join(root, "merged")
	if _, errOut, code := runCLI(t, append([]string{"merge", "-out", merged, "-no-report"}, dirs...)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	wh, want := readCSV(t, filepath.Join(whole, "runs.csv"))
	mh, got := readCSV(t, filepath.Join(merged, "runs.csv"))
	if !slices.Equal(wh, mh) || !slices.Equal(wh, runs.Columns(true)) {
		t.Fatalf("headers %q and %q", wh, mh)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("merged rows differ from the whole sweep's: %d and %d rows", len(got), len(want))
	}
	// Every column is set as the run set it: budgets on every row.
	for _, r := range got {
		f := strings.Split(r, "|")
		if f[slices.Index(wh, "max_nodes")] != "5000" || f[slices.Index(wh, "timeout_ns")] != "60000000000" {
			t.Fatalf("row %q lost its budget", r)
		}
	}
	// 37 starts: dfs once; warnsdorff and warnsdorff-bt once with first and
	// three times with random.
	if want := 37 + 2*(37+3*37); len(got) != want {
		t.Errorf("%d rows, want %d", len(got), want)
	}
}

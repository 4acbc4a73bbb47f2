package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
)

func TestReportErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("rows,cols\n5,5\n"), 0o644)
	// A tour in 3 nodes on 7x7: a row that contradicts itself.
	short := filepath.Join(dir, "short.csv")
	os.WriteFile(short, []byte(runs.Header(false)+"7,7,0,0,warnsdorff,first,false,0,0,found,yes,3,0,30,true,,false,,0,0,none,0,,\n"), 0o644)
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"report"}, 2, "give one or more runs.csv files"},
		{[]string{"report", filepath.Join(dir, "none.csv")}, 2, "no such file"},
		{[]string{"report", dir}, 2, "is a directory: give the runs.csv in it"},
		{[]string{"report", bad}, 2, "missing required column: start_row"},
		{[]string{"report", "-bogus", bad}, 2, "-bogus: no such flag"},
		{[]string{"report", "-exact", "-exact-from", bad, bad}, 2, "-exact-from: with -exact: give one"},
		{[]string{"report", "-out", filepath.Join(dir, "rep"), short}, 2, "short.csv: line 2: found with 3 nodes, fewer than the 7x7 board's 49 squares"},
		{[]string{"report", "-h"}, 0, "usage: experiment report"},
	} {
		var stdout, stderr bytes.Buffer
		code := exitCode(run(&stdout, &stderr, tt.args), &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, stderr.String(), tt.code, tt.want)
		}
	}
}

func TestReport(t *testing.T) {
	if testing.Short() {
		t.Skip("renders PNGs: seconds each under the race detector")
	}
	dir := t.TempDir()
	csv := "rows,cols,start_row,start_col,strategy,tiebreak,closed,trial,seed,status,solvable,nodes,backtracks,time_ns,verified\n" +
		"5,5,0,0,dfs,first,false,0,0,found,yes,304,279,5000,true\n" +
		"5,5,0,0,warnsdorff,first,false,0,0,found,yes,25,0,900,true\n"
	in := filepath.Join(dir, "runs.csv")
	os.WriteFile(in, []byte(csv), 0o644)
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	// Flags may follow the file.
	if code := exitCode(run(&stdout, &stderr, []string{"report", in, "-out", out}), &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, f := range []string{"summary.csv", "report.html", "charts/success.svg", "headtohead.csv", "series.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// One start of 25 makes no heat map, and a CSV without tours beside no
	// saved tour makes no tour picture: the page says so.
	html, _ := os.ReadFile(filepath.Join(out, "report.html"))
	for _, why := range []string{"at most 1 of 25 start squares run", "no tour of 5x5 to draw"} {
		if !bytes.Contains(html, []byte(why)) {
			t.Errorf("report.html does not say %q", why)
		}
	}
	for _, want := range []string{"found/runs", "dfs", "5x5", "2 runs in 2 groups", "report.html"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
}

// The comparison that used to call greedy warnsdorff better than
// warnsdorff-bt on 5x5 and 7x7 because it fails faster where both fail: on
// paired runs, warnsdorff-bt finds every tour warnsdorff finds and more (1
// more on 5x5, 3 on 7x7), and the exact McNemar test says how much that
// rests on: p = 2 * 1/2 = 1 and 2 * 1/8 = 0.25.
func TestVerdictsOnRealRuns(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sweep")
	if _, errOut, code := runCLI(t, "run", "-sizes", "5,7", "-strategies", "warnsdorff,warnsdorff-bt", "-max-nodes", "100000",
		"-out", out, "-quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(out, "headtohead.csv"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, ",")
		// board: pairs, a_found, b_found, a_only, b_only, mcnemar_p
		got[f[0]] = strings.Join(f[3:9], ",")
	}
	for board, want := range map[string]string{
		"5x5": "25,12,13,0,1,1",
		"7x7": "49,18,21,0,3,0.25",
		"all": "74,30,34,0,4,0.125",
	} {
		if got[board] != want {
			t.Errorf("%s: pairs,a_found,b_found,a_only,b_only,mcnemar_p = %s, want %s", board, got[board], want)
		}
	}
	html, _ := os.ReadFile(filepath.Join(out, "report.html"))
	if strings.Contains(string(html), "warnsdorff succeeds more often") {
		t.Error("the page calls warnsdorff better")
	}
}

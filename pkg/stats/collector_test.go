package stats

import (
	"context"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
)

func readSmall(t *testing.T) *Results {
	t.Helper()
	c := NewCollector(Options{})
	if err := c.ReadFile(context.Background(), "testdata/small.csv"); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The figures of testdata/small.csv, computed by hand (see the comments).
func TestSmallGroups(t *testing.T) {
	res := readSmall(t)
	var labels []string
	for _, s := range res.Series {
		labels = append(labels, s.Label)
	}
	// warnsdorff ran with two tie-break rules: both are named. Open series
	// sort before closed ones.
	if got, want := strings.Join(labels, "; "), "dfs; dfs, prune; warnsdorff/first; warnsdorff/random; dfs, closed"; got != want {
		t.Errorf("series = %q, want %q", got, want)
	}
	if res.Rows != 16 || len(res.Groups) != 5 {
		t.Fatalf("%d rows in %d groups, want 16 in 5", res.Rows, len(res.Groups))
	}
	if len(res.Boards) != 2 || res.Boards[0] != (board.Board{Rows: 5, Cols: 5}) || res.Boards[1] != (board.Board{Rows: 6, Cols: 6}) {
		t.Errorf("boards = %v", res.Boards)
	}
	want := map[string]Summary{
		// dfs 5x5: 5 runs, 3 found; 4 from solvable starts, 3 found.
		// nodes 100 200 300 400 1000: p90 at h = 3.6 is 400 + 0.6*600.
		// time 1000 2000 3000 4000 9000: p90 is 4000 + 0.6*5000.
		"dfs": {Starts: 5, Attempts: 5, Found: 3, SuccessRate: 0.6, SuccessLo: 0.230724, SuccessHi: 0.882379,
			SolvableAttempts: 4, SolvableFound: 3, SolvableRate: 0.75, SolvableLo: 0.300642, SolvableHi: 0.954413,
			Unsolvable: 1, Exhausted: 1, NodeLimit: 1, Verified: 3,
			NodesMedian: 300, NodesP90: 760, NodesMax: 1000, NodesMean: 400,
			TimeMedianNS: 3000, TimeP90NS: 7000, TimeMaxNS: 9000, TimeMeanNS: 3800},
		"dfs, prune": {Starts: 1, Attempts: 1, Found: 1, SuccessRate: 1, SuccessLo: 0.206549, SuccessHi: 1,
			SolvableAttempts: 1, SolvableFound: 1, SolvableRate: 1, SolvableLo: 0.206549, SolvableHi: 1, Verified: 1,
			NodesMedian: 80, NodesP90: 80, NodesMax: 80, NodesMean: 80,
			TimeMedianNS: 900, TimeP90NS: 900, TimeMaxNS: 900, TimeMeanNS: 900},
		// warnsdorff/first: nodes 10 20 25 25, time 50 80 100 120; h = 2.7.
		"warnsdorff/first": {Starts: 4, Attempts: 4, Found: 2, SuccessRate: 0.5, SuccessLo: 0.150039, SuccessHi: 0.849961,
			SolvableAttempts: 3, SolvableFound: 2, SolvableRate: 2.0 / 3, SolvableLo: 0.207660, SolvableHi: 0.938508,
			Unsolvable: 1, DeadEnd: 2, Verified: 2,
			NodesMedian: 22.5, NodesP90: 25, NodesMax: 25, NodesMean: 20,
			TimeMedianNS: 90, TimeP90NS: 114, TimeMaxNS: 120, TimeMeanNS: 87.5},
		// warnsdorff/random: three trials from 0,0, one from 2,2.
		// nodes 12 18 25 25, time 60 70 100 110: p90 = 100 + 0.7*10.
		"warnsdorff/random": {Starts: 2, Attempts: 4, Found: 2, SuccessRate: 0.5, SuccessLo: 0.150039, SuccessHi: 0.849961,
			SolvableAttempts: 4, SolvableFound: 2, SolvableRate: 0.5, SolvableLo: 0.150039, SolvableHi: 0.849961,
			DeadEnd: 2, Verified: 2,
			NodesMedian: 21.5, NodesP90: 25, NodesMax: 25, NodesMean: 20,
			TimeMedianNS: 85, TimeP90NS: 107, TimeMaxNS: 110, TimeMeanNS: 85},
		// dfs closed 6x6: nodes 5000 90000 (p90 = 5000 + 0.9*85000),
		// time 70000 1000000 (p90 = 70000 + 0.9*930000).
		"dfs, closed": {Starts: 2, Attempts: 2, Found: 1, SuccessRate: 0.5, SuccessLo: 0.094531, SuccessHi: 0.905469,
			SolvableAttempts: 2, SolvableFound: 1, SolvableRate: 0.5, SolvableLo: 0.094531, SolvableHi: 0.905469,
			Timeout: 1, Verified: 1,
			NodesMedian: 47500, NodesP90: 81500, NodesMax: 90000, NodesMean: 47500,
			TimeMedianNS: 535000, TimeP90NS: 907000, TimeMaxNS: 1000000, TimeMeanNS: 535000},
	}
	for _, g := range res.Groups {
		w, ok := want[g.Series]
		if !ok {
			t.Errorf("unexpected group %q", g.Series)
			continue
		}
		checkSummary(t, g.Series, g.Summary, w)
	}
}

func checkSummary(t *testing.T, name string, got, want Summary) {
	t.Helper()
	ints := []struct {
		col       string
		got, want int
	}{
		{"starts", got.Starts, want.Starts}, {"attempts", got.Attempts, want.Attempts}, {"found", got.Found, want.Found},
		{"solvable_attempts", got.SolvableAttempts, want.SolvableAttempts}, {"solvable_found", got.SolvableFound, want.SolvableFound},
		{"unsolvable_attempts", got.Unsolvable, want.Unsolvable}, {"unknown_attempts", got.Unknown, want.Unknown},
		{"dead_end", got.DeadEnd, want.DeadEnd}, {"not_closed", got.NotClosed, want.NotClosed},
		{"exhausted", got.Exhausted, want.Exhausted}, {"node_limit", got.NodeLimit, want.NodeLimit},
		{"timeout", got.Timeout, want.Timeout}, {"error", got.Error, want.Error}, {"verified", got.Verified, want.Verified},
	}
	for _, f := range ints {
		if f.got != f.want {
			t.Errorf("%s: %s = %d, want %d", name, f.col, f.got, f.want)
		}
	}
	floats := []struct {
		col       string
		got, want Float
	}{
		{"success_rate", got.SuccessRate, want.SuccessRate}, {"success_lo", got.SuccessLo, want.SuccessLo},
		{"success_hi", got.SuccessHi, want.SuccessHi}, {"solvable_rate", got.SolvableRate, want.SolvableRate},
		{"solvable_lo", got.SolvableLo, want.SolvableLo}, {"solvable_hi", got.SolvableHi, want.SolvableHi},
		{"nodes_median", got.NodesMedian, want.NodesMedian}, {"nodes_p90", got.NodesP90, want.NodesP90},
		{"nodes_max", got.NodesMax, want.NodesMax}, {"nodes_mean", got.NodesMean, want.NodesMean},
		{"time_median_ns", got.TimeMedianNS, want.TimeMedianNS}, {"time_p90_ns", got.TimeP90NS, want.TimeP90NS},
		{"time_max_ns", got.TimeMaxNS, want.TimeMaxNS}, {"time_mean_ns", got.TimeMeanNS, want.TimeMeanNS},
	}
	for _, f := range floats {
		if math.Abs(float64(f.got-f.want)) > 5e-7 {
			t.Errorf("%s: %s = %g, want %g", name, f.col, f.got, f.want)
		}
	}
}

// Per-start grids: trials from one square give one cell with their medians.
func TestSmallStarts(t *testing.T) {
	res := readSmall(t)
	random := res.Series[3]
	g := res.Group(random.Key, board.Board{Rows: 5, Cols: 5})
	want := []Start{
		// trials: found 25 nodes/100 ns, dead_end 12/60, found 25/110.
		{Row: 0, Col: 0, Attempts: 3, Found: 2, Solvable: "yes", Nodes: 25, TimeNS: 100},
		{Row: 2, Col: 2, Attempts: 1, Found: 0, Solvable: "yes", Nodes: 18, TimeNS: 70},
	}
	if len(g.PerStart) != len(want) {
		t.Fatalf("starts = %+v", g.PerStart)
	}
	for i := range want {
		if g.PerStart[i] != want[i] {
			t.Errorf("start %d = %+v, want %+v", i, g.PerStart[i], want[i])
		}
	}
	dfs := res.Group(res.Series[0].Key, board.Board{Rows: 5, Cols: 5})
	var sq []string
	for _, s := range dfs.PerStart {
		sq = append(sq, board.Square{Row: s.Row, Col: s.Col}.String())
	}
	if got := strings.Join(sq, " "); got != "0,0 0,1 0,2 1,1 2,2" {
		t.Errorf("dfs starts %s", got)
	}
}

func TestCollectorErrors(t *testing.T) {
	header := strings.Join(runs.Required, ",") + "\n"
	row := "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true\n"
	for _, tt := range []struct{ name, csv, want string }{
		{"empty file", "", "in.csv: empty file"},
		{"header only", header, "in.csv: no runs"},
		{"missing column", "rows,cols,start_row,start_col,strategy\n5,5,0,0,dfs\n", "in.csv: missing required column: tiebreak"},
		{"unknown status", header + strings.Replace(row, "found", "won", 1), `in.csv: line 2: unknown status "won"`},
		{"duplicate run", header + row + row, "in.csv: line 3: repeats a run already read (5x5 from 0,0, dfs, tiebreak first, closed false, trial 0)"},
		{"negative trial", header + strings.Replace(row, "false,0,0", "false,-1,0", 1), "line 2: trial -1"},
	} {
		c := NewCollector(Options{})
		err := c.Read(context.Background(), "in.csv", strings.NewReader(tt.csv))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := NewCollector(Options{}).Finish(); !errors.Is(err, ErrNoRuns) {
		t.Errorf("Finish with no rows: %v", err)
	}
	if err := NewCollector(Options{}).ReadFile(context.Background(), "testdata/nonexistent.csv"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	// A canceled context stops a long read.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var b strings.Builder
	b.WriteString(header)
	for i := range 5000 {
		b.WriteString(strings.Replace(row, "false,0,0", "false,"+strconv.Itoa(i)+",0", 1))
	}
	if err := NewCollector(Options{}).Read(ctx, "big.csv", strings.NewReader(b.String())); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled read: %v", err)
	}
}

// The same job in two files is a duplicate unless files are kept apart;
// then each file's runs are their own series.
func TestDuplicatesAcrossFiles(t *testing.T) {
	header := strings.Join(runs.Required, ",") + "\n"
	a := header + "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true\n"
	b := header + "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,30,true\n"
	c := NewCollector(Options{})
	if err := c.Read(context.Background(), "x/a/runs.csv", strings.NewReader(a)); err != nil {
		t.Fatal(err)
	}
	err := c.Read(context.Background(), "x/b/runs.csv", strings.NewReader(b))
	if err == nil || !strings.Contains(err.Error(), "x/b/runs.csv: line 2: repeats a run") || !strings.Contains(err.Error(), "-by-file") {
		t.Errorf("duplicate across files: %v", err)
	}

	c = NewCollector(Options{BySource: true})
	for name, data := range map[string]string{"x/a/runs.csv": a, "x/b/runs.csv": b} {
		if err := c.Read(context.Background(), name, strings.NewReader(data)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Groups) != 2 || res.Groups[0].Series != "dfs [a]" || res.Groups[1].Series != "dfs [b]" ||
		res.Groups[0].TimeMedianNS != 10 || res.Groups[1].TimeMedianNS != 30 {
		t.Errorf("by file: %+v", res.Groups)
	}
	// Shards of one sweep (different jobs) merge into one group.
	c = NewCollector(Options{})
	for i, data := range []string{a, strings.Replace(b, "0,0,dfs", "0,1,dfs", 1)} {
		if err := c.Read(context.Background(), "shard"+strconv.Itoa(i), strings.NewReader(data)); err != nil {
			t.Fatal(err)
		}
	}
	res, err = c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Groups) != 1 || res.Groups[0].Attempts != 2 || strings.Join(res.Groups[0].Sources, " ") != "shard0 shard1" {
		t.Errorf("shards: %+v", res.Groups[0])
	}
	if len(res.InputRows) != 2 || res.InputRows[0] != 1 || res.InputRows[1] != 1 {
		t.Errorf("rows per input %v, want [1 1]", res.InputRows)
	}
}

func TestReadFiles(t *testing.T) {
	res, err := ReadFiles(context.Background(), []string{"testdata/small.csv"}, Options{})
	if err != nil || res.Rows != 16 || res.InputRows[0] != 16 || res.Inputs[0] != "testdata/small.csv" {
		t.Fatalf("ReadFiles: %v %+v", err, res)
	}
	if _, err := ReadFiles(context.Background(), []string{"testdata/small.csv", "testdata/small.csv"}, Options{}); err == nil {
		t.Error("the same file twice: no duplicate error")
	}
}

// Runs with different move orders or pruning never share a group; labels
// name the order (in digits) once the data holds more than one.
func TestMixedSettings(t *testing.T) {
	header := strings.Join(runs.Required, ",") + ",order,prune\n"
	in := header +
		`5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false` + "\n" +
		`5,5,0,0,dfs,first,false,0,0,found,yes,99,0,10,true,34261578,false` + "\n" +
		// The same order as the line above, in offsets: the same group.
		`5,5,0,1,dfs,first,false,0,0,exhausted,no,50,0,10,false,"1,2 2,1 -1,2 1,-2 -2,1 2,-1 -1,-2 -2,-1",false` + "\n" +
		`5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true,34261578,true` + "\n"
	c := NewCollector(Options{})
	if err := c.Read(context.Background(), "mixed.csv", strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range res.Groups {
		got = append(got, g.Series+":"+strconv.Itoa(g.Attempts))
	}
	want := "dfs, order 34261578:2; dfs, order 34261578, prune:1; dfs, order 43218765:1"
	// Series sort by the order's offset text: "1,2 ..." before "2,1 ...".
	if strings.Join(got, "; ") != want {
		t.Errorf("groups %q, want %q", strings.Join(got, "; "), want)
	}
}

// Oddities that do not stop a report are counted as warnings.
func TestWarnings(t *testing.T) {
	header := strings.Join(runs.Required, ",") + "\n"
	in := header +
		"5,5,0,1,dfs,first,false,0,0,found,no,25,0,10,true\n" +
		"5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,false\n" +
		"5,5,0,0,dfs,first,false,1,0,found,yes,25,0,10,false\n" +
		"5,5,0,1,dfs,first,false,1,0,dead_end,yes,25,0,10,false\n"
	c := NewCollector(Options{})
	if err := c.Read(context.Background(), "w.csv", strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1 found runs from a start where theory says no tour exists (first at w.csv line 2)",
		"2 found runs not marked verified (first at w.csv line 3)",
		`1 rows for the same board and start disagree on solvable ("no" and "yes") (first at w.csv line 5)`,
	}
	if strings.Join(res.Warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(res.Warnings, "\n"), strings.Join(want, "\n"))
	}
}

// Add takes a runner's rows directly and checks them like a reader.
func TestAdd(t *testing.T) {
	c := NewCollector(Options{})
	r := runs.Row{Rows: 5, Cols: 5, Strategy: "dfs", Tiebreak: "first", Status: "found", Solvable: "yes", Nodes: 25, Verified: true}
	if err := c.Add(r); err != nil {
		t.Fatal(err)
	}
	bad := r
	bad.Status = "won"
	if err := c.Add(bad); err == nil {
		t.Error("Add accepted an unknown status")
	}
	if err := c.Add(r); err == nil || !strings.Contains(err.Error(), "repeats") {
		t.Errorf("Add of a duplicate: %v", err)
	}
	res, err := c.Finish()
	if err != nil || res.Groups[0].Found != 1 {
		t.Fatalf("Finish: %v %+v", err, res)
	}
}

package stats

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
)

// limitRow is a dfs run from 0,0 of 5x5 stopped by its 40-node budget,
// with move order order.
func limitRow(order string, trial int) runs.Row {
	return runs.Row{Rows: 5, Cols: 5, Strategy: "dfs", Tiebreak: "first", Order: order, Trial: trial,
		Status: "node_limit", Solvable: "yes", Nodes: 40, TimeNS: 400, MaxNodes: 40}
}

// TestOrderSpellingsOneSeries: the classic order written as digits
// (43218765: moves 4, 3, 2, 1, 8, 7, 6, 5 of the literature's numbering are
// 2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1), in offsets, and in offsets with
// two spaces, is one series of 3 runs; the vertical-first order, read
// between them, is another of 2; a run without an order is a third, its
// order "".
func TestOrderSpellingsOneSeries(t *testing.T) {
	classic, vertical := board.ClassicDFS.String(), board.VerticalFirst.String()
	if classic != "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1" {
		t.Fatalf("ClassicDFS is %q", classic)
	}
	c := NewCollector(Options{})
	for i, o := range []string{"43218765", vertical, classic, vertical, strings.Replace(classic, " ", "  ", 1), ""} {
		if err := c.Add(limitRow(o, i)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, g := range res.Groups {
		got[g.Key.Order] += len(g.samples)
	}
	if want := map[string]int{classic: 3, vertical: 2, "": 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("runs by order %v, want %v", got, want)
	}
}

// TestAddedRowsOneSource: rows given by Add after a file was read are one
// more input, unnamed (""), however many there are.
func TestAddedRowsOneSource(t *testing.T) {
	c := NewCollector(Options{})
	if err := c.Read(context.Background(), "a.csv", strings.NewReader(runs.Header(false)+
		"5,5,0,0,dfs,first,false,0,0,node_limit,yes,40,0,400,false,,false,,40,0,none,0,0,\n")); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if err := c.Add(limitRow("", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Inputs, []string{"a.csv", ""}) || !reflect.DeepEqual(res.InputRows, []int{1, 2}) {
		t.Errorf("inputs %q, rows %v; want [a.csv \"\"], [1 2]", res.Inputs, res.InputRows)
	}
}

// TestReadErrors: a file with a header and no rows is ErrNoRuns, named,
// even beside a file with rows; a file whose first row is malformed is
// refused for that row (line 2), not as a file without rows.
func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.csv")
	empty := filepath.Join(dir, "empty.csv")
	bad := filepath.Join(dir, "bad.csv")
	row := "5,5,0,0,dfs,first,false,0,0,node_limit,yes,40,0,400,false,,false,,40,0,none,0,0,\n"
	os.WriteFile(good, []byte(runs.Header(false)+row), 0o644)
	os.WriteFile(empty, []byte(runs.Header(false)), 0o644)
	os.WriteFile(bad, []byte(runs.Header(false)+strings.Replace(row, "node_limit", "nodelimit", 1)), 0o644)
	_, err := ReadFiles(context.Background(), []string{good, empty}, Options{})
	if !errors.Is(err, ErrNoRuns) || !strings.Contains(err.Error(), empty) {
		t.Errorf("a file without rows: %v", err)
	}
	_, err = ReadFiles(context.Background(), []string{bad}, Options{})
	if err == nil || errors.Is(err, ErrNoRuns) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a file whose first row is malformed: %v", err)
	}
}

// TestToursKeptByDefault: without MaxTourSquares (0, or below 0) a
// Collector keeps the tours of boards up to DefaultMaxTourSquares squares:
// the 1x1 board's tour, its one square (0), is kept; with MaxTourSquares 1,
// the board's squares, too.
func TestToursKeptByDefault(t *testing.T) {
	for _, tt := range []struct {
		max  int
		want string
	}{{0, "0"}, {-1, "0"}, {1, "0"}} {
		c := NewCollector(Options{MaxTourSquares: tt.max})
		if err := c.Add(runs.Row{Rows: 1, Cols: 1, Strategy: "dfs", Tiebreak: "first", Status: "found", Solvable: "yes",
			Nodes: 1, TimeNS: 10, Verified: true, Tour: "0"}); err != nil {
			t.Fatal(err)
		}
		res, err := c.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Tours) != 1 || res.Tours[0].Tour != tt.want {
			t.Errorf("MaxTourSquares %d: tours %+v, want the tour %q", tt.max, res.Tours, tt.want)
		}
	}
}

// TestReadStopsWhenCancelled: a Read whose context is cancelled stops
// within 4096 lines with the context's error; 5,000 rows are not read.
func TestReadStopsWhenCancelled(t *testing.T) {
	var b strings.Builder
	b.WriteString(runs.Header(false))
	for i := range 5000 {
		b.WriteString("5,5,0,0,dfs,first,false," + strconv.Itoa(i) + ",0,node_limit,yes,40,0,400,false,,false,,40,0,none,0,0,\n")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := NewCollector(Options{})
	if err := c.Read(ctx, "long.csv", strings.NewReader(b.String())); !errors.Is(err, context.Canceled) {
		t.Errorf("Read with a cancelled context: %v, want %v", err, context.Canceled)
	}
	if c.rows >= 4096 {
		t.Errorf("%d rows read after the cancel, want fewer than 4096", c.rows)
	}
}

// TestGroupSourcesFromSecondFile: a group whose first run comes from the
// second file read names that file, and only it, as its source.
func TestGroupSourcesFromSecondFile(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	row := "5,5,0,0,dfs,first,false,0,0,node_limit,yes,40,0,400,false,,false,,40,0,none,0,0,\n"
	os.WriteFile(a, []byte(runs.Header(false)+row), 0o644)
	os.WriteFile(b, []byte(runs.Header(false)+strings.Replace(row, "dfs", "warnsdorff-bt", 1)), 0o644)
	res, err := ReadFiles(context.Background(), []string{a, b}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, g := range res.Groups {
		got[g.Key.Strategy] = g.Sources
	}
	if want := map[string][]string{"dfs": {a}, "warnsdorff-bt": {b}}; !reflect.DeepEqual(got, want) {
		t.Errorf("sources %q, want %q", got, want)
	}
}

// TestTrialBound: a report tells trials apart up to 2^31-1 (a sample
// keeps the trial in 32 bits): that trial is filed, 2^31 refused, not
// wrapped round to a negative trial.
func TestTrialBound(t *testing.T) {
	c := NewCollector(Options{})
	if err := c.Add(limitRow("", 1<<31-1)); err != nil {
		t.Errorf("trial 2^31-1: %v", err)
	}
	err := c.Add(limitRow("", 1<<31))
	if err == nil || !strings.Contains(err.Error(), "trial 2147483648 of file 0: more than this report can tell apart") {
		t.Errorf("trial 2^31: %v", err)
	}
}

// TestTourKeptFromFirstRunWithTour: a board's pictured tour is the first
// found run's that has one: a run without a tour column is kept only until
// one with a tour comes, and a later tour does not replace it.
func TestTourKeptFromFirstRunWithTour(t *testing.T) {
	c := NewCollector(Options{})
	for _, r := range []struct{ strategy, tour string }{{"dfs", ""}, {"warnsdorff", "0"}, {"warnsdorff-bt", "0"}} {
		if err := c.Add(runs.Row{Rows: 1, Cols: 1, Strategy: r.strategy, Tiebreak: "first", Status: "found", Solvable: "yes",
			Nodes: 1, TimeNS: 10, Verified: true, Tour: r.tour}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tours) != 1 || res.Tours[0].Strategy != "warnsdorff" || res.Tours[0].Tour != "0" {
		t.Errorf("tours %+v, want warnsdorff's, 0", res.Tours)
	}
}

// TestAddedRowWarningNamesNoPlace: a warning about a row given by Add (no
// file, no line) names no place; one about a file's row names its line.
func TestAddedRowWarningNamesNoPlace(t *testing.T) {
	row := limitRow("", 0)
	row.Status, row.Error = "error", "boom"
	c := NewCollector(Options{})
	if err := c.Add(row); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || strings.Contains(res.Warnings[0], "first at") {
		t.Errorf("warnings %q, want one naming no place", res.Warnings)
	}
}

// TestChunksBoundMemory: a group's runs are kept in chunks of chunkLen,
// the first started with room for 16: 10,000 runs take chunks of 4096,
// 4096 and 1808 runs, none with room for more than chunkLen, so that a
// group wastes at most one chunk's spare room.
func TestChunksBoundMemory(t *testing.T) {
	var a accum
	a.add(sample{})
	if len(a.chunks) != 1 || cap(a.chunks[0]) != 16 {
		t.Fatalf("one run: chunks of room %d, want one of 16", cap(a.chunks[0]))
	}
	for range 10000 - 1 {
		a.add(sample{})
	}
	var lens []int
	for _, ch := range a.chunks {
		lens = append(lens, len(ch))
		if cap(ch) > chunkLen {
			t.Errorf("a chunk with room for %d runs, more than %d", cap(ch), chunkLen)
		}
	}
	if !reflect.DeepEqual(lens, []int{4096, 4096, 1808}) {
		t.Errorf("chunks of %v runs, want [4096 4096 1808]", lens)
	}
}

// TestFileBound: a report tells files apart up to 65,536 (a sample keeps
// its file in 16 bits): a row of file 65,535 (from 0) is filed, one of
// file 65,536 refused. The Collector starts as if 65,535 files without
// rows had been read (reading them takes seconds).
func TestFileBound(t *testing.T) {
	c := NewCollector(Options{})
	for range 1<<16 - 1 {
		c.sources = append(c.sources, "empty.csv")
		c.perFile = append(c.perFile, 0)
	}
	row := runs.Header(false) + "5,5,0,0,dfs,first,false,0,0,node_limit,yes,40,0,400,false,,false,,40,0,none,0,0,\n"
	if err := c.Read(context.Background(), "last.csv", strings.NewReader(row)); err != nil {
		t.Errorf("file 65,535: %v", err)
	}
	err := c.Read(context.Background(), "over.csv", strings.NewReader(strings.Replace(row, "dfs", "warnsdorff", 1)))
	if err == nil || !strings.Contains(err.Error(), "of file 65536: more than this report can tell apart") {
		t.Errorf("file 65,536: %v", err)
	}
}

// Two series of one strategy that differ only in their fixed move order
// name it in their labels, in digits (the classic order is 43218765).
func TestSeriesNameTheirOrders(t *testing.T) {
	c := NewCollector(Options{})
	for i, o := range []string{board.ClassicDFS.String(), board.VerticalFirst.String()} {
		if err := c.Add(limitRow(o, i)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range res.Series {
		labels = append(labels, s.Label)
	}
	want := []string{"dfs/order:43218765", "dfs/order:" + board.VerticalFirst.Digits()}
	slices.Sort(want)
	slices.Sort(labels)
	if !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
	// One strategy's two series: one place in the palette, two variants.
	if a, b := res.Series[0].Look, res.Series[1].Look; a.Strategy != b.Strategy || a.Variant != 0 || b.Variant != 1 {
		t.Errorf("looks %+v and %+v, want one strategy's variants 0 and 1", a, b)
	}
}

package sweep

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/stats"
)

// TestTableAsRead: the end-of-run table's figures kept from the rows as
// they are written (Options.Table) are those of reading runs.csv back,
// failures and their lines included: found, dead-end, node-limit and
// error rows (a strategy that panics) of four strategies on two
// workers, tours saved.
func TestTableAsRead(t *testing.T) {
	opts := testOptions(t, "3x4,5", 20_000, 2, "dfs", "warnsdorff", "warnsdorff-bt", "zz-panic")
	opts.SaveTours, opts.Table = true, true
	sum, err := runSweep(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Table == nil {
		t.Fatal("no table kept")
	}
	read, err := stats.ReadFiles(context.Background(), []string{sum.Runs}, stats.Options{TableOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if kept, back := resultsText(sum.Table), resultsText(read); kept != back {
		t.Errorf("table kept from the rows written differs from the one read back:\n%s\n%s", kept, back)
	}
	var kept, back bytes.Buffer
	if err := stats.WriteTable(&kept, sum.Table.Summaries()); err != nil {
		t.Fatal(err)
	}
	if err := stats.WriteTable(&back, read.Summaries()); err != nil {
		t.Fatal(err)
	}
	if kept.String() != back.String() || kept.Len() == 0 {
		t.Errorf("table kept:\n%s\nread back:\n%s", kept.String(), back.String())
	}
}

// resultsText writes res out in full, its groups' figures included, for
// a comparison that, unlike reflect.DeepEqual, takes a NaN (an interval
// of no runs) for itself.
func resultsText(res *stats.Results) string {
	top := *res
	top.Groups = nil // pointers: their groups follow
	s := fmt.Sprintf("%+v", top)
	for _, g := range res.Groups {
		s += fmt.Sprintf("\n%+v", *g)
	}
	return s
}

// TestTableNotKept: a sweep that resumes rows already in runs.csv, or
// was not asked, keeps no table: TableResults reads the file.
func TestTableNotKept(t *testing.T) {
	opts := testOptions(t, "3x4", 0, 1, "warnsdorff")
	sum, err := runSweep(context.Background(), opts)
	if err != nil || sum.Table != nil {
		t.Fatalf("not asked: table %v, err %v", sum.Table, err)
	}
	opts.Table, opts.Resume = true, true
	sum, err = runSweep(context.Background(), opts)
	if err != nil || sum.Table != nil {
		t.Fatalf("resumed: table %v, err %v", sum.Table, err)
	}
	if res, err := sum.TableResults(context.Background()); err != nil || res.Rows != 12 {
		t.Errorf("resumed: the table read back has %v rows (err %v), want the 12 of runs.csv", res, err)
	}
}

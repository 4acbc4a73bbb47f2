package report

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gocarina/gocsv"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
)

// generate runs GenerateWith into a temporary directory, without PNGs under
// -short.
func generate(t *testing.T, paths []string, opt Options) *Output {
	t.Helper()
	if opt.OutDir == "" {
		opt.OutDir = t.TempDir()
	}
	opt.Now = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	opt.noPNG = testing.Short()
	out, err := GenerateWith(context.Background(), paths, opt)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// writeRuns writes rows (a slice of runs.Row or runs.TourRow) to
// dir/runs.csv and returns its path.
func writeRuns(t *testing.T, dir string, rows any) string {
	t.Helper()
	csv, err := gocsv.MarshalString(rows)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "runs.csv")
	if err := os.WriteFile(path, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestGenerate(t *testing.T) {
	out := generate(t, []string{"testdata/sweep/runs.csv"}, Options{})
	// summary.csv: one row per group, the documented header.
	summary := readString(t, out.Summary)
	lines := strings.Split(strings.TrimSpace(summary), "\n")
	if lines[0] != strings.Join(stats.SummaryColumns, ",") || len(lines) != 1+6 {
		t.Errorf("summary.csv: %d lines, header %q", len(lines), lines[0])
	}
	var rows []stats.Summary
	if err := gocsv.UnmarshalString(summary, &rows); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, r := range rows {
		total += r.Attempts
	}
	if total != 183 {
		t.Errorf("summary.csv counts %d runs, want 183", total)
	}

	// Charts: three by size, a heat map and a tour per board.
	var names []string
	for _, c := range out.Charts {
		if filepath.Ext(c) == ".svg" {
			names = append(names, strings.TrimSuffix(filepath.Base(c), ".svg"))
		}
		if _, err := os.Stat(c); err != nil {
			t.Error(err)
		}
	}
	// No tour pictures: the CSV has no tour column and the manifest lists no
	// saved tour (the report draws only tours the sweep found).
	for _, want := range []string{"success", "nodes", "time", "heatmap-5x5", "heatmap-6x6"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("no chart %s among %v", want, names)
		}
	}
	if !testing.Short() && len(out.Charts) != 2*5 {
		t.Errorf("%d chart files, want 10 (PNG and SVG)", len(out.Charts))
	}

	html := readString(t, out.HTML)
	for _, want := range []string{
		"<title>knightsweep report</title>",
		"Generated 2026-01-02 03:04:05 UTC",
		"testdata/sweep/runs.csv", "183 runs",
		// The manifest, flattened in its own order, lists joined.
		"<td>settings.strategies</td><td>dfs, warnsdorff, warnsdorff-bt</td>",
		"<td>settings.timeout</td><td>null</td>",
		"<td>jobs[1].count</td><td>63</td>",
		// Its strings escaped.
		"&lt;b&gt;not bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;",
		`id="summary"`, `id="compare"`, "warnsdorff-bt",
		"<svg", "Success rate", "Median nodes", "Median time", "5x5: outcome and median nodes",
		// No tour column and no saved tour: no picture, and the page says so.
		"no tour of 6x6 to draw",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	for _, bad := range []string{"<script", "http://", "https://", "<b>not", "NaN"} {
		if strings.Contains(strings.ReplaceAll(html, "http://www.w3.org/", ""), bad) {
			t.Errorf("report.html holds %q", bad)
		}
	}
}

// Strings from the CSV reach the page escaped, in tables and in SVG text.
func TestEscaping(t *testing.T) {
	dir := t.TempDir()
	evil := `<img src=x onerror=alert(1)>`
	rows := []runs.Row{
		{Rows: 5, Cols: 5, Strategy: evil, Tiebreak: "first", Status: "found", Solvable: "yes", Nodes: 25, TimeNS: 100, Verified: true,
			Tour: "0 11 20 17 24 13 4 7 18 9 2 5 16 23 14 3 6 15 22 19 8 1 12 21 10"},
		{Rows: 5, Cols: 5, StartCol: 1, Strategy: "dfs", Tiebreak: `"quoted" & <tb>`, Status: "exhausted", Solvable: "no", Nodes: 9, TimeNS: 100},
	}
	path := writeRuns(t, dir, rows)
	out := generate(t, []string{path}, Options{OutDir: dir})
	html := readString(t, out.HTML)
	if strings.Contains(html, "<img") || strings.Contains(html, "<tb>") {
		t.Error("a string from the CSV reached the page unescaped")
	}
	if !strings.Contains(html, "&lt;img src=x onerror=alert(1)&gt;") {
		t.Error("the strategy name is missing from the page")
	}
}

// The tour column, when there is one, is what the picture shows; a tour
// column that is not a tour is a note, never a wrong picture.
func TestTourColumn(t *testing.T) {
	dir := t.TempDir()
	// warnsdorff's 5x5 tour from the corner.
	good := "0 11 20 17 24 13 4 7 18 9 2 5 16 23 14 3 6 15 22 19 8 1 12 21 10"
	for _, tt := range []struct{ tour, want string }{
		{good, "found by warnsdorff in the sweep (tour column"},
		// The picture carries its caption too, for the PNG and SVG files.
		{good, ">A tour of 5x5 from 0,0 to 2,0</text>"},
		{good, ">found by warnsdorff in the sweep (tour column, "},
		// The last two squares swapped: not a knight's move.
		{"0 11 20 17 24 13 4 7 18 9 2 5 16 23 14 3 6 15 22 19 8 1 12 10 21", "tour picture of 5x5"},
		{"0 7 x", "tour column of a found run on 5x5"},
	} {
		rows := []runs.Row{{Rows: 5, Cols: 5, Strategy: "warnsdorff", Tiebreak: "first", Status: "found",
			Solvable: "yes", Nodes: 25, TimeNS: 100, Verified: true, Tour: tt.tour}}
		path := writeRuns(t, dir, rows)
		html := readString(t, generate(t, []string{path}, Options{OutDir: dir}).HTML)
		if !strings.Contains(html, tt.want) {
			t.Errorf("tour %q: page lacks %q", tt.tour, tt.want)
		}
	}
}

// Boards over 100 a side get a note instead of a tour picture, without a
// search for a tour to draw.
func TestTourTooLarge(t *testing.T) {
	dir := t.TempDir()
	rows := []runs.Row{{Rows: 101, Cols: 8, Strategy: "warnsdorff", Tiebreak: "first", Status: "found",
		Solvable: "yes", Nodes: 808, TimeNS: 100, Verified: true}}
	path := writeRuns(t, dir, rows)
	out := generate(t, []string{path}, Options{OutDir: dir})
	if want := "tour picture of 101x8: sides over 100 squares are not drawn"; !strings.Contains(readString(t, out.HTML), want) {
		t.Errorf("page lacks %q", want)
	}
	for _, c := range out.Charts {
		if strings.Contains(c, "tour-") {
			t.Errorf("tour picture %s written", c)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	header := strings.Join(runs.Required, ",") + "\n"
	row := "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true\n"
	for _, tt := range []struct {
		name  string
		paths []string
		want  string
	}{
		{"no input", nil, "no runs.csv given"},
		{"missing file", []string{filepath.Join(dir, "nope.csv")}, "no such file"},
		{"empty", []string{write("empty.csv", "")}, "empty file"},
		{"header only", []string{write("header.csv", header)}, "no runs"},
		{"missing column", []string{write("cols.csv", "rows,cols\n5,5\n")}, "missing required column"},
		{"unknown status", []string{write("status.csv", header+strings.Replace(row, "found", "solved", 1))}, `unknown status "solved"`},
		{"duplicate", []string{write("a.csv", header+row), write("b.csv", header+row)}, "repeats a run"},
	} {
		_, err := GenerateWith(context.Background(), tt.paths, Options{OutDir: t.TempDir(), noPNG: true})
		if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want ErrInput and %q", tt.name, err, tt.want)
		}
	}
	// Nothing is written for bad input.
	out := t.TempDir()
	GenerateWith(context.Background(), []string{filepath.Join(dir, "empty.csv")}, Options{OutDir: out, noPNG: true})
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("bad input left %d files behind", len(entries))
	}
	// A canceled context stops the work.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := GenerateWith(ctx, []string{"testdata/sweep/runs.csv"}, Options{OutDir: t.TempDir(), noPNG: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

// Two files of one sweep merge; -by-file keeps them apart.
func TestBySource(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile("testdata/sweep/runs.csv")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "runs.csv"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{filepath.Join(dir, "a", "runs.csv"), filepath.Join(dir, "b", "runs.csv")}
	if _, err := GenerateWith(context.Background(), paths, Options{noPNG: true}); !errors.Is(err, ErrInput) {
		t.Fatalf("the same sweep twice: %v, want a duplicate error", err)
	}
	out := generate(t, paths, Options{BySource: true})
	if out.Dir != filepath.Join(dir, "a") && out.Dir == "" {
		t.Errorf("dir %q", out.Dir)
	}
	html := readString(t, out.HTML)
	for _, want := range []string{"dfs [a]", "dfs [b]", "No manifest.json beside this file."} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

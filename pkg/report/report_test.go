package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gocarina/gocsv"

	"knightsweep/internal/input"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
)

// generate runs GenerateWith into a temporary directory.
func generate(t *testing.T, paths []string, opt Options) *Output {
	t.Helper()
	if opt.OutDir == "" {
		opt.OutDir = t.TempDir()
	}
	opt.Now = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	out, err := GenerateWith(context.Background(), paths, opt)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// writeRuns writes rows to dir/runs.csv, with the tour column, and returns
// its path.
func writeRuns(t *testing.T, dir string, rows []runs.Row) string {
	t.Helper()
	var b bytes.Buffer
	w := runs.NewWriter(&b, true)
	w.WriteHeader()
	for i := range rows {
		w.Write(&rows[i])
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "runs.csv")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
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

// nameSpan is the span the page keeps a series label on one line with.
var nameSpan = regexp.MustCompile(`<span class="name">([^<]*)</span>`)

// readPage reads a report page as readString does, its series labels
// unwrapped from their spans: the tests of what a sentence says read
// the words.
func readPage(t *testing.T, path string) string {
	t.Helper()
	return nameSpan.ReplaceAllString(readString(t, path), "$1")
}

// testdata/sweep is a real sweep (experiment run -sizes 5,6 -strategies
// dfs,warnsdorff,warnsdorff-bt -max-nodes 100000 -workers 1), with the
// tours it saved.
func TestGenerate(t *testing.T) {
	out := generate(t, []string{"testdata/sweep/runs.csv"}, Options{})
	// The tables: the documented headers, one row per group or series.
	summary := readString(t, out.Summary)
	lines := strings.Split(strings.TrimSpace(summary), "\n")
	if lines[0] != strings.Join(stats.Columns[stats.Summary](), ",") || len(lines) != 1+6 {
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
	if len(out.Tables) != 3 || filepath.Base(out.Tables[0]) != "series.csv" || filepath.Base(out.Tables[2]) != "headtohead.csv" {
		t.Errorf("tables %q", out.Tables)
	}
	// headtohead.csv: the documented header, and counts and tests that
	// agree with the runs paired by hand.
	if got, _, _ := strings.Cut(readString(t, out.Tables[2]), "\n"); got != strings.Join(stats.Columns[stats.HeadToHead](), ",") {
		t.Errorf("headtohead.csv header %q", got)
	}
	checkHeadToHead(t, "testdata/sweep/runs.csv", out.Tables[2])

	// Charts: SVG only by default; three by size, and on each board a heat
	// map, the curves and boxes of the searches, the pair maps and a tour
	// from tours/ (the CSV has no tour column).
	var names []string
	for _, c := range out.Charts {
		if filepath.Ext(c) != ".svg" {
			t.Errorf("%s written without asking", c)
		}
		names = append(names, strings.TrimSuffix(filepath.Base(c), ".svg"))
	}
	for _, want := range []string{"success", "nodes", "time", "heatmap-5x5", "heatmap-6x6", "solved-vs-nodes-5x5",
		"solved-vs-time-6x6", "nodes-to-success-5x5", "only-dfs-vs-warnsdorff-bt-6x6", "tour-5x5", "tour-6x6"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Errorf("no chart %s among %v", want, names)
		}
	}
	html := readString(t, out.HTML)
	answer, rest, _ := strings.Cut(html, `id="compare"`)
	for _, want := range []string{
		// The page opens with the answer: every series, its success rate
		// and its median cost to a tour with the unit; the manifest is
		// folded at the bottom.
		`id="answer"`, `warnsdorff-bt</td><td class="rate">`, " nodes</td>", "series.csv",
	} {
		if !strings.Contains(answer, want) {
			t.Errorf("the answer lacks %q", want)
		}
	}
	for _, want := range []string{`<details id="run">`, "settings.sizes", "headtohead.csv", "McNemar", "Holm",
		"≥ 100k", "Starts with a tour", "found by", "(tours/5x5.ktour)"} {
		if !strings.Contains(rest, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	if strings.Index(html, `<details id="run">`) < strings.Index(html, `id="boards"`) {
		t.Error("the manifest is not at the bottom")
	}
	for _, bad := range []string{"<script", "http://", "https://", "NaN"} {
		if strings.Contains(strings.ReplaceAll(html, "http://www.w3.org/", ""), bad) {
			t.Errorf("report.html holds %q", bad)
		}
	}
}

// The report never runs a solver: pictures show tours a sweep found.
func TestReportImportsNoSolver(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{join .Imports \" \"}}", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(" "+string(out), " knightsweep/pkg/solver") {
		t.Errorf("pkg/report imports pkg/solver: %s", out)
	}
}

// Charts come as PNG and PDF on request, for papers.
func TestFormats(t *testing.T) {
	if testing.Short() {
		t.Skip("rasterising PNGs takes seconds under the race detector")
	}
	out := generate(t, []string{"testdata/sweep/runs.csv"}, Options{Formats: []string{"png", "pdf"}})
	exts := map[string]int{}
	for _, c := range out.Charts {
		exts[filepath.Ext(c)]++
		if fi, err := os.Stat(c); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", c, err)
		}
	}
	// Every figure in each format, tour pictures too.
	if exts[".svg"] != out.Figures || exts[".png"] != out.Figures || exts[".pdf"] != out.Figures {
		t.Errorf("%d figures, files by format %v", out.Figures, exts)
	}
	pdf, _ := os.ReadFile(filepath.Join(out.Dir, "charts", "success.pdf"))
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("success.pdf starts %q", pdf[:min(8, len(pdf))])
	}
	if _, err := GenerateWith(context.Background(), []string{"testdata/sweep/runs.csv"}, Options{OutDir: t.TempDir(), Formats: []string{"gif"}}); !input.Is(err) {
		t.Errorf("a gif: %v", err)
	}
}

// Strings from the CSV reach the page escaped, in tables and in SVG text.
func TestEscaping(t *testing.T) {
	dir := t.TempDir()
	evil := `<img src=x onerror=alert(1)>`
	rows := []runs.Row{
		{Rows: 5, Cols: 5, Strategy: evil, Tiebreak: "first", Status: status.Found, Solvable: "yes", Nodes: 25, TimeNS: 100, Verified: true,
			Tour: "0 11 20 17 24 13 4 7 18 9 2 5 16 23 14 3 6 15 22 19 8 1 12 21 10"},
		{Rows: 5, Cols: 5, StartCol: 1, Strategy: "dfs", Tiebreak: `"quoted" & <tb>`, Status: status.Exhausted, Solvable: "no", Nodes: 9, TimeNS: 100},
	}
	path := writeRuns(t, dir, rows)
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"note": "<b>not bold</b> & <script>alert(1)</script>"}`), 0o644)
	html := readString(t, generate(t, []string{path}, Options{OutDir: dir}).HTML)
	if strings.Contains(html, "<img") || strings.Contains(html, "<tb>") || strings.Contains(html, "<b>not") || strings.Contains(html, "<script") {
		t.Error("a string from the input reached the page unescaped")
	}
	for _, want := range []string{"&lt;img src=x onerror=alert(1)&gt;", "&lt;b&gt;not bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
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
		// The picture carries its caption too, for the SVG file.
		{good, ">A tour of 5x5 from 0,0 to 2,0</text>"},
		// The last two squares swapped: not a knight's move.
		{"0 11 20 17 24 13 4 7 18 9 2 5 16 23 14 3 6 15 22 19 8 1 12 10 21", "tour picture of 5x5"},
	} {
		rows := []runs.Row{{Rows: 5, Cols: 5, Strategy: "warnsdorff", Tiebreak: "first", Status: status.Found,
			Solvable: "yes", Nodes: 25, TimeNS: 100, Verified: true, Tour: tt.tour}}
		path := writeRuns(t, dir, rows)
		html := readString(t, generate(t, []string{path}, Options{OutDir: dir}).HTML)
		if !strings.Contains(html, tt.want) {
			t.Errorf("tour %q: page lacks %q", tt.tour, tt.want)
		}
	}
}

// Boards over 100 a side get a note instead of a tour picture, and a board
// without a saved tour says so: the report never solves one.
func TestTourNotes(t *testing.T) {
	dir := t.TempDir()
	rows := []runs.Row{
		{Rows: 101, Cols: 8, Strategy: "warnsdorff", Tiebreak: "first", Status: status.Found, Solvable: "yes", Nodes: 808, TimeNS: 100, Verified: true},
		{Rows: 8, Cols: 8, Strategy: "warnsdorff", Tiebreak: "first", Status: status.Found, Solvable: "yes", Nodes: 64, TimeNS: 100, Verified: true},
	}
	path := writeRuns(t, dir, rows)
	out := generate(t, []string{path}, Options{OutDir: dir})
	for _, want := range []string{"tour picture of 101x8: sides over 100 squares are not drawn", "no tour of 8x8 to draw"} {
		if !strings.Contains(readString(t, out.HTML), want) {
			t.Errorf("page lacks %q", want)
		}
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
		{"duplicate", []string{write("a.csv", header+row), write("b.csv", header+row)}, "repeats the run of"},
	} {
		_, err := GenerateWith(context.Background(), tt.paths, Options{OutDir: t.TempDir()})
		if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want bad input and %q", tt.name, err, tt.want)
		}
	}
	// Nothing is written for bad input.
	out := t.TempDir()
	GenerateWith(context.Background(), []string{filepath.Join(dir, "empty.csv")}, Options{OutDir: out})
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("bad input left %d files behind", len(entries))
	}
	// A canceled context stops the work.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := GenerateWith(ctx, []string{"testdata/sweep/runs.csv"}, Options{OutDir: t.TempDir()}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

// Two files of one sweep are one data set; -by-file keeps them apart.
func TestBySource(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/sweep/runs.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		os.MkdirAll(filepath.Join(dir, name), 0o755)
		os.WriteFile(filepath.Join(dir, name, "runs.csv"), data, 0o644)
	}
	paths := []string{filepath.Join(dir, "a", "runs.csv"), filepath.Join(dir, "b", "runs.csv")}
	if _, err := GenerateWith(context.Background(), paths, Options{}); !input.Is(err) {
		t.Fatalf("the same sweep twice: %v, want a duplicate error", err)
	}
	out := generate(t, paths, Options{BySource: true})
	html := readString(t, out.HTML)
	files := fmt.Sprintf("runs in <code>%s</code>, <code>%s</code>.", paths[0], paths[1])
	for _, want := range []string{"dfs[a]", "dfs[b]", "No manifest.json beside this file.", files} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// A report of runs whose manifests show two builds and two kinds of
// machine says so at the top: rows of two builds may differ, and time
// figures then compare machines too. The real sweep alone, one build on
// one machine, says neither.
func TestProvenance(t *testing.T) {
	sweep := func(dir string, session map[string]any, timeout bool) string {
		t.Helper()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(readString(t, "testdata/sweep/manifest.json")), &m); err != nil {
			t.Fatal(err)
		}
		s := m["sessions"].([]any)[0].(map[string]any)
		maps.Copy(s, session)
		data, _ := json.Marshal(m)
		os.WriteFile(filepath.Join(dir, "manifest.json"), data, 0o644)
		csv := readString(t, "testdata/sweep/runs.csv")
		if timeout {
			csv = strings.ReplaceAll(csv, ",100000,0\n", ",100000,60000000000\n")
		}
		os.WriteFile(filepath.Join(dir, "runs.csv"), []byte(csv), 0o644)
		return filepath.Join(dir, "runs.csv")
	}
	root := t.TempDir()
	a := sweep(filepath.Join(root, "a"), map[string]any{"build": "aaaa", "host": "n1", "cpu": "Xeon A", "cpus": 2, "go_version": "go1.26.8"}, false)
	b := sweep(filepath.Join(root, "b"), map[string]any{"build": "bbbb", "host": "n2", "cpu": "EPYC B", "cpus": 64, "go_version": "go1.26.8"}, false)
	page := readString(t, generate(t, []string{a, b}, Options{BySource: true}).HTML)
	if strings.Contains(page, "under a time budget") {
		t.Error("node budgets only: the page says success depends on the machine")
	}
	for _, want := range []string{
		"These runs were computed by 2 builds of experiment (aaaa; bbbb)",
		"These runs were timed on 2 kinds of machine (Xeon A, 2 CPUs, go1.26.8; EPYC B, 64 CPUs, go1.26.8), on 2 hosts",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
	// Under a time budget, which runs succeed depends on the machine too.
	bt := sweep(filepath.Join(root, "bt"), map[string]any{"build": "aaaa", "host": "n2", "cpu": "EPYC B", "cpus": 64, "go_version": "go1.26.8"}, true)
	page = readString(t, generate(t, []string{a, bt}, Options{BySource: true}).HTML)
	if !strings.Contains(page, "compares machines as well as strategies, and so, under a time budget, does which runs succeed") {
		t.Error("a time budget on two machines: the page does not say success depends on the machine")
	}
	c := sweep(filepath.Join(root, "c"), map[string]any{"build": "aaaa", "host": "n1", "cpu": "Xeon A", "cpus": 2, "go_version": "go1.26.8"}, false)
	page = readString(t, generate(t, []string{c}, Options{}).HTML)
	if strings.Contains(page, "builds of experiment") || strings.Contains(page, "kinds of machine") {
		t.Error("one build on one machine: the page warns of a mix")
	}
}

// Two sweeps that each declared a solver x, different programs (their
// manifests' records differ, which merge refuses), reported together pool
// them in one series x: the report says so, on the page and among the
// warnings the terminal prints, naming both declarations and their files.
// The same solver in both says nothing, nor does -by-file, which keeps
// each file's runs apart.
func TestSharedSolverName(t *testing.T) {
	var base map[string]any
	if err := json.Unmarshal([]byte(readString(t, "testdata/sweep/manifest.json")), &base); err != nil {
		t.Fatal(err)
	}
	sweep := func(dir string, n int, solver map[string]any) string {
		t.Helper()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		var rows []runs.Row
		for _, sq := range [][2]int{{0, 0}, {0, n - 1}, {n - 1, 0}, {n - 1, n - 1}} {
			rows = append(rows, runs.Row{Rows: n, Cols: n, StartRow: sq[0], StartCol: sq[1], Strategy: "x", Tiebreak: "first",
				Status: status.Found, Solvable: "yes", Nodes: runs.Unknown, Backtracks: runs.Unknown, TimeNS: 2e7, CPUNS: 1e7,
				Verified: true, RestartPolicy: runs.NoRestarts})
		}
		m := maps.Clone(base)
		settings := maps.Clone(base["settings"].(map[string]any))
		settings["strategies"], settings["solvers"] = []string{"x"}, []any{solver}
		m["settings"] = settings
		data, _ := json.Marshal(m)
		if err := os.WriteFile(filepath.Join(dir, "manifest.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return writeRuns(t, dir, rows)
	}
	fork := map[string]any{"name": "x", "command": "s/fork.sh", "path": "/p/s/fork.sh", "sha256": "11e9247dcc7b4400f587",
		"resolved": "/p/s/fork.sh"}
	cw := map[string]any{"name": "x", "command": "s/cw {rows} {cols} {row} {col}", "path": "/p/s/cw", "sha256": "a7bba92a08ca19d2",
		"resolved": "/p/s/cw '{rows}' '{cols}' '{row}' '{col}'"}
	forkAgain := maps.Clone(fork)
	forkAgain["command"] = "./s/fork.sh" // spelled otherwise, the same file
	root := t.TempDir()
	p1 := sweep(filepath.Join(root, "p1"), 5, fork)
	p2 := sweep(filepath.Join(root, "p2"), 6, cw)
	p3 := sweep(filepath.Join(root, "p3"), 6, forkAgain)
	want := fmt.Sprintf("series x pools the runs of 2 different solvers declared as x (x=s/fork.sh, resolved to /p/s/fork.sh, sha256 11e9247dcc7b in %s; "+
		"x=s/cw {rows} {cols} {row} {col}, resolved to /p/s/cw &#39;{rows}&#39; &#39;{cols}&#39; &#39;{row}&#39; &#39;{col}&#39;, sha256 a7bba92a08ca in %s): "+
		"its figures and comparisons mix them", p1, p2)
	out := generate(t, []string{p1, p2}, Options{})
	if page := readPage(t, out.HTML); !strings.Contains(page, want) {
		t.Errorf("the page does not say %q", want)
	}
	if !slices.ContainsFunc(out.Results.Warnings, func(w string) bool { return strings.HasPrefix(w, "series x pools the runs of 2 different solvers") }) {
		t.Errorf("no warning for the terminal: %q", out.Results.Warnings)
	}
	if out := generate(t, []string{p1, p3}, Options{}); len(out.Results.Warnings) > 0 {
		t.Errorf("the same solver, spelled otherwise: warnings %q", out.Results.Warnings)
	}
	if out := generate(t, []string{p1, p2}, Options{BySource: true}); strings.Contains(readPage(t, out.HTML), "pools the runs") {
		t.Error("-by-file keeps the files apart, yet the page says they are pooled")
	}
}

// A series a little cheaper than the other on most pairs and far costlier
// on the rest: its median ratio is below one, and the signed-rank test
// (W+ = 3735 of 5565 over 105 pairs, z = 3.0) says it costs more. The
// verdict takes the test's direction, which the Hodges–Lehmann estimate
// shares, and shows both figures; it never calls the median's direction
// significant.
func TestVerdictFollowsTheTest(t *testing.T) {
	var rows []runs.Row
	for i := range 105 {
		b := int64(950)
		if i >= 60 {
			b = 20000
		}
		for _, r := range []struct {
			strategy string
			nodes    int64
		}{{"warnsdorff", 1000}, {"warnsdorff-bt", b}} {
			rows = append(rows, runs.Row{Rows: 12, Cols: 12, StartRow: i / 12, StartCol: i % 12, Strategy: r.strategy, Tiebreak: "first",
				Status: status.Found, Solvable: "yes", Nodes: runs.Count(r.nodes), TimeNS: r.nodes, Verified: true})
		}
	}
	dir := t.TempDir()
	out := generate(t, []string{writeRuns(t, dir, rows)}, Options{})
	page := readPage(t, out.HTML)
	for _, want := range []string{
		"warnsdorff-bt&#39;s nodes over warnsdorff&#39;s: median ratio 0.95",
		"the signed-rank test supports that warnsdorff-bt needs more nodes",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the verdict does not say %q", want)
		}
	}
	h := stats.Compare(out.Results)
	if len(h) != 1 || !(h[0].CostRatioMedian < 1) || !(h[0].CostRatioHL > 1) || !h[0].CostSignificant() {
		t.Errorf("comparison %+v", h)
	}
}

// dfs runs out of its node budget from most starts where warnsdorff finds a
// tour at once: the cost columns rest on the 3 pairs where both found one
// (signed-rank p = 2/8 = 0.25, nothing supported), while the sign test
// over every pair whose order the runs show counts all 20 for warnsdorff:
// p = 2/2^20, below 0.001. The verdict says both, each with its test.
func TestVerdictCountsRunsOutOfBudget(t *testing.T) {
	var rows []runs.Row
	for i := range 20 {
		dfs := runs.Row{Status: status.NodeLimit, Nodes: 100000, TimeNS: 100000}
		if i < 3 {
			dfs = runs.Row{Status: status.Found, Nodes: runs.Count(5000 + i), TimeNS: 5000, Verified: true}
		}
		wd := runs.Row{Status: status.Found, Nodes: 64, TimeNS: 64, Verified: true}
		for _, r := range []runs.Row{dfs, wd} {
			r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Solvable, r.MaxNodes = 8, 8, i/8, i%8, "first", "yes", 100000
			r.Strategy = "dfs"
			if r.Nodes == 64 {
				r.Strategy = "warnsdorff"
			}
			rows = append(rows, r)
		}
	}
	out := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{})
	page := readString(t, out.HTML)
	for _, want := range []string{
		"a difference the signed-rank test does not support (p=0.25 after Holm)",
		"dfs needed fewer in 0, warnsdorff in 20, and 0 pairs tied or have no known order; warnsdorff needs fewer more often (exact sign test, p&lt;0.001 after Holm)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the verdict does not say %q", want)
		}
	}
	h := stats.Compare(out.Results)
	if len(h) != 1 || h[0].BothFound != 3 || h[0].CostSignificant() || h[0].CostALess != 0 || h[0].CostBLess != 20 ||
		float64(h[0].CostOrderP) != 2/float64(1<<20) || !h[0].CostOrderSignificant() || h[0].TimeBLess != 20 {
		t.Errorf("comparison %+v", h)
	}
}

// Where neither series found a tour, the verdict says so, and that a
// budget stopped every run where it did (dfs and warnsdorff-bt at 30 nodes
// on 6x6 and 7x7 from the corners), not that they found tours "in the
// same runs": there were none. Where some runs ended for good (warnsdorff's
// dead ends), it does not blame the budget.
func TestVerdictWithoutTours(t *testing.T) {
	var rows []runs.Row
	for _, n := range []int{6, 7} {
		for _, sq := range [][2]int{{0, 0}, {0, n - 1}, {n - 1, 0}, {n - 1, n - 1}} {
			for _, r := range []runs.Row{
				{Strategy: "dfs", Status: status.NodeLimit, Nodes: 30, TimeNS: 400},
				{Strategy: "warnsdorff-bt", Status: status.NodeLimit, Nodes: 30, TimeNS: 900},
				{Strategy: "warnsdorff", Status: status.DeadEnd, Nodes: runs.Count(n * n / 2), TimeNS: 300},
			} {
				r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Solvable, r.MaxNodes = n, n, sq[0], sq[1], "first", "yes", 30
				rows = append(rows, r)
			}
		}
	}
	page := readPage(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	for _, want := range []string{
		"dfs against warnsdorff-bt over all their boards: neither found a tour; every run was stopped by its budget.",
		"dfs against warnsdorff-bt over all their boards, 8 paired runs: neither found a tour in any: a budget stopped every run of both",
		"dfs against warnsdorff over all their boards: neither found a tour; no pair shows which needs fewer nodes.",
		"dfs against warnsdorff over all their boards, 8 paired runs: neither found a tour in any.",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the verdicts do not say %q", want)
		}
	}
	for _, wrong := range []string{"same runs", "only dfs found a tour in 0"} {
		if strings.Contains(page, wrong) {
			t.Errorf("a verdict says %q of series that found no tour", wrong)
		}
	}
}

// verdictRows are paired runs of warnsdorff and warnsdorff-bt on a board,
// every run a tour: warnsdorff's in 1,000 nodes, warnsdorff-bt's in
// bt(i) for the i-th start.
func verdictRows(rows, cols, n int, bt func(i int) int64) []runs.Row {
	var out []runs.Row
	for i := range n {
		for _, r := range []struct {
			strategy string
			nodes    int64
		}{{"warnsdorff", 1000}, {"warnsdorff-bt", bt(i)}} {
			out = append(out, runs.Row{Rows: rows, Cols: cols, StartRow: i / cols, StartCol: i % cols, Strategy: r.strategy, Tiebreak: "first",
				Status: status.Found, Solvable: "yes", Nodes: runs.Count(r.nodes), TimeNS: r.nodes, Verified: true})
		}
	}
	return out
}

// The Hodges–Lehmann estimate rests on the pairs whose costs differ, as the
// signed-rank test does: where 90 of 105 pairs tie, an estimate from the 15
// others would describe them, not the pairs, and is left out, the verdict
// and the table saying why; where 10 of 105 tie it is shown, as the
// estimate from the 95 others.
func TestVerdictSaysWhatHodgesLehmannRestsOn(t *testing.T) {
	for _, tt := range []struct {
		tied      int
		want, not []string
	}{
		{90, []string{"(90 of the 105 tie: no Hodges–Lehmann estimate, which would rest on the other 15 alone)", "no HL: 90 of 105 tie"}, []string{"Hodges–Lehmann estimate 8", "HL ×8"}},
		{10, []string{"Hodges–Lehmann estimate 8", "(from the 95 pairs whose nodes differ, as the signed-rank test; 10 of the 105 tie)", "HL ×8"}, []string{"no HL"}},
	} {
		rows := verdictRows(12, 12, 105, func(i int) int64 {
			if i < tt.tied {
				return 1000
			}
			return 80_000 + int64(i)
		})
		page := readString(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
		for _, w := range tt.want {
			if !strings.Contains(page, w) {
				t.Errorf("%d tied: the page does not say %q", tt.tied, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(page, w) {
				t.Errorf("%d tied: the page says %q", tt.tied, w)
			}
		}
	}
	// Every pair tied: no estimate to rest on any.
	rows := verdictRows(12, 12, 30, func(int) int64 { return 1000 })
	out := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{})
	if page := readString(t, out.HTML); !strings.Contains(page, "median ratio 1 (every pair ties: no shift to estimate)") {
		t.Errorf("the verdict of pairs that all tie:\n%s", page[strings.Index(page, `class="verdicts"`):][:800])
	}
}

// A verdict over all boards that one board carries says so: warnsdorff-bt
// needs more nodes on every pair of 12x12, and on 10x10 as often fewer as
// more; pooled, the tests support more, which 10x10 does not: the lead
// line, the signed-rank test and the sign test say so.
func TestVerdictCarriedByOneBoard(t *testing.T) {
	rows := verdictRows(12, 12, 60, func(i int) int64 { return 2000 + int64(i) })
	rows = append(rows, verdictRows(10, 10, 40, func(i int) int64 {
		if i%2 == 0 {
			return 500 - int64(i)
		}
		return 1500 + int64(i)
	})...)
	out := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{})
	page := readPage(t, out.HTML)
	for _, want := range []string{
		"warnsdorff needs fewer nodes to a tour (p&lt;0.001 adjusted), carried by 12x12 alone: on 10x10 the test does not support it.",
		"the signed-rank test supports that warnsdorff-bt needs more nodes (p=0.00163 after Holm), carried by 12x12 alone: on 10x10 the test does not support it.",
		"(exact sign test, p&lt;0.001 after Holm), carried by 12x12 alone: on 10x10 the test does not support it.",
	} {
		if !strings.Contains(page, want) {
			i := strings.Index(page, "over all their boards")
			t.Errorf("the verdict does not say %q:\n%s", want, page[max(i, 0):][:min(2000, len(page)-max(i, 0))])
		}
	}
}

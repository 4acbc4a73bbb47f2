package report

import (
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
)

// A series whose every run ended in error ran no search: the lead ranks
// and compares it with none and says so, and the comparisons of the
// others leave out the pairs where a run ended in error. From 12 starts
// of 6x6 and 12 of 8x8, warnsdorff finds a tour from each; dfs from the
// first 4 of 6x6 (5000 nodes), ends in error from the next 4, and its
// budget of 100,000 nodes stops it from the rest; every run of
// warnsdorff-bt ends in error. McNemar's test of warnsdorff against dfs
// sees 4 + 12 discordant pairs (p = 2/2^16), one of the 3 tests of
// Holm's family (6x6, 8x8, both boards): warnsdorff-bt makes none.
func TestLeadErrors(t *testing.T) {
	var rows []runs.Row
	for _, size := range []int{6, 8} {
		for i := range 12 {
			dfs := runs.Row{Strategy: "dfs", Status: status.NodeLimit, Nodes: 100000}
			switch {
			case size == 6 && i < 4:
				dfs = runs.Row{Strategy: "dfs", Status: status.Found, Nodes: 5000, Verified: true}
			case size == 6 && i < 8:
				dfs = runs.Row{Strategy: "dfs", Status: status.Error, Error: "panic: planted"}
			}
			for _, r := range []runs.Row{dfs, {Strategy: "warnsdorff", Status: status.Found, Nodes: runs.Count(size * size), Verified: true},
				{Strategy: "warnsdorff-bt", Status: status.Error, Error: "panic: planted"}} {
				r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Solvable, r.MaxNodes, r.TimeNS = size, size, i/size, i%size, "first", "yes", 100000, int64(r.Nodes)+1
				rows = append(rows, r)
			}
		}
	}
	out := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{})
	l := out.Lead
	if len(l.Rows) != 3 || l.Rows[2].Label != "warnsdorff-bt" || !l.Rows[2].AllErrors || l.Rows[0].AllErrors || l.Rows[1].AllErrors {
		t.Fatalf("rows %+v", l.Rows)
	}
	text := strings.Join(l.Sentences, "\n")
	for _, w := range []string{
		"warnsdorff finds a tour most often, in 100.0% of runs from starts with a tour: 83.3 points more than dfs, mostly on 8x8 (12 of the 16 runs only it solved), too large a gap for chance, allowing for the comparisons made (McNemar's test, p<0.001 after Holm's adjustment over 3 tests).",
		"Every run of warnsdorff-bt ended in error: it ran no search to rank or compare.",
	} {
		if !strings.Contains(text, w) {
			t.Errorf("the lead does not say\n%s\nit says\n%s", w, text)
		}
	}
	var b strings.Builder
	if err := l.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if w := "warnsdorff-bt        -  -                     0/24  every run ended in error\n"; !strings.Contains(b.String(), w) {
		t.Errorf("the terminal's lead lacks %q:\n%s", w, b.String())
	}
	page := readString(t, out.HTML)
	if !strings.Contains(page, "warnsdorff-bt</span> ended in error: it ran no search to rank or compare.") || strings.Contains(page, "ranks first") {
		t.Errorf("the page does not say warnsdorff-bt's every run ended in error, or ranks it")
	}
	for _, h := range stats.Compare(out.Results) {
		if h.LabelA == "warnsdorff-bt" || h.LabelB == "warnsdorff-bt" {
			t.Errorf("warnsdorff-bt compared on %s with %s", h.Board, h.LabelA+h.LabelB)
		}
	}
}

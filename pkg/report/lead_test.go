package report

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// The lead of 20 starts on 8x8: warnsdorff finds a tour from all 20 in 64
// nodes; dfs from 3, in 5000 nodes, its budget of 100,000 stopping the
// other 17. The table puts warnsdorff first, 100% (Wilson 83.9%-100%) and
// a median of 64 nodes; dfs's median cost is a run that found none (17 of
// 20), so not known. The sentences: 85 points more (McNemar's test on 0
// against 17: p = 2/2^17 < 0.001), and where both found one (3 pairs),
// 64/5000 = x0.0128 the nodes, all three one way: signed-rank p = 2/8.
func TestLead(t *testing.T) {
	var rows []runs.Row
	for i := range 20 {
		dfs := runs.Row{Strategy: "dfs", Status: status.NodeLimit, Nodes: 100000}
		if i < 3 {
			dfs = runs.Row{Strategy: "dfs", Status: status.Found, Nodes: 5000, Verified: true}
		}
		for _, r := range []runs.Row{dfs, {Strategy: "warnsdorff", Status: status.Found, Nodes: 64, Verified: true}} {
			r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Solvable, r.MaxNodes, r.TimeNS = 8, 8, i/8, i%8, "first", "yes", 100000, int64(r.Nodes)
			rows = append(rows, r)
		}
	}
	out := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{})
	l := out.Lead
	if len(l.Rows) != 2 || l.Rows[0].Label != "warnsdorff" || l.Rows[0].CostText() != "64 nodes" || l.Rows[1].CostText() != "-" ||
		l.Rows[1].Found != 3 || l.Rows[1].Runs != 20 || l.Rows[1].Stopped != 17 {
		t.Fatalf("rows %+v", l.Rows)
	}
	want := []string{
		"warnsdorff finds a tour most often, in 100.0% of runs from starts with a tour: 85.0 points more than dfs, too large a gap for chance, allowing for the comparisons made (McNemar's test, p<0.001, the only such test).",
		"Where both found one (3 pairs), warnsdorff needed ×0.0128 the nodes of dfs in the median pair; which needs fewer nodes, chance could explain (signed-rank test, p=0.25, the only such test).",
	}
	if strings.Join(l.Sentences, "\n") != strings.Join(want, "\n") {
		t.Errorf("sentences\n%s\nwant\n%s", strings.Join(l.Sentences, "\n"), strings.Join(want, "\n"))
	}
	var b strings.Builder
	if err := l.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, w := range []string{"warnsdorff   100.0%  83.9-100.0%          20/20  64 nodes\n", "dfs           15.0%", "3/20  -\n", "85.0 points more than dfs"} {
		if !strings.Contains(text, w) {
			t.Errorf("the terminal's lead lacks %q:\n%s", w, text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("line over 80 columns: %q", line)
		}
	}
	page := readString(t, out.HTML)
	if i, j := strings.Index(page, "85.0 points more than"), strings.Index(page, "<figure"); i < 0 || j < i {
		t.Errorf("the page does not open with the lead (at %d, first figure at %d)", i, j)
	}
}

// visibleWords counts the words a reader sees of a page with its folded
// parts closed: text outside <head>, <style> and the charts' <svg>, and
// inside a <details> only its <summary>; and those before the first
// <figure>.
func visibleWords(page string) (all, beforeFigure int) {
	tag := regexp.MustCompile(`<(/?)([a-zA-Z0-9]+)[^>]*?(/?)>`)
	var stack []string
	hidden := func() bool {
		for i, t := range stack {
			switch t {
			case "head", "style", "svg":
				return true
			case "details":
				if i+1 >= len(stack) || stack[i+1] != "summary" {
					return true
				}
			}
		}
		return false
	}
	beforeFigure = -1
	pos := 0
	for _, m := range tag.FindAllStringSubmatchIndex(page, -1) {
		if !hidden() {
			all += len(strings.Fields(html.UnescapeString(page[pos:m[0]])))
		}
		pos = m[1]
		name := strings.ToLower(page[m[4]:m[5]])
		switch {
		case page[m[2]:m[3]] == "/":
			if i := slices.Index(stack, name); i >= 0 {
				for j := len(stack) - 1; j >= i; j-- {
					if stack[j] == name {
						stack = stack[:j]
						break
					}
				}
			}
		case page[m[6]:m[7]] == "/" || slices.Contains([]string{"br", "wbr", "meta", "img", "input", "hr", "link"}, name):
		default:
			if name == "figure" && beforeFigure < 0 {
				beforeFigure = all
			}
			stack = append(stack, name)
		}
	}
	return all, beforeFigure
}

// The page of a sweep of three series (testdata/sweep) is short with its
// folded parts closed: under 1,500 words, and under 150 above the first
// chart, where the answer is.
func TestPageWords(t *testing.T) {
	out := generate(t, []string{"testdata/sweep/runs.csv"}, Options{OutDir: t.TempDir()})
	all, before := visibleWords(readString(t, out.HTML))
	if all >= 1500 || before < 0 || before >= 150 {
		t.Errorf("the page shows %d words, %d above the first chart; want under 1,500 and 150", all, before)
	}
	t.Logf("%d words, %d above the first chart", all, before)
}

package report

import (
	"regexp"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// A series label is one name on the page: in sentences and in the tables'
// cells it stays on one line (browsers broke warnsdorff-bt/random after its
// hyphen, "warnsdorff-" ending one line). A solver without nodes says so
// in the run-length table, where its ERT in nodes was -0.04.
func TestNamesOnOneLine(t *testing.T) {
	var rows []runs.Row
	for start := range 24 {
		for _, s := range []struct {
			strategy, tiebreak string
			nodes              runs.Count
		}{{"dfs", "first", 5000}, {"warnsdorff-bt", "first", 36}, {"warnsdorff-bt", "random", 40}, {"c", "first", runs.Unknown}} {
			rows = append(rows, runs.Row{Rows: 6, Cols: 6, StartRow: start / 6, StartCol: start % 6, Strategy: s.strategy, Tiebreak: s.tiebreak,
				Status: status.Found, Solvable: "yes", Nodes: s.nodes, Backtracks: runs.Unknown, TimeNS: int64(s.nodes) + 1000,
				CPUNS: runs.Count(900 + start), Verified: true, Order: "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", RestartPolicy: runs.NoRestarts})
		}
	}
	page := readString(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	if !strings.Contains(page, ".name { white-space: nowrap; }") {
		t.Error("the page's style does not keep names on one line")
	}
	for _, want := range []string{
		`<td class="l name">warnsdorff-bt/random</td>`, // series table
		`<span class="name">warnsdorff-bt/random</span> against`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Every label with a hyphen in a sentence is inside its span.
	text := nameSpan.ReplaceAllString(page, "")
	if m := regexp.MustCompile(`[^">/]warnsdorff-bt/(first|random)`).FindString(text); m != "" {
		t.Errorf("a label outside its span: %q", m)
	}
	if strings.Contains(page, "<span class=\"name\">dfs</span>") {
		t.Error("a label without a hyphen or space is wrapped")
	}
	rl := page[strings.Index(page, `id="runlengths"`):strings.Index(page, `id="summary"`)]
	if !strings.Contains(rl, `<td class="l name">c</td>`) || !strings.Contains(rl, "no nodes recorded") ||
		!strings.Contains(rl, "the runs record no nodes") {
		t.Errorf("the run-length table does not say that c records no nodes:\n%s", rl[:min(len(rl), 4000)])
	}
}

// In Head to head's narrow label columns a label breaks between its parts
// (after "/" and "+"), each part kept whole, never at its hyphen: the
// columns held each label on one line, and the table was wider than a
// 1300-pixel window (make test-browser measures it).
func TestHeadToHeadLabelsBreak(t *testing.T) {
	var rows []runs.Row
	for start := range 24 {
		for _, s := range []struct{ tiebreak, restarts string }{{"first", runs.NoRestarts}, {"random", "luby:49"}} {
			rows = append(rows, runs.Row{Rows: 6, Cols: 6, StartRow: start / 6, StartCol: start % 6, Strategy: "warnsdorff-bt", Tiebreak: s.tiebreak,
				Seed: uint64(start + 1), Status: status.Found, Solvable: "yes", Nodes: 40, Backtracks: 2, TimeNS: 2000, Verified: true,
				Order: "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", RestartPolicy: s.restarts})
		}
	}
	page := readString(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	compare := page[strings.Index(page, `id="compare"`):strings.Index(page, `id="charts"`)]
	want := `<td class="l"><span class="name">warnsdorff-bt/</span><wbr><span class="name">first</span></td>` +
		`<td class="l"><span class="name">warnsdorff-bt/</span><wbr><span class="name">random+</span><wbr><span class="name">luby:49</span></td>`
	if !strings.Contains(compare, want) {
		t.Errorf("Head to head's label cells are not %s:\n%s", want, compare[:min(len(compare), 3000)])
	}
	if strings.Contains(compare, `class="l name"`) {
		t.Error("a Head to head label cell keeps its label on one line")
	}
}

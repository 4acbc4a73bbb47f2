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

package report

import (
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// trials: warnsdorff-bt/random on 3x4 from 0,0, 24 trials (14 found a tour
// in 24 nodes, 4 in 300, 2 in 700, 4 stopped at 1,000; ERT 6936/20 =
// 346.8, c* = 24 costing 24·24/14 = 41.1), the same restarting after 24
// nodes (20 trials, every one found a tour: 10 in 24 nodes, 10 in 48; ERT
// 36), and dfs on 5x5 once from 13 starts (too few runs for a curve).
func trials() []runs.Row {
	var rows []runs.Row
	add := func(r, c int, strategy, tiebreak, policy string, trial int, st status.Status, nodes int64) {
		b := [2]int{3, 4}
		if strategy == "dfs" {
			b = [2]int{5, 5}
		}
		rows = append(rows, runs.Row{Rows: b[0], Cols: b[1], StartRow: r, StartCol: c, Strategy: strategy, Tiebreak: tiebreak,
			Trial: trial, Seed: uint64(trial + 1), Status: st, Solvable: "yes", Nodes: runs.Count(nodes), TimeNS: nodes * 10,
			Verified: st == status.Found, MaxNodes: 1000, RestartPolicy: policy})
	}
	for i := range 24 {
		nodes, st := int64(24), status.Found
		switch {
		case i >= 20:
			nodes, st = 1000, status.NodeLimit
		case i >= 18:
			nodes = 700
		case i >= 14:
			nodes = 300
		}
		add(0, 0, "warnsdorff-bt", "random", "none", i, st, nodes)
	}
	for i := range 20 {
		add(0, 0, "warnsdorff-bt", "random", "fixed:24", i, status.Found, int64(24*(1+i%2)))
	}
	for r := range 5 {
		for c := range 5 {
			if (r+c)%2 == 0 {
				add(r, c, "dfs", "first", "none", 0, status.Found, int64(100+r*10+c))
			}
		}
	}
	return rows
}

// The run-length section shows the survival chart, the ERT, the tail
// verdict and the restart prediction beside the measured restart series;
// the Answer leads each pair with its verdict line.
func TestRunLengthSection(t *testing.T) {
	out := generate(t, []string{writeRuns(t, t.TempDir(), trials())}, Options{})
	page := readPage(t, out.HTML)
	for _, want := range []string{
		`<h2 id="runlengths">Run lengths</h2>`,
		"survival-3x4.svg",
		"24 trials from 1 start",
		"<td>347 (",
		"restart every c* = 24 nodes: 41.1 nodes to a tour",
		"(14 of 24 runs found a tour within c*)",
		"cutoffs only up to 1000 nodes",
		"measured ERT 36 nodes; warnsdorff-bt/random predicted 41.1 nodes",
		"inside the prediction&#39;s interval",
		// The method as package stats runs it.
		"with at least 20 runs from starts that have a tour",
		"(1,000 resamples, seeded",
		"past 5,000 runs the delta method",
	} {
		if !strings.Contains(strings.ToLower(page), strings.ToLower(want)) {
			t.Errorf("the page lacks %q", want)
		}
	}
	section := page[strings.Index(page, `id="runlengths"`):strings.Index(page, `id="summary"`)]
	if strings.Contains(section, ">dfs<") {
		t.Error("dfs, 13 runs, has run-length measures")
	}
	// Restarting after 24 nodes found a tour in the same 20 paired trials;
	// it needed fewer nodes in 6, more in 7. Three series: the verdicts
	// are folded under Head to head, the restart policy against its base
	// first, its verdict line the summary.
	verdicts := page[strings.Index(page, `<div class="verdicts">`):]
	if !strings.HasPrefix(verdicts, `<div class="verdicts"><details><summary>warnsdorff-bt/random against warnsdorff-bt/random+fixed:24 on 3x4: neither finds more tours (they found them in the same runs); the runs do not show which needs fewer nodes to a tour (p=1 adjusted).</summary>`) {
		t.Errorf("Head to head does not open with the restart policy's verdict line:\n%s", verdicts[:min(len(verdicts), 3000)])
	}
	if strings.Index(page, `<div class="verdicts">`) < strings.Index(page, `id="compare"`) {
		t.Error("the verdicts of three series are in the Answer, not under Head to head")
	}
}

// dfs stopped by its budget from 17 of 20 starts where warnsdorff found a
// tour in 64 nodes: the line says warnsdorff finds more tours (McNemar,
// 2/2^17) and needs fewer nodes (sign test, 2/2^20), both below 0.001.
func TestVerdictLine(t *testing.T) {
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
	page := readString(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	want := "<summary>dfs against warnsdorff on 8x8: warnsdorff finds more tours (p&lt;0.001 adjusted); warnsdorff needs fewer nodes to a tour (p&lt;0.001 adjusted).</summary><p>dfs against warnsdorff on 8x8, 20 paired runs"
	if !strings.Contains(page, want) {
		t.Errorf("the verdict line is not %q:\n%s", want, page[strings.Index(page, `class="verdicts"`):][:600])
	}
}

// A test that does not reject says the runs do not show which, not that
// neither is better: dfs found a tour in 10 of 20 runs, warnsdorff in 11
// (McNemar: 1 discordant pair, p = 1); where both found one, each needed
// fewer nodes in 5 (sign test p = 1).
func TestVerdictLineNotShown(t *testing.T) {
	var rows []runs.Row
	for i := range 20 {
		dfs := runs.Row{Strategy: "dfs", Status: status.NodeLimit, Nodes: 100000}
		if i < 10 {
			dfs = runs.Row{Strategy: "dfs", Status: status.Found, Nodes: runs.Count(100 + 2*(i%2)*100), Verified: true}
		}
		w := runs.Row{Strategy: "warnsdorff", Status: status.DeadEnd, Nodes: 30}
		if i < 11 {
			w = runs.Row{Strategy: "warnsdorff", Status: status.Found, Nodes: 200, Verified: true}
		}
		for _, r := range []runs.Row{dfs, w} {
			r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Solvable, r.MaxNodes, r.TimeNS = 8, 8, i/8, i%8, "first", "yes", 100000, int64(r.Nodes)
			rows = append(rows, r)
		}
	}
	page := readString(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	want := "<summary>dfs against warnsdorff on 8x8: the runs do not show which finds more tours (p=1 adjusted); the runs do not show which needs fewer nodes to a tour (p=1 adjusted).</summary>"
	if !strings.Contains(page, want) {
		t.Errorf("the verdict line is not %q:\n%s", want, page[strings.Index(page, `class="verdicts"`):][:600])
	}
}

// A restart series without its series without restarts says why there is
// no prediction beside it.
func TestRestartSeriesAlone(t *testing.T) {
	var rows []runs.Row
	for _, r := range trials() {
		if r.RestartPolicy == "fixed:24" {
			rows = append(rows, r)
		}
	}
	page := readString(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	if want := "restarts fixed:24; the data hold no runs of this series without restarts"; !strings.Contains(page, want) {
		t.Errorf("the page does not say %q", want)
	}
}

// A restart series whose first attempts are shorter than any tour of its
// base series (luby:12 against tours in 24 nodes or more) says its
// prediction leans high: the preset's luby:49 on 5x5 and 6x6 dfs measured
// half the predicted cost, outside the interval, with no word of why.
func TestPredictionBlindText(t *testing.T) {
	var rows []runs.Row
	for _, r := range trials() {
		if r.Strategy != "warnsdorff-bt" {
			continue
		}
		if r.RestartPolicy == "fixed:24" {
			r.RestartPolicy = "luby:12"
		}
		rows = append(rows, r)
	}
	page := readString(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	if want := "The policy&#39;s first attempts (12 nodes) are shorter than any run without restarts that found a tour (the shortest took 24)"; !strings.Contains(page, want) {
		t.Errorf("the page does not say %q", want)
	}
}

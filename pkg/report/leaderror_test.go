package report

import (
	"slices"
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
		"warnsdorff finds a tour most often, in 100.0% of runs from starts with a tour: 83.3 points more than dfs, mostly on 8x8 (12 of the 16 runs only it solved), too large a gap for chance, allowing for the comparisons made (McNemar's test on 20 pairs, leaving out 4 where a run ended in error, p<0.001 after Holm's adjustment over 3 tests).",
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

// Series found equally often: where a budget stopped every run from a
// start with a tour, the lead says the budget decided the rates; among
// more than two level series, the cost sentence names the two it
// compares. From 12 starts of 6x6: dfs and warnsdorff-bt stopped at 10
// nodes every time; then warnsdorff, warnsdorff-bt and dfs each found a
// tour from every start, in 36, 36 and 5000 nodes.
func TestLeadLevel(t *testing.T) {
	lead := func(nodes map[string]int64, st status.Status) *Lead {
		var rows []runs.Row
		for i := range 12 {
			for _, name := range []string{"dfs", "warnsdorff", "warnsdorff-bt"} {
				n, ok := nodes[name]
				if !ok {
					continue
				}
				r := runs.Row{Strategy: name, Status: st, Nodes: runs.Count(n), Verified: st == status.Found,
					Rows: 6, Cols: 6, StartRow: i / 6, StartCol: i % 6, Tiebreak: "first", Solvable: "yes", MaxNodes: 10, TimeNS: n}
				if st == status.Found {
					r.MaxNodes = 100000
				}
				rows = append(rows, r)
			}
		}
		return generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).Lead
	}
	l := lead(map[string]int64{"dfs": 10, "warnsdorff-bt": 10}, status.NodeLimit)
	if want := "Every run from a start with a tour was stopped by its budget before it found one: the budget, not dfs and warnsdorff-bt, decided the rates; a larger -max-nodes or -timeout would tell them apart."; !slices.Contains(l.Sentences, want) {
		t.Errorf("all stopped: the lead says\n%s\nnot\n%s", strings.Join(l.Sentences, "\n"), want)
	}
	l = lead(map[string]int64{"dfs": 5000, "warnsdorff": 36, "warnsdorff-bt": 36}, status.Found)
	want := "Where " + l.Rows[0].Label + " and " + l.Rows[1].Label + " both found one (12 pairs), they needed the same nodes in every pair."
	if !slices.Contains(l.Sentences, want) {
		t.Errorf("three level: the lead says\n%s\nnot\n%s", strings.Join(l.Sentences, "\n"), want)
	}
}

// Five trials of a randomised series against a deterministic one run once
// a start: the rates rest on 60 and 12 runs, McNemar's test on the 12
// pairs of trial 0, and the lead says so. From 12 starts of 6x6,
// warnsdorff/random finds a tour in every trial; warnsdorff/first from
// the first 11 starts.
func TestLeadTrials(t *testing.T) {
	var rows []runs.Row
	for i := range 12 {
		for trial := range 5 {
			rows = append(rows, runs.Row{Strategy: "warnsdorff", Tiebreak: "random", Trial: trial, Seed: uint64(1 + trial), Status: status.Found, Nodes: 36, Verified: true})
		}
		first := runs.Row{Strategy: "warnsdorff", Tiebreak: "first", Status: status.Found, Nodes: 36, Verified: true}
		if i == 11 {
			first = runs.Row{Strategy: "warnsdorff", Tiebreak: "first", Status: status.DeadEnd, Nodes: 30}
		}
		rows = append(rows, first)
	}
	for k := range rows {
		r := &rows[k]
		i := k / 6
		r.Rows, r.Cols, r.StartRow, r.StartCol, r.Solvable, r.TimeNS = 6, 6, i/6, i%6, "yes", int64(r.Nodes)
	}
	l := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).Lead
	if w := "(McNemar's test on the 12 pairs of runs from one start and trial, of 60 and 12 runs, p=1, the only such test)."; !strings.Contains(strings.Join(l.Sentences, "\n"), w) {
		t.Errorf("the lead does not say %q:\n%s", w, strings.Join(l.Sentences, "\n"))
	}
}

// Where most pairs tie, the lead gives the pairs that differ both ways
// before the signed-rank test, which weighs by how much. From 12 starts
// of 6x6, warnsdorff and warnsdorff-bt both find a tour; they need 36
// nodes each from 7 starts; warnsdorff-bt needs 40 from 2 and warnsdorff 40
// from 3.
func TestLeadTiedCost(t *testing.T) {
	var rows []runs.Row
	for i := range 12 {
		w, bt := int64(36), int64(36)
		switch {
		case i >= 7 && i < 9:
			bt = 40
		case i >= 9:
			w = 40
		}
		for _, r := range []runs.Row{{Strategy: "warnsdorff", Nodes: runs.Count(w)}, {Strategy: "warnsdorff-bt", Nodes: runs.Count(bt)}} {
			r.Status, r.Verified, r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Solvable, r.TimeNS = status.Found, true, 6, 6, i/6, i%6, "first", "yes", int64(r.Nodes)
			rows = append(rows, r)
		}
	}
	l := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).Lead
	if w := "Where both found one (12 pairs), 7 needed the same nodes; of the other 5, warnsdorff needed fewer nodes in 2, warnsdorff-bt in 3;"; !strings.Contains(strings.Join(l.Sentences, "\n"), w) {
		t.Errorf("the lead does not say %q:\n%s", w, strings.Join(l.Sentences, "\n"))
	}
}

package report

import (
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/exact"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// greedyTrials returns n runs of warnsdorff -tiebreak random from (r, c) of an
// n x n board, found of them finding a tour.
func greedyTrials(size, r, c, n, found int) []runs.Row {
	out := make([]runs.Row, n)
	for i := range out {
		out[i] = runs.Row{Rows: size, Cols: size, StartRow: r, StartCol: c, Strategy: "warnsdorff", Tiebreak: "random",
			Trial: i, Seed: uint64(i), Status: status.DeadEnd, Solvable: "yes", Nodes: 40, TimeNS: 100}
		if i < found {
			out[i].Status, out[i].Nodes, out[i].Verified = status.Found, runs.Count(size*size), true
		}
	}
	return out
}

// TestExactSection: report -exact computes the exact probabilities (7x7
// corner 5867789/7962624 = 0.737), caches them beside the report, finds
// the sampled rate of a start covering it, and names as an oddity a start
// whose sampled rate (100 of 100) its interval keeps away from it.
func TestExactSection(t *testing.T) {
	dir := t.TempDir()
	rows := append(greedyTrials(7, 0, 0, 100, 74), greedyTrials(7, 3, 3, 100, 100)...)
	rows = append(rows, greedyTrials(7, 0, 6, 100, 100)...)
	path := writeRuns(t, dir, rows)
	out := generate(t, []string{path}, Options{OutDir: dir, Exact: true})
	html := readString(t, out.HTML)
	for _, want := range []string{"Exact probabilities against sampled rates", "5867789/7962624", "3 starts compared", "1 oddity</strong>", "ODDITY: outside 98.33%",
		// "the rows marked below" are marked: the page had no style for them.
		"tr.odd td {", `<tr class="odd"><td>7x7</td><td>0,6</td>`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	odd := 0
	for _, w := range out.Results.Warnings {
		if strings.HasPrefix(w, "exact: 7x7 from 0,6") {
			odd++
		}
	}
	if odd != 1 {
		t.Errorf("warnings %q: want one oddity, from 0,6", out.Results.Warnings)
	}
	cached, err := exact.ReadCSV(filepath.Join(dir, ExactCache))
	if err != nil || len(cached) != 49 {
		t.Fatalf("the cache: %d rows, %v", len(cached), err)
	}
	if _, err := os.Stat(filepath.Join(dir, "charts", "exactmap-7x7.svg")); err != nil {
		t.Errorf("no exact map: %v", err)
	}
	// The cache is read, not recomputed: a changed probability shows.
	// One corner changed alone contradicts its mirror images and is
	// refused; the four changed alike are read.
	for i := range cached {
		if cached[i].StartRow%6 == 0 && cached[i].StartCol%6 == 0 {
			cached[i].Probability, cached[i].ProbabilityFraction, cached[i].FailLength = 0.5, "1/2", "33=1/2"
			if cached[i].StartRow == 0 && cached[i].StartCol == 0 {
				if err := exact.WriteCSV(filepath.Join(dir, ExactCache), cached); err != nil {
					t.Fatal(err)
				}
				if _, err := GenerateWith(t.Context(), []string{path}, Options{OutDir: dir, Exact: true}); err == nil || !strings.Contains(err.Error(), "symmetric start") {
					t.Errorf("a corner unlike its mirror images: %v", err)
				}
			}
		}
	}
	if err := exact.WriteCSV(filepath.Join(dir, ExactCache), cached); err != nil {
		t.Fatal(err)
	}
	html = readString(t, generate(t, []string{path}, Options{OutDir: dir, Exact: true}).HTML)
	if !strings.Contains(html, "1/2") {
		t.Errorf("the page does not show the cached figure")
	}
	// -exact-from reads a file; a bad one is refused as input.
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("x,y\n"), 0o644)
	if _, err := GenerateWith(t.Context(), []string{path}, Options{OutDir: dir, ExactFrom: bad}); err == nil || !strings.Contains(err.Error(), "not an exact CSV") {
		t.Errorf("-exact-from a bad file: %v", err)
	}
}

// TestExactCensored: runs stopped by -max-nodes are censored, not
// failures of the rule: a start with such runs is not compared, and no
// oddity is named (run -max-nodes 40 on 8x8 had 0 of 3000 tours from the
// corner called "a defect in the solver or the sampler").
func TestExactCensored(t *testing.T) {
	dir := t.TempDir()
	rows := greedyTrials(7, 0, 0, 100, 0)
	for i := range rows {
		rows[i].Status, rows[i].MaxNodes = status.NodeLimit, int64(rows[i].Nodes)
	}
	rows = append(rows, greedyTrials(7, 3, 3, 100, 99)...)
	path := writeRuns(t, dir, rows)
	out := generate(t, []string{path}, Options{OutDir: dir, Exact: true})
	html := readString(t, out.HTML)
	for _, want := range []string{"1 start compared", "1 start not compared: 100 runs stopped by -max-nodes or -timeout", "No oddity"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, w := range out.Results.Warnings {
		if strings.HasPrefix(w, "exact:") {
			t.Errorf("warning %q", w)
		}
	}
}

// With -exact on a sweep that samples no randomised rule, nothing is
// computed and no exact.csv written: the page says so, where it said the
// probabilities were kept in a file that did not exist.
func TestExactNothingToCompute(t *testing.T) {
	dir := t.TempDir()
	rows := verdictRows(12, 12, 20, func(int) int64 { return 2000 })
	html := readString(t, generate(t, []string{writeRuns(t, dir, rows)}, Options{OutDir: dir, Exact: true}).HTML)
	if !strings.Contains(html, "source: none computed") || strings.Contains(html, "kept in") {
		t.Errorf("the exact section's source:\n%s", html[max(0, strings.Index(html, "experiment exact")-200):][:600])
	}
	if _, err := os.Stat(filepath.Join(dir, ExactCache)); err == nil {
		t.Error("an exact.csv written with nothing in it")
	}
}

// TestExactAdviceNamesStarts: for a board over 64 squares the report
// computes no probabilities and says which experiment exact command does,
// with the starts the runs cover: exact's default is the corners alone,
// which leaves a sweep of every start with nothing to compare.
func TestExactAdviceNamesStarts(t *testing.T) {
	squares := func(b int, keep func(r, c int) bool) [][2]int {
		var out [][2]int
		for r := range b {
			for c := range b {
				if keep(r, c) {
					out = append(out, [2]int{r, c})
				}
			}
		}
		return out
	}
	for _, c := range []struct {
		name   string
		size   int
		closed bool
		starts [][2]int
		want   string
	}{
		{"every start", 9, false, squares(9, func(int, int) bool { return true }), "experiment exact -sizes 9x9 -starts all -out FILE"},
		{"corners", 9, false, squares(9, func(r, c int) bool { return r%8 == 0 && c%8 == 0 }), "experiment exact -sizes 9x9 -starts corners -out FILE"},
		{"the corner colour", 9, false, squares(9, func(r, c int) bool { return (r+c)%2 == 0 }), "experiment exact -sizes 9x9 -starts solvable -out FILE"},
		{"a list", 9, false, [][2]int{{4, 4}, {0, 0}}, `experiment exact -sizes 9x9 -starts "0,0;4,4" -out FILE`},
		{"closed", 10, true, [][2]int{{0, 1}}, `experiment exact -sizes 10x10 -starts "0,1" -closed -out FILE`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var rows []runs.Row
			for _, sq := range c.starts {
				// No tour starts on the odd board's minority colour.
				found := 1 - (sq[0]+sq[1])%2*(c.size%2)
				for _, row := range greedyTrials(c.size, sq[0], sq[1], 2, found) {
					row.Closed = c.closed
					if found == 0 {
						row.Solvable = "no"
					}
					rows = append(rows, row)
				}
			}
			page := readString(t, generate(t, []string{writeRuns(t, dir, rows)}, Options{OutDir: dir, Exact: true}).HTML)
			if !strings.Contains(page, html.EscapeString(c.want)) {
				i := strings.Index(page, "more than 64 squares")
				t.Errorf("the advice is not %q:\n%s", c.want, page[max(0, i-100):min(len(page), i+300)])
			}
		})
	}
}

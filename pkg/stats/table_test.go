package stats

import (
	"math"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// The ERT column appears where a randomised series has an ERT, ">=" where
// a budget stopped some of its runs from starts with a tour, "-" for a
// deterministic series; every line fits 80 columns. Without one, the
// table is as before.
func TestTableERT(t *testing.T) {
	nan := Float(math.NaN())
	det := Summary{Label: "warnsdorff", Board: "5x5", Found: 12, Attempts: 25, TourFound: 12, TourAttempts: 13,
		NodesMedian: 24, ERTNodes: 30, TimeMedianNS: 900, Strategy: "warnsdorff", Tiebreak: "first"}
	rnd := Summary{Label: "warnsdorff-bt/random+fixed:8065", Board: "7x7", Found: 255, Attempts: 300, TourFound: 255, TourAttempts: 300,
		Censored: 45, NodesMedian: 2160000, ERTNodes: 2.9e6, ERTNodesCensored: true, TimeMedianNS: 117e6, TimeMedianCensored: true,
		Strategy: "warnsdorff-bt", Tiebreak: "random"}
	var b strings.Builder
	if err := WriteTable(&b, []Summary{det, rnd}); err != nil {
		t.Fatal(err)
	}
	want := `series         board     found/runs found/tour budget   nodes      ERT     time
warnsdorff     5x5            12/25      12/13      0      24        -    900ns
warnsdorff-bt/random+fixed:8065
               7x7          255/300    255/300     45   2.16M  >=2.90M  >=117ms
`
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("%d columns: %q", n, line)
		}
	}
	if !strings.Contains(TableLegendOf([]Summary{det, rnd}), "ERT: expected nodes") || TableLegendOf([]Summary{det}) != TableLegend {
		t.Error("the legend does not follow the ERT column")
	}
	b.Reset()
	rnd.ERTNodes = nan
	if err := WriteTable(&b, []Summary{det, rnd}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "ERT") {
		t.Errorf("an ERT column without an ERT:\n%s", b.String())
	}
}

// A randomised solver without nodes (seeds, 24 trials from one start) has
// its ERT in time in the table, with its unit, where it had "-", and the
// legend says so: 22 tours in 2ms each and 2 runs stopped by a 10ms budget
// take 64ms over 22 tours, 2.91ms a tour, ">=" as a budget stopped runs.
// With no run stopped, 2ms. The ERT column is wide enough for ">=" and a
// unit, and every line fits 80 columns.
func TestTableERTInTime(t *testing.T) {
	table := func(timeouts int) (string, string) {
		t.Helper()
		c := NewCollector(Options{TableOnly: true})
		for i := range 24 {
			r := runs.Row{Rows: 8, Cols: 8, Strategy: "r", Tiebreak: "first", Trial: i, Seed: uint64(100 + i), Status: status.Found,
				Solvable: "yes", Nodes: runs.Unknown, Backtracks: runs.Unknown, TimeNS: 2e6, CPUNS: 2e6, Verified: true, TimeoutNS: 10e6,
				Order: "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", RestartPolicy: runs.NoRestarts}
			if i < timeouts {
				r.Status, r.TimeNS, r.Verified = status.Timeout, 10e6, false
			}
			if err := c.Add(r); err != nil {
				t.Fatal(err)
			}
		}
		res, err := c.Finish()
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := WriteTable(&b, res.Summaries()); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(b.String(), "\n") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%d columns: %q", n, line)
			}
		}
		return b.String(), TableLegendOf(res.Summaries())
	}
	for _, tt := range []struct {
		name     string
		timeouts int
		want     string
	}{
		{"stopped", 2, "r              8x8            22/24      22/24      2       - >=2.91ms   2.00ms"},
		{"finished", 0, "r              8x8            24/24      24/24      0       -   2.00ms   2.00ms"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, legend := table(tt.timeouts)
			if !strings.Contains(got, tt.want+"\n") {
				t.Errorf("table:\n%s\nwant the line\n%s", got, tt.want)
			}
			if !strings.Contains(legend, "ERT: expected nodes") || !strings.Contains(legend, `An ERT with a unit ("24.8ms") is in time`) {
				t.Errorf("the legend does not say the ERT is in time:\n%s", legend)
			}
		})
	}
}

// Results for the table alone work out run lengths for randomised groups
// only: 30 runs of a deterministic strategy over 30 starts get none, 30
// trials of a random tie-break rule keep theirs, and the table is the same
// as from full results.
func TestTableOnly(t *testing.T) {
	read := func(opt Options) *Results {
		c := NewCollector(opt)
		for i := range 30 {
			r, col := i/6, i%6
			if err := c.Add(runs.Row{Rows: 6, Cols: 6, StartRow: r, StartCol: col, Strategy: "warnsdorff", Tiebreak: "first",
				Status: status.Found, Solvable: "yes", Nodes: 36, TimeNS: 100, Verified: true, RestartPolicy: "none"}); err != nil {
				t.Fatal(err)
			}
			if err := c.Add(runs.Row{Rows: 6, Cols: 6, Strategy: "warnsdorff", Tiebreak: "random", Trial: i, Seed: uint64(i + 1),
				Status: status.Found, Solvable: "yes", Nodes: runs.Count(36 + i), TimeNS: 100, Verified: true, RestartPolicy: "none"}); err != nil {
				t.Fatal(err)
			}
		}
		res, err := c.Finish()
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	full, table := read(Options{}), read(Options{TableOnly: true})
	for i, g := range table.Groups {
		if want := g.Key.Tiebreak == "random"; (g.RunLengths != nil) != want || full.Groups[i].RunLengths == nil {
			t.Errorf("%s: run lengths %v with TableOnly, %v without", g.Series, g.RunLengths != nil, full.Groups[i].RunLengths != nil)
		}
	}
	var a, b strings.Builder
	if err := WriteTable(&a, full.Summaries()); err != nil {
		t.Fatal(err)
	}
	if err := WriteTable(&b, table.Summaries()); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() || !strings.Contains(a.String(), "ERT") {
		t.Errorf("tables differ, or show no ERT:\n%s\n%s", a.String(), b.String())
	}
}

package stats

import (
	"math"
	"testing"

	"knightsweep/pkg/runs"
)

// TestSignificantBelowAlphaOnly: a comparison holds where its adjusted
// p-value is below Alpha: at exactly 0.05 it does not, just below it does.
func TestSignificantBelowAlphaOnly(t *testing.T) {
	below := math.Nextafter(Alpha, 0)
	for _, tt := range []struct {
		name string
		set  func(h *HeadToHead, p Float)
		sig  func(h HeadToHead) bool
	}{
		{"success", func(h *HeadToHead, p Float) { h.McNemarHolm = p }, HeadToHead.Significant},
		{"cost", func(h *HeadToHead, p Float) { h.CostHolm = p }, HeadToHead.CostSignificant},
		{"cost order", func(h *HeadToHead, p Float) { h.CostOrderHolm = p }, HeadToHead.CostOrderSignificant},
		{"time", func(h *HeadToHead, p Float) { h.TimeHolm = p }, HeadToHead.TimeSignificant},
		{"time order", func(h *HeadToHead, p Float) { h.TimeOrderHolm = p }, HeadToHead.TimeOrderSignificant},
	} {
		var at, under HeadToHead
		tt.set(&at, Alpha)
		tt.set(&under, Float(below))
		if tt.sig(at) || !tt.sig(under) {
			t.Errorf("%s: significant at p = 0.05: %v, just below: %v; want false, true", tt.name, tt.sig(at), tt.sig(under))
		}
	}
}

// TestPairsWhereOneSeriesRanMore: A ran from 0,0 of 5x5 and B from 0,0 and
// 2,2: one pair (0,0), B's run from 2,2 left out, whichever group's runs
// end first.
func TestPairsWhereOneSeriesRanMore(t *testing.T) {
	for _, more := range []string{"B", "A"} {
		c := NewCollector(Options{})
		add := func(strategy string, r int) {
			t.Helper()
			row := limitRow("", 0)
			row.Strategy, row.StartRow, row.StartCol = strategy, r, r
			if err := c.Add(row); err != nil {
				t.Fatal(err)
			}
		}
		add("dfs", 0)
		add("warnsdorff", 0)
		if more == "B" {
			add("warnsdorff", 2)
		} else {
			add("dfs", 2)
		}
		res, err := c.Finish()
		if err != nil {
			t.Fatal(err)
		}
		hs := Compare(res)
		if len(hs) != 1 || hs[0].Pairs != 1 {
			t.Errorf("%s ran more: %d comparisons, want 1 of 1 pair: %+v", more, len(hs), hs)
		}
	}
}

// TestCostTiesAndWinsCounted: A and B both found a tour from 0,0, 0,2 and
// 2,2 of 5x5, in 25 and 25, 30 and 60, 80 and 40 nodes (times ten times
// that): 3 pairs of costs, 1 tied (25, 25), A less in 1 (30 against 60), B
// less in 1 (40 against 80), and time alike.
func TestCostTiesAndWinsCounted(t *testing.T) {
	c := NewCollector(Options{})
	for _, r := range []struct {
		strategy string
		row, col int
		nodes    int64
	}{{"dfs", 0, 0, 25}, {"dfs", 0, 2, 30}, {"dfs", 2, 2, 80}, {"warnsdorff", 0, 0, 25}, {"warnsdorff", 0, 2, 60}, {"warnsdorff", 2, 2, 40}} {
		if err := c.Add(runs.Row{Rows: 5, Cols: 5, StartRow: r.row, StartCol: r.col, Strategy: r.strategy, Tiebreak: "first",
			Status: "found", Solvable: "unknown", Nodes: runs.Count(r.nodes), TimeNS: 10 * r.nodes, CPUNS: runs.Unknown, Verified: true}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	hs := Compare(res)
	if len(hs) != 1 {
		t.Fatalf("%d comparisons, want 1", len(hs))
	}
	h := hs[0]
	if h.CostPairs != 3 || h.CostTied != 1 || h.TimeTied != 1 || h.CostBothALess != 1 || h.CostBothBLess != 1 {
		t.Errorf("cost pairs %d, tied %d (time %d), A less %d, B less %d; want 3, 1 (1), 1, 1",
			h.CostPairs, h.CostTied, h.TimeTied, h.CostBothALess, h.CostBothBLess)
	}
}

// TestFloatCSV: a table's number in its shortest exact form, in exponent
// notation below 1e-4 only, and NaN as an empty field.
func TestFloatCSV(t *testing.T) {
	for _, tt := range []struct {
		f    float64
		want string
	}{{0, "0"}, {1e-4, "0.0001"}, {1.5e-5, "1.5e-05"}, {-2e-7, "-2e-07"}, {0.25, "0.25"}, {math.NaN(), ""}} {
		if got, err := Float(tt.f).MarshalCSV(); err != nil || got != tt.want {
			t.Errorf("%g: %q, %v; want %q", tt.f, got, err, tt.want)
		}
	}
}

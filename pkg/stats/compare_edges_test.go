package stats

import (
	"math"
	"testing"
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

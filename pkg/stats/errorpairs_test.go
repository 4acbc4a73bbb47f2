package stats

import (
	"testing"

	"knightsweep/pkg/status"
)

// A run that ended in error says nothing of the search (docs/report.md):
// its pair enters no test and its instance no ranking. On 6x6, warnsdorff
// finds a tour from every start of the first row; dfs finds one from 0,0
// and 0,1, ends in error from 0,2 to 0,4, and is stopped by its budget
// from 0,5. Three pairs are left out; McNemar's test sees one discordant
// pair (0,5), not four. A series whose every run ended in error is
// compared with none.
func TestErrorPairsLeftOut(t *testing.T) {
	var rs []rankRun
	for col := range 6 {
		rs = append(rs, rankRun{6, 6, 0, col, 0, "warnsdorff", status.Found, 36})
		st, nodes := status.Found, int64(40)
		switch {
		case col >= 2 && col <= 4:
			st, nodes = status.Error, 0
		case col == 5:
			st, nodes = status.NodeLimit, 1000
		}
		rs = append(rs, rankRun{6, 6, 0, col, 0, "dfs", st, nodes})
		rs = append(rs, rankRun{6, 6, 0, col, 0, "warnsdorff-bt", status.Error, 0})
	}
	res := rankResults(t, rs)
	hs := Compare(res)
	if len(hs) != 1 {
		t.Fatalf("%d comparisons, want 1 (warnsdorff-bt, every run in error, compared with none): %+v", len(hs), hs)
	}
	h := hs[0]
	only := h.AOnly + h.BOnly
	if h.Pairs != 3 || h.ErrorPairs != 3 || only != 1 || h.BothFound != 2 {
		t.Errorf("pairs %d, left out %d, discordant %d, both found %d; want 3, 3, 1, 2", h.Pairs, h.ErrorPairs, only, h.BothFound)
	}
	if p := float64(h.McNemarP); p != 1 {
		t.Errorf("McNemar p %v over one discordant pair, want 1", p)
	}
	var series []Series
	for i, s := range res.Series {
		if res.Totals[i].AllErrors() != (s.Key.Strategy == "warnsdorff-bt") {
			t.Errorf("%s: AllErrors %v with %d errors of %d runs", s.Label, res.Totals[i].AllErrors(), res.Totals[i].Errors, res.Totals[i].Attempts)
		}
		if s.Key.Strategy != "warnsdorff-bt" {
			series = append(series, s)
		}
	}
	r := Rank(res, series, BySuccess)
	if r.Blocks != 3 || r.Errors != 3 {
		t.Errorf("ranking over %d instances, %d left out for errors; want 3 and 3", r.Blocks, r.Errors)
	}
}

// BothCensored counts the pairs whose two runs a budget stopped (the
// report says "neither was let finish" where it is every pair): on 6x6,
// dfs and warnsdorff both stopped at their node budget from 0,0 to 0,2,
// warnsdorff finding a tour from 0,3 where dfs is stopped: four pairs,
// three of them both stopped.
func TestBothCensoredCountsPairsBothStopped(t *testing.T) {
	var rs []rankRun
	for col := range 4 {
		st := status.NodeLimit
		if col == 3 {
			st = status.Found
		}
		rs = append(rs, rankRun{6, 6, 0, col, 0, "warnsdorff", st, 1000})
		rs = append(rs, rankRun{6, 6, 0, col, 0, "dfs", status.NodeLimit, 1000})
	}
	hs := Compare(rankResults(t, rs))
	if len(hs) != 1 {
		t.Fatalf("%d comparisons, want 1", len(hs))
	}
	if h := hs[0]; h.Pairs != 4 || h.BothCensored != 3 {
		t.Errorf("pairs %d, both stopped %d; want 4 and 3", h.Pairs, h.BothCensored)
	}
}

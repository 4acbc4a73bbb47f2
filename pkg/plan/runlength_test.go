package plan

import (
	"math"
	"testing"

	"knightsweep/pkg/restart"
)

func mustPolicy(t *testing.T, s string) restart.Policy {
	t.Helper()
	p, err := restart.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Runs of millions of attempts are priced within their budget. No
// attempt cut before the board's squares finds a tour: a geometric policy
// whose cutoff stays at 1 spends the whole budget (priced at 6 ms for a
// 3-second timeout on 5x5 when the fit gave cutoffs below the squares a
// chance), and one from 2 with a factor of 1.0001 is priced in runs of a
// cutoff (seconds of planning before, one attempt at a time).
func TestSeriesNodesLongRuns(t *testing.T) {
	d := randomOrderFind(64, false, false)
	for _, policy := range []string{"fixed:64", "luby:64", "geometric:64,1.01", "geometric:2,1.0001"} {
		got := seriesNodes(mustPolicy(t, policy), d, 1e12)
		if !(got > 0 && got <= 1e12) {
			t.Errorf("%s: %v nodes, want within (0, 1e12]", policy, got)
		}
	}
	five := randomOrderFind(25, true, false)
	if got := seriesNodes(mustPolicy(t, "geometric:1,1.0000000001"), five, 3.6e8); got != 3.6e8 {
		t.Errorf("a cutoff of 1 node on 5x5: %v nodes, want the budget, 3.6e8", got)
	}
	// Cutoffs of 2 to 24 nodes fail, each of them for ln(1 + 1/c) / ln
	// 1.0001 attempts, c ln(1 + 1/c) 10,000 nodes: 216,000 nodes in all
	// before an attempt can find a tour.
	if got := seriesNodes(mustPolicy(t, "geometric:2,1.0001"), five, 1e9); got < 2.16e5 || got > 1e6 {
		t.Errorf("geometric:2,1.0001 on 5x5: %v nodes, want 216,000 and some", got)
	}
	// Without a budget, a search from a start without a tour under
	// Luby's sequence is priced past its 62nd block (cutoffs beyond any
	// int64) as one attempt without a cutoff.
	if got := seriesNodes(mustPolicy(t, "luby:1"), fixedLength(1e30), math.Inf(1)); !(got >= 1e30) {
		t.Errorf("luby:1 on an endless search: %v nodes, want at least 1e30", got)
	}
}

// The fitted distribution reproduces the measured fractions it was fitted
// to, within 25% from 72 nodes up, and the corner is the easier start.
func TestRandomOrderFind(t *testing.T) {
	for _, tc := range []struct {
		squares int
		c, f    float64 // the fraction of attempts with cutoff c that found a tour
	}{
		{25, 100, 0.0152}, {25, 1000, 0.072}, {25, 10_000, 0.327}, {25, 30_000, 0.552},
		{36, 72, 2.64e-4}, {36, 2000, 6.54e-3}, {36, 200_000, 0.158}, {36, 1_000_000, 0.325},
		{49, 98, 7.35e-5}, {49, 5000, 2.58e-3}, {49, 200_000, 0.0246}, {49, 1_000_000, 0.0491},
	} {
		d := randomOrderFind(tc.squares, true, false)
		if r := d.cdf(tc.c) / tc.f; r < 0.73 || r > 1.35 {
			t.Errorf("%d squares, corner: P(X <= %g) = %.3g, measured %.3g (%.2fx)", tc.squares, tc.c, d.cdf(tc.c), tc.f, r)
		}
	}
	// 8x8 (40 runs a cutoff, 1 to 7 of which found a tour) and closed
	// tours on 6x6 (60 runs, 20 to 42 found), fitted too: within their
	// sampling error, half to twice.
	for _, tc := range []struct {
		squares int
		closed  bool
		c, f    float64
	}{
		{64, false, 64, 1.04e-6}, {64, false, 1000, 1.93e-5}, {64, false, 30_000, 3.97e-4}, {64, false, 1_000_000, 2.51e-3},
		{36, true, 36, 2.78e-6}, {36, true, 500, 1.15e-4}, {36, true, 10_000, 1.95e-3}, {36, true, 200_000, 0.0292},
	} {
		d := randomOrderFind(tc.squares, true, tc.closed)
		if r := d.cdf(tc.c) / tc.f; r < 0.5 || r > 2 {
			t.Errorf("%d squares, closed %v: P(X <= %g) = %.3g, measured %.3g (%.2fx)", tc.squares, tc.closed, tc.c, d.cdf(tc.c), tc.f, r)
		}
	}
	// Five kinds of square of 6x6 other than the corner, 60 runs from
	// each: their fractions' geometric mean.
	for _, tc := range []struct{ c, f float64 }{{500, 6.0e-4}, {10_000, 7.5e-3}, {200_000, 0.05}} {
		d := randomOrderFind(36, false, false)
		if r := d.cdf(tc.c) / tc.f; r < 0.75 || r > 1.33 {
			t.Errorf("6x6, not a corner: P(X <= %g) = %.3g, measured %.3g (%.2fx)", tc.c, d.cdf(tc.c), tc.f, r)
		}
	}
	// Harder with every square, from every kind of start, within the
	// spreads measured.
	for _, corner := range []bool{true, false} {
		prev := randomOrderFind(9, corner, false)
		for squares := 10; squares <= 400; squares++ {
			d := randomOrderFind(squares, corner, false)
			if !(d.median > prev.median) || d.decades < prev.decades || d.decades < 0.5 || d.decades > 3 {
				t.Errorf("corner %v: %d squares %+v after %+v", corner, squares, d, prev)
			}
			prev = d
		}
	}
}

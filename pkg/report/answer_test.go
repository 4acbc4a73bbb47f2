package report

import (
	"math"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/theory"
)

// answerTrials is trials with dfs on 3x4 beside the others, from the
// starts of one colour that have a tour on 3x4 (a found run where theory
// proves none is refused): the three series share one instance (0,0,
// trial 0).
func answerTrials() []runs.Row {
	var rows []runs.Row
	for _, r := range trials() {
		if r.Strategy == "dfs" {
			if r.StartRow >= 3 || r.StartCol >= 4 || theory.OpenFrom(3, 4, r.StartRow, r.StartCol) != theory.Yes {
				continue
			}
			r.Rows, r.Cols = 3, 4
		}
		rows = append(rows, r)
	}
	return rows
}

// Three series: the page opens with the table of every series, best
// first, and the sentences; the ranking and the matrix follow, folded
// (for three series the table says as much), say what the ranking rests
// on and which test it ran, and Head to head says which comparisons were
// made and how many p-values Holm's adjustment ran over.
func TestAnswerRanking(t *testing.T) {
	out := generate(t, []string{writeRuns(t, t.TempDir(), answerTrials())}, Options{})
	page := readString(t, out.HTML)
	table, ranks := strings.Index(page, `<table class="answer">`), strings.Index(page, `<details id="ranks">`)
	diagram, matrix := strings.Index(page, "Critical-difference diagrams"), strings.Index(page, "Every two of 3 series")
	if table < 0 || ranks < table || diagram < ranks || matrix < diagram {
		t.Errorf("the page does not open with the table, then the folded ranks: the diagram, then the matrix (at %d, %d, %d, %d)", table, ranks, diagram, matrix)
	}
	ranking := page[ranks:strings.Index(page, `id="compare"`)]
	for _, want := range []string{
		// dfs ran trial 0 from several starts, the others 0,0 only: one shared
		// instance, too few for the Friedman test.
		"3 series ranked over 1 instance (board, start and trial) on 3x4",
		"(Friedman test): by success not run: 1 instance that every series ran",
		"over one instance: no test ran.",
		"allowing for the 3 pairs of each ranking (Holm's adjustment)",
		"Benavoli, Corani and Mangili (2016)",
	} {
		if !strings.Contains(ranking, want) {
			t.Errorf("the ranks lack %q", want)
		}
	}
	if strings.Contains(ranking, "(p=1)") {
		t.Error("the ranks name a p-value of a test that did not run")
	}
	want := "3 comparisons (1 restart policy against the same series without restarts, 2 between strategies)"
	if !strings.Contains(page, want) || !strings.Contains(page, "Holm&#39;s adjustment runs over each test&#39;s p-values: 3 p-values of McNemar&#39;s test for success") || !strings.Contains(page, "p-values in all") {
		t.Errorf("Head to head does not say which comparisons were made (%q) and what Holm adjusted", want)
	}
}

// Two series: no ranking; the sentences open the page, the verdicts are
// in Head to head.
func TestAnswerTwoSeries(t *testing.T) {
	var rows []runs.Row
	for _, r := range answerTrials() {
		if r.RestartPolicy == runs.NoRestarts {
			rows = append(rows, r)
		}
	}
	page := readPage(t, generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{}).HTML)
	answer := page[strings.Index(page, `id="answer"`):strings.Index(page, `id="compare"`)]
	if strings.Contains(answer, "Critical-difference") || !strings.Contains(page, `<summary>dfs against warnsdorff-bt/random on 3x4`) ||
		!strings.Contains(answer, `<p class="lead">`) {
		t.Errorf("two series: want the sentences in the Answer, the verdict in Head to head and no ranking:\n%s", answer)
	}
}

func TestComparisonKind(t *testing.T) {
	base := stats.SeriesKey{Strategy: "dfs", Tiebreak: "first", Order: "random", Restarts: runs.NoRestarts}
	restart, other, variant := base, base, base
	restart.Restarts = "fixed:49"
	other.Strategy = "warnsdorff-bt"
	variant.Order = "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"
	luby := restart
	luby.Restarts = "luby:49"
	for _, tt := range []struct {
		a, b stats.SeriesKey
		want int
	}{
		{base, restart, restartVsBase}, {restart, base, restartVsBase},
		{base, variant, variantVsPlain}, {restart, luby, variantVsPlain},
		{base, other, betweenStrategies}, {restart, other, betweenStrategies},
	} {
		if got := comparisonKind(tt.a, tt.b); got != tt.want {
			t.Errorf("comparisonKind(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// The lead sentence claims that the first series is ahead of another only
// where the sign test, after Holm, says so in that pair: mean ranks over k
// series and the tests of two need not agree. Here B beats A in 150
// instances of 250 (exact sign test p = 0.0019, Holm 0.0038 over three
// pairs) though A's mean rank is the better (1.6 against 1.8: where A
// wins, B comes last); C is behind both.
func TestLeadOfPairwiseDisagrees(t *testing.T) {
	series := []stats.Series{{Label: "A"}, {Label: "B"}, {Label: "C"}}
	rk := &stats.Ranking{Measure: stats.ByNodes, Series: series, Order: []int{0, 1, 2},
		Friedman: stats.Friedman{Blocks: 250, K: 3, MeanRank: []float64{1.6, 1.8, 2.6}, FP: 1e-9},
		Pairs: []stats.RankPair{
			{A: 0, B: 1, ABetter: 100, BBetter: 150, P: 0.0019, Holm: 0.0038},
			{A: 0, B: 2, ABetter: 250, P: 1e-70, Holm: 3e-70},
			{A: 1, B: 2, ABetter: 150, BBetter: 100, P: 0.0019, Holm: 0.0038},
		}}
	got := leadOf(rk, "nodes to a tour")
	if want := "yet the sign test after Holm puts B ahead of it in their pair"; strings.Contains(got, "ahead of every other series") || !strings.Contains(got, want) {
		t.Errorf("lead %q: B beats A in their pair after Holm; want no claim that A is ahead of it", got)
	}
	// Two that share the first place are ahead of a third only if each
	// of them is: here B cannot be told from C.
	rk.Friedman.MeanRank = []float64{1.5, 1.5, 3}
	rk.Pairs[0] = stats.RankPair{A: 0, B: 1, ABetter: 10, BBetter: 10, P: 1, Holm: 1}
	rk.Pairs[2] = stats.RankPair{A: 1, B: 2, ABetter: 3, BBetter: 1, P: 0.625, Holm: 0.625}
	got = leadOf(rk, "nodes to a tour")
	if strings.Contains(got, "ahead of the others") || !strings.Contains(got, "cannot tell") {
		t.Errorf("lead %q: B cannot be told from C; want no claim that the first two are ahead of the others", got)
	}
}

// The page says how many p-values Holm's adjustment ran over in each
// test: a signed-rank test without a pair where both found a tour has no
// p-value, and Compare's Holm leaves it out of the family.
func TestComparisonCountsFamilies(t *testing.T) {
	nan := stats.Float(math.NaN())
	a := stats.SeriesKey{Strategy: "dfs", Restarts: runs.NoRestarts}
	b := stats.SeriesKey{Strategy: "warnsdorff", Restarts: runs.NoRestarts}
	h := stats.HeadToHead{A: stats.Series{Key: a}, B: stats.Series{Key: b}}
	with, without := h, h
	without.CostP, without.TimeP = nan, nan
	got := comparisonCounts([]stats.HeadToHead{with, without, without})
	for _, want := range []string{"3 p-values of McNemar's test for success", "1 of the signed-rank test and 3 of the sign test for nodes", "1 and 3 for time", "11 p-values in all"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
}

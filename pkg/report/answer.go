package report

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"knightsweep/internal/words"
	"knightsweep/pkg/chart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
)

// minRanked is the fewest series of one tour kind that the Answer opens
// with a ranking for: two series are one comparison, its verdict the
// answer.
const minRanked = 3

// ranking is the Answer's opening for three or more series of one tour
// kind: their ranking by success and by cost to a tour over the instances
// they all ran, drawn as critical-difference diagrams, and the matrix of
// every two of them.
type ranking struct {
	// Kind is "open" or "closed", said on the page only when both ran.
	Kind      string
	BothKinds bool
	Success   *stats.Ranking
	Cost      *stats.Ranking
	// Diagram and Matrix are the charts.
	Diagram, Matrix figureSlot
	// suffix tells the charts of closed tours apart.
	suffix string
	// mixed names the ways the series' CPU times were measured
	// ("in-process against stdio") where they differ and Cost ranks by
	// CPU time: such ranks compare more than the searches, and no verdict
	// rests on them.
	mixed string
}

// rankings returns the rankings of the Answer: one for each tour kind
// with at least minRanked series that ran a search (not every run in
// error).
func rankings(res *stats.Results) []*ranking {
	byKind := map[bool][]stats.Series{}
	for i, s := range res.Series {
		if res.Totals[i].AllErrors() {
			continue // no search to rank: the lead says so
		}
		byKind[s.Key.Closed] = append(byKind[s.Key.Closed], s)
	}
	var out []*ranking
	for _, closed := range []bool{false, true} {
		series := byKind[closed]
		if len(series) < minRanked {
			continue
		}
		r := &ranking{Kind: "open", BothKinds: len(byKind) > 1,
			Success: stats.Rank(res, series, stats.BySuccess),
			Cost:    stats.Rank(res, series, stats.CostMeasure(res, series))}
		if closed {
			r.Kind, r.suffix = "closed", "-closed"
		}
		out = append(out, r)
	}
	return out
}

// figures adds the ranking's charts to the page's jobs.
func (r *ranking) figures(add func(*figureSlot, func() (*figure, error))) {
	add(&r.Diagram, func() (*figure, error) {
		rks := []*stats.Ranking{r.Success, r.Cost}
		if r.noCost() {
			rks = rks[:1]
		}
		f, err := chart.Ranking(rks...)
		if f != nil {
			f.Name += r.suffix
		}
		return chartFigure(f, err)
	})
	add(&r.Matrix, func() (*figure, error) {
		if r.noCost() {
			return chartFigure(nil, fmt.Errorf("matrix: %w (no instance has the CPU time of every series' run: no ranking by cost)", chart.ErrNoData))
		}
		f, err := chart.Matrix(r.Success, r.Cost)
		if f != nil {
			f.Name += r.suffix
		}
		return chartFigure(f, err)
	})
}

// noCost reports whether the cost ranking ranks nothing for want of the
// cost: every instance every series ran has a run without CPU time.
func (r *ranking) noCost() bool { return r.Cost.Blocks == 0 && r.Cost.Unknown > 0 }

// Series counts the series ranked.
func (r *ranking) Series() int { return len(r.Cost.Series) }

// Pairs counts the pairs of series: the p-values Holm's adjustment ran
// over in each ranking.
func (r *ranking) Pairs() int { return len(r.Cost.Pairs) }

// Instances says what the ranking rests on: "1,200 instances (board,
// start and trial) on 5x5, 6x6 and 7x7".
func (r *ranking) Instances() string {
	var boards []string
	for _, b := range r.Success.Boards {
		boards = append(boards, b.String())
	}
	if len(boards) == 0 {
		return "no instance: no board was run by every series"
	}
	return fmt.Sprintf("%s %s (board, start and trial) on %s", format.Grouped(r.Success.Blocks), words.Noun(r.Success.Blocks, "instance"), words.List(boards))
}

// Measure names the cost the ranking ranks by, and the instances it
// leaves out for want of it.
func (r *ranking) Measure() string {
	if r.Cost.Measure != stats.ByCPU {
		return "nodes"
	}
	m := "CPU time (some series record no nodes; " + cpuTie + ")"
	switch u := r.Cost.Unknown; {
	case r.noCost():
		m = "CPU time (some series record no nodes), which no instance has for every series: no ranking by cost"
	case u > 0:
		m = fmt.Sprintf("CPU time (some series record no nodes) over the %s %s of them where every run has it (%s left out: cpu_ns empty)",
			format.Grouped(r.Cost.Blocks), words.Noun(r.Cost.Blocks, "instance"), format.Grouped(u))
	}
	return m
}

// Friedman writes the Friedman tests' outcomes.
func (r *ranking) Friedman() string {
	if r.noCost() {
		return fmt.Sprintf("by success %s", chart.FriedmanVerdict(r.Success))
	}
	return fmt.Sprintf("by success %s, by %s %s", chart.FriedmanVerdict(r.Success), r.Cost.Measure, chart.FriedmanVerdict(r.Cost))
}

// Lead says in one sentence what the ranking by cost finds: which series
// ranks first, and which the post-hoc tests cannot tell from it. Without
// an instance where every run has the cost (no CPU time), it says so and
// ranks nothing by it.
func (r *ranking) Lead() string {
	if r.noCost() {
		return leadOf(r.Success, "success") + " No ranking by CPU time: some series record no nodes, and no instance has the CPU time of every series' run."
	}
	if r.mixed != "" {
		return leadOf(r.Success, "success") + fmt.Sprintf(" By CPU time to a tour: no verdict, as the series' CPU times are measured differently (%s).", r.mixed)
	}
	return leadOf(r.Success, "success") + " " + leadOf(r.Cost, r.Cost.Measure.String()+" to a tour")
}

// labelMixed sets each ranking's mixed from the ways its series were timed.
func labelMixed(rs []*ranking, sweeps []sweep) {
	of := measuredWays(sweeps)
	for _, r := range rs {
		if r.Cost == nil || r.Cost.Measure != stats.ByCPU {
			continue
		}
		var ways []string
		for _, s := range r.Cost.Series {
			if w := of(s.Key.Strategy); !slices.Contains(ways, w) {
				ways = append(ways, w)
			}
		}
		if len(ways) > 1 {
			r.mixed = strings.Join(ways, " against ")
		}
	}
}

func leadOf(rk *stats.Ranking, what string) string {
	if rk.Blocks == 0 || len(rk.Order) == 0 {
		return ""
	}
	best := rk.Order[0]
	var first []int
	for _, i := range rk.Order {
		if rk.MeanRank[i] == rk.MeanRank[best] {
			first = append(first, i)
		}
	}
	// Mean ranks over k series and the sign test of two need not agree:
	// a series is behind the first place only where the test of its pair
	// puts every series of the first place ahead of it, and one that the
	// test puts ahead of a series of the first place is said to be.
	var level, ahead []string
	for _, i := range rk.Order[len(first):] {
		behind, beats := true, false
		for _, f := range first {
			p, _ := rk.Pair(f, i)
			behind = behind && p.Winner() == f
			beats = beats || p.Winner() == i
		}
		switch {
		case beats:
			ahead = append(ahead, rk.Series[i].Label)
		case !behind:
			level = append(level, rk.Series[i].Label)
		}
	}
	labels := make([]string, len(first))
	for k, i := range first {
		labels[k] = rk.Series[i].Label
	}
	s := fmt.Sprintf("By %s, %s ranks first (mean rank %.2f of %d)", what, labels[0], rk.MeanRank[best], len(rk.Series))
	if len(first) > 1 {
		s = fmt.Sprintf("By %s, %s share the first place (mean rank %.2f of %d)", what, words.List(labels), rk.MeanRank[best], len(rk.Series))
	}
	switch {
	case rk.Blocks < 2:
		return s + ", over one instance: no test ran."
	case rk.ChiSquareP >= stats.Alpha:
		return s + fmt.Sprintf(", but the Friedman test does not show that the series differ (Friedman %s).", format.P(rk.ChiSquareP))
	case len(level)+len(ahead) == 0 && len(first) > 1:
		return s + ", ahead of the others by the sign tests after Holm."
	case len(level)+len(ahead) == 0:
		return s + ", ahead of every other series by the sign tests after Holm."
	}
	them := "it"
	if len(first) > 1 {
		them = "them"
	}
	var notes []string
	if len(level) > 0 {
		notes = append(notes, fmt.Sprintf("the sign tests after Holm cannot tell %s from %s", them, words.List(level)))
	}
	if len(ahead) > 0 {
		pairs := "their pair"
		if len(ahead)+len(first) > 2 {
			pairs = "their pairs"
		}
		notes = append(notes, fmt.Sprintf("yet the sign test after Holm puts %s ahead of %s in %s (the matrix shows every pair)", words.List(ahead), them, pairs))
	}
	return s + "; " + strings.Join(notes, "; ") + "."
}

// Kinds of comparison, in the order the page shows them: a restart series
// against the same series without restarts, then two settings of one
// strategy (tie-break rules, move orders, pruning, two restart policies),
// then strategies against each other.
const (
	restartVsBase = iota
	variantVsPlain
	betweenStrategies
)

// comparisonKind says which kind of comparison a and b make.
func comparisonKind(a, b stats.SeriesKey) int {
	ra, rb := a.Restarts, b.Restarts
	a.Restarts, b.Restarts = "", ""
	switch {
	case a == b && (ra == runs.NoRestarts) != (rb == runs.NoRestarts):
		return restartVsBase
	case a.Strategy == b.Strategy:
		return variantVsPlain
	}
	return betweenStrategies
}

// kindNames name the kinds of comparison on the page.
var kindNames = [...]string{
	restartVsBase:     "restart policy against the same series without restarts",
	variantVsPlain:    "between settings of one strategy (tie-break rule, move order, pruning, restart policies)",
	betweenStrategies: "between strategies",
}

// comparisonCounts says which comparisons the page made and how many
// p-values Holm's adjustment ran over: "28 comparisons (4 of a restart
// policy ..., 24 between strategies) ...".
func comparisonCounts(hs []stats.HeadToHead) string {
	if len(hs) == 0 {
		return ""
	}
	var n [3]int
	for _, h := range hs {
		n[comparisonKind(h.A.Key, h.B.Key)]++
	}
	var parts []string
	for k, c := range n {
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, kindNames[k]))
		}
	}
	// What Holm's adjustment ran over, test by test: a signed-rank test
	// without a pair where both found a tour has no p-value to adjust.
	f := stats.HolmFamilies(hs)
	return fmt.Sprintf("%s %s (%s): every two series of one tour kind on each board both ran, and over all their boards where they share more than one. "+
		"Holm's adjustment runs over each test's p-values: %s of McNemar's test for success, %s of the signed-rank test and %s of the sign test for nodes, %s and %s for time, "+
		"%s p-values in all.", format.Grouped(len(hs)), words.Noun(len(hs), "comparison"), strings.Join(parts, ", "),
		format.Grouped(f.McNemar)+" "+words.Noun(f.McNemar, "p-value"), format.Grouped(f.Cost), format.Grouped(f.CostOrder), format.Grouped(f.Time), format.Grouped(f.TimeOrder), format.Grouped(f.Total()))
}

// byKind orders the comparisons as the page shows them: restart policies
// against their base first, then variants of one strategy, then
// strategies; the computed order within each kind.
func byKind(hs []stats.HeadToHead) []stats.HeadToHead {
	out := slices.Clone(hs)
	slices.SortStableFunc(out, func(x, y stats.HeadToHead) int {
		return cmp.Compare(comparisonKind(x.A.Key, x.B.Key), comparisonKind(y.A.Key, y.B.Key))
	})
	return out
}

// LeftOut says which instances every series ran the ranking leaves out:
// those from starts with no tour, where every series fails.
func (r *ranking) LeftOut() string {
	if n := r.Success.NoTour; n > 0 {
		return fmt.Sprintf(" (%s from starts with no tour left out: every series fails there)", words.Count(n, "instance"))
	}
	return ""
}

// foldRanksBelow is the fewest series whose ranks the page shows unfolded:
// for two or three the table at the top says what the ranks would.
const foldRanksBelow = 4

// RanksOpen reports whether the ranks are shown unfolded.
func (p *page) RanksOpen() bool { return p.RankedSeries() >= foldRanksBelow }

// RankedSeries is the most series one ranking ranks.
func (p *page) RankedSeries() int {
	n := 0
	for _, r := range p.Rankings {
		n = max(n, r.Series())
	}
	return n
}

package stats

import (
	"cmp"
	"math"
	"slices"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// HeadToHead compares two series, A and B, on one board (or, Pooled, on
// every board both ran), over paired runs: runs of both from the
// same start square in the same trial. A deterministic series runs trial 0
// only, so against a randomised one it pairs with that trial.
//
// Success first: of the pairs where only one series found a tour, the
// exact McNemar test says how likely a split at least this uneven is if
// neither were better. Pairs where both failed are ties, never wins; pairs
// where both succeeded say nothing of success.
//
// Cost second, two ways. By how much, over the pairs where both found a
// tour (a cost is measured only where it was paid in full): the median of
// the paired ratios B/A of nodes (and of time), with the Wilcoxon
// signed-rank test of their logarithms and its estimate, the
// Hodges–Lehmann ratio, whose side of one is the side the test supports.
// A run stopped by its budget never enters those. And which needed less to
// find a tour, over every pair whose order the runs establish (see
// sooner): a run stopped by its budget needed more than it used, one that
// failed for good (status.Final) never finds a tour; the exact sign test
// on the pairs where A needed less against those where B did, ties and
// pairs of unknown order left out. Where one series often runs out of
// budget, the pairs where both found a tour are few and the easy ones; the
// sign test also counts the pairs where one found a tour within what the
// other used up.
type HeadToHead struct {
	// Board is the board, or PooledBoard where Pooled.
	Board string `csv:"board"`
	// Pooled marks the comparison over every board both ran.
	Pooled  bool   `csv:"-"`
	SeriesA string `csv:"series_a"`
	SeriesB string `csv:"series_b"`
	// Pairs counts the paired runs; ErrorPairs the pairs left out because
	// a run of them ended in error (status error), which says nothing.
	Pairs      int `csv:"pairs"`
	ErrorPairs int `csv:"-"`
	AFound     int `csv:"a_found"`
	BFound     int `csv:"b_found"`
	// AOnly and BOnly count the pairs where only A, or only B, found a
	// tour: the discordant pairs.
	AOnly int `csv:"a_only"`
	BOnly int `csv:"b_only"`
	// McNemarP is the exact McNemar test's two-sided p-value; McNemarHolm
	// the same adjusted (Holm) over every McNemar test of the report.
	McNemarP    Float `csv:"mcnemar_p"`
	McNemarHolm Float `csv:"mcnemar_p_holm"`
	// BothFound counts the pairs where both found a tour: the pairs the
	// cost comparison rests on.
	BothFound int `csv:"both_found"`
	// CostRatioMedian is the median over those pairs of B's nodes over
	// A's; CostP the signed-rank test's p-value; CostHolm adjusted.
	CostRatioMedian Float `csv:"cost_ratio_median"`
	CostP           Float `csv:"cost_p"`
	CostHolm        Float `csv:"cost_p_holm"`
	// TimeRatioMedian, TimeP and TimeHolm are the same for time.
	TimeRatioMedian Float `csv:"time_ratio_median"`
	TimeP           Float `csv:"time_p"`
	TimeHolm        Float `csv:"time_p_holm"`
	// CostRatioHL and TimeRatioHL are the Hodges–Lehmann estimates of the
	// ratio B/A (the exponential of HodgesLehmann of the log ratios): the
	// estimates that go with the signed-rank tests, on the side of one
	// when the test rejects. The medians may not be: a B a little cheaper
	// than A on most pairs and far costlier on the rest has a median ratio
	// below one and a test that says B costs more.
	CostRatioHL Float `csv:"cost_ratio_hl"`
	TimeRatioHL Float `csv:"time_ratio_hl"`
	// CostTied and TimeTied count the pairs of BothFound whose nodes, or
	// times, are equal: the signed-rank test and the Hodges–Lehmann
	// estimate rest on the others alone.
	CostTied int `csv:"-"`
	TimeTied int `csv:"-"`
	// CostBothALess and CostBothBLess count the pairs of BothFound in
	// which A, or B, needed fewer nodes (or less CPU time): the signs of
	// the pairs the signed-rank test ranks.
	CostBothALess int `csv:"-"`
	CostBothBLess int `csv:"-"`
	// BothCensored counts the pairs whose runs a budget stopped, both:
	// where it is every pair, neither series found a tour because
	// neither was let finish a search.
	BothCensored int `csv:"-"`
	// CostALess and CostBLess count the pairs in which A, or B, needed
	// fewer nodes to find a tour, as far as the runs show (see sooner);
	// CostOrderP is the exact sign test's two-sided p-value on them, and
	// CostOrderHolm the same adjusted over every such test of the report.
	CostALess     int   `csv:"cost_a_less"`
	CostBLess     int   `csv:"cost_b_less"`
	CostOrderP    Float `csv:"cost_order_p"`
	CostOrderHolm Float `csv:"cost_order_p_holm"`
	// TimeALess, TimeBLess, TimeOrderP and TimeOrderHolm are the same for
	// time.
	TimeALess     int   `csv:"time_a_less"`
	TimeBLess     int   `csv:"time_b_less"`
	TimeOrderP    Float `csv:"time_order_p"`
	TimeOrderHolm Float `csv:"time_order_p_holm"`
	// CostBy names the cost the Cost columns compare: "nodes", or
	// "cpu_ns" when a series has no nodes (an external solver that does
	// not count them), where CPU time stands in for them; "" (CostNone)
	// when there is no one cost to compare: a series has neither nodes
	// nor CPU time, or the boards pooled compare different costs. The
	// Cost columns are then empty.
	CostBy string `csv:"cost_by"`
	// LabelA and LabelB name the series in one word (Series.Label), where
	// SeriesA and SeriesB keep the names with commas files before them had.
	LabelA string `csv:"label_a"`
	LabelB string `csv:"label_b"`
	// CostUnknown counts the pairs left out of the Cost columns because a
	// run of the pair has no such cost: no CPU time (cpu_ns empty, or a
	// file without the column) where CostBy is "cpu_ns"; every pair where
	// there is no cost to compare. An unknown cost is never taken as 0.
	CostUnknown int `csv:"cost_unknown"`
	// Measured says whether the two series' times (time_ns, and cpu_ns
	// where CostBy is "cpu_ns") were measured alike: "alike", or the two
	// ways, A's first, such as "in-process/stdio" (a built-in strategy on
	// its worker's thread against an external solver over a pipe), where
	// the time columns compare more than the searches. "" where the
	// report was not told (package report sets it from the manifests).
	Measured string `csv:"measured"`
	// CostPairs counts the pairs of BothFound whose cost is known: the
	// pairs the signed-rank test of cost rests on.
	CostPairs int `csv:"-"`
	// CostLacking names the series (their labels) that record no CPU time
	// where the pair, lacking nodes, has no cost to compare (CostBy "").
	CostLacking []string `csv:"-"`
	// CostMixed is set, with CostBy "", for a comparison over all boards
	// whose boards compare different costs.
	CostMixed bool `csv:"-"`

	// A and B are the series compared.
	A, B Series `csv:"-"`
	// OnlyA and OnlyB count, start square by start square, the pairs where
	// only A or only B found a tour (one board only).
	OnlyA, OnlyB map[board.Square]int `csv:"-"`
}

// PooledBoard is HeadToHead.Board of a pooled comparison, as
// headtohead.csv writes it.
const PooledBoard = "all"

// Alpha is the significance level: a test holds where its p-value, after
// Holm's adjustment over the report's tests of its kind, is below it.
const Alpha = 0.05

// MeasuredAlike is HeadToHead.Measured for two series timed alike.
const MeasuredAlike = "alike"

// Unlike reports whether the two series' times were measured differently.
func (h HeadToHead) Unlike() bool { return h.Measured != "" && h.Measured != MeasuredAlike }

// Significant reports whether the success comparison holds at level Alpha
// after Holm's adjustment over the report's comparisons.
func (h HeadToHead) Significant() bool { return float64(h.McNemarHolm) < Alpha }

// CostSignificant reports the same of the cost comparison.
func (h HeadToHead) CostSignificant() bool { return float64(h.CostHolm) < Alpha }

// TimeSignificant reports the same of the time comparison.
func (h HeadToHead) TimeSignificant() bool { return float64(h.TimeHolm) < Alpha }

// CostOrderSignificant reports the same of which needed fewer nodes to a
// tour.
func (h HeadToHead) CostOrderSignificant() bool { return float64(h.CostOrderHolm) < Alpha }

// TimeOrderSignificant reports the same of which needed less time to a
// tour.
func (h HeadToHead) TimeOrderSignificant() bool { return float64(h.TimeOrderHolm) < Alpha }

// Compare returns the head-to-head comparisons of every two series of the
// same tour kind: on every board both ran, boards smallest first, then over
// all their common boards (Pooled) when they share more than one;
// pairs in series order. Series with no paired run are left out.
func Compare(res *Results) []HeadToHead {
	if res.pairs != nil {
		return res.pairs
	}
	var out []HeadToHead
	type pairKey struct{ a, b int }
	pooled := map[pairKey]*pooledPairs{}
	var order []pairKey
	index := map[SeriesKey]int{}
	for i, s := range res.Series {
		index[s.Key] = i
	}
	for _, b := range res.Boards {
		gs := res.BoardGroups(b)
		for i, ga := range gs {
			for _, gb := range gs[i+1:] {
				if ga.Key.Closed != gb.Key.Closed {
					continue
				}
				h, acc := pairGroups(ga, gb)
				if h.Pairs == 0 {
					continue
				}
				h.Board, h.A, h.B = b.String(), res.SeriesOf(ga), res.SeriesOf(gb)
				h.SeriesA, h.SeriesB, h.LabelA, h.LabelB = h.A.Legacy, h.B.Legacy, h.A.Label, h.B.Label
				out = append(out, h)
				k := pairKey{index[ga.Key.SeriesKey], index[gb.Key.SeriesKey]}
				if pooled[k] == nil {
					pooled[k] = &pooledPairs{a: h.A, b: h.B}
					order = append(order, k)
				}
				pooled[k].add(h, acc)
			}
		}
	}
	for _, k := range order {
		if pp := pooled[k]; pp.boards > 1 {
			out = append(out, pp.result())
		}
	}
	// Holm's adjustment, over every test of a kind.
	for _, t := range holmTests {
		ps := make([]float64, len(out))
		for i := range out {
			p, _ := t.p(&out[i])
			ps[i] = float64(*p)
		}
		for i, v := range Holm(ps) {
			_, holm := t.p(&out[i])
			*holm = Float(v)
		}
	}
	res.pairs = out
	return out
}

// holmTests are the tests Compare adjusts, each over its own family, and
// where HolmFamilies counts the family.
var holmTests = [...]struct {
	p      func(h *HeadToHead) (p, holm *Float)
	family func(f *HolmCounts) *int
}{
	{func(h *HeadToHead) (p, holm *Float) { return &h.McNemarP, &h.McNemarHolm }, func(f *HolmCounts) *int { return &f.McNemar }},
	{func(h *HeadToHead) (p, holm *Float) { return &h.CostP, &h.CostHolm }, func(f *HolmCounts) *int { return &f.Cost }},
	{func(h *HeadToHead) (p, holm *Float) { return &h.TimeP, &h.TimeHolm }, func(f *HolmCounts) *int { return &f.Time }},
	{func(h *HeadToHead) (p, holm *Float) { return &h.CostOrderP, &h.CostOrderHolm }, func(f *HolmCounts) *int { return &f.CostOrder }},
	{func(h *HeadToHead) (p, holm *Float) { return &h.TimeOrderP, &h.TimeOrderHolm }, func(f *HolmCounts) *int { return &f.TimeOrder }},
}

// HolmCounts counts the p-values Holm's adjustment ran over, test by test,
// each named as HeadToHead names the test's p-value: McNemar's test of
// success, the signed-rank tests of nodes (Cost) and of time, the sign
// tests of nodes (CostOrder) and of time.
type HolmCounts struct {
	McNemar, Cost, Time, CostOrder, TimeOrder int
}

// Total counts the p-values of every test.
func (f HolmCounts) Total() int { return f.McNemar + f.Cost + f.Time + f.CostOrder + f.TimeOrder }

// HolmFamilies counts the p-values Holm's adjustment ran over in each test
// of Compare's comparisons hs. A test without a p-value (a signed-rank
// test without a pair where both found a tour) is no member of its family.
func HolmFamilies(hs []HeadToHead) HolmCounts {
	var n HolmCounts
	for i := range hs {
		for _, t := range holmTests {
			if p, _ := t.p(&hs[i]); !math.IsNaN(float64(*p)) {
				*t.family(&n)++
			}
		}
	}
	return n
}

// costs are the paired log ratios of nodes and of time where both found
// (kept as logs so that the test is symmetric: B twice as costly and B half
// as costly are equally far from even), and the pairs in which A, or B,
// needed less of each to find a tour.
type costs struct {
	nodes, time, nodeRatios, timeRatios []float64
	nodesLess, timeLess                 wins
}

func sampleNodes(s sample) int64 { return s.nodes }
func sampleCPU(s sample) int64   { return s.cpu }
func sampleTime(s sample) int64  { return s.time }

// CostNodes, CostCPU and CostNone are HeadToHead.CostBy's words.
const (
	CostNodes = "nodes"
	CostCPU   = "cpu_ns"
	CostNone  = ""
)

// costOf returns the cost two groups are compared by: their nodes, or,
// when either has a run without them, their CPU time; nil (CostNone) when
// either has no CPU time at all either (a file without the cpu_ns
// column), so that nothing is compared. Comparing the nodes of the runs
// that happen to report them would compare a selection; CPU time, though,
// is a run's own measurement, missing only where the run was cut off
// before its solver started or the file predates the column, and the
// pairs where a run lacks it are left out (known), counted in
// HeadToHead.CostUnknown.
func costOf(ga, gb *Group) (string, func(sample) int64) {
	switch {
	case !ga.lacksNodes() && !gb.lacksNodes():
		return CostNodes, sampleNodes
	case ga.lacksCPU() || gb.lacksCPU():
		return CostNone, nil
	}
	return CostCPU, sampleCPU
}

// bothKnown reports whether both runs of a pair have the cost measure
// (nil: none to compare) gives: an unknown cost (runs.Unknown, an empty
// cell) is never read as a number.
func bothKnown(a, b sample, measure func(sample) int64) bool {
	return measure != nil && known(measure(a)) && known(measure(b))
}

// known reports whether v, a count of runs.csv (nodes, CPU time), holds a
// value: runs.Unknown is the one "not reported or measured".
func known(v int64) bool { return runs.Count(v).Known() }

// lacksNodes reports whether a run of g records no nodes (an external
// solver's that does not count them).
func (g *Group) lacksNodes() bool {
	return slices.ContainsFunc(g.samples, func(s sample) bool { return !known(s.nodes) })
}

// lacksCPU reports whether no run of g records its CPU time.
func (g *Group) lacksCPU() bool {
	return !slices.ContainsFunc(g.samples, func(s sample) bool { return known(s.cpu) })
}

// costRatio is b's cost over a's, as spent counts them.
func costRatio(a, b sample, cost func(sample) int64) float64 {
	return float64(spent(b, cost)) / float64(spent(a, cost))
}

// spent is what a run that found a tour needed, as ratios and orders take
// it: a zero counted as one (a run of no measurable time), so that the
// ratio of two runs is 1 exactly when neither needed less.
func spent(s sample, cost func(sample) int64) int64 { return max(cost(s), 1) }

// decisiveRatio is b's cost over a's in a pair whose order sooner gave as
// v, as the sign test counts it: NaN for a tie, which the test leaves out;
// b's over a's (spent) where both found a tour; +Inf where a found one and
// b did not (b failed for good, or was stopped having used at least what a
// needed), 0 the other way round. Its side of 1 is v's: above 1 where a
// needed less, so the median of such ratios falls on the side of 1 where
// the sign test's majority is.
func decisiveRatio(a, b sample, v int, cost func(sample) int64) float64 {
	switch {
	case v == 0:
		return math.NaN()
	case a.found() && b.found():
		return costRatio(a, b, cost)
	case v < 0:
		return math.Inf(1)
	}
	return 0
}

// sooner says which run of a pair needed less of a measure to find a tour:
// -1 for a, +1 for b, 0 when they tie or the runs do not tell. A run that
// found a tour needed what it used (as spent counts it, so that two such
// runs tie exactly where their costRatio is 1); one stopped by a budget,
// more than it used (whichever budget stopped it: both grow as a search
// goes on); one that failed for good, more than any run that found a tour;
// an error tells nothing. So a run that found a tour needed less than one
// that failed for good, and less than one stopped by a budget after using
// at least as much; two runs stopped by budgets, or one stopped and one
// failed for good, have no known order, and two failed for good tie. A
// run whose measure is unknown (no CPU time) tells nothing either.
//
// Two runs whose measures differ by less than tie (runs.CPUResolution for
// CPU time, 0 for nodes) tie, unless one failed for good: the measure does
// not tell them apart.
func sooner(a, b sample, measure func(sample) int64, tie int64) int {
	if status.All[a.st] == status.Error || status.All[b.st] == status.Error || !bothKnown(a, b, measure) {
		return 0
	}
	fa, fb := a.found(), b.found()
	near := within(measure(a), measure(b), tie)
	switch {
	case fa && fb && near:
		return 0
	case fa && fb:
		return cmp.Compare(spent(a, measure), spent(b, measure))
	case fa && b.final():
		return -1
	case fb && a.final():
		return 1
	case near:
		return 0
	case fa && b.censored() && measure(a) <= measure(b):
		return -1
	case fb && a.censored() && measure(b) <= measure(a):
		return 1
	}
	return 0
}

// within reports whether x and y differ by less than tie.
func within(x, y, tie int64) bool { return x-y < tie && y-x < tie }

// tieBelow is the difference below which two costs of kind costBy tie:
// runs.CPUResolution for CPU time, none for nodes, which are exact.
func tieBelow(costBy string) int64 {
	if costBy == CostCPU {
		return runs.CPUResolution
	}
	return 0
}

// pairGroups pairs the runs of two groups on one board by start and trial.
func pairGroups(ga, gb *Group) (HeadToHead, costs) {
	h := HeadToHead{OnlyA: map[board.Square]int{}, OnlyB: map[board.Square]int{}}
	var c costs
	var cost func(sample) int64
	h.CostBy, cost = costOf(ga, gb)
	if cost == nil {
		for _, g := range []*Group{ga, gb} {
			if g.lacksCPU() {
				h.CostLacking = append(h.CostLacking, g.Series)
			}
		}
	}
	a, b := ga.samples, gb.samples
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		switch {
		case x.start < y.start || x.start == y.start && x.trial < y.trial:
			i++
			continue
		case y.start < x.start || x.start == y.start && y.trial < x.trial:
			j++
			continue
		}
		i++
		j++
		if x.errored() || y.errored() {
			// A run that ended in error says nothing: its pair is left
			// out of every test.
			h.ErrorPairs++
			continue
		}
		h.Pairs++
		fa, fb := x.found(), y.found()
		pc := cost
		if !bothKnown(x, y, cost) {
			pc = nil // left out of the cost columns, never taken as 0
			h.CostUnknown++
		}
		c.order(x, y, pc, tieBelow(h.CostBy))
		sq := board.Square{Row: int(x.start) / ga.Key.Cols, Col: int(x.start) % ga.Key.Cols}
		switch {
		case fa && fb:
			h.BothFound++
			c.add(x, y, pc, tieBelow(h.CostBy))
		case fa:
			h.AOnly++
			h.OnlyA[sq]++
		case fb:
			h.BOnly++
			h.OnlyB[sq]++
		}
		if fa {
			h.AFound++
		}
		if fb {
			h.BFound++
		}
		if x.censored() && y.censored() {
			h.BothCensored++
		}
	}
	h.finish(c)
	return h, c
}

// add records the costs of a pair where both found a tour; its cost only
// where cost is known (not nil), its time always. Costs less than tie
// apart record a ratio of 1: a tie, as sooner says.
func (c *costs) add(a, b sample, cost func(sample) int64, tie int64) {
	switch {
	case cost == nil:
	case within(cost(a), cost(b), tie):
		c.nodeRatios, c.nodes = append(c.nodeRatios, 1), append(c.nodes, 0)
	default:
		c.nodeRatios, c.nodes = append(c.nodeRatios, costRatio(a, b, cost)), append(c.nodes, logRatio(a, b, cost))
	}
	c.timeRatios, c.time = append(c.timeRatios, costRatio(a, b, sampleTime)), append(c.time, logRatio(a, b, sampleTime))
}

// logRatio is the logarithm of b's cost over a's, the difference the
// signed-rank test ranks by its absolute value, computed so that ratios
// equal as fractions tie exactly: as the logarithm of the larger cost
// over the smaller, negated where b's is the smaller. Costs below 2^53
// are exact as float64s and IEEE division rounds correctly, so two pairs
// whose ratios are equal fractions (3/2 and 300/200), or one the other's
// reciprocal (3/2 and 2/3), give the same quotient bit for bit and the
// same absolute logarithm. This is exact rational comparison, not a
// tolerance, which would tie ratios that differ: log(2/3) computed
// directly is -0.40546510810816444, log(3/2) 0.4054651081081644, and the
// test would rank them apart.
func logRatio(a, b sample, cost func(sample) int64) float64 {
	x, y := spent(a, cost), spent(b, cost)
	if y >= x {
		return math.Log(float64(y) / float64(x))
	}
	return -math.Log(float64(x) / float64(y))
}

// order counts which of a pair needed less of its cost (where cost is not
// nil; less than tie apart is a tie), and less time, to find a tour.
func (c *costs) order(a, b sample, cost func(sample) int64, tie int64) {
	for _, m := range []struct {
		less    *wins
		measure func(sample) int64
		tie     int64
	}{{&c.nodesLess, cost, tie}, {&c.timeLess, sampleTime, 0}} {
		if m.measure == nil {
			continue
		}
		switch sooner(a, b, m.measure, m.tie) {
		case -1:
			m.less.a++
		case 1:
			m.less.b++
		}
	}
}

// finish computes the tests from the counts and the paired costs.
func (h *HeadToHead) finish(c costs) {
	h.McNemarP = Float(McNemar(h.AOnly, h.BOnly))
	h.CostALess, h.CostBLess = c.nodesLess.a, c.nodesLess.b
	h.TimeALess, h.TimeBLess = c.timeLess.a, c.timeLess.b
	h.CostOrderP = Float(SignTest(h.CostALess, h.CostBLess))
	if h.CostBy == CostNone {
		h.CostOrderP = Float(math.NaN()) // no cost compared: no test, not a tie
	}
	h.TimeOrderP = Float(SignTest(h.TimeALess, h.TimeBLess))
	h.CostRatioMedian, h.CostRatioHL, h.CostP = ratioTest(c.nodeRatios, c.nodes)
	h.TimeRatioMedian, h.TimeRatioHL, h.TimeP = ratioTest(c.timeRatios, c.time)
	h.CostTied, h.TimeTied = len(c.nodes)-len(ranked(c.nodes)), len(c.time)-len(ranked(c.time))
	h.CostPairs = len(c.nodes)
	h.CostBothALess, h.CostBothBLess = 0, 0
	for _, d := range c.nodes { // the logarithm of B's cost over A's
		switch {
		case d > 0:
			h.CostBothALess++
		case d < 0:
			h.CostBothBLess++
		}
	}
}

// ratioTest returns the median of the paired ratios, their Hodges–Lehmann
// estimate and the signed-rank p-value of their logarithms; NaN for all
// without pairs.
func ratioTest(ratios, logs []float64) (median, hl, p Float) {
	if len(logs) == 0 {
		return Float(math.NaN()), Float(math.NaN()), Float(math.NaN())
	}
	pv, _ := SignedRank(logs)
	return Float(medianFloat(slices.Clone(ratios))), Float(math.Exp(HodgesLehmann(logs))), Float(pv)
}

// pooledPairs gathers one pair of series over its boards.
type pooledPairs struct {
	a, b   Series
	boards int
	h      HeadToHead
	c      costs
	// mixed is set when the boards compare different costs.
	mixed bool
}

func (p *pooledPairs) add(h HeadToHead, c costs) {
	p.boards++
	if p.boards > 1 && p.h.CostBy != h.CostBy {
		p.mixed = true // nodes on some boards, CPU time on others: no one cost
	}
	p.h.CostBy = h.CostBy
	p.h.Pairs += h.Pairs
	p.h.AFound += h.AFound
	p.h.BFound += h.BFound
	p.h.ErrorPairs += h.ErrorPairs
	p.h.AOnly += h.AOnly
	p.h.BOnly += h.BOnly
	p.h.BothFound += h.BothFound
	p.h.BothCensored += h.BothCensored
	p.h.CostUnknown += h.CostUnknown
	p.c.nodes = append(p.c.nodes, c.nodes...)
	p.c.time = append(p.c.time, c.time...)
	p.c.nodeRatios = append(p.c.nodeRatios, c.nodeRatios...)
	p.c.timeRatios = append(p.c.timeRatios, c.timeRatios...)
	p.c.nodesLess = p.c.nodesLess.add(c.nodesLess)
	p.c.timeLess = p.c.timeLess.add(c.timeLess)
}

func (p *pooledPairs) result() HeadToHead {
	h := p.h
	h.Board, h.Pooled = PooledBoard, true
	h.A, h.B, h.SeriesA, h.SeriesB, h.LabelA, h.LabelB = p.a, p.b, p.a.Legacy, p.b.Legacy, p.a.Label, p.b.Label
	if p.mixed {
		h.CostBy, h.CostUnknown, h.CostMixed = CostNone, h.Pairs, true
		p.c.nodes, p.c.nodeRatios, p.c.nodesLess = nil, nil, wins{}
	}
	h.finish(p.c)
	return h
}

package stats

import (
	"cmp"
	"math"
	"slices"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/theory"
)

// Measure is what a Ranking ranks series by.
type Measure int

const (
	// BySuccess ranks by whether a run found a tour: one that did ranks
	// above one that did not; two that did, or two that did not, tie.
	BySuccess Measure = iota
	// ByNodes ranks by the nodes a run needed to find a tour, as far as
	// the runs show (sooner): one stopped by its budget needed more than it
	// used, one that failed for good more than any that found a tour, two
	// that failed for good tie, and two whose order the runs do not tell
	// (both stopped by budgets, say) tie.
	ByNodes
	// ByCPU is the same by CPU time, for series with runs that record no
	// nodes (an external solver that does not count them), as Compare
	// falls back to it (CostCPU). Instances where a run has no CPU time
	// are left out (Ranking.Unknown), never ranked as if it took none.
	ByCPU
)

// String names the measure as the report writes it.
func (m Measure) String() string {
	switch m {
	case BySuccess:
		return "success"
	case ByNodes:
		return "nodes"
	}
	return "CPU time"
}

// CostMeasure returns the measure of cost to a tour that every one of the
// series records: nodes, or CPU time where a series has runs without
// nodes (an external solver's). Ranking by the nodes of the runs that
// happen to report them would rank a selection; the runs without CPU
// time, Rank leaves out, instance by instance.
func CostMeasure(res *Results, series []Series) Measure {
	for _, s := range series {
		if slices.ContainsFunc(res.SeriesGroups(s.Key), (*Group).lacksNodes) {
			return ByCPU
		}
	}
	return ByNodes
}

// Ranking ranks k series over the instances they all ran (board, start and
// trial: runs paired as Compare pairs them, so a deterministic series,
// which runs trial 0 only, contributes the instances of trial 0) from
// start squares with a tour (Start.HasTour: theory says one starts there,
// or, where it does not know, some run found one): from any other start
// every series fails, the instance ties them all and would only pull
// their mean ranks to the middle. It tests
// whether they differ at all (Friedman, and Iman and Davenport's F), and
// compares every two of them over the same instances with the exact sign
// test, Holm's adjustment over the k(k-1)/2 tests: the post-hoc procedure
// Benavoli, Corani and Mangili (2016, JMLR 17) recommend over the mean-rank
// tests (Nemenyi's), whose verdict on two series would depend on the
// others. For success the sign test is the exact McNemar test.
type Ranking struct {
	Measure Measure
	// Series are the series ranked, in the order given.
	Series []Series
	// Friedman holds the blocks (instances), the mean ranks (1 best), in
	// the order of Series, and the tests.
	Friedman
	// Boards lists the boards whose instances entered: those every series
	// ran.
	Boards []board.Board
	// NoTour counts the instances every series ran that were left out
	// because no tour starts there (or, where theory does not know, no run
	// found one).
	NoTour int
	// Unknown counts the instances every series ran that were left out
	// because a run of one has no such cost (no CPU time: cpu_ns empty,
	// or a file without the column). Blocks is 0 when every instance was:
	// there is then no ranking by that cost.
	Unknown int
	// Errors counts the instances every series ran that were left out
	// because a run of one ended in error (status error), which says
	// nothing.
	Errors int
	// Order lists the indices of Series by mean rank, best first (ties in
	// the order given).
	Order []int
	// Pairs compares every two series, A before B in Series.
	Pairs []RankPair
	// Cliques are the runs of Order (first and last position, inclusive,
	// at least two series) in which no two series differ after Holm's
	// adjustment: the bars of a critical-difference diagram. Each is
	// maximal: no clique lies inside another.
	Cliques [][2]int
}

// RankPair is the post-hoc comparison of two series of a Ranking.
type RankPair struct {
	// A and B index the Ranking's Series.
	A, B int
	// ABetter and BBetter count the instances in which A ranked above B,
	// and B above A; the others tie.
	ABetter, BBetter int
	// P is the exact sign test's two-sided p-value on those counts, Holm
	// the same adjusted over the ranking's pairs.
	P, Holm float64
	// Effect is by how much: for success, A's success rate minus B's over
	// the instances; for cost, the median of B's cost over A's over the
	// instances the sign test counts (ABetter + BBetter: ties left out),
	// where one that found no tour against one that did counts as
	// infinitely costly (decisiveRatio: +Inf where only A found one, 0
	// where only B did). So the median is above 1 exactly where A is
	// better more often than B, and below 1 where B is; where each is
	// better as often (or neither ever is) it is 1, even, whatever the
	// two middle ratios, which lie on either side.
	Effect float64
	// RestsOn names the board without whose instances a significant
	// verdict would not hold (its p-value without them, times the factor
	// Holm applied, is Alpha or more), "" when no one board carries it;
	// RestsOnP is that p-value, adjusted.
	RestsOn  string
	RestsOnP float64
}

// Significant reports whether the pair differs at level Alpha after
// Holm's adjustment.
func (p RankPair) Significant() bool { return p.Holm < Alpha }

// Winner returns the index of the series that does better where the test
// says so, or -1.
func (p RankPair) Winner() int {
	switch {
	case !p.Significant() || p.ABetter == p.BBetter:
		return -1
	case p.ABetter > p.BBetter:
		return p.A
	}
	return p.B
}

// Pair returns the comparison of series i and j (indices of Series), with
// A = i and B = j whichever order it was computed in. Turned round, the
// cost's Effect is the reciprocal of the median ratio (which, for an even
// number of instances, is not the median of the reciprocals, though on
// the same side of 1; 1/+Inf is 0 and 1/0 is +Inf): one number for the
// pair, as Compare's median of B over A is.
func (r *Ranking) Pair(i, j int) (RankPair, bool) {
	for _, p := range r.Pairs {
		switch {
		case p.A == i && p.B == j:
			return p, true
		case p.A == j && p.B == i:
			p.A, p.B = p.B, p.A
			p.ABetter, p.BBetter = p.BBetter, p.ABetter
			switch {
			case math.IsNaN(p.Effect):
			case r.Measure == BySuccess:
				p.Effect = -p.Effect
			default:
				p.Effect = 1 / p.Effect
			}
			return p, true
		}
	}
	return RankPair{}, false
}

// Rank ranks the series by m over the instances they all ran. Series of
// one tour kind should be given: a closed and an open tour are different
// problems.
func Rank(res *Results, series []Series, m Measure) *Ranking {
	k := len(series)
	r := &Ranking{Measure: m, Series: series}
	t := r.tally(res)
	if k == 0 {
		return r
	}
	r.Friedman = t.friedman.result()
	if r.MeanRank == nil {
		r.MeanRank = make([]float64, k)
	}
	r.Order = make([]int, k)
	for i := range r.Order {
		r.Order[i] = i
	}
	slices.SortStableFunc(r.Order, func(a, b int) int { return cmp.Compare(r.MeanRank[a], r.MeanRank[b]) })
	r.comparePairs(t)
	r.Cliques = cliques(r.Order, func(a, b int) bool {
		q, _ := r.Pair(a, b)
		return !q.Significant()
	})
	return r
}

// rankTally is what Rank gathers over the instances, pair by pair (pairs
// in the order i < j, i first): the instances where i did better and where
// j did, in all and board by board, the decisive ratios of the cost, and
// each series' tours found.
type rankTally struct {
	counts   []wins
	perBoard [][]wins // [board][pair]
	ratios   [][]float64
	found    []int
	friedman friedmanSums
}

// tally ranks the series in every instance they all ran, on the boards
// where all of them ran, and records those boards and the instances left
// out in r.
func (r *Ranking) tally(res *Results) *rankTally {
	k, m := len(r.Series), r.Measure
	better := func(a, b sample) int {
		switch m {
		case BySuccess:
			return -cmp.Compare(b2i(a.found()), b2i(b.found()))
		case ByNodes:
			return sooner(a, b, sampleNodes, 0)
		}
		return sooner(a, b, sampleCPU, runs.CPUResolution)
	}
	measure := r.measure()
	npairs := k * (k - 1) / 2
	t := &rankTally{counts: make([]wins, npairs), ratios: make([][]float64, npairs), found: make([]int, k)}
	row := make([]float64, k)
	cmpm := make([]int, k*k)
	groups := make([]*Group, k)
	heads := make([]int, k)
	smp := make([]sample, k)
	for _, b := range res.Boards {
		complete := true
		for i, s := range r.Series {
			groups[i] = res.Group(s.Key, b)
			complete = complete && groups[i] != nil
		}
		if !complete {
			continue
		}
		r.Boards = append(r.Boards, b)
		t.perBoard = append(t.perBoard, make([]wins, npairs))
		clear(heads)
		hasTour := tourStarts(groups[0])
		for joinNext(groups, heads, smp) {
			if !hasTour(smp[0].start) {
				r.NoTour++
				continue
			}
			if slices.ContainsFunc(smp, sample.errored) {
				r.Errors++
				continue
			}
			if m != BySuccess && !allKnown(smp, measure) {
				r.Unknown++
				continue
			}
			for i := range k {
				for j := i + 1; j < k; j++ {
					c := better(smp[i], smp[j])
					cmpm[i*k+j], cmpm[j*k+i] = c, -c
				}
			}
			ranksOf(row, func(i, j int) int { return cmpm[i*k+j] })
			t.friedman.add(row)
			t.add(smp, cmpm, m, measure)
		}
	}
	return t
}

// wins counts the instances (or pairs of runs) where the first series of
// a pair did better (a) and where the second did (b).
type wins struct{ a, b int }

func (w wins) add(v wins) wins { return wins{w.a + v.a, w.b + v.b} }

// measure returns the cost the ranking compares (nodes, or CPU time).
func (r *Ranking) measure() func(sample) int64 {
	if r.Measure == ByCPU {
		return sampleCPU
	}
	return sampleNodes
}

// add counts one instance of the last board tallied: the samples smp of
// the series and cmpm, their comparisons (cmpm[i*k+j] is -1 where i did
// better than j, 1 where j did).
func (t *rankTally) add(smp []sample, cmpm []int, m Measure, measure func(sample) int64) {
	k := len(smp)
	onBoard := t.perBoard[len(t.perBoard)-1]
	p := 0
	for i := range k {
		if smp[i].found() {
			t.found[i]++
		}
		for j := i + 1; j < k; j++ {
			switch cmpm[i*k+j] {
			case -1:
				t.counts[p].a++
				onBoard[p].a++
			case 1:
				t.counts[p].b++
				onBoard[p].b++
			}
			if v := cmpm[i*k+j]; m != BySuccess && v != 0 {
				t.ratios[p] = append(t.ratios[p], decisiveRatio(smp[i], smp[j], v, measure))
			}
			p++
		}
	}
}

// comparePairs sets r.Pairs from t: each pair's sign test, its effect, its
// p-value after Holm's adjustment and, where that holds, the board it
// rests on.
func (r *Ranking) comparePairs(t *rankTally) {
	k, m := len(r.Series), r.Measure
	ps := make([]float64, 0, len(t.counts))
	p := 0
	for i := range k {
		for j := i + 1; j < k; j++ {
			rp := RankPair{A: i, B: j, ABetter: t.counts[p].a, BBetter: t.counts[p].b, Effect: math.NaN()}
			rp.P = SignTest(rp.ABetter, rp.BBetter)
			switch {
			case m == BySuccess && r.Blocks > 0:
				rp.Effect = float64(t.found[i]-t.found[j]) / float64(r.Blocks)
			case m == BySuccess:
			case rp.ABetter == rp.BBetter && r.Blocks > 0:
				rp.Effect = 1
			default:
				rp.Effect = medianFloat(t.ratios[p])
			}
			r.Pairs = append(r.Pairs, rp)
			ps = append(ps, rp.P)
			p++
		}
	}
	factors := holmFactors(ps)
	for p, h := range Holm(ps) {
		rp := &r.Pairs[p]
		rp.Holm = h
		if rp.Significant() && len(r.Boards) >= 2 {
			r.restsOn(rp, t, p, factors[p])
		}
	}
}

// restsOn leaves each board out of pair p, significant: does the verdict
// stand without it? Where it does not, rp rests on the board whose absence
// weakens it most (its p-value without the board, times Holm's factor).
func (r *Ranking) restsOn(rp *RankPair, t *rankTally, p int, factor float64) {
	for bi, b := range r.Boards {
		c := t.perBoard[bi][p]
		if c == (wins{}) {
			continue
		}
		without := math.Min(1, SignTest(rp.ABetter-c.a, rp.BBetter-c.b)*factor)
		if without >= Alpha && without > rp.RestsOnP {
			rp.RestsOn, rp.RestsOnP = b.String(), without
		}
	}
}

// tourStarts returns whether a tour starts from a square of g's board, as
// Start.HasTour says: theory's verdict, or where it has none a witness.
// The samples come by start, so the last answer is kept.
func tourStarts(g *Group) func(sq int32) bool {
	last, has := int32(-1), false
	k := g.Key
	return func(sq int32) bool {
		if sq != last {
			row, col := k.Board().RowCol(int(sq))
			t := theory.From(k.Rows, k.Cols, row, col, k.Closed)
			last, has = sq, t == theory.Yes || t == theory.Unknown && g.witnessed.has(sq)
		}
		return has
	}
}

// allKnown reports whether every run of an instance has the measure.
func allKnown(smp []sample, measure func(sample) int64) bool {
	for _, s := range smp {
		if !known(measure(s)) {
			return false
		}
	}
	return true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// joinNext advances heads to the next instance (start, trial) that every
// group ran, puts its runs in smp and moves past it; false when a group
// has no more runs.
func joinNext(groups []*Group, heads []int, smp []sample) bool {
	key := func(s sample) int64 { return int64(s.start)<<32 | int64(uint32(s.trial)) }
	for {
		var hi int64 = math.MinInt64
		for i, g := range groups {
			if heads[i] >= len(g.samples) {
				return false
			}
			hi = max(hi, key(g.samples[heads[i]]))
		}
		all := true
		for i, g := range groups {
			for heads[i] < len(g.samples) && key(g.samples[heads[i]]) < hi {
				heads[i]++
			}
			if heads[i] >= len(g.samples) {
				return false
			}
			if key(g.samples[heads[i]]) != hi {
				all = false
			}
		}
		if all {
			for i, g := range groups {
				smp[i] = g.samples[heads[i]]
				heads[i]++
			}
			return true
		}
	}
}

// holmFactors returns the factor Holm's method multiplies each p-value by
// (m for the smallest, 1 for the largest), NaN left out as Holm leaves it.
func holmFactors(p []float64) []float64 {
	idx := holmOrder(p)
	out := make([]float64, len(p))
	for k, i := range idx {
		out[i] = float64(len(idx) - k)
	}
	return out
}

// cliques returns the maximal runs of order, two series or more, in which
// same(a, b) holds of every two: the bars of a critical-difference diagram.
func cliques(order []int, same func(a, b int) bool) [][2]int {
	var out [][2]int
	last := -1
	for i := range order {
		j := i
	grow:
		for j+1 < len(order) {
			for x := i; x <= j; x++ {
				if !same(order[x], order[j+1]) {
					break grow
				}
			}
			j++
		}
		if j > i && j > last {
			out = append(out, [2]int{i, j})
			last = j
		}
	}
	return out
}

package report

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"knightsweep/internal/words"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
)

// Lead is what the report opens with, on the page and in the terminal:
// every series, best first, by how often its runs from starts with a tour
// found one, with its median cost to a tour, and a few plain sentences
// that say which series is best, by how much, how sure the paired test
// is, and on which boards the difference lies.
type Lead struct {
	Rows      []LeadRow
	Sentences []string
}

// LeadRow is a series in the Lead's table.
type LeadRow struct {
	Label  string
	Closed bool
	// Found of Runs: the runs from starts with a tour; Rate, Lo and Hi
	// the success rate and its Wilson 95% interval.
	Found, Runs  int
	Rate, Lo, Hi float64
	// Stopped counts the runs of Runs that a budget stopped.
	Stopped int
	Cost    stats.TourCost
	// AllErrors is set when every run of the series ended in error: it
	// holds no search, and is neither ranked nor compared.
	AllErrors bool
}

// CostText writes the median cost to a tour with its unit: "64 nodes",
// "4.12ms CPU"; "-" where half the runs or more found none; "every run
// ended in error" for a series that ran no search.
func (r LeadRow) CostText() string {
	switch {
	case r.AllErrors:
		return "every run ended in error"
	case !r.Cost.Known:
		return "-"
	case r.Cost.Measure == stats.ByCPU:
		return format.NS(r.Cost.Median) + " CPU"
	}
	return format.Count(r.Cost.Median) + " nodes"
}

// LeadOf returns the Lead of res, comparing its series (stats.Compare)
// with their times labelled as the manifests beside csvPaths say they were
// measured, as the report labels them: for the end of a sweep that writes
// no report.
func LeadOf(res *stats.Results, csvPaths []string) *Lead {
	hs := stats.Compare(res)
	labelMeasured(hs, readSweeps(csvPaths))
	return newLead(res, hs)
}

func newLead(res *stats.Results, hs []stats.HeadToHead) *Lead {
	l := &Lead{}
	for i, s := range res.Series {
		t := res.Totals[i]
		l.Rows = append(l.Rows, LeadRow{Label: s.Label, Closed: s.Key.Closed, Found: t.TourFound, Runs: t.TourAttempts,
			Rate: float64(t.TourRate), Lo: float64(t.TourLo), Hi: float64(t.TourHi), Stopped: t.TourCensored, Cost: res.TourCostOf(s),
			AllErrors: t.AllErrors()})
	}
	slices.SortStableFunc(l.Rows, func(a, b LeadRow) int { return better(a, b) })
	families := stats.HolmFamilies(hs)
	for _, closed := range []bool{false, true} {
		first := slices.IndexFunc(l.Rows, func(r LeadRow) bool { return r.Closed == closed })
		if first < 0 {
			continue
		}
		// Two series first with the same rate and no cost to tell them
		// apart in the table: the paired test of their cost decides.
		if n := first + 1; n < len(l.Rows) && l.Rows[n].Closed == closed && better(l.Rows[first], l.Rows[n]) == 0 {
			if h, _, bIsFirst := pairOf(hs, l.Rows[first].Label, l.Rows[n].Label); h != nil && !h.Unlike() && h.CostSignificant() && (h.CostRatioHL > 1) == bIsFirst {
				l.Rows[first], l.Rows[n] = l.Rows[n], l.Rows[first]
			}
		}
		var rows []LeadRow
		var failed []string
		for _, r := range l.Rows {
			switch {
			case r.Closed != closed:
			case r.AllErrors:
				failed = append(failed, r.Label)
			default:
				rows = append(rows, r)
			}
		}
		kind := ""
		if len(rows)+len(failed) < len(l.Rows) {
			kind = map[bool]string{false: "Open tours: ", true: "Closed tours: "}[closed]
		}
		if len(rows) > 0 {
			l.Sentences = append(l.Sentences, leadSentences(kind, rows, hs, families)...)
		}
		for _, f := range failed {
			l.Sentences = append(l.Sentences, fmt.Sprintf("%sEvery run of %s ended in error: it ran no search to rank or compare.", kind, f))
		}
	}
	return l
}

// better orders two rows best first: open tours before closed, a series
// whose every run ended in error last, then the higher success rate (found over runs, compared exactly), then the lower
// median cost where both are in one unit.
func better(a, b LeadRow) int {
	if a.Closed != b.Closed {
		return cmp.Compare(boolInt(a.Closed), boolInt(b.Closed))
	}
	if a.AllErrors != b.AllErrors {
		return cmp.Compare(boolInt(a.AllErrors), boolInt(b.AllErrors)) // a series with no search last
	}
	if a.Runs == 0 || b.Runs == 0 {
		return cmp.Compare(b.Runs, a.Runs) // a series with no run from a start with a tour last
	}
	if c := cmpRate(b, a); c != 0 {
		return c
	}
	if a.Cost.Measure == b.Cost.Measure && a.Cost.Known && b.Cost.Known {
		return cmp.Compare(a.Cost.Median, b.Cost.Median)
	}
	return cmp.Compare(boolInt(!a.Cost.Known), boolInt(!b.Cost.Known))
}

// cmpRate compares a's success rate with b's exactly, found over runs
// cross-multiplied: -1 if a's is lower, 0 if equal, +1 if higher.
func cmpRate(a, b LeadRow) int {
	return cmp.Compare(int64(a.Found)*int64(b.Runs), int64(b.Found)*int64(a.Runs))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// leadSentences says, for the series of one tour kind (best first), which
// is best and by how much against the next, how sure McNemar's test (for
// success) or the signed-rank test (for cost) is after Holm's adjustment,
// and on which boards the difference in success lies. families are the
// sizes of Holm's families (stats.HolmFamilies), said beside each p-value:
// the same runs read differently beside more comparisons.
func leadSentences(kind string, rows []LeadRow, hs []stats.HeadToHead, families stats.HolmCounts) []string {
	best := rows[0]
	if best.Runs == 0 {
		return []string{kind + "no run started from a square with a tour: no success rate to compare."}
	}
	if len(rows) == 1 {
		return []string{fmt.Sprintf("%s%s found a tour in %s of its runs from starts with a tour.", kind, best.Label, format.Percent(best.Rate))}
	}
	next := rows[1]
	h, boards, bIsBest := pairOf(hs, best.Label, next.Label)
	var out []string
	named := false
	ahead := cmpRate(best, next) > 0
	switch {
	case ahead:
		s := fmt.Sprintf("%s%s finds a tour most often, in %s of runs from starts with a tour: %.1f points more than %s",
			kind, best.Label, format.Percent(best.Rate), 100*(best.Rate-next.Rate), next.Label)
		switch {
		case h == nil:
			s += " (no paired runs to test: they share no board)."
		case h.Significant():
			s += fmt.Sprintf("%s, too large a gap for chance, allowing for the comparisons made (McNemar's test%s, %s).", whereSuccess(boards, bIsBest), pairedText(h, best, next), holmText(h.McNemarHolm, families.McNemar))
		default:
			s += fmt.Sprintf(", a gap chance could explain (McNemar's test%s, %s).", pairedText(h, best, next), holmText(h.McNemarHolm, families.McNemar))
		}
		out = append(out, s)
	default:
		var level []string
		for _, r := range rows {
			if cmpRate(r, best) == 0 {
				level = append(level, r.Label)
			}
		}
		same := fmt.Sprintf("%s%s find a tour equally often, in %s of runs from starts with a tour.", kind, words.List(level), format.Percent(best.Rate))
		if stopped := !slices.ContainsFunc(rows, func(r LeadRow) bool { return r.Found > 0 || r.Stopped < r.Runs }); stopped {
			same = fmt.Sprintf("%sEvery run from a start with a tour was stopped by its budget before it found one: the budget, not %s, decided the rates; a larger -max-nodes or -timeout would tell them apart.",
				kind, words.List(level))
		}
		out = append(out, same)
		// Among more than two level series, the cost sentence names the
		// two it compares.
		named = len(level) > 2
	}
	if c := costSentence(best, next, h, bIsBest, families.Cost, named); c != "" {
		out = append(out, c)
	}
	return out
}

// pairOf finds the comparison of two series over all their boards (or on
// the one board they share), the same pair board by board, and whether
// its series B is a.
func pairOf(hs []stats.HeadToHead, a, b string) (*stats.HeadToHead, []stats.HeadToHead, bool) {
	var pooled *stats.HeadToHead
	var boards []stats.HeadToHead
	bIsA := false
	for i := range hs {
		h := &hs[i]
		switch {
		case h.LabelA == a && h.LabelB == b:
			bIsA = false
		case h.LabelA == b && h.LabelB == a:
			bIsA = true
		default:
			continue
		}
		if h.Pooled {
			pooled = h
		} else {
			boards = append(boards, *h)
		}
	}
	if pooled == nil && len(boards) == 1 {
		pooled = &boards[0]
	}
	return pooled, boards, bIsA
}

// whereSuccess says on which boards the best series found tours in more
// paired runs than the other: ", mostly on 7x7 (7 of the 10 runs only it
// solved)" where one board holds more than half of them, else the boards
// where it did (", on 5x5 and 7x7"), or ", on every board"; "" on one
// board.
func whereSuccess(boards []stats.HeadToHead, bIsBest bool) string {
	if len(boards) < 2 {
		return ""
	}
	var on []string
	only, top, topBoard := 0, 0, ""
	for _, b := range boards {
		more, less := b.AOnly, b.BOnly
		if bIsBest {
			more, less = less, more
		}
		only += more
		if more > top {
			top, topBoard = more, b.Board
		}
		if more > less {
			on = append(on, b.Board)
		}
	}
	switch {
	case 2*top > only && len(on) > 1:
		return fmt.Sprintf(", mostly on %s (%d of the %d runs only it solved)", topBoard, top, only)
	case len(on) == len(boards):
		return ", on every board"
	case len(on) == 0:
		return ""
	}
	return ", on " + words.List(on)
}

// costSentence compares the two series' cost to a tour where both found
// one: the median of the paired ratios, best over next, and the
// signed-rank test after Holm's adjustment. Costs measured differently (a
// built-in strategy's thread CPU time against an external solver's
// process) are said to be, and not compared. named names the two series
// where the sentence before left them unclear.
func costSentence(best, next LeadRow, h *stats.HeadToHead, bIsBest bool, family int, named bool) string {
	if h == nil || h.CostBy == stats.CostNone || h.CostPairs == 0 {
		return ""
	}
	unit := "nodes"
	if h.CostBy == stats.CostCPU {
		unit = "CPU time"
		if h.Unlike() {
			return fmt.Sprintf("Their CPU times are measured differently (%s), so their costs are not compared here.", measuredText(*h))
		}
	}
	r := float64(h.CostRatioMedian) // B over A
	if !bIsBest {
		r = 1 / r
	}
	where := "Where both found one"
	if named {
		where = fmt.Sprintf("Where %s and %s both found one", best.Label, next.Label)
	}
	s := fmt.Sprintf("%s (%s), %s needed %s the %s of %s in the median pair", where, words.Count(h.CostPairs, "pair"), best.Label, format.Ratio(r), unit, next.Label)
	among := ""
	switch {
	case h.CostTied == h.CostPairs:
		return fmt.Sprintf("%s (%s), they needed the same %s in every pair.", where, words.Count(h.CostPairs, "pair"), unit)
	case 2*h.CostTied >= h.CostPairs:
		// The median pair ties; the test speaks of the pairs that differ.
		s = fmt.Sprintf("%s (%s), %d needed the same %s", where, words.Count(h.CostPairs, "pair"), h.CostTied, unit)
		among = " in the others"
	}
	fewer := map[bool]string{true: "fewer", false: "less"}[unit == "nodes"] + " " + unit
	if among != "" {
		// The pairs that differ, both ways, before the test that weighs
		// by how much: a majority one way can be outweighed the other.
		s += fmt.Sprintf("; of the other %d, %s needed %s in %d, %s in %d", h.CostPairs-h.CostTied, h.LabelA, fewer, h.CostBothALess, h.LabelB, h.CostBothBLess)
		among = ""
	}
	switch {
	case math.IsNaN(float64(h.CostHolm)):
		return s + "."
	case h.CostSignificant():
		return s + fmt.Sprintf("; %s needs %s%s, beyond chance (signed-rank test, %s).", either(*h, h.CostRatioHL < 1), fewer, among, holmText(h.CostHolm, family))
	}
	return s + fmt.Sprintf("; which needs %s%s, chance could explain (signed-rank test, %s).", fewer, among, holmText(h.CostHolm, family))
}

// pairedText says how many pairs the test rests on where they are fewer
// than the runs the rates rest on: trials of a randomised series against
// a deterministic one run once a start (" on the 125 pairs of runs from
// one start and trial, of 625 and 125 runs"), or pairs left out because
// a run of them ended in error (" on 20 pairs, leaving out 4 where a run
// ended in error"); "" otherwise.
func pairedText(h *stats.HeadToHead, best, next LeadRow) string {
	var out string
	if h.Pairs+h.ErrorPairs < max(best.Runs, next.Runs) {
		out = fmt.Sprintf(" on the %s of runs from one start and trial, of %d and %d runs", words.Count(h.Pairs, "pair"), best.Runs, next.Runs)
	}
	if h.ErrorPairs > 0 {
		if out == "" {
			out = " on " + words.Count(h.Pairs, "pair")
		}
		out += fmt.Sprintf(", leaving out %d where a run ended in error", h.ErrorPairs)
	}
	return out
}

// holmText writes a p-value after Holm's adjustment with the number of
// tests it ran over: "p=0.0195 after Holm's adjustment over 15 tests"
// (McNemar's tests over every board and every two series, with the
// boards pooled), so that a reader sees why the same runs read
// differently beside more series or boards.
func holmText(p stats.Float, tests int) string {
	if tests <= 1 {
		return format.P(float64(p)) + ", the only such test"
	}
	return fmt.Sprintf("%s after Holm's adjustment over %s", format.P(float64(p)), words.Count(tests, "test"))
}

// WriteText prints the Lead for a terminal: the table, then the
// sentences, wrapped at 80 columns.
func (l *Lead) WriteText(w io.Writer) error {
	if l == nil || len(l.Rows) == 0 {
		return nil
	}
	var b strings.Builder
	width := len("series")
	for _, r := range l.Rows {
		width = max(width, len([]rune(r.Label)))
	}
	fmt.Fprintf(&b, "%-*s  %7s  %-13s  %11s  %s\n", width, "series", "success", "95% CI", "found/runs", "median cost to a tour")
	for _, r := range l.Rows {
		rate, ci := format.Percent(r.Rate), "-"
		if r.Runs > 0 {
			ci = strings.TrimSuffix(format.Percent(r.Lo), "%") + "-" + format.Percent(r.Hi)
		}
		if r.AllErrors {
			rate, ci = "-", "-"
		}
		fmt.Fprintf(&b, "%-*s  %7s  %-13s  %11s  %s\n", width, r.Label, rate, ci, fmt.Sprintf("%d/%d", r.Found, r.Runs), r.CostText())
	}
	b.WriteString("(runs from starts with a tour; a run that found none counts as costliest)\n")
	for _, s := range l.Sentences {
		b.WriteString(wrap(s, 80))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// wrap breaks s into lines of at most width bytes at spaces.
func wrap(s string, width int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(s) {
		if i > 0 && line+1+len(word) > width {
			b.WriteByte('\n')
			line = 0
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	b.WriteByte('\n')
	return b.String()
}

// LeadFor returns the Lead a report out computed, or, without one (out
// nil: run -no-report), LeadOf(res, csvPaths).
func LeadFor(res *stats.Results, out *Output, csvPaths []string) *Lead {
	if out != nil && out.Lead != nil {
		return out.Lead
	}
	return LeadOf(res, csvPaths)
}

package stats

import (
	"fmt"
	"io"
	"math"
	"slices"
	"unicode/utf8"

	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/strategies"
)

// WriteTable prints, for each group, one line of a table that fits an
// 80-column terminal: series, board, tours found of attempts, found of
// attempts from starts with a tour, runs stopped by a budget, median nodes
// and median time, ">=" before a median that is a lower bound. Where some
// randomised series (a random tie-break rule or move order) has an ERT,
// its column stands beside the median nodes, ">=" where runs from starts
// with a tour were stopped by a budget (the expected nodes to a tour
// without the budget are more); the series column is narrower then. A
// randomised series without nodes (a user's solver that counts none) has
// its ERT in time there, with its unit ("24.8ms"), not "-". The
// series is named on its first line only, or on a line of its own above
// when its name is longer than its column. It is the end-of-run table of
// experiment run and what experiment report prints.
//
//	series                 board     found/runs found/tour budget   nodes     time
//	dfs                    5x5              3/5        3/4      0     300   3.00µs
func WriteTable(w io.Writer, summaries []Summary) error {
	width, layout := 22, "%-22s %-9s %10s %10s %6s %7s%s %8s\n"
	withERT := tableHasERT(summaries)
	ert := func(s Summary) string {
		if !withERT {
			return ""
		}
		return fmt.Sprintf(" %8s", tableERT(s))
	}
	head := ""
	if withERT {
		width, layout = 14, "%-14s %-9s %10s %10s %6s %7s%s %8s\n"
		head = fmt.Sprintf(" %8s", "ERT")
	}
	if _, err := fmt.Fprintf(w, layout, "series", "board", "found/runs", "found/tour", "budget", "nodes", head, "time"); err != nil {
		return err
	}
	prev := ""
	for _, s := range summaries {
		series := ""
		if s.Label != prev || prev == "" {
			series = s.Label
			prev = s.Label
			if utf8.RuneCountInString(series) > width {
				// A label too long for its column gets a line of its own,
				// whole: with -by-file two files' series differ only at
				// the end, in the file's tag.
				if _, err := fmt.Fprintln(w, series); err != nil {
					return err
				}
				series = ""
			}
		}
		_, err := fmt.Fprintf(w, layout, series, cut(s.Board, 9),
			fraction(s.Found, s.Attempts), fraction(s.TourFound, s.TourAttempts),
			format.Count(float64(s.Censored)),
			FormatBound(s.NodesMedianBound(), format.Count), ert(s), FormatBound(s.TimeMedianBound(), format.NS))
		if err != nil {
			return err
		}
	}
	return nil
}

// tableERT is a group's ERT as the table writes it: in nodes, or in time
// with its unit where the runs have no nodes; "-" for a deterministic
// group or one without an ERT.
func tableERT(s Summary) string {
	switch {
	case !randomised(s):
		return "-"
	case !math.IsNaN(float64(s.ERTNodes)):
		return FormatBound(Bound{Value: float64(s.ERTNodes), Censored: s.ERTNodesCensored}, format.Count)
	case ertInTime(s):
		return FormatBound(Bound{Value: float64(s.ERTTimeNS), Censored: s.ertTimeCensored}, format.NS)
	}
	return "-"
}

// ertInTime reports whether the table shows a group's ERT in time: a
// randomised group whose runs record no nodes (no median of them), whose
// ERT in time stands.
func ertInTime(s Summary) bool {
	return randomised(s) && math.IsNaN(float64(s.NodesMedian)) && math.IsNaN(float64(s.ERTNodes)) && !math.IsNaN(float64(s.ERTTimeNS))
}

// tableHasERT reports whether WriteTable shows an ERT column.
func tableHasERT(summaries []Summary) bool {
	return slices.ContainsFunc(summaries, func(s Summary) bool { return tableERT(s) != "-" })
}

// TableLegendOf returns the legend of WriteTable's table of summaries:
// TableLegend, TableLegendERT where it shows an ERT column, and
// TableLegendERTTime where some ERT in it is a time.
func TableLegendOf(summaries []Summary) string {
	legend := TableLegend
	if tableHasERT(summaries) {
		legend += TableLegendERT
	}
	if slices.ContainsFunc(summaries, ertInTime) {
		legend += TableLegendERTTime
	}
	return legend
}

// randomised reports whether a group's runs draw random numbers: a random
// tie-break rule or move order, or seeds drawn for a randomised external
// solver (whose ERT the table left out, a "-" beside the built-ins').
func randomised(s Summary) bool {
	return strategies.RandomTiebreak(s.Tiebreak) || s.Order == strategies.OrderRandom || s.drawn
}

// FormatBound writes a figure with format, after ">=" when it is a lower
// bound.
func FormatBound(b Bound, format func(float64) string) string {
	if b.Censored {
		return ">=" + format(b.Value)
	}
	return format(b.Value)
}

// fraction writes "found/runs" exactly when it fits 10 columns, else with
// three significant digits ("123k/1.23M").
func fraction(found, runs int) string {
	if s := fmt.Sprintf("%d/%d", found, runs); len(s) <= 10 {
		return s
	}
	return format.Count(float64(found)) + "/" + format.Count(float64(runs))
}

// TableLegend explains WriteTable's columns, in lines of at most 80
// columns.
const TableLegend = `found/runs: runs that found a tour; found/tour: the same over the starts that
have a tour (by theory, or where some run found one); budget: runs stopped by
-max-nodes or -timeout; nodes, time: medians over all runs, ">=" where the
median rests on a run stopped by its budget (a lower bound).
`

// TableLegendERT explains the ERT column, when WriteTable shows it.
// It says what runlength.ExpectedRunningTimeByStart computes, the mean of
// the starts' ERTs (it said "all its nodes over the tours found", which
// is finite where the table shows ∞).
const TableLegendERT = `ERT: expected nodes to a tour of a randomised series from a start with a tour
drawn at random (the mean over those starts of each one's nodes over its tours
found); "∞" where some start's runs found none, ">=" where a budget stopped
some of those runs.
`

// TableLegendERTTime explains an ERT in time, when WriteTable shows one.
const TableLegendERTTime = `An ERT with a unit ("24.8ms") is in time, of a series whose runs record no
nodes: the mean over its starts of each one's time over its tours found.
`

// cut shortens s to n runes, marking the cut with "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

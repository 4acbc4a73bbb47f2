package stats

import (
	"fmt"
	"io"
	"unicode/utf8"

	"knightsweep/pkg/stats/format"
)

// WriteTable prints, for each group, one line of a table that fits an
// 80-column terminal: series, board, tours found of attempts, found of
// attempts from starts with a tour, runs stopped by a budget, median nodes
// and median time, ">=" before a median that is a lower bound. The series
// is named on its first line only, or on a line of its own above when its
// name is longer than 22 characters. It is the end-of-run table of
// experiment run and what experiment report prints.
//
//	series                 board     found/runs found/tour budget   nodes     time
//	dfs                    5x5              3/5        3/4      0     300   3.00µs
func WriteTable(w io.Writer, summaries []Summary) error {
	const layout = "%-22s %-9s %10s %10s %6s %7s %8s\n"
	if _, err := fmt.Fprintf(w, layout, "series", "board", "found/runs", "found/tour", "budget", "nodes", "time"); err != nil {
		return err
	}
	prev := ""
	for _, s := range summaries {
		series := ""
		if s.Series != prev || prev == "" {
			series = s.Series
			prev = s.Series
			if utf8.RuneCountInString(series) > 22 {
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
			FormatBound(s.NodesMedianBound(), format.Count), FormatBound(s.TimeMedianBound(), format.NS))
		if err != nil {
			return err
		}
	}
	return nil
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

// cut shortens s to n runes, marking the cut with "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

package stats

import (
	"fmt"
	"io"
)

// WriteTable prints, for each group, one line of a table that fits an
// 80-column terminal: series, board, tours found of attempts, found of
// attempts from solvable starts, runs stopped by a budget (node_limit or
// timeout), median nodes and median time. The series is named on its first
// line only and cut to 22 characters. It is the end-of-run table of
// experiment run and what experiment report prints.
//
//	series                 board     found/runs found/solv budget   nodes     time
//	dfs                    5x5              3/5        3/4      0     300   3.00µs
func WriteTable(w io.Writer, summaries []Summary) error {
	const format = "%-22s %-9s %10s %10s %6s %7s %8s\n"
	if _, err := fmt.Fprintf(w, format, "series", "board", "found/runs", "found/solv", "budget", "nodes", "time"); err != nil {
		return err
	}
	prev := ""
	for _, s := range summaries {
		series := ""
		if s.Series != prev || prev == "" {
			series = cut(s.Series, 22)
			prev = s.Series
		}
		_, err := fmt.Fprintf(w, format, series, cut(s.Board, 9),
			fraction(s.Found, s.Attempts), fraction(s.SolvableFound, s.SolvableAttempts),
			FormatCount(float64(s.NodeLimit+s.Timeout)),
			FormatCount(float64(s.NodesMedian)), FormatNS(float64(s.TimeMedianNS)))
		if err != nil {
			return err
		}
	}
	return nil
}

// fraction writes "found/runs" exactly when it fits 10 columns, else with
// three significant digits ("123k/1.23M").
func fraction(found, runs int) string {
	if s := fmt.Sprintf("%d/%d", found, runs); len(s) <= 10 {
		return s
	}
	return FormatCount(float64(found)) + "/" + FormatCount(float64(runs))
}

// TableLegend explains WriteTable's columns, in lines of at most 80
// columns.
const TableLegend = `found/runs: runs that found a tour; found/solv: the same over the starts from
which theory says a tour exists; budget: runs stopped by -max-nodes or -timeout;
nodes, time: medians over all runs.
`

// cut shortens s to n runes, marking the cut with "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

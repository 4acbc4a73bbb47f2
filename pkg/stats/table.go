package stats

import (
	"fmt"
	"io"
)

// WriteTable prints, for each group, one line of a table that fits an
// 80-column terminal: series, board, tours found of attempts, found of
// attempts from solvable starts, median nodes and median time. The series
// is named on its first line only and cut to 22 characters.
//
//	series                 board    found/runs found/solv  nodes   time
//	dfs                    5x5           13/25      13/13  1.25M  8.03ms
func WriteTable(w io.Writer, summaries []Summary) error {
	const format = "%-22s %-9s %10s %10s %7s %8s\n"
	if _, err := fmt.Fprintf(w, format, "series", "board", "found/runs", "found/solv", "nodes", "time"); err != nil {
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
			fmt.Sprintf("%d/%d", s.Found, s.Attempts),
			fmt.Sprintf("%d/%d", s.SolvableFound, s.SolvableAttempts),
			FormatCount(float64(s.NodesMedian)), FormatNS(float64(s.TimeMedianNS)))
		if err != nil {
			return err
		}
	}
	return nil
}

// cut shortens s to n runes, marking the cut with "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

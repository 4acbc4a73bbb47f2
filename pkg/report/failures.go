package report

import (
	"fmt"
	"io"
	"os"
	"slices"

	"knightsweep/internal/words"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
)

// WriteFailures says, at the end of a sweep, for each strategy with runs
// that ended in error, how many, and the first one's reason, which holds
// what a solver last wrote on stderr: a missing script or a traceback is
// then on the screen, not only in runs.csv's error column. It reads
// runsCSV only where res counts errors.
func WriteFailures(w io.Writer, res *stats.Results, runsCSV string) {
	if !slices.ContainsFunc(res.Summaries(), func(s stats.Summary) bool { return s.Error > 0 }) {
		return
	}
	type failures struct {
		runs, errors int
		first        string
	}
	var order []string
	by := map[string]*failures{}
	f, err := os.Open(runsCSV)
	if err != nil {
		return
	}
	defer f.Close()
	_ = runs.ForEach(f, func(r *runs.Row, _ int) error {
		s := by[r.Strategy]
		if s == nil {
			s = &failures{}
			by[r.Strategy] = s
			order = append(order, r.Strategy)
		}
		s.runs++
		if r.Status == status.Error {
			if s.errors == 0 {
				s.first = fmt.Sprintf("%dx%d from %d,%d: %s", r.Rows, r.Cols, r.StartRow, r.StartCol, r.Error)
			}
			s.errors++
		}
		return nil
	})
	for _, name := range order {
		if s := by[name]; s.errors > 0 {
			fmt.Fprintf(w, "failures: %s: %d of %s ended in error; the first, on %s\n", name, s.errors, words.Count(s.runs, "run"), s.first)
		}
	}
}

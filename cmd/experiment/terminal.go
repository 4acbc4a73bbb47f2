package main

import (
	"io"
	"os"

	"golang.org/x/term"

	"knightsweep/pkg/report"
	"knightsweep/pkg/stats"
)

// isTerminal reports whether w is a terminal, where a progress bar can
// redraw itself.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// printLead prints the answer the report opens with (report.Lead): the
// series best first, and what the paired tests say, after a blank line.
// Without a report (out nil: run -no-report) it is computed from res,
// read from csvPaths.
func printLead(w io.Writer, res *stats.Results, out *report.Output, csvPaths ...string) error {
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	return report.LeadFor(res, out, csvPaths).WriteText(w)
}

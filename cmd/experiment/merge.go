package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"knightsweep/pkg/report"
	"knightsweep/pkg/sweep"
)

const mergeSynopsis = "-out DIR [-no-report] results/shard-0 results/shard-1 ... (directories or their runs.csv)"

// cmdMerge is experiment merge: the shards of a sweep (run -shard i/N)
// combined into one output directory, checked, with its report.
func cmdMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", mergeSynopsis, stderr)
	out := fs.String("out", "", "write the merged sweep into `DIR`, a new directory")
	noReport := fs.Bool("no-report", false, "do not write the report (summary tables and charts)")
	inputs, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	start := time.Now()
	sum, err := sweep.Merge(ctx, sweep.MergeOptions{
		Out: *out, Inputs: inputs, Command: append([]string{"experiment", "merge"}, args...),
	})
	var ie *sweep.InputError
	switch {
	case errors.As(err, &ie):
		return usageError{err}
	case ctx.Err() != nil:
		return errInterrupted
	case err != nil:
		return fmt.Errorf("merge: %w", err)
	}
	var rows int64
	for _, n := range sum.Counts {
		rows += n
	}
	fmt.Fprintf(stdout, "merged %d outputs: %d runs, every job of the sweep once (%.1fs)\n", sum.Inputs, rows, time.Since(start).Seconds())
	if !*noReport {
		if err := report.Generate(ctx, sum.Out, []string{sum.Runs}); err != nil {
			if ctx.Err() != nil {
				return errInterrupted
			}
			return fmt.Errorf("report: %w", err)
		}
		fmt.Fprintf(stdout, "report in %s (report.html, summary.csv, charts/)\n", sum.Out)
	}
	fmt.Fprintf(stdout, "results in %s (%s, %s)\n", sum.Out, sweep.RunsFile, sweep.ManifestFile)
	return nil
}

package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/words"
	"knightsweep/pkg/exact"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/report"
)

const mergeSynopsis = "-out DIR [-no-report] [-allow-mixed-builds] results/shard-0 results/shard-1 ... (directories, their runs.csv, or a pattern)"

// cmdMerge is experiment merge: the shards of a sweep (run -shard i/N)
// combined into one output directory, checked, with its report.
func cmdMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", mergeSynopsis, stderr)
	out := fs.String("out", "", "write the merged sweep into `DIR`, a new directory (or one that a merge of the same shards wrote, finished or stopped: it is merged again)")
	noReport := fs.Bool("no-report", false, "do not write the report (summary tables and charts)")
	mixed := fs.Bool(strings.TrimPrefix(outdir.MixedBuildsFlag, "-"), false, "merge inputs whose rows several builds of experiment wrote (refused by default: two builds may compute different rows)")
	inputs, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if files, ok := exact.ShardFiles(inputs, *out); ok {
		return mergeExact(*out, files, stdout)
	}
	if *out != "" {
		if err := checkOut(*out, *noReport); err != nil {
			return err
		}
	}
	start := time.Now()
	sum, err := outdir.Merge(ctx, outdir.MergeOptions{
		Out: *out, Inputs: inputs, Command: append([]string{programName(), "merge"}, args...), MixedBuilds: *mixed,
	})
	switch {
	case input.Is(err):
		return err
	case ctx.Err() != nil:
		return errInterrupted
	case err != nil:
		return fmt.Errorf("merge: %w", err)
	}
	var rows int64
	for _, n := range sum.Counts {
		rows += n
	}
	fmt.Fprintf(stdout, "merged %s: %s, every job of the sweep once (%.1fs)\n", words.Count(sum.Inputs, "output"), words.Count(rows, "run"), time.Since(start).Seconds())
	if !*noReport {
		if err := report.Generate(ctx, sum.Out, []string{sum.Runs}); err != nil {
			if ctx.Err() != nil {
				return errInterrupted
			}
			return fmt.Errorf("report: %w", err)
		}
		fmt.Fprintf(stdout, "report in %s (report.html, summary.csv, charts/)\n", sum.Out)
	}
	fmt.Fprintf(stdout, "results in %s (%s, %s)\n", sum.Out, outdir.RunsFile, outdir.ManifestFile)
	return nil
}

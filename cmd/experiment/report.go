package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/report"
	"knightsweep/pkg/stats"
)

const reportSynopsis = "[-out DIR] [-by-file] [-png] [-pdf] [-exact | -exact-from FILE] [-mem-limit SIZE] results/a/runs.csv [results/b/runs.csv ...]"

// cmdReport regenerates summary.csv, the charts and report.html from one or
// more runs.csv files.
func cmdReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report", reportSynopsis, stderr)
	out := fs.String("out", "", "write the report into `DIR` (default: the first CSV's directory)")
	byFile := fs.Bool("by-file", false, "keep each file's runs in series of their own, to compare repeated sweeps")
	quiet := fs.Bool("quiet", false, "print nothing but errors")
	png := fs.Bool("png", false, "write every chart as PNG too (charts are SVG; PNG takes most of a report's time)")
	pdf := fs.Bool("pdf", false, "write every chart as PDF too, for LaTeX")
	exactFlag := fs.Bool("exact", false, "add the exact probabilities of the randomised greedy rules sampled (warnsdorff -tiebreak random) beside their sampled rates, with the check that each sampled interval covers its probability, and maps of them; computed for boards of up to 64 squares and kept in exact.csv in the report's directory")
	exactFrom := fs.String("exact-from", "", "like -exact, but read the probabilities from `FILE`, a CSV of experiment exact -out")
	memLimit := fs.String("mem-limit", "", "refuse input that could take more memory than this, such as 2GiB; 0 for no limit (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		fs.Usage()
		return usagef("report: give one or more runs.csv files")
	}
	mem, err := memLimitFlag(*memLimit)
	if err != nil {
		return err
	}
	opt := report.Options{OutDir: *out, BySource: *byFile, Exact: *exactFlag, ExactFrom: *exactFrom}
	if err := report.Check(paths, opt, mem); err != nil {
		return err
	}
	defer memlimit.SetGC(mem.Bytes, 0)()
	start := time.Now()
	if *png {
		opt.Formats = append(opt.Formats, "png")
	}
	if *pdf {
		opt.Formats = append(opt.Formats, "pdf")
	}
	res, err := report.GenerateWith(ctx, paths, opt)
	switch {
	case ctx.Err() != nil:
		return errInterrupted
	case err != nil && res == nil:
		return fmt.Errorf("report: %w", err)
	}
	// The table was computed before any file was written: a write that
	// fails late (a full disk) still prints it, then the error.
	if !*quiet || err != nil {
		if werr := stats.WriteTable(stdout, res.Results.Summaries()); werr != nil {
			return werr
		}
		if werr := printLead(stdout, res.Results, res); werr != nil {
			return werr
		}
		for _, w := range res.Results.Warnings {
			fmt.Fprintln(stderr, "warning:", w)
		}
	}
	if err != nil {
		return fmt.Errorf("report: %w (the table above was computed; the files in %s are incomplete)", err, res.Dir)
	}
	if *quiet {
		return nil
	}
	fmt.Fprintf(stdout, "\n%d runs in %d groups; wrote %s, %s and %d charts in %s (%.1fs)\n",
		res.Results.Rows, len(res.Results.Groups), strings.Join(res.Tables, ", "), res.HTML, res.Figures,
		filepath.Join(res.Dir, "charts"), time.Since(start).Seconds())
	return nil
}

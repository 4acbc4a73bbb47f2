package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"knightsweep/internal/flagparse"
	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/internal/stdstream"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/report"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/sweep"
)

const runSynopsis = "[-config FILE] -sizes LIST [-starts all] [-strategies LIST] [flags]"

// cmdRun is experiment run: a sweep over boards x starts x strategies.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlagSet("run", runSynopsis, stderr)
	var f runFlags
	f.register(fs)
	at, err := parseRunFlags(fs, args)
	if err != nil {
		return err
	}
	defer func() { err = at.At(err) }() // a flag file's value refused: where it is
	o, err := f.options(getenv)
	if err != nil {
		return err
	}
	// The solvers are strategies before -strategies is checked; their
	// processes end with the command. The command line's -strategies
	// overrides a flag file's, and with it the file's offer of solvers.
	f.solvers.offered(f.strategyNames(), setFlags(fs)["strategies"] && at["-strategies"] == "")
	d, err := f.solvers.declare(o.MemLimit, o.Workers, stderr)
	if err != nil {
		return err
	}
	defer d.Close()
	f.declared, f.known = d.solvers, d.set.Facts()
	o.Strategies = d.set
	s, err := f.settings()
	if err != nil {
		return err
	}
	p, err := plan.New(s)
	if err != nil {
		return err
	}
	if o.Out == "" {
		o.Out = outdir.NewName("results", time.Now())
	}
	// With -resume, the plan shows what is left to run: the jobs without a
	// row in -out (nil: all of them).
	var done plan.JobSet
	if o.Resume {
		// Other settings are refused before the plan is shown or a pace
		// trial run, not after.
		if err := outdir.CheckResume(o.Out, p, o.Shard); err != nil {
			return err
		}
		done, _ = outdir.Done(o.Out, p) // a file it cannot read, Open refuses
	}
	if f.planOnly && ctx.Err() != nil { // interrupted while planning: no plan to show
		return errInterrupted
	}
	// A board the memory limit cannot hold is refused before the plan is
	// shown and a pace trial run.
	if err := p.CheckMemory(o.MemLimit.Bytes, memlimit.Format); err != nil {
		return err
	}
	// The pace trial comes before the runaway check, so that the plan's
	// estimate and the refusal say one figure, this machine's; it writes
	// nothing. A runaway sweep is refused before any work; -plan gives
	// the advice.
	trial, err := sweep.Pace(ctx, p, o)
	if err != nil {
		return errInterrupted
	}
	runaway := p.Runaway(p.Left(o.Shard, done), o.Workers, sweep.Parallel(o.Workers))
	if f.planOnly {
		sweep.ShowPlan(stdout, p, o, done, trial)
		d.printLimit(stdout)
		if runaway != "" && !f.force {
			fmt.Fprintf(stdout, "run would refuse this sweep: %s\n", runaway)
		}
		return nil
	}
	if runaway != "" && !f.force {
		return usagef("run: %s", runaway)
	}
	if err := checkOut(o.Out, f.noReport); err != nil {
		return err
	}
	if !o.Resume {
		if err := outdir.CheckNew(o.Out); err != nil {
			return err
		}
	}
	if !f.quiet {
		o.Progress, o.Terminal = stderr, isTerminal(stderr)
		sweep.ShowPlan(stderr, p, o, done, trial)
		d.printLimit(stderr)
	}
	o.Notes = stderr
	o.Table = f.noReport
	o.Command = append([]string{programName(), "run"}, args...)

	sum, err := sweep.Run(ctx, p, o)
	if sum == nil {
		return err
	}
	return finishRun(ctx, stdout, stderr, sum, err, o, f.noReport)
}

// finishRun prints the end of a sweep, sum, which ended with err: its
// counts, the report (unless noReport), where the results are and, where
// jobs are left, how to finish them; and returns the error the command
// exits with.
func finishRun(ctx context.Context, stdout, stderr io.Writer, sum *sweep.Summary, err error, o sweep.Options, noReport bool) error {
	fmt.Fprintf(stdout, "%s: %d runs (%d this time, %d before) in %v\n",
		sum.State, sum.Skipped+sum.Ran, sum.Ran, sum.Skipped, sum.Elapsed.Round(time.Millisecond))
	if sum.Repaired > 0 {
		fmt.Fprintf(stdout, "repaired a truncated last line (%d bytes cut)\n", sum.Repaired)
	}
	if err == nil {
		if rerr := endOfRun(ctx, sum, noReport, stdout, stderr); rerr != nil {
			return rerr
		}
	}
	fmt.Fprintf(stdout, "results in %s (%s, %s)\n", sum.Out, outdir.RunsFile, outdir.ManifestFile)
	if errors.Is(err, sweep.ErrInterrupted) || err != nil && !input.Is(err) {
		fmt.Fprintf(stdout, "%d of %d jobs still to run: finish with\n  %s\n",
			sum.Jobs-sum.Skipped-sum.Ran, sum.Jobs, outdir.ResumeCommand(o.Command, sum.Out, o.Shard))
		if sum.Skipped+sum.Ran > 0 {
			fmt.Fprintf(stdout, "report on the rows so far with\n  %s report %s\n", outdir.ShellQuote(programName()), outdir.ShellQuote(sum.Runs))
		}
	}
	if errors.Is(err, sweep.ErrInterrupted) {
		return errInterrupted
	}
	return err
}

// checkOut checks, before any work, the -out directory that a sweep or a
// merge writes: a directory that takes new files, and, unless noReport,
// the report's files in it (report.CheckOut checks the directory too).
func checkOut(dir string, noReport bool) error {
	if noReport {
		return outpath.Dir("-out", dir)
	}
	return report.CheckOut("-out", dir)
}

// endOfRun prints the table of a completed sweep and, unless noReport,
// writes its report (summary.csv, charts, report.html) beside runs.csv.
// Both use pkg/stats, so they show the same figures. A report cut short by
// Ctrl-C, or one that fails, loses no row: the message says how to make it
// again.
func endOfRun(ctx context.Context, sum *sweep.Summary, noReport bool, stdout, stderr io.Writer) error {
	start := time.Now()
	var res *stats.Results
	var out *report.Output
	var err error
	if noReport {
		res, err = sum.TableResults(ctx)
	} else {
		out, err = report.GenerateWith(ctx, []string{sum.Runs}, report.Options{})
		if out != nil {
			res = out.Results
		}
	}
	again := fmt.Sprintf("%s report %s", outdir.ShellQuote(programName()), outdir.ShellQuote(sum.Runs))
	switch {
	case errors.Is(err, stats.ErrNoRuns):
		return nil // nothing ran: no table, no report
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "report %s; every row is kept: make it with\n  %s\n", stdstream.Stopped(), again)
		return errInterrupted
	case err != nil && res == nil:
		return fmt.Errorf("report of %s (every row is kept; retry with %s): %w", sum.Runs, again, err)
	}
	fmt.Fprintln(stdout)
	if werr := stats.WriteTable(stdout, res.Summaries()); werr != nil {
		return werr
	}
	if err != nil {
		// The table was computed before the report's files failed to
		// be written: printed, then the error.
		return fmt.Errorf("report of %s (the table above was computed; every row is kept; retry with %s): %w", sum.Runs, again, err)
	}
	fmt.Fprintf(stdout, "\n%s", stats.TableLegendOf(res.Summaries()))
	if err := printLead(stdout, res, out, sum.Runs); err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	report.WriteFailures(stderr, res, sum.Runs)
	if out != nil {
		fmt.Fprintf(stdout, "\nreport written in %v:\n  %s\n", time.Since(start).Round(time.Millisecond), out.HTML)
		for _, t := range out.Tables {
			fmt.Fprintf(stdout, "  %s\n", t)
		}
		fmt.Fprintf(stdout, "  %s (%d charts)\n", filepath.Join(out.Dir, "charts"), out.Figures)
	}
	fmt.Fprintln(stdout)
	return nil
}

// parseRunFlags parses args, applying a -config flag file first, and
// returns where the file set the flags it set.
func parseRunFlags(fs *flag.FlagSet, args []string) (flagparse.Origins, error) {
	at, err := parseArgs(fs, args, readConfig)
	return at, parsed(fs, err)
}

// readConfig reads the flag file or preset name (configFile).
func readConfig(name string) ([]byte, error) { return configFile(name) }

// programName is the program as the user invoked it, for commands we print
// that they can paste: "bin/experiment" when run by path, "experiment"
// when found on $PATH or run by go run or go test.
func programName() string {
	p := os.Args[0]
	if !strings.Contains(p, string(filepath.Separator)) || strings.HasPrefix(p, os.TempDir()) ||
		strings.HasSuffix(p, ".test") {
		return "experiment"
	}
	return p
}

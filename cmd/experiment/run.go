package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/internal/words"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/progress"
	"knightsweep/pkg/report"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/sweep"
)

const runSynopsis = "[-config FILE] -sizes LIST [-starts all] [-strategies LIST] [flags]"

// cmdRun is experiment run: a sweep over boards x starts x strategies.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runSynopsis, stderr)
	var f runFlags
	f.register(fs)
	if err := parseRunFlags(fs, args); err != nil {
		return err
	}
	o, err := f.options(getenv)
	if err != nil {
		return err
	}
	// The solvers are strategies before -strategies is checked; their
	// processes end with the command.
	f.solvers.offered(f.strategyNames())
	d, err := f.solvers.declare(o.MemLimit, o.Workers)
	if err != nil {
		return err
	}
	defer d.Close()
	f.declared = d.solvers
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
	if f.planOnly {
		if err := showPlan(ctx, stdout, p, o, done); err != nil {
			return err
		}
		d.printLimit(stdout)
		return nil
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
		if err := showPlan(ctx, stderr, p, o, done); err != nil {
			return err
		}
		d.printLimit(stderr)
	}
	o.Notes = stderr
	o.Command = append([]string{programName(), "run"}, args...)

	sum, err := sweep.Run(ctx, p, o)
	if sum == nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d runs (%d this time, %d before) in %v\n",
		sum.State, sum.Skipped+sum.Ran, sum.Ran, sum.Skipped, sum.Elapsed.Round(time.Millisecond))
	if sum.Repaired > 0 {
		fmt.Fprintf(stdout, "repaired a truncated last line (%d bytes cut)\n", sum.Repaired)
	}
	if err == nil {
		if rerr := endOfRun(ctx, sum, f.noReport, stdout, stderr); rerr != nil {
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

// paceFrom is the least estimate, at the model's pace, for which a sweep
// measures this machine's pace before it says what it expects: below it,
// an estimate's error is a second or two, and the trial's time would count.
const paceFrom = 2 * time.Second

// pace measures this machine's pace on p's work (sweep.MeasurePace) and
// sets it on p, so that the estimate printed and the progress meter's time
// left are this machine's; it returns the trial's time, or 0 when the
// sweep is too short to be worth one (paceFrom), and whether the trial
// measured anything. The trial runs a few of the sweep's first jobs for
// 0.15 s, cut short, and writes nothing.
func pace(ctx context.Context, p *plan.Plan, o sweep.Options) (time.Duration, bool) {
	_, cost := p.Cost(nil)
	if !(cost/parallel(o.Workers) >= paceFrom.Seconds()) || math.IsInf(cost, 1) || ctx.Err() != nil {
		return 0, false
	}
	start := time.Now()
	pc := sweep.MeasurePace(ctx, p, o.Workers, o.MemLimit.Bytes, sweep.PaceTrial)
	p.SetPace(pc)
	return time.Since(start), len(pc.Factor) > 0
}

// parallel is how many of the cost model's seconds a sweep on workers
// runs in a second: no more than the cores it may use (the trial runs as
// many searches at once, and measures what sharing the cores costs).
func parallel(workers int) float64 { return float64(min(workers, runtime.GOMAXPROCS(0))) }

// showPlan measures this machine's pace when the sweep is worth it (pace)
// and prints the plan to w. An interrupt during the trial is
// errInterrupted: nothing has been written yet.
func showPlan(ctx context.Context, w io.Writer, p *plan.Plan, o sweep.Options, done plan.JobSet) error {
	trial, measured := pace(ctx, p, o)
	if trial > 0 && ctx.Err() != nil {
		return errInterrupted
	}
	if !measured {
		trial = -trial // a trial that measured nothing: the model's estimate, and why
	}
	printPlan(w, p, o, done, trial)
	return nil
}

// printPlan says, before a sweep starts, what it will run, where it writes
// and how long it is expected to take: by the cost model, at this
// machine's pace when a trial measured it (trial > 0; -trial for a trial
// that measured nothing). The jobs in done (those -resume finds rows for)
// are left out of the runs and the estimate.
func printPlan(w io.Writer, p *plan.Plan, o sweep.Options, done plan.JobSet, trial time.Duration) {
	s := p.Settings()
	boards := s.Sizes.String()
	if len(s.Sizes) > 4 {
		boards = fmt.Sprintf("%v to %v", s.Sizes[0], s.Sizes[len(s.Sizes)-1])
	}
	var skip func(int64) bool // nil: every job, summed a cell at a time
	var sel *plan.Selection
	if !o.Shard.Whole() {
		sel = p.Select(o.Shard)
		skip = func(i int64) bool { return !sel.Has(i) }
	}
	var total int64
	if done != nil {
		total, _ = p.Cost(skip)
		skip = func(i int64) bool { return done.Has(i) || sel != nil && !sel.Has(i) }
	}
	jobs, cost := p.Cost(skip)
	budget := "no budget"
	switch {
	case s.MaxNodes > 0 && s.Timeout > 0:
		budget = fmt.Sprintf("%s nodes or %v a run", countWord(s.MaxNodes), s.Timeout)
	case s.MaxNodes > 0:
		budget = fmt.Sprintf("%s nodes a run", countWord(s.MaxNodes))
	case s.Timeout > 0:
		budget = fmt.Sprintf("%v a run", s.Timeout)
	}
	fmt.Fprintf(w, "plan: %d board(s) (%s), starts %s%s, %s; ", len(s.Sizes), boards, s.Starts, p.StartsNote(), strings.Join(s.Strategies, ", "))
	if done != nil {
		fmt.Fprintf(w, "%s left of %d (%d done before)", words.Count(jobs, "run"), total, total-jobs)
	} else {
		fmt.Fprint(w, words.Count(jobs, "run"))
	}
	if !o.Shard.Whole() {
		fmt.Fprintf(w, " (shard %s of %d)", o.Shard, p.Len())
	}
	fmt.Fprintf(w, ", %s%s\n", budget, randomisation(s))
	fmt.Fprintf(w, "into: %s\n", o.Out)
	var model float64 // the model's own seconds, when a trial paced the plan
	if trial > 0 {
		_, model = p.Model(skip)
	}
	if !(model > 0) {
		var why string
		if trial < 0 {
			why = fmt.Sprintf(": its trial measured nothing, every run it tried ending within %s nodes", countWord(sweep.PaceMinNodes))
		}
		fmt.Fprintf(w, "expected: %s on %d worker(s), by the cost model%s (memory limit %s)%s\n",
			progress.Estimate(cost/parallel(o.Workers)), o.Workers, why, o.MemLimit, plan.UnknownText(p.Unknown(skip)))
		return
	}
	fmt.Fprintf(w, "expected: %s on %d worker(s), at this machine's pace: the cost model's %s x %.2f, by a %v trial (memory limit %s)%s\n",
		progress.Estimate(cost/parallel(o.Workers)), o.Workers, strings.TrimPrefix(progress.Estimate(model/parallel(o.Workers)), "about "),
		cost/model, trial.Round(10*time.Millisecond), o.MemLimit, plan.UnknownText(p.Unknown(skip)))
}

// randomisation names, for the plan's line, a random move order and the
// restart policies: "; order random; restarts none, luby:49". Strategies
// that follow a move order but take no random one run the default order,
// as their rows' order column says; the line names them, so that a plan
// of "dfs, warnsdorff; order random" does not read as a random warnsdorff.
func randomisation(s plan.Settings) string {
	var out string
	if s.Order == strategies.OrderRandom {
		out += "; order " + strategies.OrderRandom
		var fixed []string
		for _, name := range s.Strategies {
			if in, err := strategies.Lookup(name); err == nil && !in.RandomOrder && !in.OwnOrder {
				fixed = append(fixed, name)
			}
		}
		if len(fixed) > 0 {
			out += " (" + strings.Join(fixed, ", ") + " in the default order)"
		}
	}
	if len(s.Restarts) > 0 {
		out += "; restarts " + strings.Join(s.Restarts, ", ")
	}
	return out
}

// countWord writes a count the way people say it: 60M, 220M, 1.5k.
func countWord(n int64) string {
	switch {
	case n >= 1e9 && n%1e8 == 0:
		return fmt.Sprintf("%gG", float64(n)/1e9)
	case n >= 1e6 && n%1e5 == 0:
		return fmt.Sprintf("%gM", float64(n)/1e6)
	case n >= 1e3 && n%1e2 == 0:
		return fmt.Sprintf("%gk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
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
		res, err = stats.ReadFiles(ctx, []string{sum.Runs}, stats.Options{TableOnly: true})
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
		fmt.Fprintf(stderr, "report interrupted; every row is kept: make it with\n  %s\n", again)
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
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	printFailures(stderr, res, sum.Runs)
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

// parseRunFlags parses args, applying a -config flag file first.
func parseRunFlags(fs *flag.FlagSet, args []string) error {
	return parsed(fs, parseArgs(fs, args, readConfig))
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

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"knightsweep/configs"
	"knightsweep/pkg/report"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/sweep"
)

const runSynopsis = "[-config FILE] -sizes LIST [-starts all] [-strategies LIST] [flags]"

// cmdRun is experiment run: a sweep over boards x starts x strategies.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runSynopsis, stderr)
	var f sweep.Flags
	f.Register(fs)
	if err := parseRunFlags(fs, args); err != nil {
		return err
	}
	opts, err := f.Options()
	if err != nil {
		return usageError{err}
	}
	if opts.Out == "" {
		opts.Out = sweep.NewOutDir("results", time.Now())
	}
	if !f.Quiet {
		opts.Progress, opts.Terminal = stderr, isTerminal(stderr)
	}
	opts.Notes = stderr
	if opts.MemLimit > 0 {
		// The estimates bound the searches; this keeps the garbage
		// collector from letting the heap outgrow them.
		debug.SetMemoryLimit(opts.MemLimit)
	}
	opts.Command = append([]string{"experiment", "run"}, args...)

	sum, err := sweep.Run(ctx, opts)
	var ie *sweep.InputError
	if errors.As(err, &ie) {
		return usageError{err}
	}
	if sum == nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d runs (%d this time, %d before) in %v\n",
		sum.State, sum.Skipped+sum.Ran, sum.Ran, sum.Skipped, sum.Elapsed.Round(time.Millisecond))
	if sum.Repaired > 0 {
		fmt.Fprintf(stdout, "repaired a truncated last line (%d bytes cut)\n", sum.Repaired)
	}
	if err == nil {
		if rerr := endOfRun(ctx, sum, f.NoReport, stdout, stderr); rerr != nil {
			return rerr
		}
	}
	fmt.Fprintf(stdout, "results in %s (%s, %s)\n", sum.Out, sweep.RunsFile, sweep.ManifestFile)
	if errors.Is(err, sweep.ErrInterrupted) {
		fmt.Fprintf(stdout, "%d of %d jobs still to run: finish with\n  %s\n",
			sum.Jobs-sum.Skipped-sum.Ran, sum.Jobs, resumeCommand(args, sum.Out))
		if sum.Skipped+sum.Ran > 0 {
			fmt.Fprintf(stdout, "report on the rows so far with\n  experiment report %s\n", shellQuote(sum.Runs))
		}
		return errInterrupted
	}
	return err
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
		res, err = stats.ReadFiles(ctx, []string{sum.Runs}, stats.Options{})
	} else {
		out, err = report.GenerateWith(ctx, []string{sum.Runs}, report.Options{})
		if out != nil {
			res = out.Results
		}
	}
	switch {
	case errors.Is(err, stats.ErrNoRuns):
		return nil // nothing ran: no table, no report
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "report interrupted; every row is kept: make it with\n  experiment report %s\n", shellQuote(sum.Runs))
		return errInterrupted
	case err != nil:
		return fmt.Errorf("report of %s (every row is kept; retry with experiment report): %w", sum.Runs, err)
	}
	fmt.Fprintln(stdout)
	if err := stats.WriteTable(stdout, res.Summaries()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n%s", stats.TableLegend)
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	if out != nil {
		fmt.Fprintf(stdout, "\nreport written in %.1fs:\n  %s\n  %s\n  %s (%d charts, PNG and SVG)\n",
			time.Since(start).Seconds(), out.HTML, out.Summary, filepath.Join(out.Dir, "charts"), len(out.Charts)/2)
	}
	fmt.Fprintln(stdout)
	return nil
}

// parseRunFlags parses args, applying a -config flag file first.
func parseRunFlags(fs *flag.FlagSet, args []string) error {
	err := sweep.ParseArgs(fs, args, readConfig)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return errHelp
	case err != nil:
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usagef("run: unexpected argument %q (flags come as -name value)", fs.Arg(0))
	}
	return nil
}

// readConfig reads the flag file name, or the embedded preset of that name
// if there is no such file.
func readConfig(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		if data, perr := configs.Read(name); perr == nil {
			return data, nil
		}
		return nil, fmt.Errorf("%s: no such file, nor a preset of that name (presets: %s)", name, strings.Join(configs.Names(), ", "))
	}
	return data, err
}

// resumeCommand returns the command line that finishes an interrupted
// sweep.
func resumeCommand(args []string, out string) string {
	words := []string{"experiment", "run"}
	hasOut, hasResume := false, false
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		hasOut = hasOut || (strings.HasPrefix(a, "-") && name == "out")
		hasResume = hasResume || (strings.HasPrefix(a, "-") && name == "resume")
		words = append(words, shellQuote(a))
	}
	if !hasOut {
		words = append(words, "-out", shellQuote(out))
	}
	if !hasResume {
		words = append(words, "-resume")
	}
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./,=:+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Command experiment runs knight's-tour experiments: single searches, sweeps
// over boards, start squares and strategies, and reports on their results.
//
// Usage:
//
//	experiment                 run the embedded quick sweep into results/<timestamp>/
//	experiment run [flags]     sweep boards x start squares x strategies into a CSV
//	experiment solve [flags]   solve one board from one start
//	experiment count [flags]   count every tour exhaustively
//	experiment report [-out DIR] runs.csv ...
//	                           summaries, charts and report.html
//	experiment merge -out DIR results/shard-*/
//	                           combine the shards of a sweep (run -shard i/N)
//
// Run "experiment help" or "experiment CMD -h" for the flags.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	os.Exit(exitCode(run(os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
}

// usageError marks bad input: the program exits with status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usagef returns a usageError with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// errInterrupted reports that Ctrl-C or SIGTERM stopped the work: exit 130.
var errInterrupted = errors.New("interrupted")

func exitCode(err error, stderr io.Writer) int {
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelp):
		return 0
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(stderr, "experiment: interrupted")
		return 130
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "experiment:", err)
		return 2
	}
	fmt.Fprintln(stderr, "experiment:", err)
	return 1
}

// errHelp is returned after -h printed the usage.
var errHelp = errors.New("help requested")

// commands maps subcommand names to their entry points.
var commands = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer) error{
	"run":    cmdRun,
	"solve":  cmdSolve,
	"count":  cmdCount,
	"report": cmdReport,
	"merge":  cmdMerge,
}

func run(args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Once the first signal has cancelled ctx, restore the default
	// behaviour so that a second Ctrl-C kills the process at once.
	go func() { <-ctx.Done(); stop() }()

	if len(args) == 0 {
		return cmdDefault(ctx, stdout, stderr)
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		printUsage(stdout)
		return nil
	}
	cmd, ok := commands[name]
	if !ok {
		printUsage(stderr)
		return usagef("unknown command %q", name)
	}
	return cmd(ctx, args[1:], stdout, stderr)
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, `usage: experiment [command] [flags]

With no command, experiment runs the embedded quick sweep.

Commands:
  run      sweep boards x start squares x strategies into runs.csv
  solve    solve one board from one start square and print the tour
  count    count every directed tour from a square, or from every square
  report   summarise runs.csv files: summary.csv, charts and report.html
  merge    combine the shards of a sweep (run -shard i/N) into one, with its report

Run "experiment <command> -h" for a command's flags.
`)
}

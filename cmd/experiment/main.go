package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"knightsweep/internal/stdstream"
)

func main() {
	os.Exit(exitCode(run(os.Stdout, os.Stderr, os.Args[1:]), os.Stderr))
}

// commands maps subcommand names to their entry points.
var commands = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer) error{
	"run":     cmdRun,
	"solve":   cmdSolve,
	"count":   cmdCount,
	"exact":   cmdExact,
	"theory":  cmdTheory,
	"report":  cmdReport,
	"merge":   cmdMerge,
	"version": cmdVersion,
}

// run runs the command args name. A panic is an internal error (exit 1),
// never the Go runtime's crash with its exit status 2, which is bad input's.
func run(stdout, stderr io.Writer, args []string) (err error) {
	defer recoverInternal(&err)
	var name string
	if len(args) > 0 {
		name = args[0]
	}
	if name == "help" && len(args) > 1 {
		// "help run" is "run -h", as in the go command.
		name, args = args[1], []string{args[1], "-h"}
	}
	if name == "-version" || name == "--version" {
		name = "version"
	}
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		// Before the signal handler: it starts threads that would cost
		// help a tenth of its time, and there is nothing to interrupt.
		printUsage(stdout)
		return nil
	}
	stdstream.WarnClosed(stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	ctx, stopPipe := stdstream.StopOnBrokenStdout(ctx)
	defer stopPipe()
	// Once the first signal has cancelled ctx, restore the default
	// behaviour so that a second Ctrl-C kills the process at once.
	go func() { <-ctx.Done(); stop() }()

	if name == "" {
		return cmdDefault(ctx, stdout, stderr)
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
  exact    walk every tie of a randomised greedy rule: its exact success probability
  theory   whether a tour starts at each square, and what says so
  report   summarise runs.csv files: summary tables, charts and report.html
  merge    combine the shards of a sweep (run -shard i/N) into one, with its report
  version  print the program's version and commit

Run "experiment <command> -h" for a command's flags, "go doc
knightsweep/cmd/experiment" for the manual. Exit status: 0 done, 1 runtime
failure, 2 bad input, 130 interrupted.
`)
}

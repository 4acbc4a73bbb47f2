package main

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"syscall"

	"knightsweep/internal/input"
	"knightsweep/internal/stdstream"
)

// The exit statuses, the same for every command (the manual lists them):
//
//	0    done: the work ran to its end, whatever the searches found, or
//	     its output's reader took what it wanted and left (| head)
//	1    runtime failure: a write error, a full disk, an internal error
//	2    bad input: a flag, a file or a directory the command cannot use;
//	     nothing already written is lost
//	130  interrupted by Ctrl-C, Ctrl-\ (SIGQUIT), SIGTERM or SIGHUP, or stdout's reader gone
//	     (| head) before the output was complete; finished work is kept
const (
	exitDone        = 0
	exitFailure     = 1
	exitBadInput    = 2
	exitInterrupted = 130
)

// usageError is bad input that names no flag of its own (the message
// does): the program exits with status 2, as for every error input.Is
// reports.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// BadInput marks a usageError as bad input (input.Is).
func (usageError) BadInput() {}

// usagef returns a usageError with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// errInterrupted reports that a signal (Ctrl-C, Ctrl-\, SIGTERM, SIGHUP) stopped the work: exit 130.
var errInterrupted = errors.New("interrupted")

// errHelp is returned after -h printed the usage.
var errHelp = errors.New("help requested")

// exitCode prints err, if any, and returns the exit status for it.
func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, errHelp):
		return exitDone
	case errors.Is(err, syscall.EPIPE) && stdstream.ReaderGone():
		// Its reader took what it wanted (| head): the output it asked
		// for was written.
		return exitDone
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(stderr, "experiment:", stdstream.Stopped())
		return exitInterrupted
	case input.Is(err):
		fmt.Fprintln(stderr, "experiment:", err)
		return exitBadInput
	}
	fmt.Fprintln(stderr, "experiment:", err)
	return exitFailure
}

// recoverInternal turns a panic into an internal error: exit status 1, with
// the stack, and a request to report it.
func recoverInternal(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("internal error (please report it): panic: %v\n%s", p, debug.Stack())
	}
}

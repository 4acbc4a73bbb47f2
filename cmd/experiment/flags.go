package main

import (
	"errors"
	"flag"

	"knightsweep/internal/flagparse"
	"knightsweep/internal/input"
	"knightsweep/pkg/sweep"
)

// The flag sets of every command, from package flagparse.
var (
	newFlagSet = flagparse.New
	parseQuiet = flagparse.Quiet
	setFlags   = flagparse.Set
)

// parseFlags parses args into fs; a bad flag is a usageError, -h is errHelp.
func parseFlags(fs *flag.FlagSet, args []string) error {
	return parsed(fs, parseQuiet(fs, args))
}

// parsed is what a command's parse of fs that returned err means: -h
// prints the usage and is errHelp, bad input (an input.Error, which a flag
// file's error is) stays what it is, another error is a usageError, and
// an argument left over is one too.
func parsed(fs *flag.FlagSet, err error) error {
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
		return errHelp
	case input.Is(err):
		return err
	case err != nil:
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usagef("%s: unexpected argument %q (flags come as -name value)", fs.Name(), fs.Arg(0))
	}
	return nil
}

// parseWorkers checks a -workers value that may be 0, for one per core.
func parseWorkers(n int) error {
	if n < 0 || n > sweep.MaxWorkers {
		return usagef("-workers %d: want 0 (one per core) to %d", n, sweep.MaxWorkers)
	}
	return nil
}

// parseInterspersed parses flags that may come before, between or after the
// positional arguments, and returns those arguments.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := parseFlagsOnly(fs, args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		if args[0] == "--" {
			return append(rest, args[1:]...), nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// parseFlagsOnly is parseFlags without the check for positional arguments.
func parseFlagsOnly(fs *flag.FlagSet, args []string) error {
	if err := parseQuiet(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return errHelp
		}
		return usageError{err}
	}
	return nil
}

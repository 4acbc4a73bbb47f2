package plan

import (
	"errors"
	"fmt"

	"knightsweep/pkg/runs"
)

// InputError is bad input from the user: a flag value a sweep cannot run
// with, an output directory it must not write into, files that are not
// one sweep's. Commands exit with status 2 on it, having written nothing.
// Its message starts with the flag at fault and says what it accepts.
type InputError struct {
	// Flag is the flag at fault, with its dash ("-sizes"), or the command
	// when no single flag is ("merge").
	Flag string
	Err  error
}

// Error returns "-flag: what is wrong; what it accepts".
func (e *InputError) Error() string { return e.Flag + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// Inputf returns an InputError for flag with a formatted message; %w wraps.
func Inputf(flag, format string, args ...any) error {
	return &InputError{Flag: flag, Err: fmt.Errorf(format, args...)}
}

// IsInput reports whether err is, or wraps, bad input: an InputError, or
// a *runs.ContentError (what a runs.csv holds is input, whichever command
// reads it). It is the one rule the commands' exit statuses follow.
func IsInput(err error) bool {
	var ie *InputError
	var ce *runs.ContentError
	return errors.As(err, &ie) || errors.As(err, &ce)
}

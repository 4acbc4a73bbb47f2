// Package input is the one rule for bad input: a flag value, a file or a
// directory a command cannot use. Every command exits with status 2 on it,
// having written nothing, whichever package found the fault; runtime
// failures exit 1.
//
// An error is bad input if it is, or wraps, an error with a BadInput
// method: *Error, which names the flag at fault, or a type of a package
// that knows its faults are the user's (runs.ContentError: what a runs.csv
// holds is input, whichever command reads it). Is tests for that method, so
// a package marks its errors without importing this one.
package input

import (
	"errors"
	"fmt"
)

// Error is bad input from the user. Its message starts with the flag at
// fault and says what it accepts: "-sizes: 9x: want ...". With no flag (a
// file's contents, read by a command that takes several) it is the
// message alone, which names the file.
type Error struct {
	// Flag is the flag at fault, with its dash ("-sizes"), or the command
	// when no single flag is ("merge"); "" when the input is a file's
	// contents.
	Flag string
	Err  error
}

// Error returns "-flag: what is wrong; what it accepts", or what is
// wrong alone for an Error without a flag.
func (e *Error) Error() string {
	if e.Flag == "" {
		return e.Err.Error()
	}
	return e.Flag + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// BadInput marks the error as bad input (see Is).
func (*Error) BadInput() {}

// Errorf returns an Error for flag with a formatted message; %w wraps.
func Errorf(flag, format string, args ...any) error {
	return &Error{Flag: flag, Err: fmt.Errorf(format, args...)}
}

// Marker is what bad-input errors implement: the method says what the
// error is, and does nothing.
type Marker interface {
	error
	BadInput()
}

// Is reports whether err is, or wraps, bad input: an error with a BadInput
// method. It is the one rule the commands' exit statuses follow.
func Is(err error) bool {
	var m Marker
	return errors.As(err, &m)
}

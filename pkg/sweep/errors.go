package sweep

import (
	"errors"
	"fmt"
)

// InputError is bad input from the user: a flag value the sweep cannot run
// with, or an output directory it must not write into. Commands exit with
// status 2 on it. Its message starts with the flag and says what it accepts.
type InputError struct {
	// Flag is the flag at fault, with its dash: "-sizes".
	Flag string
	Err  error
}

// Error returns "-flag: what is wrong; what it accepts".
func (e *InputError) Error() string { return e.Flag + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// inputErrorf returns an InputError for flag with a formatted message.
func inputErrorf(flag, format string, args ...any) error {
	return &InputError{Flag: flag, Err: fmt.Errorf(format, args...)}
}

// ErrInterrupted reports that the context was canceled (Ctrl-C, SIGTERM)
// before every job had run. The rows of every finished job are on disk and
// the manifest says "interrupted": run again with -resume to finish.
var ErrInterrupted = errors.New("sweep interrupted")

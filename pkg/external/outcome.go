package external

import (
	"time"

	"knightsweep/pkg/status"
)

// An Outcome is how one run of a solver ended, as the harness saw it.
type Outcome struct {
	// Answer is what the solver said; its Status is Error when Reason is
	// set, Timeout when the harness ended the run at its timeout, and
	// Canceled when the sweep was interrupted.
	Answer Answer
	// Reason explains an error on one line: how the process failed, with
	// the tail of its stderr.
	Reason string
	// Wall is the run's wall time; CPU its user plus system time (see the
	// package doc for whose). MaxRSS is its peak resident memory in bytes,
	// -1 when it cannot be told for the run; CPU is -1 where it was not
	// measured (a process that never started).
	Wall, CPU time.Duration
	MaxRSS    int64
	// late is set where the harness saw the run's deadline more than
	// lateSlack after it passed: it was not running then (absent.go).
	late bool
}

func failed(reason string) Outcome {
	return Outcome{Answer: Answer{Status: status.Error}, Reason: reason, CPU: -1, MaxRSS: -1}
}

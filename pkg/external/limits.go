package external

import "time"

// Limits bound one run of a solver.
type Limits struct {
	// Timeout ends a run (status timeout); 0 is none.
	Timeout time.Duration
	// Grace is how long a solver has between SIGTERM and SIGKILL, and a
	// stdio solver past its timeout to answer; 0 means DefaultGrace.
	Grace time.Duration
	// Memory is the address space a solver process may map (RLIMIT_AS),
	// in bytes; 0 is none.
	Memory int64
	// Output caps the bytes read from a run's stdout (a stdio solver's
	// line); 0 means OutputFor the board (LineCap for a stdio line).
	Output int64
	// Startup bounds a stdio process's start, until it answers its
	// warm-up request; 0 means max(DefaultStartup, Timeout).
	Startup time.Duration
}

// DefaultStartup is the least time a stdio process has to start and
// answer its warm-up request.
const DefaultStartup = 30 * time.Second

func (l Limits) startup() time.Duration {
	if l.Startup > 0 {
		return l.Startup
	}
	return max(DefaultStartup, l.Timeout)
}

// LineCap is the longest line a stdio solver may answer, newline
// included: room for a JSON tour of a board of half a million squares.
// A worker never holds more of a line than this.
const LineCap = 16 << 20

func (l Limits) lineCap() int64 {
	if l.Output > 0 {
		return l.Output
	}
	return LineCap
}

// MinMemory is the least memory limit a solver process may be given: below
// it, a shell or a dynamically linked program fails to load (a crash or a
// loader's error, not a solver's answer), so a limit that low is refused.
const MinMemory = 16 << 20

// DefaultGrace is the time between SIGTERM and SIGKILL.
const DefaultGrace = 500 * time.Millisecond

func (l Limits) grace() time.Duration {
	if l.Grace > 0 {
		return l.Grace
	}
	return DefaultGrace
}

// OutputFor is the output cap of a run on a rows x cols board: room for
// its grid, its list of squares or its JSON answer with generous
// spacing (24 bytes a square) and a page of text around it. A solver that
// prints more is not answering.
func OutputFor(rows, cols int) int64 { return 64<<10 + 24*int64(rows)*int64(cols) }

func (l Limits) output(rows, cols int) int64 {
	if l.Output > 0 {
		return l.Output
	}
	return OutputFor(rows, cols)
}

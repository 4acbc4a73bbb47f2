package count

import (
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"knightsweep/internal/input"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/progress"
)

// Meter draws a count's progress on a terminal's stream, from its first
// report.
type Meter struct {
	w        io.Writer
	terminal bool
	unit     string
	meter    *progress.Meter
	found    atomic.Uint64 // tours the enumeration's searches have found
	live     func() string
	last     int
}

// NewMeter returns the meter of r's count on w (terminal: w is one). Neither
// the squares of a frontier count nor the subtrees of an enumeration cost
// alike (7x7: some subtrees take minutes, most seconds): the meter shows no
// rate or time left, which would mislead. It reports through r's options.
func NewMeter(w io.Writer, terminal bool, r *Request) *Meter {
	m := &Meter{w: w, terminal: terminal, unit: "subtrees"}
	if r.Frontier() {
		m.unit = "steps" // a pass's squares, then its join as many again
	} else {
		m.live = func() string { return fmt.Sprintf("%d tours found", m.found.Load()) }
	}
	r.Options.Found, r.Options.Progress, r.Options.Layer = &m.found, m.progress, m.layer
	return m
}

func (m *Meter) progress(done, total int) {
	if m.meter == nil {
		m.meter = progress.New(m.w, progress.Options{Terminal: m.terminal, Name: "count", Unit: m.unit, Total: int64(total),
			NoEstimate: true, Live: m.live})
		m.meter.Start()
	}
	for ; m.last < done; m.last++ {
		m.meter.End(int64(m.last), 0, 0)
	}
}

func (m *Meter) layer(states int, bytes int64) {
	m.meter.Detail(fmt.Sprintf("%d states, %s", states, memlimit.Format(bytes)))
	m.meter.Tick(time.Now())
}

// Finish ends the meter's line, before anything else is written below it.
func (m *Meter) Finish() { m.meter.Finish(time.Now()) }

// ErrIncomplete reports a count stopped by its timeout: exit status 1,
// after the partial counts are printed.
var ErrIncomplete = errors.New("count incomplete")

// Incomplete is the error of r's count stopped by r.Timeout.
func (r Request) Incomplete() error {
	return fmt.Errorf("%w: -timeout %v passed; the counts printed are lower bounds", ErrIncomplete, r.Timeout)
}

// Explain adds what to do to the error of r's count, whose memory limit
// came from mem; kept says a checkpoint was saved.
func (r Request) Explain(err error, mem memlimit.Limit, kept bool) error {
	// What a checkpoint file holds is input, as a runs.csv's is: exit 2.
	var ue *UnusableError
	if errors.As(err, &ue) {
		return input.Errorf("-checkpoint", "%v", ue)
	}
	var me *MemoryError
	if errors.As(err, &me) {
		// Enumeration needs almost no memory; past 36 squares it takes
		// hours (7x7: two or more on 2 cores, by docs/counting.md).
		alt := ""
		if r.Board.Squares() <= MaxSquares {
			alt = "; -method enumerate needs a few MiB but may take hours"
		}
		if kept {
			return fmt.Errorf("count: %w (%s): checkpoint saved in %s: the same command with a higher -mem-limit resumes from it, if the machine has the memory%s", err, mem.Source, r.Options.Checkpoint, alt)
		}
		return fmt.Errorf("count: %w (%s): raise -mem-limit if the machine has the memory, or count a smaller board%s", err, mem.Source, alt)
	}
	return fmt.Errorf("count: %w", err)
}

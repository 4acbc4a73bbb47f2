package sweep

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress reports a sweep's advance on w: a progress bar on a terminal,
// otherwise a plain line every lineEvery. A nil *progress reports nothing.
// It is used by one goroutine, the row writer's.
//
// The time left is predicted from the jobs' estimated costs, not their
// count: the costliest jobs run first, so the first tenth of the jobs can
// take most of the time, and a count-based guess would be far too high for
// most of the sweep.
type progress struct {
	w         io.Writer
	bar       *progressbar.ProgressBar
	lineEvery time.Duration

	total, done, found  int64
	totalCost, doneCost float64
	start, lastLine     time.Time
}

// LineEvery is how often a sweep prints a progress line when its progress
// writer is not a terminal.
const LineEvery = 10 * time.Second

// newProgress returns progress for total jobs of estimated cost seconds on
// w, or nil if w is nil.
func newProgress(w io.Writer, terminal bool, total int64, cost float64, lineEvery time.Duration, now time.Time) *progress {
	if w == nil {
		return nil
	}
	p := &progress{w: w, total: total, totalCost: cost, start: now, lastLine: now, lineEvery: lineEvery}
	if terminal && total > 0 {
		p.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("found 0"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("runs"),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionSetWidth(20),
			progressbar.OptionSetPredictTime(false), // status says what is left
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetRenderBlankState(true),
		)
	}
	return p
}

// add records n more finished jobs of estimated cost seconds, found of
// them with a tour.
func (p *progress) add(n, found int64, cost float64) {
	if p == nil {
		return
	}
	p.done += n
	p.found += found
	p.doneCost += cost
	if p.bar != nil {
		p.bar.Describe(p.status(time.Now()))
		p.bar.Add64(n)
	}
}

// tick redraws the bar, or prints a plain line when one is due.
func (p *progress) tick(now time.Time) {
	if p == nil {
		return
	}
	if p.bar != nil {
		p.bar.Describe(p.status(now))
		p.bar.Add64(0) // redraw: the time left moves even when no run ends
		return
	}
	if now.Sub(p.lastLine) < p.lineEvery {
		return
	}
	p.lastLine = now
	fmt.Fprintln(p.w, p.line(now))
}

// status is the bar's description: found so far and the time left.
func (p *progress) status(now time.Time) string {
	s := fmt.Sprintf("found %d", p.found)
	if left, ok := p.left(now); ok {
		s += fmt.Sprintf(", about %v left", left)
	}
	return s
}

// left predicts the time left: the time so far, scaled by the estimated
// cost still to run over the estimated cost run.
func (p *progress) left(now time.Time) (time.Duration, bool) {
	if p.done == 0 || p.done >= p.total || p.doneCost <= 0 {
		return 0, false
	}
	elapsed := now.Sub(p.start)
	left := time.Duration(float64(elapsed) * max(0, p.totalCost-p.doneCost) / p.doneCost)
	return left.Round(time.Second), true
}

// line describes the progress at now.
func (p *progress) line(now time.Time) string {
	elapsed := now.Sub(p.start)
	s := fmt.Sprintf("sweep: %d/%d runs", p.done, p.total)
	if p.total > 0 {
		s += fmt.Sprintf(" (%.0f%%)", 100*float64(p.done)/float64(p.total))
	}
	s += fmt.Sprintf(", %.1f runs/s, %d found", float64(p.done)/elapsed.Seconds(), p.found)
	if left, ok := p.left(now); ok {
		s += fmt.Sprintf(", about %v left", left)
	}
	return s
}

// finish ends the report: the bar is left as it stands, or a last line
// printed.
func (p *progress) finish(now time.Time) {
	if p == nil {
		return
	}
	if p.bar != nil {
		p.bar.Describe(p.status(now))
		p.bar.Exit()
		fmt.Fprintln(p.w)
		return
	}
	if now.Sub(p.start) >= p.lineEvery {
		fmt.Fprintln(p.w, p.line(now))
	}
}

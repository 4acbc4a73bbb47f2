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
type progress struct {
	w         io.Writer
	bar       *progressbar.ProgressBar
	lineEvery time.Duration

	total, done, found int64
	start, lastLine    time.Time
}

// LineEvery is how often a sweep prints a progress line when its progress
// writer is not a terminal.
const LineEvery = 10 * time.Second

// newProgress returns progress for total jobs on w, or nil if w is nil.
func newProgress(w io.Writer, terminal bool, total int64, lineEvery time.Duration, now time.Time) *progress {
	if w == nil {
		return nil
	}
	p := &progress{w: w, total: total, start: now, lastLine: now, lineEvery: lineEvery}
	if terminal && total > 0 {
		p.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("found 0"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("runs"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetWidth(20),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetRenderBlankState(true),
		)
	}
	return p
}

// add records n more finished jobs, found of them with a tour.
func (p *progress) add(n, found int64) {
	if p == nil {
		return
	}
	p.done += n
	p.found += found
	if p.bar != nil {
		if found > 0 {
			p.bar.Describe(fmt.Sprintf("found %d", p.found))
		}
		p.bar.Add64(n)
	}
}

// tick redraws the bar, or prints a plain line when one is due.
func (p *progress) tick(now time.Time) {
	if p == nil {
		return
	}
	if p.bar != nil {
		p.bar.Add64(0) // redraw: rate and ETA move even when no run ends
		return
	}
	if now.Sub(p.lastLine) < p.lineEvery {
		return
	}
	p.lastLine = now
	fmt.Fprintln(p.w, p.line(now))
}

// line describes the progress at now.
func (p *progress) line(now time.Time) string {
	elapsed := now.Sub(p.start)
	s := fmt.Sprintf("sweep: %d/%d runs", p.done, p.total)
	if p.total > 0 {
		s += fmt.Sprintf(" (%.0f%%)", 100*float64(p.done)/float64(p.total))
	}
	rate := float64(p.done) / elapsed.Seconds()
	s += fmt.Sprintf(", %.1f runs/s, %d found", rate, p.found)
	if p.done > 0 && p.done < p.total {
		left := time.Duration(float64(elapsed) / float64(p.done) * float64(p.total-p.done))
		s += fmt.Sprintf(", about %v left", left.Round(time.Second))
	}
	return s
}

// finish ends the report: the bar is completed, or a last line printed.
func (p *progress) finish(now time.Time) {
	if p == nil {
		return
	}
	if p.bar != nil {
		p.bar.Exit()
		fmt.Fprintln(p.w)
		return
	}
	if now.Sub(p.start) >= p.lineEvery {
		fmt.Fprintln(p.w, p.line(now))
	}
}

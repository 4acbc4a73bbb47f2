// Package progress reports the advance of long work on a terminal or a log:
// experiment run's sweeps and experiment count's counts both use it.
//
// On a terminal it draws a bar (github.com/vbauerster/mpb, redrawn five
// times a second) with the count done, what was found, a rate and the time
// left; elsewhere (a log file, a scheduler's output) it prints a plain line
// every Every, since a bar's redraws are noise in a file. Nil writers report
// nothing. (mpb rather than the better known schollz/progressbar: that one
// links net/http and crypto/tls into every command for a web server we
// never start; docs/performance.md has what it cost.)
//
// The counts shown are consistent at every moment: "found" is counted with
// the work that found it, never ahead of it. The rate keeps one unit for
// the whole run. The time left comes from the work's estimated cost (the
// sweep's cost model), not from its count: a sweep runs its costliest jobs
// first, so a count-based guess would be far too high for most of the run.
// The estimate is scaled by what the finished work actually took, and work
// in flight counts for the part of it that has likely been done. Where
// the items come in kinds that share an estimate (a sweep's randomised
// jobs of one board, strategy and policy), each kind's work left counts
// at what its items done took against their estimate. The work left is
// divided by the pace of the recent work, not the whole run's: the
// estimated work done over the last half of the time so far (30 s at
// least, and the whole run until then), so that the time left follows a
// machine that turns slower or faster during the run (another program
// taking the cores) within a window, where the whole run's average is
// still halfway between the old pace and the new when the run is twice as
// old as it was at the change.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/vbauerster/cupwriter"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"gonum.org/v1/gonum/floats"
)

// Every is how often a plain progress line is printed, unless the
// environment variable EveryEnv gives another interval (a Go duration
// such as 1m or 500ms): a cluster's log may want fewer lines, a script
// that follows a short sweep more.
const Every = 10 * time.Second

// EveryEnv is the environment variable that overrides Every.
const EveryEnv = "KNIGHTSWEEP_PROGRESS_EVERY"

// every returns the interval of plain lines: $EveryEnv if it holds a
// positive duration, else Every.
func every() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(EveryEnv)); err == nil && d > 0 {
		return d
	}
	return Every
}

// Options describe the work a Meter follows.
type Options struct {
	// Terminal draws a bar instead of printing lines.
	Terminal bool
	// Name starts each plain line ("sweep"); Unit names the items ("runs").
	Name, Unit string
	// Total is the number of items; TotalCost their estimated seconds (0:
	// each item counts the same).
	Total     int64
	TotalCost float64
	// KindCost, if set, is the estimated seconds of the items of each
	// kind (BeginKind's kind; they sum to TotalCost): items of a kind
	// share one estimate, and the time left weighs each kind's work left
	// by what its items done took against their estimate (kindDone's
	// weight). Every item must then begin by BeginKind, with kind -1 if
	// it is of none: Begin's items are taken for items of no kind.
	KindCost []float64
	// Found names what Done's found counts ("found"); "" shows none.
	Found string
	// NoEstimate shows neither a rate nor a time left: for work whose
	// items differ in cost by orders of magnitude that nothing predicts
	// (the squares of a frontier count), where either would mislead.
	NoEstimate bool
	// Live, if set, is called for every line and frame, and what it returns
	// is shown with the counts, after the Detail: a figure the work keeps
	// up to date itself ("2.1G tours found").
	Live func() string
	// BarWidth is the bar's width in columns (0: 22); a narrower bar
	// leaves a long Detail room on an 80-column terminal.
	BarWidth int
	// Every overrides the interval of plain lines (tests); 0 means
	// every().
	Every time.Duration
	// Now is the start (tests); zero means time.Now().
	Now time.Time
}

// Meter follows one piece of long work. Its methods may be called from
// several goroutines; a nil *Meter does nothing.
type Meter struct {
	mu       sync.Mutex
	w        io.Writer
	o        Options
	bars     *mpb.Progress
	bar      *mpb.Bar
	start    time.Time
	lastLine time.Time
	done     int64
	found    int64
	// doneCost is the estimated seconds of the items done, doneReal what
	// they took.
	doneCost, doneReal float64
	running            map[int64]inFlight
	// kinds holds, for each kind of Options.KindCost, its items done;
	// kindLeft is todo's scratch, one a kind.
	kinds    []kindDone
	kindLeft []float64
	// paced is a ring of samples of the credit, for the pace of the last
	// window: held of them, the next one written at next.
	paced      [samples]sample
	held, next int
	detail     string
	part       float64 // Part's share of the item under way
	stop       chan struct{}
	stopped    sync.WaitGroup
	finished   atomic.Bool
}

// The time left is the work left at the pace of the last window: the
// credit (estimated seconds of work done) gained since a sample of it a
// window ago, over the time since. The window is half the time so far,
// and 30 s at least; until the work has run that long, the start is the
// sample and the pace is the whole run's.
//
// A window that is a share of the time so far, rather than an
// exponentially weighted rate, because a share needs no time constant: a
// two-minute sweep and an overnight one each look back over half of
// themselves, where a constant would be too slow for one or too jumpy for
// the other. Half, because a shorter window swings as large items end (a
// sweep runs its costliest first): in TestTimeLeftLearnsThePace's run
// with items off their estimates, a third or a quarter of the time so far
// let the time left swing from 0.86x to 1.17x or 0.81x to 1.22x of the
// time truly left, where half keeps within 0.94x and 1.11x and still
// learns a pace three times slower (0.97x to 1.08x, where the whole run's
// average said 0.71x). The floor is for the start, when a few seconds hold
// few items' ends, and the whole run is recent anyway.
const (
	windowShare = 2
	windowFloor = 30 * time.Second
)

// samples is the size of the ring. Samples are taken at least a
// sixteenth of the window apart (see sample), so 32 of them reach back
// over more than the window however it has grown since (a window of half
// the time so far: back to about 0.37 of it).
const samples = 32

// sample is the state of the work at a moment.
type sample struct {
	at                         time.Time
	credit, doneCost, doneReal float64
}

type inFlight struct {
	cost  float64
	since time.Time
	kind  int // -1: none
}

// kindDone is what the items of a kind done were estimated to take and
// took, and the estimate of one item of the kind.
type kindDone struct{ cost, real, item float64 }

// kindPrior is the weight, in items, of the whole run's ratio of time
// taken to estimate in a kind's: a kind's first items move its weight
// only as far as their number bears.
const kindPrior = 2

// New returns a Meter writing to w, or nil if w is nil.
func New(w io.Writer, o Options) *Meter {
	if w == nil {
		return nil
	}
	if o.Every == 0 {
		o.Every = every()
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	if o.TotalCost <= 0 {
		o.TotalCost = float64(o.Total)
	}
	m := &Meter{w: w, o: o, start: o.Now, lastLine: o.Now, running: map[int64]inFlight{}, kinds: make([]kindDone, len(o.KindCost))}
	m.paced[0], m.held, m.next = sample{at: o.Now}, 1, 1
	if o.Terminal && o.Total > 0 {
		// The auto refresh is for writers that are not a terminal (tests):
		// the caller has decided that this one shows a bar.
		m.bars = mpb.New(mpb.WithConsoleWriter(sized{cupwriter.New(w, false)}),
			mpb.WithAutoRefresh(), mpb.WithRefreshRate(200*time.Millisecond))
		// One decorator draws every figure from one snapshot, so that the
		// found count is never seen ahead of the done count.
		width := o.BarWidth
		if width <= 0 {
			width = 22
		}
		m.bar = m.bars.New(o.Total*barSteps, mpb.BarStyle(), mpb.BarWidth(width),
			mpb.AppendDecorators(decor.Any(func(st decor.Statistics) string {
				m.mu.Lock()
				defer m.mu.Unlock()
				return fit(m.frame(time.Now()), st.AvailableWidth-width-3)
			})))
	}
	return m
}

// Start redraws the bar, or prints lines when due, until Finish.
func (m *Meter) Start() {
	if m == nil {
		return
	}
	m.stop = make(chan struct{})
	m.stopped.Add(1)
	go func() {
		defer m.stopped.Done()
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-m.stop:
				return
			case now := <-t.C:
				m.Tick(now)
			}
		}
	}()
}

// Begin records that item id, of estimated cost seconds, has started.
func (m *Meter) Begin(id int64, cost float64, now time.Time) { m.BeginKind(id, -1, cost, now) }

// BeginKind is Begin for an item of a kind of Options.KindCost.
func (m *Meter) BeginKind(id int64, kind int, cost float64, now time.Time) {
	if m == nil {
		return
	}
	if kind >= len(m.kinds) {
		kind = -1
	}
	m.mu.Lock()
	m.running[id] = inFlight{cost: cost, since: now, kind: kind}
	if kind >= 0 {
		m.kinds[kind].item = cost
	}
	m.mu.Unlock()
}

// End records that item id has ended after real seconds, having found
// found things. An item never begun counts with cost 1 (each the same).
func (m *Meter) End(id int64, found int64, real float64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	cost := 1.0
	if r, ok := m.running[id]; ok {
		cost = r.cost
		delete(m.running, id)
		if r.kind >= 0 {
			m.kinds[r.kind].cost += cost
			m.kinds[r.kind].real += real
		}
	}
	m.done++
	m.part = 0
	m.found += found
	m.doneCost += cost
	m.doneReal += real
	current := m.current()
	m.mu.Unlock()
	if m.bar != nil {
		m.bar.SetCurrent(current)
	}
}

// barSteps is the bar's steps an item: an item under way moves it
// (Part), so that the bar of a single long item is not still until its
// end.
const barSteps = 1000

// current is the bar's position: the items done, and Part's share of
// the next.
func (m *Meter) current() int64 {
	return m.done*barSteps + int64(m.part*barSteps)
}

// Part says that a share f (0 to 1) of the item under way is done (a
// walk's depths): the bar moves by it, the count of items done does not.
func (m *Meter) Part(f float64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.part = min(max(f, 0), 0.999)
	current := m.current()
	m.mu.Unlock()
	if m.bar != nil {
		m.bar.SetCurrent(current)
	}
}

// Detail sets a few words shown after the counts: "3.2M states, 1.1GiB".
func (m *Meter) Detail(s string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.detail = s
	m.mu.Unlock()
}

// Tick samples the pace and prints a plain line when one is due (a bar
// redraws itself).
func (m *Meter) Tick(now time.Time) {
	if m == nil || m.finished.Load() {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sample(now)
	// The line is written under the lock: a walk's callback and the
	// meter's own ticker both call Tick, and two writes at once to the
	// same writer race (and could interleave their lines).
	if m.bar == nil && now.Sub(m.lastLine) >= m.o.Every {
		m.lastLine = now
		fmt.Fprintln(m.w, m.line(now))
	}
}

// Finish stops the ticking and leaves the bar as it stands, or prints a
// last line if the work took longer than a line's interval. It must be
// called before anything else is written to the bar's terminal; calling it
// again does nothing.
func (m *Meter) Finish(now time.Time) {
	if m == nil || m.finished.Swap(true) {
		return
	}
	if m.stop != nil {
		close(m.stop)
		m.stopped.Wait()
		m.stop = nil
	}
	if m.bar != nil {
		// Work stopped early leaves its bar as it stands; the last frame
		// is drawn before Wait returns, and nothing is drawn after, so
		// what the caller prints next is not written over.
		m.bar.Abort(false)
		m.bars.Wait()
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if now.Sub(m.start) >= m.o.Every {
		fmt.Fprintln(m.w, m.line(now))
	}
}

// credit returns the estimated seconds of work done: the items done and,
// for each item in flight, the part its age suggests, at most
// inFlightShare of it. Ages are scaled to estimated seconds by what the
// items done since from took (all of them if none has ended since):
// scaled by the whole run's, the items in flight after a slowdown would be
// credited too fast, reach their inFlightShare long before they end, and
// the credit would go in steps as they end, which the time left would
// follow (0.88x to 1.30x of the time truly left in
// TestTimeLeftLearnsThePace's slowdown with the items off their estimates,
// where the recent pace keeps it within 0.90x and 1.19x).
func (m *Meter) credit(now time.Time, from sample) float64 {
	c := m.doneCost
	scale := m.scale(from)
	for _, r := range m.running {
		c += r.credit(now, scale)
	}
	return c
}

// scale is the seconds an item done since from took a second of its
// estimate (see credit).
func (m *Meter) scale(from sample) float64 {
	if dc, dr := m.doneCost-from.doneCost, m.doneReal-from.doneReal; dc > 0 && dr > 0 {
		return dr / dc
	} else if m.doneCost > 0 && m.doneReal > 0 {
		return m.doneReal / m.doneCost
	}
	return 1
}

// inFlightShare is the most of an item's estimate credited before it
// ends: an item past its estimate is late, not done, and its rest is still
// left.
const inFlightShare = 0.9

// credit is the part of the item's estimate its age suggests is done.
func (r inFlight) credit(now time.Time, scale float64) float64 {
	return min(inFlightShare*r.cost, now.Sub(r.since).Seconds()/scale)
}

// todo returns the estimated seconds of work left, credit c done. With
// kinds, each kind's work left counts at its weight: on the restarts
// preset the cost model prices dfs from the corner of 7x7 with a cutoff of
// 49 nodes at 0.53x of what its runs take (1/1.88, in
// TestTimeLeftLearnsKinds), and without the weights the last fifth of the
// sweep, where those runs go, would be told 0.71x of its time left.
func (m *Meter) todo(now time.Time, from sample, c float64) float64 {
	if len(m.kinds) == 0 || m.doneCost <= 0 || m.doneReal <= 0 {
		return max(0, m.o.TotalCost-c)
	}
	whole := m.doneReal / m.doneCost
	if m.kindLeft == nil {
		m.kindLeft = make([]float64, len(m.kinds))
	}
	left := m.kindLeft
	for k, d := range m.kinds {
		left[k] = m.o.KindCost[k] - d.cost
	}
	scale := m.scale(from)
	for _, r := range m.running {
		if r.kind >= 0 {
			left[r.kind] -= r.credit(now, scale)
		}
	}
	// Items without a kind count at their estimate: what TotalCost holds
	// beyond the kinds'.
	todo := max(0, m.o.TotalCost-c-floats.Sum(left))
	for k, l := range left {
		todo += max(0, l) * m.kinds[k].weight(whole)
	}
	return todo
}

// weight is the kind's ratio of time taken to estimate, over the whole
// run's: its items done, with kindPrior items at the whole run's ratio.
func (d kindDone) weight(whole float64) float64 {
	prior := kindPrior * d.item
	if d.cost+prior <= 0 {
		return 1
	}
	return (d.real + prior*whole) / ((d.cost + prior) * whole)
}

// window is how far back the pace is measured at now.
func (m *Meter) window(now time.Time) time.Duration {
	return max(windowFloor, now.Sub(m.start)/windowShare)
}

// base returns the sample the pace at now is measured from: the newest at
// least a window old, or the oldest held (the start, early on).
func (m *Meter) base(now time.Time) sample {
	w := m.window(now)
	for k := 1; k <= m.held; k++ {
		if s := m.paced[(m.next+samples-k)%samples]; now.Sub(s.at) >= w {
			return s
		}
	}
	return m.paced[(m.next+samples-m.held)%samples]
}

// sample records the work's state at now, if the newest sample is a
// sixteenth of the window old: a sample at every Tick would fill the ring
// with the last 16 s.
func (m *Meter) sample(now time.Time) {
	if m.o.NoEstimate {
		return
	}
	if now.Sub(m.paced[(m.next+samples-1)%samples].at) < m.window(now)/16 {
		return
	}
	m.paced[m.next] = sample{at: now, credit: m.credit(now, m.base(now)), doneCost: m.doneCost, doneReal: m.doneReal}
	m.next = (m.next + 1) % samples
	m.held = min(m.held+1, samples)
}

// remaining predicts the seconds left: the estimated cost still to run at
// the pace of the last window. If the credit has not grown over the
// window (a few items far over their estimates, each at its inFlightShare), the
// pace is the whole run's: the window then says nothing about it.
func (m *Meter) remaining(now time.Time) (float64, bool) {
	if m.o.NoEstimate || m.done == 0 || m.done >= m.o.Total {
		return 0, false
	}
	from := m.base(now)
	c := m.credit(now, from)
	if c <= 0 {
		return 0, false
	}
	todo := m.todo(now, from, c)
	if d := now.Sub(from.at).Seconds(); d > 0 && c > from.credit {
		return todo * d / (c - from.credit), true
	}
	return now.Sub(m.start).Seconds() * todo / c, true
}

// left writes the time left, if there is an estimate.
func (m *Meter) left(now time.Time) (string, bool) {
	left, ok := m.remaining(now)
	if !ok {
		return "", false
	}
	// Tenths of a second below a minute, as Estimate writes: in a
	// sweep's last seconds, whole seconds alone would be a quarter off
	// ("about 3s left" said for 3.49 s, with 3.9 s truly left).
	return Estimate(left), true
}

// sized is a terminal writer that reports 80 columns and 25 rows for a
// terminal that gives no size (a pseudo-terminal nobody sized, as under
// script(1) or some CI runners), where mpb would draw nothing.
type sized struct{ *cupwriter.Writer }

func (s sized) GetTermSize() (width, height int, err error) {
	width, height, err = s.Writer.GetTermSize()
	if err != nil || width <= 0 {
		width = 80
	}
	if err != nil || height <= 0 {
		height = 25
	}
	return width, height, nil
}

// details joins the Detail and what Live says.
func (m *Meter) details() string {
	d := m.detail
	if m.o.Live != nil {
		if l := m.o.Live(); l != "" && d != "" {
			d += ", " + l
		} else if l != "" {
			d = l
		}
	}
	return d
}

// fit drops the last of s's comma-separated figures until s fits width
// columns (width <= 0: no limit), so that the bar keeps its room and the
// figures shown are whole: a frame too long for the terminal would have
// its bar squeezed out and be cut mid-figure with "…".
func fit(s string, width int) string {
	for width > 0 && utf8.RuneCountInString(s) > width {
		i := strings.LastIndex(s, ", ")
		if i < 0 {
			break
		}
		s = s[:i]
	}
	return s
}

// frame is the text after the bar: the count done and the status.
func (m *Meter) frame(now time.Time) string {
	s := fmt.Sprintf("%d/%d", m.done, m.o.Total)
	if st := m.status(now); st != "" {
		s += " " + st
	}
	return s
}

// status is the bar's description.
func (m *Meter) status(now time.Time) string {
	var parts []string
	if m.o.Found != "" {
		parts = append(parts, fmt.Sprintf("%s %d", m.o.Found, m.found))
	}
	if !m.o.NoEstimate {
		parts = append(parts, fmt.Sprintf("%.1f %s/s", m.rate(now), m.o.Unit))
	}
	if d := m.details(); d != "" {
		parts = append(parts, d)
	}
	if left, ok := m.left(now); ok {
		parts = append(parts, left+" left")
	}
	return strings.Join(parts, ", ")
}

func (m *Meter) rate(now time.Time) float64 {
	if el := now.Sub(m.start).Seconds(); el > 0 {
		return float64(m.done) / el
	}
	return 0
}

// line describes the progress at now, for a log.
func (m *Meter) line(now time.Time) string {
	s := fmt.Sprintf("%s: %d/%d %s", m.o.Name, m.done, m.o.Total, m.o.Unit)
	if m.o.Total > 0 {
		s += fmt.Sprintf(" (%.0f%%)", 100*float64(m.done)/float64(m.o.Total))
	}
	if !m.o.NoEstimate {
		s += fmt.Sprintf(", %.1f %s/s", m.rate(now), m.o.Unit)
	}
	if m.o.Found != "" {
		s += fmt.Sprintf(", %d %s", m.found, m.o.Found)
	}
	if d := m.details(); d != "" {
		s += ", " + d
	}
	if left, ok := m.left(now); ok {
		s += ", " + left + " left"
	}
	return s
}

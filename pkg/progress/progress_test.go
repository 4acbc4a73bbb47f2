package progress

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vbauerster/cupwriter"
)

var t0 = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

func TestLines(t *testing.T) {
	var buf bytes.Buffer
	// 400 runs; the first 100 hold three quarters of the estimated cost.
	m := New(&buf, Options{Name: "sweep", Unit: "runs", Found: "found", Total: 400, TotalCost: 40, Now: t0})
	for i := range int64(100) {
		m.Begin(i, 0.3, t0)
		m.End(i, i%10/9, 0.3) // 10 found, and each took what it was expected to
	}
	m.Tick(t0.Add(5 * time.Second)) // not due
	if buf.Len() != 0 {
		t.Errorf("line before 10s: %q", buf.String())
	}
	m.Tick(t0.Add(10 * time.Second)) // 30 of 40 s done in 10 s: 3.3 s left
	for i := range int64(100) {
		m.Begin(100+i, 0.05, t0)
		m.End(100+i, 0, 0.05)
	}
	m.Tick(t0.Add(15 * time.Second)) // not due: 5 s after the last line
	m.Tick(t0.Add(20 * time.Second)) // 35 of 40 s done in 20 s: 2.9 s left (2.86)
	m.Finish(t0.Add(21 * time.Second))
	want := "sweep: 100/400 runs (25%), 10.0 runs/s, 10 found, about 3.3s left\n" +
		"sweep: 200/400 runs (50%), 10.0 runs/s, 10 found, about 2.9s left\n" +
		"sweep: 200/400 runs (50%), 9.5 runs/s, 10 found, about 3s left\n"
	if buf.String() != want {
		t.Errorf("progress:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// Work in flight counts for its likely part: two long items half done (by
// the pace of the items done) and one short one done.
func TestInFlight(t *testing.T) {
	var buf bytes.Buffer
	m := New(&buf, Options{Name: "sweep", Unit: "runs", Total: 3, TotalCost: 21, Now: t0})
	m.Begin(0, 10, t0)
	m.Begin(1, 10, t0)
	m.Begin(2, 1, t0)
	m.End(2, 0, 2) // it took twice its estimate: the pace is half
	// At 10 s, each long item has had 10 real s, 5 estimated s: credit
	// 1 + 5 + 5 = 11 of 21, so 10 s * 10/11 = 9.1 s left.
	m.Tick(t0.Add(10 * time.Second))
	if !strings.Contains(buf.String(), "about 9.1s left") {
		t.Errorf("%q", buf.String())
	}
}

// On a terminal: a bar whose found count never runs ahead of its done
// count, and whose rate keeps its unit however slow the work.
func TestBar(t *testing.T) {
	var buf bytes.Buffer
	m := New(&buf, Options{Terminal: true, Unit: "runs", Found: "found", Total: 10, Now: time.Now().Add(-time.Hour)})
	for i := range int64(10) {
		m.End(i, 1, 1)
		m.Tick(time.Now())
	}
	m.Finish(time.Now())
	out := buf.String()
	if !strings.Contains(out, "found 10") || !strings.Contains(out, "10/10") || strings.Contains(out, "sweep:") {
		t.Errorf("bar output %q", out)
	}
	re := regexp.MustCompile(`(\d+)/10 .*?found (\d+), ([0-9.]+) (\S+)`)
	for _, frame := range re.FindAllStringSubmatch(out, -1) {
		done, _ := strconv.Atoi(frame[1])
		found, _ := strconv.Atoi(frame[2])
		if found > done || frame[4] != "runs/s" {
			t.Errorf("frame %q: found %d of %d done, unit %s", frame[0], found, done, frame[4])
		}
	}
}

func TestQuiet(t *testing.T) {
	var m *Meter = New(nil, Options{Total: 10})
	m.Start()
	m.Begin(1, 1, t0) // a nil Meter ignores everything
	m.End(1, 1, 1)
	m.Tick(t0.Add(time.Hour))
	m.Finish(t0)
	// Nothing to do and no bar: a resumed sweep with every job done.
	var buf bytes.Buffer
	q := New(&buf, Options{Terminal: true, Now: t0})
	q.Finish(t0)
	if buf.Len() != 0 {
		t.Errorf("empty work printed %q", buf.String())
	}
}

// Work whose items' costs nothing predicts shows its detail, never a rate
// or a time left.
func TestNoEstimate(t *testing.T) {
	var buf bytes.Buffer
	m := New(&buf, Options{Name: "count", Unit: "squares", Total: 4, NoEstimate: true, Now: t0})
	m.End(0, 0, 0)
	m.Detail("12 states, 1.0KiB")
	m.Tick(t0.Add(10 * time.Second))
	if want := "count: 1/4 squares (25%), 12 states, 1.0KiB\n"; buf.String() != want {
		t.Errorf("line %q, want %q", buf.String(), want)
	}
	if s := m.status(t0.Add(10 * time.Second)); s != "12 states, 1.0KiB" {
		t.Errorf("bar status %q", s)
	}
}

// A terminal that reports no size (a pseudo-terminal nobody sized, as
// under script(1)) still gets a bar: mpb draws nothing in zero columns.
func TestUnsizedTerminal(t *testing.T) {
	w, h, err := sized{cupwriter.New(new(bytes.Buffer), false)}.GetTermSize()
	if w != 80 || h != 25 || err != nil {
		t.Errorf("size %dx%d, %v; want 80x25", w, h, err)
	}
}

// Finish draws the bar's last frame and then nothing: a second Finish, as
// on an error path, adds nothing, so what follows it is not written over.
func TestFinishTwice(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		var buf bytes.Buffer
		m := New(&buf, Options{Terminal: terminal, Name: "count", Unit: "squares", Total: 4, Every: time.Nanosecond})
		m.Start()
		m.End(0, 0, 0)
		m.Finish(time.Now().Add(time.Second))
		n := buf.Len()
		m.Finish(time.Now().Add(2 * time.Second))
		m.Tick(time.Now().Add(3 * time.Second))
		if n == 0 || buf.Len() != n {
			t.Errorf("terminal %v: %d bytes after Finish, %d after the second", terminal, n, buf.Len())
		}
	}
}

// Live figures are asked for at each line, after the Detail.
func TestLive(t *testing.T) {
	var buf bytes.Buffer
	n := 0
	m := New(&buf, Options{Name: "count", Unit: "subtrees", Total: 4, NoEstimate: true, Now: t0,
		Live: func() string { n++; return fmt.Sprintf("%d tours found", 100*n) }})
	m.Detail("6 searches")
	m.Tick(t0.Add(10 * time.Second))
	m.Tick(t0.Add(20 * time.Second))
	if want := "count: 0/4 subtrees (0%), 6 searches, 100 tours found\ncount: 0/4 subtrees (0%), 6 searches, 200 tours found\n"; buf.String() != want {
		t.Errorf("lines %q, want %q", buf.String(), want)
	}
}

// Tick is called from a walk's callback and from the meter's own ticker at
// once: every line reaches the writer whole, one after another (the race
// detector caught two writes at once to the same buffer).
func TestTickFromTwoGoroutines(t *testing.T) {
	var buf bytes.Buffer
	m := New(&buf, Options{Name: "exact", Unit: "starts", Total: 1, NoEstimate: true, Every: time.Nanosecond, Now: t0})
	done := make(chan struct{})
	for g := range 2 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 200 {
				m.Tick(t0.Add(time.Duration(2*i+g+1) * time.Millisecond))
			}
		}()
	}
	<-done
	<-done
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "exact: 0/1 starts") {
			t.Fatalf("a line not whole: %q", l)
		}
	}
	if len(lines) == 0 {
		t.Fatal("no lines")
	}
}

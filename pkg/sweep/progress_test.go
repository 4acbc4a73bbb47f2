package sweep

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	// The first 100 jobs hold three quarters of the estimated cost.
	p := newProgress(&buf, false, 400, 40, 10*time.Second, t0)
	p.add(100, 7, 30)
	p.tick(t0.Add(5 * time.Second)) // not due
	if buf.Len() != 0 {
		t.Errorf("line before 10s: %q", buf.String())
	}
	p.tick(t0.Add(10 * time.Second))
	p.add(100, 3, 5)
	p.tick(t0.Add(15 * time.Second)) // not due: 5s after the last line
	p.tick(t0.Add(20 * time.Second))
	p.finish(t0.Add(21 * time.Second))
	want := "sweep: 100/400 runs (25%), 10.0 runs/s, 7 found, about 3s left\n" +
		"sweep: 200/400 runs (50%), 10.0 runs/s, 10 found, about 3s left\n" +
		"sweep: 200/400 runs (50%), 9.5 runs/s, 10 found, about 3s left\n"
	if buf.String() != want {
		t.Errorf("progress:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	t0 := time.Now()
	p := newProgress(&buf, true, 10, 1, 10*time.Second, t0)
	p.add(10, 4, 1)
	p.tick(t0.Add(time.Second))
	p.finish(t0.Add(time.Second))
	out := buf.String()
	if !strings.Contains(out, "found 4") || !strings.Contains(out, "10/10") || strings.Contains(out, "sweep:") {
		t.Errorf("bar output %q", out)
	}
}

func TestProgressQuiet(t *testing.T) {
	var p *progress = newProgress(nil, true, 10, 1, time.Second, time.Now())
	p.add(1, 1, 1) // a nil progress ignores everything
	p.tick(time.Now().Add(time.Hour))
	p.finish(time.Now())
	// Nothing to do and no bar: a resumed sweep with every job done.
	var buf bytes.Buffer
	q := newProgress(&buf, true, 0, 0, time.Second, time.Now())
	q.finish(time.Now())
	if buf.Len() != 0 {
		t.Errorf("empty sweep printed %q", buf.String())
	}
}

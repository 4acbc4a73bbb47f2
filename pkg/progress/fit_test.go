package progress

import (
	"bytes"
	"testing"
)

// TestFit: a frame too long for the terminal loses its last figures,
// whole, and keeps the bar's room; it had been cut mid-figure with "…"
// and the bar squeezed out.
func TestFit(t *testing.T) {
	s := "0/1 depth 53/100, 6.55MiB/64.0MiB mem, 840KiB disk, ~2m30s left, 10x10 from 0,0"
	for _, c := range []struct {
		width int
		want  string
	}{
		{0, s},
		{200, s},
		{65, "0/1 depth 53/100, 6.55MiB/64.0MiB mem, 840KiB disk, ~2m30s left"},
		{50, "0/1 depth 53/100, 6.55MiB/64.0MiB mem, 840KiB disk"},
		{5, "0/1 depth 53/100"},
	} {
		if got := fit(s, c.width); got != c.want {
			t.Errorf("fit(%d) = %q, want %q", c.width, got, c.want)
		}
	}
}

// TestPart: the bar of an item under way moves by Part's share, and an
// item's end takes it to the next whole step; the count done does not
// move with it (a single start's bar had stood still for its whole walk).
func TestPart(t *testing.T) {
	m := New(&bytes.Buffer{}, Options{Name: "exact", Unit: "starts", Total: 2, NoEstimate: true, Now: t0})
	m.Part(0.25)
	if got := m.current(); got != barSteps/4 {
		t.Errorf("a quarter into the first item: bar at %d, want %d", got, barSteps/4)
	}
	if got := m.line(t0); got != "exact: 0/2 starts (0%)" {
		t.Errorf("line %q: the count moved with the part", got)
	}
	m.Part(2)
	if got := m.current(); got >= barSteps {
		t.Errorf("a part past the item: bar at %d, past the item's %d", got, barSteps)
	}
	m.End(0, 0, 1)
	if got := m.current(); got != barSteps {
		t.Errorf("after the first item's end: bar at %d, want %d", got, barSteps)
	}
}

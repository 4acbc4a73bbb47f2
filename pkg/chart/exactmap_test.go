package chart

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

// TestProbLabel: a cell's label is never a rounding that reads as another
// figure (0.9996 was labelled ".000").
func TestProbLabel(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{1, "1"}, {0, "0"}, {0.9795784938, ".980"}, {0.9994, ".999"}, {0.9996, ">.999"},
		{0.0004, "<.001"}, {0.0005, ".001"}, {0.5, ".500"},
	} {
		if got := probLabel(c.x); got != c.want {
			t.Errorf("probLabel(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

// TestFailureScale: 8x8's starts lie between p = 0.969 and 0.989; the
// colour runs over the failure 1 - p from 0.011 (green) to 0.031 (red),
// log scale, orange at their geometric mean; a certain tour is dark
// green and no tour grey, apart from the scale, NaN the not-run white.
func TestFailureScale(t *testing.T) {
	s := failureScaleOf([][]float64{{0.989, 0.969, 1, math.NaN()}, {0, 0.98}})
	if !near(s.lo, math.Log10(0.011)) || !near(s.hi, math.Log10(0.031)) {
		t.Fatalf("scale %v..%v, want log10 0.011..0.031", s.lo, s.hi)
	}
	mid := 1 - math.Sqrt(0.011*0.031)
	for _, c := range []struct {
		x    float64
		want color.Color
	}{
		{0.989, colorFound}, {0.969, colorFailed}, {mid, colorFewer}, {1, colorCertain}, {0, colorNoTour}, {math.NaN(), colorNotRun},
	} {
		if got := s.color(c.x); got != c.want {
			t.Errorf("color(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	// One value: half a decade either side.
	one := failureScaleOf([][]float64{{0.9}})
	if !near(one.lo, -1.5) || !near(one.hi, -0.5) {
		t.Errorf("one value: %v..%v, want -1.5..-0.5", one.lo, one.hi)
	}
	ticks := failureTicks{}.Ticks(math.Log10(0.011), math.Log10(0.031))
	if len(ticks) != 2 || ticks[0].Label != "0.011" || ticks[1].Label != "0.031" {
		t.Errorf("ticks %+v, want the ends 0.011 and 0.031", ticks)
	}
	got := failureTicks{}.Ticks(-3.2, -0.5)
	if len(got) != 3 || got[0].Label != "0.001" || got[2].Label != "0.1" {
		t.Errorf("ticks %+v, want the decades 0.001, 0.01, 0.1", got)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestExactMapNoTourStarts: on an odd board no open tour starts on the
// minority colour (p = 0); such a start is grey, named "no tour from
// here", never the red of the least likely real start (9x9's centre,
// 0.942), and the scale spans only the real values. A certain tour and a
// square not computed are named too, and only where they occur.
func TestExactMapNoTourStarts(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 3}
	p := [][]float64{{0.99, 0, 0.97, 0, 0.942, 0, 1, 0, math.NaN()}}
	s := failureScaleOf(p)
	if !near(s.lo, math.Log10(1-0.99)) || !near(s.hi, math.Log10(1-0.942)) {
		t.Errorf("scale %v..%v, want log10 of 0.01..0.058: the real values only", s.lo, s.hi)
	}
	if got, worst := s.color(0), s.color(0.942); got != colorNoTour || got == worst {
		t.Errorf("p = 0 is %v, the worst real start %v: want the grey %v, apart from the scale", got, worst, colorNoTour)
	}
	f, err := ExactMap(b, []string{"random"}, p)
	if err != nil {
		t.Fatal(err)
	}
	svg := render(t, f)
	for _, want := range []string{"no tour from here (p = 0)", "always a tour (p = 1)", "not computed", "fill:#bdbdbd"} {
		if !strings.Contains(svg, xmlEscape(want)) {
			t.Errorf("the map lacks %q", want)
		}
	}
	f, err = ExactMap(b, []string{"random"}, [][]float64{{0.99, 0.98, 0.97, 0.96, 0.95, 0.94, 0.93, 0.92, 0.91}})
	if err != nil {
		t.Fatal(err)
	}
	if svg := render(t, f); strings.Contains(svg, "no tour from here") || strings.Contains(svg, "not computed") {
		t.Error("a map of real values only names colours it does not show")
	}
}

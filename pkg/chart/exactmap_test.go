package chart

import (
	"image/color"
	"math"
	"testing"
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

// TestProbColor: the scale's ends and middle are the outcome colours, so
// the exact map reads like the per-start maps; NaN is the not-run white.
func TestProbColor(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want color.Color
	}{
		{0, colorFailed}, {0.5, colorFewer}, {1, colorFound}, {math.NaN(), colorNotRun},
	} {
		if got := probColor(c.x); got != c.want {
			t.Errorf("probColor(%v) = %v, want %v", c.x, got, c.want)
		}
	}
}

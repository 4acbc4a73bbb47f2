package chart

import (
	"math"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/stats/runlength"
)

// P(nodes > x) read off a curve: 1 before the first drop, the step's value
// from it on.
func TestSurvivalAt(t *testing.T) {
	sv := runlength.Survival{Steps: []runlength.Step{{X: 10, S: 0.5}, {X: 100, S: 0.25}}}
	for _, tt := range []struct{ x, want float64 }{{5, 1}, {10, 0.5}, {99, 0.5}, {100, 0.25}, {1e6, 0.25}} {
		if got := survivalAt(sv, tt.x); got != tt.want {
			t.Errorf("survivalAt(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

// Each curve carries its ERT in the series' marker (the legend shows the
// marker as its key): without an ERT, one mark fewer.
func TestSurvivalERT(t *testing.T) {
	res := results(t, trialsSweep())
	b := board.Board{Rows: 5, Cols: 5}
	marks := func() int {
		f, err := Survival(res, b)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(f.Title, "its ERT") {
			t.Errorf("the title does not say what the markers are: %q", f.Title)
		}
		// warnsdorff-bt's marker is a pyramid: a closed path.
		return strings.Count(render(t, f), "Z")
	}
	with := marks()
	for _, g := range res.BoardGroups(b) {
		if g.RunLengths != nil {
			g.RunLengths.ERT.Nodes = math.NaN()
		}
	}
	if without := marks(); with-without != 1 {
		t.Errorf("%d closed marks with the ERT, %d without: want 1 more", with, without)
	}
}

package count

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/board"
)

// The worked example of the package doc: 3x4 turned to 4 rows of 3, the
// live states after each square, and 8 undirected open tours (16 directed).
func TestWorkedExample(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 4}
	p := newFrontierPlan(b)
	if p.rows != 4 || p.cols != 3 || p.width != 7 || !p.transposed {
		t.Fatalf("plan: %d rows of %d, frontier %d", p.rows, p.cols, p.width)
	}
	var states []int
	got, _, err := p.count(context.Background(), frontierTask{start: -1}, 1, frontierHooks{progress: func(_, s int, _ int64) { states = append(states, s) }})
	if err != nil || got != (u128{lo: 8}) {
		t.Errorf("3x4: %v paths, %v; want 8", got, err)
	}
	if want := "[1 1 1 2 2 4 11 12 26 21 2 0]"; fmt.Sprint(states) != want {
		t.Errorf("states after each square: %v, want %s", states, want)
	}
	if fmt.Sprint(p.live[7]) != "[0 1 2 3 4 5 6]" || fmt.Sprint(p.live[8]) != "[1 3 4 5 6]" {
		t.Errorf("frontiers before squares 7 and 8: %v, %v", p.live[7], p.live[8])
	}
}

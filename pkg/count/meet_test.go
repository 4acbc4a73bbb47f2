package count

import (
	"context"
	"errors"
	"slices"
	"testing"

	"knightsweep/pkg/board"
)

// A frontier count takes its two first layers from the budget before
// anything else: one state a side, entryBytes (24) each, 48 bytes worked
// by hand. Under a limit of 40 bytes (a budget of 36) the count stops
// there, naming 48 bytes and 2 states; under 54 (a budget of 48) the
// layers fit exactly and the count stops at a later step instead.
func TestFrontierFirstLayersTakeTheirBytes(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 4}
	_, err := Total(context.Background(), b, Options{Method: Frontier, MemLimit: 40})
	var me *MemoryError
	if !errors.As(err, &me) || me.Need != 2*entryBytes || me.States != 2 {
		t.Errorf("limit 40: %v (%+v); want a *MemoryError needing %d bytes for 2 states", err, me, 2*entryBytes)
	}
	_, err = Total(context.Background(), b, Options{Method: Frontier, MemLimit: 54})
	if !errors.As(err, &me) || me.Need == 2*entryBytes || me.States == 2 || me.Need <= 48 {
		t.Errorf("limit 54: %v (%+v); want the first layers to fit and a later step to stop, needing more than the budget's 48 bytes", err, me)
	}
}

// A fixed cut (frontierHooks.cut) is the number of squares the front
// side adds, exactly: on 3x4 (12 squares) with cuts of 3 and 5, the front
// has added the cut's squares, no more, when the sides meet, and the back
// the rest.
func TestFrontierCutIsTheFrontsSquares(t *testing.T) {
	p := newFrontierPlan(board.Board{Rows: 3, Cols: 4})
	for _, cut := range []int{3, 5} {
		front, back := 0, 0
		save := func(m *meeting, final bool) error {
			front, back = max(front, m.front.done), max(back, m.back.done)
			return nil
		}
		if _, _, err := p.count(context.Background(), frontierTask{start: -1}, 1, frontierHooks{cut: &cut, save: save}); err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		if front != cut || front+back != p.n {
			t.Errorf("cut %d: the front added %d squares and the back %d; want %d and %d", cut, front, back, cut, p.n-cut)
		}
	}
}

// The hooks see what the count holds: after each step, detail's states
// are the two sides' states together (as the meeting the save hook gets
// holds them), and the join's last progress call has every part joined.
func TestFrontierHooksSeeTheMeeting(t *testing.T) {
	p := newFrontierPlan(board.Board{Rows: 4, Cols: 5})
	var detail, saved []int
	joined, joins := -1, -1
	hooks := frontierHooks{
		detail: func(states int, _ int64) { detail = append(detail, states) },
		// Called after each step, then after each part of the join.
		save: func(m *meeting, final bool) error {
			saved = append(saved, m.front.size()+m.back.size())
			return nil
		},
		progress: func(squares, j, n int) {
			if n > 0 {
				joined, joins = j, n
			}
		},
		joinChunk: 4,
	}
	if _, _, err := p.count(context.Background(), frontierTask{start: -1}, 1, hooks); err != nil {
		t.Fatal(err)
	}
	if len(detail) != p.n || len(saved) < p.n || !slices.Equal(detail, saved[:p.n]) {
		t.Errorf("detail's states %v; the meetings held %v", detail, saved)
	}
	if joins < 2 || joined != joins {
		t.Errorf("the join's last progress: %d of %d parts; want all of at least 2", joined, joins)
	}
}

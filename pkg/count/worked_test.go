package count

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"knightsweep/pkg/board"
)

// The worked example of the package doc: 3x4 turned to 4 rows of 3, the
// states of each side after each square, the cut, the two states of the
// tour 9 4 11 6 1 8 3 10 5 0 7 2 and their join, and 8 undirected open
// tours (16 directed).
func TestWorkedExample(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 4}
	p := newFrontierPlan(b)
	if p.rows != 4 || p.cols != 3 || !p.transposed {
		t.Fatalf("plan: %d rows of %d", p.rows, p.cols)
	}
	var front, back []int
	var m *meeting
	hooks := frontierHooks{save: func(mm *meeting, final bool) error {
		m = mm
		if !mm.met() || len(front)+len(back) < p.n {
			if mm.front.done > len(front) {
				front = append(front, mm.front.size())
			} else {
				back = append(back, mm.back.size())
			}
		}
		return nil
	}}
	got, _, err := p.count(context.Background(), frontierTask{start: -1}, 1, hooks)
	if err != nil || got != (u256{8}) {
		t.Errorf("3x4: %v paths, %v; want 8", got, err)
	}
	if fmt.Sprint(front) != "[3 9 15]" || fmt.Sprint(back) != "[1 1 1 2 2 4 11 12 26]" {
		t.Errorf("states after each square: front %v, back %v", front, back)
	}
	cut := m.front.squares()
	if fmt.Sprint(cut) != "[5 7 6 8 3]" || fmt.Sprint(m.back.squares()) != "[8 7 6 5 3]" {
		t.Fatalf("cut: front %v, back %v", cut, m.back.squares())
	}
	// The two states of the tour, in the front side's order of the cut.
	j, err := newJoinPlan(m.front, m.back, frontierTask{start: -1})
	if err != nil {
		t.Fatal(err)
	}
	find := func(sd *side, want []uint8, ends int) (l [24]int8, found bool) {
		sd.each(func(e entry) error {
			var codes [24]uint8
			_, n := j.decode(e.key, !sd.front, &codes)
			if n == ends && slices.Equal(codes[:5], want) {
				links(&codes, 5, &l)
				found = true
			}
			return nil
		})
		return l, found
	}
	// 5 term, 7 full, 6 and 8 a pair, 3 free; 5 and 8 a pair, 7 free, 6
	// term, 3 full; one end made on each side.
	fl, ok1 := find(m.front, []uint8{codeTerm, codeFull, codePair, codePair, codeFree}, 1)
	bl, ok2 := find(m.back, []uint8{codePair, codeFree, codeTerm, codePair, codeFull}, 1)
	if !ok1 || !ok2 {
		t.Fatalf("the tour's states: front %v, back %v", ok1, ok2)
	}
	// From 5, where the front fragment leads to a tour's end, leaving by
	// the back side's link; three cut squares with an edge from each side.
	w := words(&bl, 5)
	if !opens(&fl, &w, 0, true, 3, []int{0, 2, 3}) {
		t.Error("the tour's two states do not join")
	}
	// Had the back side joined 6 to 8 and led 5 to the other end, the
	// cut squares would make a path from end to end through 5 alone and a
	// cycle 6-8-6: no tour.
	bl[0], bl[2], bl[3] = linkEnd, 3, 2
	if w = words(&bl, 5); opens(&fl, &w, 0, true, 3, []int{0, 2, 3}) {
		t.Error("a path and a cycle joined")
	}
}

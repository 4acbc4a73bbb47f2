package exact

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/board"
)

// sameResult holds the frontier method's result to the memo's: the same
// fractions, counts and tie points; floats within their bounds.
func sameResult(t *testing.T, got, want Result) {
	t.Helper()
	if got.Walks != want.Walks || got.Tours != want.Tours || got.States != want.States || got.Nodes != want.Nodes {
		t.Errorf("%v from %v: %d tours, %d walks, %d tie points, %d nodes; memo %d, %d, %d, %d", want.Board, want.Start,
			got.Tours, got.Walks, got.States, got.Nodes, want.Tours, want.Walks, want.States, want.Nodes)
	}
	if want.Fraction != nil {
		if got.Fraction == nil || got.Fraction.Cmp(want.Fraction) != 0 || got.Probability != want.Probability {
			t.Errorf("%v from %v: probability %v, memo %v", want.Board, want.Start, got.Fraction, want.Fraction)
		}
	} else if d := got.Probability - want.Probability; d > got.ErrorBound+want.ErrorBound || -d > got.ErrorBound+want.ErrorBound {
		t.Errorf("%v from %v: probability %v ± %g, memo %v ± %g", want.Board, want.Start, got.Probability, got.ErrorBound, want.Probability, want.ErrorBound)
	}
	if len(got.FailLength) != len(want.FailLength) {
		t.Fatalf("%v from %v: %d fail lengths, memo %d", want.Board, want.Start, len(got.FailLength), len(want.FailLength))
	}
	for i, f := range want.FailLength {
		g := got.FailLength[i]
		if g.Length != f.Length || (f.Fraction != nil && g.Fraction.Cmp(f.Fraction) != 0) ||
			(f.Fraction == nil && (g.Probability-f.Probability > g.ErrorBound+f.ErrorBound || f.Probability-g.Probability > g.ErrorBound+f.ErrorBound)) {
			t.Errorf("%v from %v: fail length %d: %v %v, memo %d: %v %v", want.Board, want.Start, g.Length, g.Fraction, g.Probability, f.Length, f.Fraction, f.Probability)
		}
	}
}

func TestFrontierQuick(t *testing.T) {
	for _, n := range []int{5, 6, 7} {
		b := board.Board{Rows: n, Cols: n}
		for s := range b.Squares() {
			r, c := b.RowCol(s)
			st := board.Square{Row: r, Col: c}
			for _, lim := range []int64{0, 8 << 10} {
				t.Run(fmt.Sprintf("%v/%v/%d", b, st, lim), func(t *testing.T) {
					want, err := From(context.Background(), b, st, Options{Workers: 2})
					if err != nil {
						t.Fatal(err)
					}
					got, err := From(context.Background(), b, st, Options{Workers: 2, Method: MethodFrontier, MemLimit: lim})
					if err != nil {
						t.Fatal(err)
					}
					sameResult(t, got, want)
				})
			}
		}
	}
}

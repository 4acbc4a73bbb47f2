package theory_test

import (
	"context"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
	"knightsweep/pkg/theory"
)

// Every Yes and No of OpenFrom agrees with an exhaustive count of the tours
// from the square, on every board of at most 36 squares (30 with -short):
// Yes where the count is positive, No where it is zero. Unknown never
// appears on boards this small.
func TestOpenFromAgreesWithCounts(t *testing.T) {
	limit := 36
	if testing.Short() {
		limit = 30
	}
	for rows := 1; rows <= limit; rows++ {
		for cols := rows; rows*cols <= limit; cols++ {
			b := board.Board{Rows: rows, Cols: cols}
			t.Run(b.String(), func(t *testing.T) {
				g, err := count.All(context.Background(), b, count.Options{})
				if err != nil {
					t.Fatal(err)
				}
				for r := range rows {
					for c := range cols {
						n := g.Tours[r][c]
						got := theory.OpenFrom(rows, cols, r, c)
						if got == theory.Unknown || (got == theory.Yes) != (n.Sign() > 0) {
							t.Errorf("%v from %d,%d: theory says %v, %d tours", b, r, c, got, n)
						}
					}
				}
				cg, err := count.All(context.Background(), b, count.Options{Closed: true})
				if err != nil {
					t.Fatal(err)
				}
				if got := theory.ClosedExists(rows, cols); (got == theory.Yes) != (cg.Total.Sign() > 0) {
					t.Errorf("%v: theory says closed tours %v, %d counted", b, got, cg.Total)
				}
			})
		}
	}
}

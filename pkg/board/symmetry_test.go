package board

import "testing"

// The classes of squares under the board's symmetries, counted by hand: on
// an n x n board the squares (r, c) with r <= c < ceil(n/2), a triangle of
// a quadrant (5x5 and 6x6: 6, 8x8: 10); on an m x n board with m != n the
// row classes times the column classes of the two reflections (3x4: 2 x 2,
// 4x5: 2 x 3).
func TestRepresentatives(t *testing.T) {
	classes := func(b Board) int {
		n := 0
		for s, r := range b.Representatives() {
			if r == s {
				n++
			}
		}
		return n
	}
	for _, tt := range []struct {
		b    Board
		want int
	}{
		{Board{Rows: 5, Cols: 5}, 6}, {Board{Rows: 6, Cols: 6}, 6}, {Board{Rows: 8, Cols: 8}, 10},
		{Board{Rows: 3, Cols: 4}, 4}, {Board{Rows: 4, Cols: 5}, 6}, {Board{Rows: 1, Cols: 1}, 1},
	} {
		if got := classes(tt.b); got != tt.want {
			t.Errorf("%v: %d classes of squares, want %d", tt.b, got, tt.want)
		}
	}
}

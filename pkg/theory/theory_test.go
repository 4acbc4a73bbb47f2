package theory

import (
	"fmt"
	"strings"
	"testing"
)

func TestOpenExists(t *testing.T) {
	yes := [][2]int{{1, 1}, {3, 4}, {3, 7}, {3, 8}, {3, 20}, {4, 5}, {4, 9}, {5, 5}, {5, 6}, {6, 6}, {8, 8}, {7, 30}}
	no := [][2]int{{1, 2}, {1, 8}, {2, 2}, {2, 9}, {3, 3}, {3, 5}, {3, 6}, {4, 4}}
	for want, boards := range map[Answer][][2]int{Yes: yes, No: no} {
		for _, b := range boards {
			for _, bb := range [][2]int{b, {b[1], b[0]}} {
				if got := OpenExists(bb[0], bb[1]); got != want {
					t.Errorf("OpenExists(%dx%d) = %v, want %v", bb[0], bb[1], got, want)
				}
			}
		}
	}
}

func TestClosedExists(t *testing.T) {
	tests := []struct {
		m, n int
		want Answer
	}{
		{1, 1, No}, {2, 8, No}, {3, 4, No}, {3, 6, No}, {3, 8, No}, {3, 10, Yes}, {3, 12, Yes},
		{4, 4, No}, {4, 10, No}, {5, 5, No}, {5, 7, No}, {5, 6, Yes}, {6, 6, Yes}, {8, 8, Yes},
		{7, 7, No}, {6, 7, Yes}, {10, 3, Yes}, {3, 7, No},
	}
	for _, tt := range tests {
		if got := ClosedExists(tt.m, tt.n); got != tt.want {
			t.Errorf("ClosedExists(%dx%d) = %v, want %v", tt.m, tt.n, got, tt.want)
		}
	}
}

// grid returns OpenFrom's answers on a board as rows of y, n and ?.
func grid(rows, cols int) []string {
	out := make([]string, rows)
	for r := range rows {
		for c := range cols {
			out[r] += map[Answer]string{Yes: "y", No: "n", Unknown: "?"}[OpenFrom(rows, cols, r, c)]
		}
	}
	return out
}

// The per-square answers of the boards the literature settles square by
// square, written out by hand from the statements in the package doc.
func TestOpenFromGrids(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int
		want       []string
	}{
		{5, 5, []string{"ynyny", "nynyn", "ynyny", "nynyn", "ynyny"}}, // the 13 corner-coloured squares
		{3, 4, []string{"ynny", "ynny", "ynny"}},                      // the end files
		{4, 3, []string{"yyy", "nnn", "nnn", "yyy"}},
		{3, 7, []string{"ynynyny", "nynnnyn", "ynynyny"}}, // corner colour but the centre
		{3, 8, []string{"yyyyyyyy", "yynyynyy", "yyyyyyyy"}},
		{3, 9, []string{"ynynynyny", "nynynynyn", "ynynynyny"}},
		{3, 13, []string{"ynynynynynyny", "nynynynynynyn", "ynynynynynyny"}}, // counts: the corner colour
		{4, 5, []string{"yyyyy", "nnnnn", "nnnnn", "yyyyy"}},
		{4, 10, []string{"yyyyyyyyyy", "nnnnnnnnnn", "nnnnnnnnnn", "yyyyyyyyyy"}}, // counts: the outer ranks
		{5, 7, []string{"ynynyny", "nynynyn", "ynynyny", "nynynyn", "ynynyny"}},
		{5, 15, []string{"ynynynynynynyny", "nynynynynynynyn", "ynynynynynynyny", "nynynynynynynyn", "ynynynynynynyny"}}, // certificates
		{7, 9, []string{"ynynynyny", "nynynynyn", "ynynynyny", "nynynynyn", "ynynynyny", "nynynynyn", "ynynynyny"}},
		{3, 43, []string{"?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?", "n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n", "?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?"}}, // beyond the stored counts
		{4, 42, []string{strings.Repeat("?", 42), strings.Repeat("n", 42), strings.Repeat("n", 42), strings.Repeat("?", 42)}},
		{4, 4, []string{"nnnn", "nnnn", "nnnn", "nnnn"}},
		{1, 1, []string{"y"}},
	} {
		t.Run(fmt.Sprintf("%dx%d", tt.rows, tt.cols), func(t *testing.T) {
			got := grid(tt.rows, tt.cols)
			for r := range tt.want {
				if got[r] != tt.want[r] {
					t.Errorf("row %d: %s, want %s", r, got[r], tt.want[r])
				}
			}
		})
	}
	// Odd square boards of any size: exactly the corner colour.
	for _, n := range []int{13, 15, 41, 99, 1001} {
		for _, sq := range [][2]int{{0, 0}, {0, 1}, {n / 2, n / 2}, {n / 2, n/2 + 1}, {n - 1, n - 2}} {
			want := answer((sq[0]+sq[1])%2 == 0)
			if got := OpenFrom(n, n, sq[0], sq[1]); got != want {
				t.Errorf("OpenFrom(%dx%d, %v) = %v, want %v", n, n, sq, got, want)
			}
		}
	}
	if got := From(6, 6, 2, 2, true); got != Yes {
		t.Errorf("From(6x6 closed) = %v", got)
	}
	if got := OpenFrom(8, 8, 8, 0); got != No {
		t.Errorf("off the board: %v", got)
	}
}

// ExcludedOn's shape rules out exactly the squares From says No of, on
// every board up to 25 x 25, open and closed.
func TestExcludedOn(t *testing.T) {
	for rows := 1; rows <= 25; rows++ {
		for cols := 1; cols <= 25; cols++ {
			for _, closed := range []bool{false, true} {
				e := ExcludedOn(rows, cols, closed)
				if e == ExcludeListed && rows*cols > SmallBoard {
					t.Fatalf("%dx%d: listed shape on a large board", rows, cols)
				}
				for r := range rows {
					for c := range cols {
						if got, want := e.Excludes(rows, cols, r, c, closed), From(rows, cols, r, c, closed) == No; got != want {
							t.Fatalf("%dx%d closed=%v %d,%d: shape %d excludes=%v, From says no=%v", rows, cols, closed, r, c, e, got, want)
						}
					}
				}
			}
		}
	}
}

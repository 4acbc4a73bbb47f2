package plan

import (
	"fmt"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/theory"
)

func sq(r, c int) board.Square { return board.Square{Row: r, Col: c} }

func TestStarts(t *testing.T) {
	b8 := board.Board{Rows: 8, Cols: 8}
	for _, tt := range []struct {
		in    string
		canon string
		b     board.Board
		want  []board.Square
	}{
		{"all", "all", board.Board{Rows: 2, Cols: 3}, []board.Square{sq(0, 0), sq(0, 1), sq(0, 2), sq(1, 0), sq(1, 1), sq(1, 2)}},
		{"ALL", "all", board.Board{Rows: 1, Cols: 1}, []board.Square{sq(0, 0)}},
		{"corners", "corners", b8, []board.Square{sq(0, 0), sq(0, 7), sq(7, 0), sq(7, 7)}},
		{"corners", "corners", board.Board{Rows: 1, Cols: 5}, []board.Square{sq(0, 0), sq(0, 4)}},
		{"corners", "corners", board.Board{Rows: 1, Cols: 1}, []board.Square{sq(0, 0)}},
		{"2,3;0,0;2,3", "0,0;2,3", b8, []board.Square{sq(0, 0), sq(2, 3)}},
		{" 1, 1 ; ", "1,1", b8, []board.Square{sq(1, 1)}},
		// Worked out by hand from the theorems: 5x5, the corner colour;
		// 3x4, the end files; 4x5, the outer ranks; 5x4 likewise; 3x5 and
		// 2x2 have no tour.
		{"solvable", "solvable", board.Board{Rows: 3, Cols: 3}, nil},
		{"solvable", "solvable", board.Board{Rows: 5, Cols: 5}, []board.Square{sq(0, 0), sq(0, 2), sq(0, 4), sq(1, 1), sq(1, 3),
			sq(2, 0), sq(2, 2), sq(2, 4), sq(3, 1), sq(3, 3), sq(4, 0), sq(4, 2), sq(4, 4)}},
		{"solvable", "solvable", board.Board{Rows: 3, Cols: 4}, []board.Square{sq(0, 0), sq(0, 3), sq(1, 0), sq(1, 3), sq(2, 0), sq(2, 3)}},
		{"solvable", "solvable", board.Board{Rows: 4, Cols: 5}, []board.Square{sq(0, 0), sq(0, 1), sq(0, 2), sq(0, 3), sq(0, 4),
			sq(3, 0), sq(3, 1), sq(3, 2), sq(3, 3), sq(3, 4)}},
		{"solvable", "solvable", board.Board{Rows: 5, Cols: 4}, []board.Square{sq(0, 0), sq(0, 3), sq(1, 0), sq(1, 3), sq(2, 0), sq(2, 3),
			sq(3, 0), sq(3, 3), sq(4, 0), sq(4, 3)}},
		{"solvable", "solvable", board.Board{Rows: 2, Cols: 2}, nil},
		{"solvable", "solvable", board.Board{Rows: 1, Cols: 1}, []board.Square{sq(0, 0)}},
	} {
		t.Run(fmt.Sprintf("%s on %v", tt.in, tt.b), func(t *testing.T) {
			st, err := ParseStarts(tt.in)
			if err != nil {
				t.Fatalf("ParseStarts(%q): %v", tt.in, err)
			}
			if st.String() != tt.canon {
				t.Errorf("ParseStarts(%q) = %s; want %s", tt.in, st, tt.canon)
			}
			set := st.On(tt.b, false)
			if n := set.Len(); n != len(tt.want) {
				t.Fatalf("Len %d; want %d", n, len(tt.want))
			}
			for i, sq := range tt.want {
				if got := set.At(i); got != sq {
					t.Errorf("At(%d) = %v; want %v", i, got, sq)
				}
				if pos, ok := set.Position(sq); !ok || pos != i {
					t.Errorf("Position(%v) = %d, %v; want %d", sq, pos, ok, i)
				}
			}
		})
	}
}

// -starts solvable is exactly the squares theory does not rule out, in
// row-major order, on every board up to 21 x 21, open and closed; At and
// Position are inverse.
func TestStartsSolvable(t *testing.T) {
	st, _ := ParseStarts("solvable")
	for rows := 1; rows <= 21; rows++ {
		for cols := 1; cols <= 21; cols++ {
			b := board.Board{Rows: rows, Cols: cols}
			for _, closed := range []bool{false, true} {
				set := st.On(b, closed)
				k := 0
				for i := range b.Squares() {
					r, c := b.RowCol(i)
					pos, ok := set.Position(sq(r, c))
					if want := theory.From(rows, cols, r, c, closed) != theory.No; ok != want {
						t.Fatalf("%v closed=%v: Position(%d,%d) ok=%v, theory says a start: %v", b, closed, r, c, ok, want)
					}
					if !ok {
						continue
					}
					if pos != k || set.At(k) != sq(r, c) {
						t.Fatalf("%v closed=%v: square %d,%d is start %d (At %v), want %d", b, closed, r, c, pos, set.At(k), k)
					}
					k++
				}
				if k != set.Len() {
					t.Fatalf("%v closed=%v: %d starts, Len %d", b, closed, k, set.Len())
				}
			}
		}
	}
	// A huge odd board is indexed without listing its squares.
	big := st.On(board.Board{Rows: 19999, Cols: 19999}, false)
	if n := big.Len(); n != (19999*19999+1)/2 {
		t.Errorf("19999x19999: %d starts", n)
	}
	if got := big.At(big.Len() - 1); got != sq(19998, 19998) {
		t.Errorf("last start %v", got)
	}
}

func TestStartsPositionMisses(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	for _, tt := range []struct {
		starts string
		sq     board.Square
	}{
		{"all", sq(5, 0)},
		{"all", sq(0, -1)},
		{"corners", sq(1, 1)},
		{"0,0;2,3", sq(3, 2)},
		{"solvable", sq(0, 1)},
	} {
		st, _ := ParseStarts(tt.starts)
		if _, ok := st.On(b, false).Position(tt.sq); ok {
			t.Errorf("%v: Position(%v) found a start", tt.starts, tt.sq)
		}
	}
}

func TestParseStartsErrors(t *testing.T) {
	for _, in := range []string{"some", "1", "1,x", "0,0;;a", "-1,0", ";", "0;0", "20000,0"} {
		_, err := ParseStarts(in)
		if err == nil || !strings.Contains(err.Error(), startsForm) {
			t.Errorf("ParseStarts(%q) error %v; want the accepted forms", in, err)
		}
	}
	long := strings.Repeat("0,0;", MaxListedStarts+1)
	if _, err := ParseStarts(long); err == nil || !strings.Contains(err.Error(), "more than 100000 squares") {
		t.Errorf("a list of %d squares: %v", MaxListedStarts+1, err)
	}
}

func TestStartsCheck(t *testing.T) {
	st, _ := ParseStarts("0,0;5,5")
	if err := st.Check(Sizes{{Rows: 6, Cols: 6}, {Rows: 7, Cols: 9}}); err != nil {
		t.Errorf("6x6, 7x9: %v", err)
	}
	if err := st.Check(Sizes{{Rows: 6, Cols: 6}, {Rows: 5, Cols: 8}}); err == nil || !strings.Contains(err.Error(), "5,5 is off the 5x8 board") {
		t.Errorf("5x8: %v", err)
	}
	if err := st.Check(Sizes{{Rows: 8, Cols: 5}}); err == nil || !strings.Contains(err.Error(), "5,5 is off the 8x5 board") {
		t.Errorf("8x5: %v", err)
	}
}

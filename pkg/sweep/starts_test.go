package sweep

import (
	"strings"
	"testing"

	"knightsweep/pkg/board"
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
	} {
		st, err := ParseStarts(tt.in)
		if err != nil {
			t.Fatalf("ParseStarts(%q): %v", tt.in, err)
		}
		if st.String() != tt.canon {
			t.Errorf("ParseStarts(%q) = %s; want %s", tt.in, st, tt.canon)
		}
		if n := st.Count(tt.b); n != len(tt.want) {
			t.Fatalf("%s on %v: Count %d; want %d", tt.in, tt.b, n, len(tt.want))
		}
		for i, sq := range tt.want {
			if got := st.At(tt.b, i); got != sq {
				t.Errorf("%s on %v: At(%d) = %v; want %v", tt.in, tt.b, i, got, sq)
			}
			if pos, ok := st.Position(tt.b, sq); !ok || pos != i {
				t.Errorf("%s on %v: Position(%v) = %d, %v; want %d", tt.in, tt.b, sq, pos, ok, i)
			}
		}
	}
}

func TestStartsPositionMisses(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	corners, _ := ParseStarts("corners")
	list, _ := ParseStarts("0,0;2,3")
	for _, tt := range []struct {
		st Starts
		sq board.Square
	}{
		{AllStarts, board.Square{Row: 5, Col: 0}},
		{AllStarts, board.Square{Row: 0, Col: -1}},
		{corners, board.Square{Row: 1, Col: 1}},
		{list, board.Square{Row: 3, Col: 2}},
	} {
		if _, ok := tt.st.Position(b, tt.sq); ok {
			t.Errorf("%v: Position(%v) found a start", tt.st, tt.sq)
		}
	}
}

func TestParseStartsErrors(t *testing.T) {
	for _, in := range []string{"some", "1", "1,x", "0,0;;a", "-1,0", ";", "0;0"} {
		_, err := ParseStarts(in)
		if err == nil || !strings.Contains(err.Error(), startsForm) {
			t.Errorf("ParseStarts(%q) error %v; want the accepted forms", in, err)
		}
	}
}

func TestStartsCheck(t *testing.T) {
	st, _ := ParseStarts("0,0;5,5")
	if err := st.Check(board.Board{Rows: 6, Cols: 6}); err != nil {
		t.Errorf("6x6: %v", err)
	}
	if err := st.Check(board.Board{Rows: 5, Cols: 8}); err == nil || !strings.Contains(err.Error(), "5,5 is off the 5x8 board") {
		t.Errorf("5x8: %v", err)
	}
}

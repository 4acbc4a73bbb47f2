package plan

import (
	"testing"

	"knightsweep/pkg/board"
)

// The fuzz targets feed every parser of user input arbitrary text: none
// may panic, and what they accept must be usable. Their seed corpora run
// with the other tests; `make fuzz` explores.

func FuzzParseSizes(f *testing.F) {
	for _, s := range []string{"5-8,10,6x8", "5", "8-5", "0", "abc", "3x", "1-20000", "99999999999999999999", " 5 , 6x7 ", "5--6", "x5", "1-20000,1-20000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		z, err := ParseSizes(s)
		if err != nil {
			return
		}
		if len(z) == 0 || len(z) > MaxBoards {
			t.Fatalf("ParseSizes(%q) gave %d boards", s, len(z))
		}
		for i, b := range z {
			if _, err := board.New(b.Rows, b.Cols); err != nil || i > 0 && board.Compare(z[i-1], b) >= 0 {
				t.Fatalf("ParseSizes(%q) gave %v (not a board, or not in order)", s, b)
			}
		}
	})
}

func FuzzParseStarts(f *testing.F) {
	for _, s := range []string{"all", "corners", "solvable", "0,0;2,3", "", "centre", "0,0;", "-1,2", "1,2,3", "99999999999999999999,0"} {
		f.Add(s, 5, 6, false)
	}
	f.Fuzz(func(t *testing.T, s string, rows, cols int, closed bool) {
		st, err := ParseStarts(s)
		if err != nil {
			return
		}
		b := board.Board{Rows: rows%40 + 1, Cols: cols%40 + 1}
		if b.Rows < 1 || b.Cols < 1 || st.Check(Sizes{b}) != nil {
			return
		}
		set := st.On(b, closed)
		for i := range set.Len() {
			sq := set.At(i)
			if !b.Contains(sq.Row, sq.Col) {
				t.Fatalf("%q on %v: start %v is off the board", s, b, sq)
			}
			if pos, ok := set.Position(sq); !ok || pos != i {
				t.Fatalf("%q on %v: Position(%v) = %d, %v; want %d", s, b, sq, pos, ok, i)
			}
		}
	})
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/4", "3/4", "4/4", "auto/4", "auto/0", "1", "/", "-1/2", "1/-2", "9999999999999999999/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.Check() != nil {
			t.Fatalf("ParseShard(%q) accepted %+v", s, sh)
		}
	})
}

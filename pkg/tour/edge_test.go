package tour

import (
	"bytes"
	"slices"
	"testing"
)

// TestCheckRefusesAMoveOnePastTheEdge gives Check paths whose first faulty
// move lands exactly one column past the right edge or one row past the
// bottom edge, on square boards, boards wider than tall and boards taller
// than wide. Such a square is r*cols + col with col == cols, which is the
// number of square (r+1, 0): a bound one too loose there would read the
// move as a step into the next row. Each path is worked by hand (moves by
// code: 0 (-2,1), 1 (-1,2), 2 (1,2), 3 (2,1), 4 (2,-1)); the moves after the faulty
// one pad the path to rows*cols squares and are never reached.
func TestCheckRefusesAMoveOnePastTheEdge(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols int
		first      int32
		codes      []uint8
		want       string
	}{
		// (2,0) -> (1,2) -> (2,4) -> (0,5): col 5 on a board 5 wide, which
		// as a number is square 5, (1,0), not yet visited.
		{"right edge by one column, 5x5", 5, 5, 10, []uint8{1, 2, 0},
			"step 3: the move from 14 (2,4) leaves the 5x5 board"},
		// (2,0) -> (3,2) -> (5,3): row 5 on a board 5 tall.
		{"bottom edge by one row, 5x5", 5, 5, 10, []uint8{2, 3},
			"step 2: the move from 17 (3,2) leaves the 5x5 board"},
		// (1,4) -> (2,6) -> (0,7): col 7 on a board 7 wide, square 7,
		// (1,0), not yet visited.
		{"right edge by one column, 3x7 wider than tall", 3, 7, 11, []uint8{2, 0},
			"step 2: the move from 20 (2,6) leaves the 3x7 board"},
		// (0,0) -> (2,1) -> (3,3): row 3 on a board 3 tall.
		{"bottom edge by one row, 3x7 wider than tall", 3, 7, 0, []uint8{3, 2},
			"step 2: the move from 15 (2,1) leaves the 3x7 board"},
		// (0,0) -> (1,2) -> (3,3): col 3 on a board 3 wide, square 12,
		// (4,0), not yet visited.
		{"right edge by one column, 7x3 taller than wide", 7, 3, 0, []uint8{2, 3},
			"step 2: the move from 5 (1,2) leaves the 7x3 board"},
		// (4,0) -> (5,2) -> (7,1): row 7 on a board 7 tall.
		{"bottom edge by one row, 7x3 taller than wide", 7, 3, 12, []uint8{2, 4},
			"step 2: the move from 17 (5,2) leaves the 7x3 board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Path
			p.Reset(tt.rows, tt.cols, tt.first)
			for _, c := range tt.codes {
				p.Push(c)
			}
			for p.Len() < tt.rows*tt.cols {
				p.Push(0)
			}
			var c Checker
			err := c.Check(&p, int(tt.first), false)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("Check = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestFirstSquareOnePastTheLast: square rows*cols, one past the last, is
// (rows, 0), below the board. Check refuses a path that starts there (even
// when the start asked for is that square), SetSquares a path whose first
// square it is, and Encode a move that lands on it or past it: 9 (2,1) to
// 16 on 4x4 is the move (+2,-1) to (4,0).
func TestFirstSquareOnePastTheLast(t *testing.T) {
	var p Path
	p.Reset(5, 5, 25)
	for p.Len() < 25 {
		p.Push(0)
	}
	if err := new(Checker).Check(&p, 25, false); err == nil || err.Error() != "step 0: square 25 is off the 5x5 board" {
		t.Errorf("Check of a path from square 25 of 5x5 = %v", err)
	}
	// 25 to 22 would be (-1,+2) from (5,0) to (4,2).
	var q Path
	if err := q.SetSquares(5, 5, []int32{25, 22}); err == nil || err.Error() != "first square 25 is off the 5x5 board" {
		t.Errorf("SetSquares from square 25 of 5x5 = %v", err)
	}
	if err := q.SetSquares(4, 4, []int32{9, 16}); err == nil || err.Error() != "step 1: square 9 to 16 is not a knight's move on the 4x4 board" {
		t.Errorf("SetSquares 9 to 16 on 4x4 = %v", err)
	}
	// On a board under 4 columns (the narrow encoder): 6 (2,0) to 13 is
	// (+2,+1) to (4,1), one row past the bottom of 4x3.
	if err := q.SetSquares(4, 3, []int32{6, 13}); err == nil || err.Error() != "step 1: square 6 to 13 is not a knight's move on the 4x3 board" {
		t.Errorf("SetSquares 6 to 13 on 4x3 = %v", err)
	}
	if got := Steps(2, 2, []int32{0, 4, 3}); !slices.Equal(got, []int32{0, -1, -1, 2}) {
		t.Errorf("Steps of 0, 4, 3 on 2x2 = %v, want square 4 left out", got)
	}
}

// TestNarrowBoardTour: boards under 4 columns encode moves by trying each
// (see encoder.narrow). The 3x4 tour by step numbers
//
//	 1  4  7 10
//	12  9  2  5
//	 3  6 11  8
//
// and its transpose on 4x3 are tours; the 4x3 one moves into row 0 from
// row 2 (step 2 to 3) and into column 0 (step 6 to 7).
func TestNarrowBoardTour(t *testing.T) {
	tr34 := []int32{0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4}
	tr43 := []int32{0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1}
	if err := Validate(3, 4, 0, tr34, false); err != nil {
		t.Errorf("3x4: %v", err)
	}
	if err := Validate(4, 3, 0, tr43, false); err != nil {
		t.Errorf("4x3: %v", err)
	}
	var p Path
	if err := p.SetSquares(4, 3, tr43); err != nil {
		t.Fatal(err)
	}
	if got := p.Squares(nil); !slices.Equal(got, tr43) {
		t.Errorf("4x3 squares %v, want %v", got, tr43)
	}
}

// TestFaultMessages: each refusal names the step, the squares and their
// (row, col), worked out by hand on 3x4 (square = 4*row + col).
func TestFaultMessages(t *testing.T) {
	for _, tt := range []struct {
		name    string
		squares []int32
		want    string
	}{
		// Knight's moves throughout (0 6 8 6 8 ...), so the Checker sees
		// the path: square 6 again at step 3.
		{"revisit, every step a knight's move", []int32{0, 6, 8, 6, 8, 6, 8, 6, 8, 6, 8, 6},
			"step 3: square 6 (1,2) visited twice"},
		// 0 to 0 is no move: the squares are checked one by one, and the
		// revisit of 6 at step 3 comes first.
		{"revisit before a step that is no move", []int32{0, 6, 8, 6, 0, 0, 0, 0, 0, 0, 0, 0},
			"step 3: square 6 (1,2) visited twice"},
		{"not a knight's move", []int32{0, 6, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3},
			"step 2: 6 (1,2) to 1 (0,1) is not a knight's move"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := Validate(3, 4, 0, tt.squares, false); err == nil || err.Error() != tt.want {
				t.Errorf("Validate = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestGridWidthIsTheLastStepsDigits: a grid's numbers are as wide as the
// last step's, rows*cols-1: 9 on 2x5, one digit, not two.
func TestGridWidthIsTheLastStepsDigits(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGrid(&buf, 2, 5, []int32{0, 7, 4}); err != nil {
		t.Fatal(err)
	}
	if want := "0 . . . 2\n. . 1 . .\n"; buf.String() != want {
		t.Errorf("WriteGrid = %q, want %q", buf.String(), want)
	}
}

// TestSetCodesAnyLength: SetCodes packs what Push packs for every first
// move and every number of codes, the ones before the next multiple of 8
// and after the last whole group of 8 included.
func TestSetCodesAnyLength(t *testing.T) {
	codes := make([]uint8, 48)
	for i := range codes {
		codes[i] = uint8(i*5+3) % 8
	}
	for from := range 17 {
		for n := range 21 {
			var want, got Path
			want.Reset(9, 9, 0)
			got.Reset(9, 9, 0)
			for i := range from + n {
				want.Push(codes[i])
			}
			for i := range from {
				got.Push(codes[i])
			}
			got.SetCodes(from, codes[from:from+n:from+n+8])
			got.SetLen(from + n + 1)
			if !slices.Equal(got.Packed(), want.Packed()) {
				t.Fatalf("SetCodes(%d, %d codes) packed % x, want % x", from, n, got.Packed(), want.Packed())
			}
		}
	}
}

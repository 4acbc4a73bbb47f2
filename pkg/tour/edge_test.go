package tour

import "testing"

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

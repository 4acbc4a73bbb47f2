package board

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxSide is the longest side a board may have.
const MaxSide = 20000

// Board is a rectangular board of Rows x Cols squares.
type Board struct {
	Rows, Cols int
}

// New returns a Rows x Cols board, or an error if a side is outside 1..MaxSide.
func New(rows, cols int) (Board, error) {
	if rows < 1 || rows > MaxSide || cols < 1 || cols > MaxSide {
		return Board{}, fmt.Errorf("board %dx%d: each side must be 1..%d", rows, cols, MaxSide)
	}
	return Board{Rows: rows, Cols: cols}, nil
}

// Squares returns the number of squares, Rows*Cols.
func (b Board) Squares() int { return b.Rows * b.Cols }

// Compare orders boards as plans and reports list them: by squares, then by
// rows, so 4x6 comes after 4x5 and before 6x4. It is the one board order:
// -sizes, the report's tables and charts all ask it.
func Compare(a, b Board) int {
	return cmp.Or(cmp.Compare(a.Squares(), b.Squares()), cmp.Compare(a.Rows, b.Rows))
}

// Corners returns b's corner squares, each once, in row-major order: four on
// most boards, fewer on boards one square wide. It is what -starts corners
// and a corner-only strategy mean by a corner.
func (b Board) Corners() []Square {
	var sqs []Square
	for _, r := range []int{0, b.Rows - 1} {
		for _, c := range []int{0, b.Cols - 1} {
			if sq := (Square{Row: r, Col: c}); !slices.Contains(sqs, sq) {
				sqs = append(sqs, sq)
			}
		}
	}
	return sqs
}

// String returns "RxC".
func (b Board) String() string { return fmt.Sprintf("%dx%d", b.Rows, b.Cols) }

// Contains reports whether (row, col) is on the board.
func (b Board) Contains(row, col int) bool {
	return row >= 0 && row < b.Rows && col >= 0 && col < b.Cols
}

// Index returns the index of square (row, col).
func (b Board) Index(row, col int) int { return row*b.Cols + col }

// RowCol returns the row and column of square index sq.
func (b Board) RowCol(sq int) (row, col int) { return sq / b.Cols, sq % b.Cols }

// KnightMove reports whether squares a and b (indices) are a knight's move
// apart.
func (b Board) KnightMove(a, c int) bool {
	r1, c1 := b.RowCol(a)
	r2, c2 := b.RowCol(c)
	dr, dc := r1-r2, c1-c2
	return dr*dr+dc*dc == 5
}

// Square is a (row, col) position.
type Square struct {
	Row, Col int
}

// String returns "row,col", the form ParseSquare reads.
func (s Square) String() string { return fmt.Sprintf("%d,%d", s.Row, s.Col) }

// ParseSquare reads "row,col" (spaces allowed around the numbers).
func ParseSquare(s string) (Square, error) {
	r, c, ok := strings.Cut(s, ",")
	if !ok {
		return Square{}, fmt.Errorf("square %q: want row,col such as 0,0", s)
	}
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	if err1 != nil || err2 != nil {
		return Square{}, fmt.Errorf("square %q: want row,col with whole numbers such as 2,3", s)
	}
	return Square{row, col}, nil
}

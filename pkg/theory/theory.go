// Package theory answers, from published theorems, whether knight's tours
// exist on a board and from a square.
//
// Answers are Yes, No or Unknown; Unknown means the theorems used here do not
// settle the question, never a guess. Sources (see shared/reference.md):
//
//   - Open tours exist exactly on 1x1, 3x4, 3xn for n >= 7, 4xn for n >= 5,
//     and every board whose shorter side is at least 5 (Cull & De Curtins
//     1978; Conrad, Hindrichs, Morsy & Wegener 1994).
//   - Closed tours exist on m x n, m <= n, unless m and n are both odd, or m
//     is 1, 2 or 4, or m = 3 and n is 4, 6 or 8 (Schwenk 1991).
//   - Colour rule: every move changes colour, so on a board with an odd
//     number of squares an open tour starts and ends on the corner colour.
//   - Where a closed tour exists, every square starts an open tour (cut the
//     cycle anywhere).
//   - Every corner-coloured square of 5x5 (exhaustive search), 7x7, 9x9 and
//     11x11 starts an open tour.
package theory

// Answer is Yes, No or Unknown.
type Answer int

// The three answers.
const (
	Unknown Answer = iota
	Yes
	No
)

// String returns "yes", "no" or "unknown", the words used in runs.csv.
func (a Answer) String() string {
	switch a {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

func answer(b bool) Answer {
	if b {
		return Yes
	}
	return No
}

func sorted(rows, cols int) (m, n int) {
	if rows > cols {
		return cols, rows
	}
	return rows, cols
}

// OpenExists reports whether a rows x cols board has an open tour.
func OpenExists(rows, cols int) Answer {
	m, n := sorted(rows, cols)
	switch {
	case m < 1:
		return No
	case m == 1:
		return answer(n == 1)
	case m == 2:
		return No
	case m == 3:
		return answer(n == 4 || n >= 7)
	case m == 4:
		return answer(n >= 5)
	}
	return Yes
}

// ClosedExists reports whether a rows x cols board has a closed tour
// (Schwenk's theorem).
func ClosedExists(rows, cols int) Answer {
	m, n := sorted(rows, cols)
	switch {
	case m < 1:
		return No
	case m%2 == 1 && n%2 == 1, m == 1, m == 2, m == 4:
		return No
	case m == 3 && (n == 4 || n == 6 || n == 8):
		return No
	}
	return Yes
}

// allCornerColourStart lists odd square boards on which every corner-coloured
// square is known to start an open tour.
var allCornerColourStart = map[int]bool{5: true, 7: true, 9: true, 11: true}

// OpenFrom reports whether an open tour of a rows x cols board starts at
// (row, col).
func OpenFrom(rows, cols, row, col int) Answer {
	if row < 0 || row >= rows || col < 0 || col >= cols {
		return No
	}
	if a := OpenExists(rows, cols); a != Yes {
		return a
	}
	if ClosedExists(rows, cols) == Yes {
		return Yes
	}
	if rows*cols%2 == 1 {
		if (row+col)%2 == 1 {
			return No // not the corner colour
		}
		if rows == cols && allCornerColourStart[rows] {
			return Yes
		}
	}
	if rows*cols == 1 {
		return Yes
	}
	return Unknown
}

// ClosedFrom reports whether a closed tour of a rows x cols board passes
// (row, col); a closed tour passes every square, so this is ClosedExists for
// any square on the board.
func ClosedFrom(rows, cols, row, col int) Answer {
	if row < 0 || row >= rows || col < 0 || col >= cols {
		return No
	}
	return ClosedExists(rows, cols)
}

// From is OpenFrom or ClosedFrom, as closed says.
func From(rows, cols, row, col int, closed bool) Answer {
	if closed {
		return ClosedFrom(rows, cols, row, col)
	}
	return OpenFrom(rows, cols, row, col)
}

// Package theory answers, from published theorems and exhaustive searches,
// whether knight's tours exist on a board and from a square.
//
// Answers are Yes, No or Unknown. Unknown means that no result stated here
// settles the question, never a guess: a start the theory leaves Unknown
// counts as having a tour only once a run has found one there (a witness,
// see package stats). Squares are (row, col), 0-indexed from the top-left;
// m <= n are a board's shorter and longer sides.
//
// # Boards
//
//   - Open tours exist exactly on 1x1, 3x4, 3xn for n >= 7, 4xn for n >= 5,
//     and every board whose shorter side is at least 5 (Cull & De Curtins
//     1978; Conrad, Hindrichs, Morsy & Wegener 1994). None on 1xn (n > 1),
//     2xn, 3x3, 3x5, 3x6 or 4x4.
//   - Closed tours exist on m x n unless m and n are both odd, or m is 1, 2
//     or 4, or m = 3 and n is 4, 6 or 8 (Schwenk 1991).
//
// # Start squares of open tours
//
//   - Where a closed tour exists every square starts an open tour: cut the
//     cycle anywhere.
//   - Colour rule: every move changes colour, so on a board with an odd
//     number of squares the corner colour has one square more and an open
//     tour starts and ends on it. No tour starts on the other colour.
//   - n x n, n >= 5 (Conrad, Hindrichs, Morsy & Wegener, "Solution of the
//     knight's Hamiltonian path problem on chessboards", Discrete Applied
//     Mathematics 50 (1994)): a covering path joins s to t exactly when the
//     colour criterion allows it (n >= 6), and 5x5 was searched
//     exhaustively. So every square of an even board starts an open tour,
//     and on an odd board exactly the corner-coloured squares do.
//   - 4 x n: a tour starts and ends on the two outer ranks. An outer square's
//     neighbours are all inner, so outer squares are never consecutive on
//     the path; with 2n outer and 2n inner squares and the colours
//     alternating, strict alternation is impossible, and the one
//     inner-inner step left puts an outer square at both ends. Exhaustive
//     search finds a tour from every outer square of 4x5 to 4x9; beyond,
//     outer squares are Unknown.
//   - 3 x n, by exhaustive search (Knuth, "Long and skinny knight's tours",
//     2010): 3x4: the six squares of the end files; 3x7: the corner-coloured
//     squares but the centre; 3x8: every square but the middle-rank squares
//     of the 3rd and 6th files; 3x9 and 3x11: every corner-coloured square.
//     Corner-coloured squares of longer odd boards are Unknown.
//   - Odd x odd rectangles, m >= 5: exhaustive search finds a tour from
//     every corner-coloured square of 5x7, 5x9, 5x11 and 5x13; elsewhere
//     they are Unknown (witnesses are found up to 41 x 41).
//
// A closed tour passes every square, so ClosedFrom is ClosedExists on the
// board. The package test checks these answers against exhaustive counts
// (package count) on every board of at most 36 squares.
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

// ParseAnswer reads "yes", "no" or "unknown", as String writes them.
func ParseAnswer(word string) (Answer, bool) {
	switch word {
	case "yes":
		return Yes, true
	case "no":
		return No, true
	case "unknown":
		return Unknown, true
	}
	return Unknown, false
}

func answer(b bool) Answer {
	if b {
		return Yes
	}
	return No
}

// oriented returns the board with its shorter side first, and the square
// in that orientation.
func oriented(rows, cols, row, col int) (m, n, i, j int) {
	if rows > cols {
		return cols, rows, col, row
	}
	return rows, cols, row, col
}

// OpenExists reports whether a rows x cols board has an open tour.
func OpenExists(rows, cols int) Answer {
	m, n, _, _ := oriented(rows, cols, 0, 0)
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
	m, n, _, _ := oriented(rows, cols, 0, 0)
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

// OpenFrom reports whether an open tour of a rows x cols board starts at
// (row, col).
func OpenFrom(rows, cols, row, col int) Answer {
	if row < 0 || row >= rows || col < 0 || col >= cols {
		return No
	}
	if a := OpenExists(rows, cols); a != Yes {
		return a
	}
	if rows*cols == 1 || ClosedExists(rows, cols) == Yes {
		return Yes
	}
	m, n, i, j := oriented(rows, cols, row, col)
	cornerColour := (i+j)%2 == 0
	if m*n%2 == 1 && !cornerColour {
		return No
	}
	switch {
	case m == n:
		// Conrad et al.: odd n >= 5, the corner colour (even n has closed
		// tours, handled above).
		return Yes
	case m == 3:
		switch n {
		case 4:
			return answer(j == 0 || j == 3)
		case 7:
			return answer(!(i == 1 && j == 3))
		case 8:
			return answer(!(i == 1 && (j == 2 || j == 5)))
		case 9, 11:
			return Yes
		}
		return Unknown
	case m == 4:
		if i == 1 || i == 2 {
			return No
		}
		if n <= 9 {
			return Yes
		}
		return Unknown
	case m == 5 && n <= 13:
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

// Excluded describes, for the planner, the start squares of a board from
// which theory says no tour starts (From says No), in a form that can be
// indexed without listing the squares of a huge board.
type Excluded int

// The shapes the excluded squares take.
const (
	// ExcludeNone: no square is ruled out.
	ExcludeNone Excluded = iota
	// ExcludeAll: the board has no tour.
	ExcludeAll
	// ExcludeOtherColour: the squares not of the corner colour, (row+col)
	// odd.
	ExcludeOtherColour
	// ExcludeInnerRanks: a 4 x n board's two inner ranks (rows 1 and 2 of a
	// board 4 rows high, columns 1 and 2 of one 4 columns wide).
	ExcludeInnerRanks
	// ExcludeListed: some other set, on a board small enough (at most
	// SmallBoard squares) to ask From square by square.
	ExcludeListed
)

// SmallBoard is the most squares a board with ExcludeListed has.
const SmallBoard = 64

// ExcludedOn returns the shape of the squares From rules out on a rows x
// cols board.
func ExcludedOn(rows, cols int, closed bool) Excluded {
	if closed {
		if ClosedExists(rows, cols) == Yes {
			return ExcludeNone
		}
		return ExcludeAll
	}
	if OpenExists(rows, cols) == No {
		return ExcludeAll
	}
	if rows*cols == 1 || ClosedExists(rows, cols) == Yes {
		return ExcludeNone
	}
	m, n, _, _ := oriented(rows, cols, 0, 0)
	switch {
	case m == 4:
		return ExcludeInnerRanks
	case m == 3 && n <= 8:
		return ExcludeListed
	case m*n%2 == 1:
		return ExcludeOtherColour
	}
	return ExcludeNone
}

// Excludes reports whether shape e rules out (row, col) of a rows x cols
// board; for ExcludeListed it asks From.
func (e Excluded) Excludes(rows, cols, row, col int, closed bool) bool {
	switch e {
	case ExcludeAll:
		return true
	case ExcludeOtherColour:
		return (row+col)%2 == 1
	case ExcludeInnerRanks:
		if rows == 4 {
			return row == 1 || row == 2
		}
		return col == 1 || col == 2
	case ExcludeListed:
		return From(rows, cols, row, col, closed) == No
	}
	return false
}

// Package theory answers whether knight's tours exist on a board and from
// a square, and says what each answer rests on.
//
// Answers are Yes, No or Unknown. Settle gives the answer with its backing
// (a Verdict): a theorem, an exact count of the tours from the square, or
// a certificate, a stored tour. On every board whose sides are both at
// most MaxSettled = 41, either way round, open and closed, every start is
// Yes or No; beyond, a start that no theorem settles is Unknown, and the
// verdict says why: such a start counts as having a tour only once a run
// has found one there (a witness, see package stats). Squares are (row,
// col), 0-indexed from the top-left; m <= n are a board's shorter and
// longer sides.
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
// # Start squares: the theorems
//
//   - schwenk: a closed tour passes every square, so it starts from every
//     square or none (closed tours), and where one exists every square
//     starts an open tour too: cut the cycle anywhere.
//   - colour: every move changes colour, so on a board with an odd number
//     of squares the corner colour has one square more and an open tour
//     starts and ends on it. No tour starts on the other colour.
//   - conrad: on odd n x n, n >= 7, a covering path joins any two
//     corner-coloured squares (Conrad, Hindrichs, Morsy & Wegener,
//     "Solution of the knight's Hamiltonian path problem on chessboards",
//     Discrete Applied Mathematics 50 (1994)), so every corner-coloured
//     square starts one.
//   - outer-rank: an open tour of 4 x n starts and ends on the two outer
//     ranks. An outer square's neighbours are all inner, so outer squares
//     are never consecutive on the path; with 2n outer and 2n inner
//     squares and the colours alternating, strict alternation is
//     impossible, and the one inner-inner step left puts an outer square at
//     both ends (docs/strategies.md has the proof in full).
//   - narrow: 1 x n (n > 1) and 2 x n have no tour; 1x1 is one.
//
// # Start squares: counts and certificates
//
// The rest, up to 41 x 41, rest on data that tools/theorydata generates and
// the package's tests re-check (CountsFile, CertificatesFile):
//
//   - Counts: the directed open tours from each square of every 3 x n and
//     4 x n board without a closed tour (n <= 41), and of 5x5, 5x7 and
//     5x9, by the frontier counter (package count), on the squares no
//     theorem settles. A positive count is Yes, zero is No: 3x7's centre,
//     3x8's two middle-rank squares of the 3rd and 6th files, 3x4's middle
//     files and all of 3x3, 3x5, 3x6 and 4x4 are No; every corner-coloured
//     square of odd 3 x n from 3x9, and every outer square of 4 x n from
//     4x5, is Yes.
//   - Certificates: on odd m x n, 5 <= m < n <= 41 (but the counted 5x7 and
//     5x9), every corner-coloured square is the start or the end of a
//     stored tour, or the image of one under the board's reflections and
//     half turn. A certificate is a seed of warnsdorff with random ties
//     (package solver) whose walk from the stored start is a tour; package
//     certify replays it and checks the tour with package tour's validator.
//
// OpenFrom and From give Settle's answer alone. The package test checks the
// answers against exhaustive counts (package count) on every board of at
// most 36 squares, and that no start up to 41 x 41 is Unknown.
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
// (row, col): Settle's answer.
func OpenFrom(rows, cols, row, col int) Answer {
	return Settle(rows, cols, row, col, false).Answer
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

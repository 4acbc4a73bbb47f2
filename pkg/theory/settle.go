package theory

import (
	"bytes"
	_ "embed" // the counts and certificates
	"fmt"
	"math/big"
	"sync"

	"knightsweep/pkg/board"
)

// MaxSettled is the longest side of the boards on which every start is
// settled: the stored counts and certificates reach every board whose
// sides are both at most MaxSettled.
const MaxSettled = 41

// Kind is what a verdict rests on.
type Kind int

// The kinds of backing.
const (
	// KindNone: nothing settles the start (the answer is Unknown).
	KindNone Kind = iota
	// KindTheorem: a published result or a proof given here.
	KindTheorem
	// KindCount: an exact count of the tours from the start (CountsFile).
	KindCount
	// KindCertificate: a stored tour (CertificatesFile), from the start or,
	// reversed or under a symmetry of the board, onto it.
	KindCertificate
)

// String returns "none", "theorem", "count" or "certificate": the words of
// experiment theory's backing field.
func (k Kind) String() string {
	switch k {
	case KindTheorem:
		return "theorem"
	case KindCount:
		return "count"
	case KindCertificate:
		return "certificate"
	}
	return "none"
}

// The theorems a verdict may rest on, by the names experiment theory
// prints.
const (
	// TheoremSchwenk: m x n has a closed tour unless m and n are both
	// odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8 (Schwenk 1991); a
	// closed tour passes every square, so where one exists every square
	// starts an open tour too.
	TheoremSchwenk = "schwenk"
	// TheoremConrad: on an odd n x n board, n >= 7, a tour joins any two
	// corner-coloured squares (Conrad, Hindrichs, Morsy & Wegener 1994).
	TheoremConrad = "conrad"
	// TheoremColour: on a board of an odd number of squares an open tour
	// starts and ends on the corner colour.
	TheoremColour = "colour"
	// TheoremOuterRank: an open tour of 4 x n starts and ends on the two
	// outer ranks (docs/strategies.md has the proof).
	TheoremOuterRank = "outer-rank"
	// TheoremNarrow: 1 x n (n > 1) and 2 x n have no open tour: a knight
	// has no move on 1 x n, and 2 x n's graph has four squares of degree
	// one, or isolated ones, more ends than a path has; 1x1 is a tour.
	TheoremNarrow = "narrow"
)

// Verdict is an answer and what it rests on.
type Verdict struct {
	Answer Answer
	Kind   Kind
	// Theorem names the theorem (KindTheorem).
	Theorem string
	// Count is the number of directed open tours from the start (KindCount).
	// It and Certificate are the stored data, shared: not to be modified.
	Count *big.Int
	// Certificate is the stored tour that certifies the start
	// (KindCertificate): from the start, or ending on it, or onto it under a
	// symmetry of the board.
	Certificate *Certificate
	// Why says why nothing settles the start (Answer Unknown).
	Why string
}

// Backing describes what the verdict rests on in a few words: "theorem
// schwenk", "count 304", "certificate warnsdorff -tiebreak random -seed 3
// on 7x9 from 0,0 to 6,8", or "none: " and why.
func (v Verdict) Backing() string {
	switch v.Kind {
	case KindTheorem:
		return "theorem " + v.Theorem
	case KindCount:
		return "count " + v.Count.String()
	case KindCertificate:
		return "certificate " + v.Certificate.String()
	}
	return "none: " + v.Why
}

func theorem(a Answer, name string) Verdict {
	return Verdict{Answer: a, Kind: KindTheorem, Theorem: name}
}

// Settle returns whether a tour (closed, or open) of a rows x cols board
// starts at (row, col), and what says so: a theorem, else a stored count or
// certificate, else nothing (Unknown, and why).
func Settle(rows, cols, row, col int, closed bool) Verdict {
	if v, ok := ByTheorem(rows, cols, row, col, closed); ok {
		return v
	}
	m, n, i, j := oriented(rows, cols, row, col)
	if n > MaxSettled {
		return Verdict{Why: beyond}
	}
	d := settledData()
	if cb := d.counts[[2]int{m, n}]; cb != nil {
		if x := cb.Counts[i][j]; x != nil {
			return Verdict{Answer: answer(x.Sign() > 0), Kind: KindCount, Count: x}
		}
	}
	if cs := d.certs[[2]int{m, n}]; cs != nil {
		if k, ok := cs.by[i*n+j]; ok {
			return Verdict{Answer: Yes, Kind: KindCertificate, Certificate: &cs.list[k]}
		}
	}
	return Verdict{Why: fmt.Sprintf("neither a stored count nor a stored certificate covers %dx%d from %d,%d", rows, cols, row, col)}
}

// beyond is why a start beyond the settled boards is Unknown: a constant, as
// a sweep of a huge board asks for every start.
const beyond = "only boards with both sides up to 41 are settled start by start: no theorem settles this start, so only a tour found from it (a witness) can"

// UnknownOn returns how many starts of a rows x cols board Settle leaves
// Unknown, without asking it square by square: none on a board whose
// sides are both at most MaxSettled; beyond, the squares no theorem
// settles (ByTheorem): the corner colour of an odd x odd board that is not
// square, and a 4 x n board's outer ranks.
func UnknownOn(rows, cols int, closed bool) int {
	m, n, _, _ := oriented(rows, cols, 0, 0)
	switch {
	case closed, n <= MaxSettled, m <= 2, ClosedExists(m, n) == Yes, m == n:
		return 0
	case m*n%2 == 1:
		return (m*n + 1) / 2
	case m == 4:
		return 2 * n
	}
	return 0
}

// ByTheorem returns the verdict of the theorems alone, and false where none
// settles the start.
func ByTheorem(rows, cols, row, col int, closed bool) (Verdict, bool) {
	if row < 0 || row >= rows || col < 0 || col >= cols {
		return Verdict{Answer: No, Why: "the square is off the board"}, true
	}
	if closed {
		return theorem(ClosedExists(rows, cols), TheoremSchwenk), true
	}
	m, n, i, j := oriented(rows, cols, row, col)
	switch {
	case m <= 2:
		return theorem(answer(m*n == 1), TheoremNarrow), true
	case ClosedExists(m, n) == Yes:
		return theorem(Yes, TheoremSchwenk), true
	case m*n%2 == 1 && (i+j)%2 == 1:
		return theorem(No, TheoremColour), true
	case m == 4 && (i == 1 || i == 2):
		return theorem(No, TheoremOuterRank), true
	case m == n && m >= 7:
		return theorem(Yes, TheoremConrad), true
	}
	return Verdict{}, false
}

// CountsFile and CertificatesFile are the stored counts and certificates
// (tools/theorydata writes them: see docs/strategies.md).
var (
	//go:embed counts.txt
	CountsFile []byte
	//go:embed certificates.txt
	CertificatesFile []byte
)

// certSet is one board's certificates and, for each square they certify,
// the certificate that does.
type certSet struct {
	list []Certificate
	by   map[int]int
}

type data struct {
	counts map[[2]int]*CountedBoard
	certs  map[[2]int]*certSet
}

// settledData parses the stored files once. They are part of the program:
// a file that does not parse is a broken build, which the package's tests
// catch.
var settledData = sync.OnceValue(func() data {
	d := data{counts: map[[2]int]*CountedBoard{}, certs: map[[2]int]*certSet{}}
	counts, err := ReadCounts(bytes.NewReader(CountsFile))
	if err != nil {
		panic("theory: counts.txt: " + err.Error())
	}
	for k := range counts {
		cb := &counts[k]
		d.counts[[2]int{cb.Rows, cb.Cols}] = cb
	}
	certs, err := ReadCertificates(bytes.NewReader(CertificatesFile))
	if err != nil {
		panic("theory: certificates.txt: " + err.Error())
	}
	for _, c := range certs {
		key := [2]int{c.Rows, c.Cols}
		cs := d.certs[key]
		if cs == nil {
			cs = &certSet{by: map[int]int{}}
			d.certs[key] = cs
		}
		cs.list = append(cs.list, c)
		for _, sq := range []int{c.Start, c.End} {
			for _, img := range (board.Board{Rows: c.Rows, Cols: c.Cols}).Images(sq) {
				if _, ok := cs.by[img]; !ok {
					cs.by[img] = len(cs.list) - 1
				}
			}
		}
	}
	return d
})

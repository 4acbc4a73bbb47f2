package certify

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/theory"
)

// VerdictJSON is one line of experiment theory -json: one start's verdict,
// in the words of solve -json (rows, cols, start_row, start_col, closed,
// solvable, tour).
type VerdictJSON struct {
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	StartRow int    `json:"start_row"`
	StartCol int    `json:"start_col"`
	Closed   bool   `json:"closed"`
	Solvable string `json:"solvable"`
	// Backing is theorem, count, certificate or none.
	Backing     string   `json:"backing"`
	Theorem     string   `json:"theorem,omitempty"`
	Count       *big.Int `json:"count,omitempty"`
	Certificate string   `json:"certificate,omitempty"`
	Why         string   `json:"why,omitempty"`
	Tour        []int32  `json:"tour,omitempty"`
}

// Verdicts writes experiment theory's answer: each start's verdict, a
// line each (JSON with AsJSON), and the text form's total. A certificate
// is replayed and validated whenever it is used, printed (Tours) or not.
type Verdicts struct {
	W      io.Writer
	Closed bool // closed tours
	AsJSON bool
	Tours  bool // print each certificate's tour

	enc     *json.Encoder
	tally   [4]int
	answers [3]int
	replay  Replayer
}

// Write settles the start sq of b and writes its verdict.
func (vs *Verdicts) Write(b board.Board, sq board.Square) error {
	v := theory.Settle(b.Rows, b.Cols, sq.Row, sq.Col, vs.Closed)
	vs.tally[v.Kind]++
	vs.answers[v.Answer]++
	var tour []int32
	if v.Kind == theory.KindCertificate {
		var err error
		if tour, err = vs.replay.Tour(b.Rows, b.Cols, sq.Row, sq.Col, v); err != nil {
			return err
		}
	}
	if !vs.Tours {
		tour = nil
	}
	if vs.AsJSON {
		return vs.writeJSON(b, sq, v, tour)
	}
	if _, err := fmt.Fprintf(vs.W, "%v from %d,%d: %s (%s)\n", b, sq.Row, sq.Col, v.Answer, v.Backing()); err != nil {
		return fmt.Errorf("theory: %w", err)
	}
	if tour != nil {
		if _, err := fmt.Fprintf(vs.W, "  tour:%s\n", squareList(tour)); err != nil {
			return fmt.Errorf("theory: %w", err)
		}
	}
	return nil
}

// writeJSON writes verdict v of the start sq of b as a line of JSON.
func (vs *Verdicts) writeJSON(b board.Board, sq board.Square, v theory.Verdict, tour []int32) error {
	if vs.enc == nil {
		vs.enc = json.NewEncoder(vs.W)
	}
	j := VerdictJSON{Rows: b.Rows, Cols: b.Cols, StartRow: sq.Row, StartCol: sq.Col, Closed: vs.Closed,
		Solvable: v.Answer.String(), Backing: v.Kind.String(), Theorem: v.Theorem, Count: v.Count, Why: v.Why, Tour: tour}
	if v.Certificate != nil {
		j.Certificate = v.Certificate.String()
	}
	if err := vs.enc.Encode(j); err != nil {
		return fmt.Errorf("theory: %w", err)
	}
	return nil
}

// Total writes the text form's last line: the starts settled, by answer
// and by what backs it. With AsJSON it writes nothing.
func (vs *Verdicts) Total() error {
	if vs.AsJSON {
		return nil
	}
	a, k := vs.answers, vs.tally
	if _, err := fmt.Fprintf(vs.W, "%s: %d yes, %d no, %d unknown; by theorem %d, by count %d, by certificate %d\n",
		words.Count(a[theory.Yes]+a[theory.No]+a[theory.Unknown], "start"), a[theory.Yes], a[theory.No], a[theory.Unknown],
		k[theory.KindTheorem], k[theory.KindCount], k[theory.KindCertificate]); err != nil {
		return fmt.Errorf("theory: %w", err)
	}
	return nil
}

// squareList writes squares as " 0 11 22 ...".
func squareList(squares []int32) string {
	var sb strings.Builder
	for _, s := range squares {
		fmt.Fprintf(&sb, " %d", s)
	}
	return sb.String()
}

// Package certify replays the certificates that package theory's verdicts
// rest on and checks each tour with the independent validator of package
// tour.
//
// A certificate (theory.Certificate) is a search and a seed: warnsdorff
// with random ties (package solver) from its start square, which walks a
// tour ending on its end square. Replay runs it and refuses a certificate
// whose walk is not a tour, or ends elsewhere. Tour gives the tour from
// any square a certificate covers: the walk itself from its start, the
// walk reversed from its end, and their images under the board's
// reflections and half turn (and the transpose, for a board asked for
// the other way round), each checked again by the validator. Verdicts
// writes "experiment theory"'s answer: each start's verdict, its
// certificate replayed whenever it is used.
package certify

import (
	"context"
	"fmt"
	"slices"

	"knightsweep/pkg/board"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
	"knightsweep/pkg/tour"
)

// Replay walks the certificate's search and returns its tour, the squares
// row*cols+col from the start, after checking that it is an open tour of
// the board from the start to the end the certificate names.
func Replay(c theory.Certificate) ([]int32, error) {
	b := board.Board{Rows: c.Rows, Cols: c.Cols}
	if _, err := board.New(c.Rows, c.Cols); err != nil {
		return nil, fmt.Errorf("certificate %v: %w", c, err)
	}
	if c.Start < 0 || c.Start >= b.Squares() || c.End < 0 || c.End >= b.Squares() {
		return nil, fmt.Errorf("certificate %v: a square is off the board", c)
	}
	r, col := b.RowCol(c.Start)
	s, err := solver.New(solver.Problem{Board: b, Start: board.Square{Row: r, Col: col},
		Strategy: "warnsdorff", Tiebreak: solver.TieRandom, Seed: c.Seed, Threads: 1})
	if err != nil {
		return nil, fmt.Errorf("certificate %v: %w", c, err)
	}
	res := s.Run(context.Background())
	if res.Status != status.Found {
		return nil, fmt.Errorf("certificate %v: the walk stops with %s, not a tour", c, res.Status)
	}
	squares := res.Tour.Squares(nil)
	if err := tour.Validate(c.Rows, c.Cols, c.Start, squares, false); err != nil {
		return nil, fmt.Errorf("certificate %v: %w", c, err)
	}
	if last := int(squares[len(squares)-1]); last != c.End {
		return nil, fmt.Errorf("certificate %v: the tour ends on %d,%d, not on the end it names", c, last/c.Cols, last%c.Cols)
	}
	return squares, nil
}

// Tour returns a tour of a rows x cols board from (row, col) made from the
// certificate v rests on (theory.Settle's verdict on that start), checked
// by the validator.
func Tour(rows, cols, row, col int, v theory.Verdict) ([]int32, error) {
	var r Replayer
	return r.Tour(rows, cols, row, col, v)
}

// Replayer is Tour for many starts: it replays each certificate once and
// keeps its tour (the validator still checks every tour it gives). The zero
// Replayer is ready to use.
type Replayer struct {
	tours map[theory.Certificate][]int32
}

// Tour is the package's Tour, replaying each certificate once.
func (rp *Replayer) Tour(rows, cols, row, col int, v theory.Verdict) ([]int32, error) {
	if v.Kind != theory.KindCertificate || v.Certificate == nil {
		return nil, fmt.Errorf("%dx%d from %d,%d: the verdict rests on no certificate", rows, cols, row, col)
	}
	c := *v.Certificate
	squares, ok := rp.tours[c]
	if !ok {
		var err error
		if squares, err = Replay(c); err != nil {
			return nil, err
		}
		if rp.tours == nil {
			rp.tours = map[theory.Certificate][]int32{}
		}
		rp.tours[c] = squares
	}
	// The certificate's board is the start's, or its transpose.
	transposed := c.Rows != rows
	i, j := row, col
	if transposed {
		i, j = col, row
	}
	target := i*c.Cols + j
	out, ok := onto(c, squares, target)
	if !ok {
		return nil, fmt.Errorf("%dx%d from %d,%d: certificate %v covers neither the start nor its images", rows, cols, row, col, c)
	}
	if transposed {
		for k, sq := range out {
			out[k] = (sq%int32(c.Cols))*int32(c.Rows) + sq/int32(c.Cols)
		}
	}
	if err := tour.Validate(rows, cols, row*cols+col, out, false); err != nil {
		return nil, fmt.Errorf("%dx%d from %d,%d, from certificate %v: %w", rows, cols, row, col, c, err)
	}
	return out, nil
}

// onto maps the certificate's tour, reversed or not, by a symmetry of its
// board so that it starts on target.
func onto(c theory.Certificate, squares []int32, target int) ([]int32, bool) {
	b := board.Board{Rows: c.Rows, Cols: c.Cols}
	for _, reverse := range []bool{false, true} {
		from := c.Start
		if reverse {
			from = c.End
		}
		for k, img := range b.Images(from) {
			if img != target {
				continue
			}
			out := slices.Clone(squares)
			if reverse {
				slices.Reverse(out)
			}
			for x, sq := range out {
				out[x] = int32(b.Images(int(sq))[k])
			}
			return out, true
		}
	}
	return nil, false
}

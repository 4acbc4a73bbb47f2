package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"knightsweep/internal/words"
	"knightsweep/pkg/certify"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/theory"
)

// maxTheoryStarts bounds the starts one theory command prints.
const maxTheoryStarts = 10_000_000

// theoryJSON is one line of experiment theory -json: one start's verdict,
// in the words of solve -json (rows, cols, start_row, start_col, closed,
// solvable, tour).
type theoryJSON struct {
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

func cmdTheory(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlagSet("theory", "-sizes BOARDS [-starts all|LIST] [-closed] [-json] [-tours]", stderr)
	sizesFlag := flags.String("sizes", "", "`boards`: N, A-B (every N x N from A to B) or RxC, comma-separated, as run takes them")
	startsFlag := flags.String("starts", "all", "start `squares`: all, corners, solvable, or row,col squares separated by semicolons, as run takes them")
	closed := flags.Bool("closed", false, "closed tours (Schwenk's theorem settles every start)")
	asJSON := flags.Bool("json", false, "print one JSON object a start, a line each")
	tours := flags.Bool("tours", false, "print each certificate's tour from the start (validated)")
	if err := parseFlags(flags, args); err != nil {
		return err
	}
	// The lines come out in the order of -sizes and a -starts list, as
	// exact's do.
	given, err := givenSizes(*sizesFlag, "9x11, 5-8 or 4x10")
	if err != nil {
		return err
	}
	starts, err := givenStarts(*startsFlag, given.Sizes, "all")
	if err != nil {
		return err
	}
	sizes := plan.Sizes(given.Order)
	total := 0
	for _, b := range sizes {
		if starts.Order != nil {
			total += len(starts.Order)
		} else {
			total += starts.On(b, *closed).Len()
		}
		if total > maxTheoryStarts {
			return usagef("-sizes: more than %d starts in all; ask for fewer boards or starts", maxTheoryStarts)
		}
	}
	// Buffered, and every write's error returned: a full disk or a closed
	// pipe is exit 1, not a silent 0 (a long -starts all run writes much).
	// What was settled before an interrupt is still printed.
	bw := bufio.NewWriter(stdout)
	err = theoryWrite(ctx, bw, sizes, starts, *closed, *asJSON, *tours)
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("theory: %w", ferr)
	}
	return err
}

// theoryWrite settles each start and writes its verdict to w, then the
// text form's total.
func theoryWrite(ctx context.Context, w io.Writer, sizes plan.Sizes, starts plan.GivenStarts, closed, asJSON, tours bool) error {
	enc := json.NewEncoder(w)
	var tally [4]int
	var answers [3]int
	var replay certify.Replayer
	for _, b := range sizes {
		for sq := range startsOn(b, starts, closed) {
			if ctx.Err() != nil {
				return errInterrupted // exit 130, as exact and report
			}
			v := theory.Settle(b.Rows, b.Cols, sq.Row, sq.Col, closed)
			tally[v.Kind]++
			answers[v.Answer]++
			var tour []int32
			if v.Kind == theory.KindCertificate {
				// A certificate is replayed and validated whenever it is
				// used, printed or not.
				var err error
				if tour, err = replay.Tour(b.Rows, b.Cols, sq.Row, sq.Col, v); err != nil {
					return err
				}
			}
			if !tours {
				tour = nil
			}
			if asJSON {
				j := theoryJSON{Rows: b.Rows, Cols: b.Cols, StartRow: sq.Row, StartCol: sq.Col, Closed: closed,
					Solvable: v.Answer.String(), Backing: v.Kind.String(), Theorem: v.Theorem, Count: v.Count, Why: v.Why, Tour: tour}
				if v.Certificate != nil {
					j.Certificate = v.Certificate.String()
				}
				if err := enc.Encode(j); err != nil {
					return fmt.Errorf("theory: %w", err)
				}
				continue
			}
			if _, err := fmt.Fprintf(w, "%v from %d,%d: %s (%s)\n", b, sq.Row, sq.Col, v.Answer, v.Backing()); err != nil {
				return fmt.Errorf("theory: %w", err)
			}
			if tour != nil {
				if _, err := fmt.Fprintf(w, "  tour:%s\n", squareList(tour)); err != nil {
					return fmt.Errorf("theory: %w", err)
				}
			}
		}
	}
	if !asJSON {
		if _, err := fmt.Fprintf(w, "%s: %d yes, %d no, %d unknown; by theorem %d, by count %d, by certificate %d\n",
			words.Count(answers[theory.Yes]+answers[theory.No]+answers[theory.Unknown], "start"), answers[theory.Yes], answers[theory.No], answers[theory.Unknown],
			tally[theory.KindTheorem], tally[theory.KindCount], tally[theory.KindCertificate]); err != nil {
			return fmt.Errorf("theory: %w", err)
		}
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

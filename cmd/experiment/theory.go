package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"knightsweep/internal/words"
	"knightsweep/pkg/certify"
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
	sizes, starts, err := sizesAndStarts(*sizesFlag, *startsFlag, "9x11, 5-8 or 4x10")
	if err != nil {
		return err
	}
	total := 0
	for _, b := range sizes {
		total += starts.On(b, *closed).Len()
		if total > maxTheoryStarts {
			return usagef("-sizes: more than %d starts in all; ask for fewer boards or starts", maxTheoryStarts)
		}
	}
	enc := json.NewEncoder(stdout)
	var tally [4]int
	var answers [3]int
	var replay certify.Replayer
	for _, b := range sizes {
		set := starts.On(b, *closed)
		for i := range set.Len() {
			if err := ctx.Err(); err != nil {
				return err
			}
			sq := set.At(i)
			v := theory.Settle(b.Rows, b.Cols, sq.Row, sq.Col, *closed)
			tally[v.Kind]++
			answers[v.Answer]++
			var tour []int32
			if v.Kind == theory.KindCertificate {
				// A certificate is replayed and validated whenever it is
				// used, printed or not.
				if tour, err = replay.Tour(b.Rows, b.Cols, sq.Row, sq.Col, v); err != nil {
					return err
				}
			}
			if !*tours {
				tour = nil
			}
			if *asJSON {
				j := theoryJSON{Rows: b.Rows, Cols: b.Cols, StartRow: sq.Row, StartCol: sq.Col, Closed: *closed,
					Solvable: v.Answer.String(), Backing: v.Kind.String(), Theorem: v.Theorem, Count: v.Count, Why: v.Why, Tour: tour}
				if v.Certificate != nil {
					j.Certificate = v.Certificate.String()
				}
				if err := enc.Encode(j); err != nil {
					return err
				}
				continue
			}
			fmt.Fprintf(stdout, "%v from %d,%d: %s (%s)\n", b, sq.Row, sq.Col, v.Answer, v.Backing())
			if tour != nil {
				fmt.Fprintf(stdout, "  tour:%s\n", squareList(tour))
			}
		}
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "%s: %d yes, %d no, %d unknown; by theorem %d, by count %d, by certificate %d\n",
			words.Count(answers[theory.Yes]+answers[theory.No]+answers[theory.Unknown], "start"), answers[theory.Yes], answers[theory.No], answers[theory.Unknown],
			tally[theory.KindTheorem], tally[theory.KindCount], tally[theory.KindCertificate])
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

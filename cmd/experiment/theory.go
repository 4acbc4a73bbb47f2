package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"knightsweep/pkg/certify"
	"knightsweep/pkg/plan"
)

// maxTheoryStarts bounds the starts one theory command prints.
const maxTheoryStarts = 10_000_000

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
	err = theoryWrite(ctx, &certify.Verdicts{W: bw, Closed: *closed, AsJSON: *asJSON, Tours: *tours}, sizes, starts)
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("theory: %w", ferr)
	}
	return err
}

// theoryWrite settles each start of starts on each board of sizes with
// vs, then writes vs's total.
func theoryWrite(ctx context.Context, vs *certify.Verdicts, sizes plan.Sizes, starts plan.GivenStarts) error {
	for _, b := range sizes {
		for sq := range starts.InOrder(b, vs.Closed) {
			if ctx.Err() != nil {
				return errInterrupted // exit 130, as exact and report
			}
			if err := vs.Write(b, sq); err != nil {
				return err
			}
		}
	}
	return vs.Total()
}

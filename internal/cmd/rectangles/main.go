// Command rectangles counts the open and closed tours of m x n boards by
// the frontier method and writes them as CSV: the table of
// docs/counting.md.
//
//	go run ./internal/cmd/rectangles -rows 3-6 -budget 10m -out docs/rectangles.csv
//
// For each number of rows it counts boards of growing length, from square
// up to -max-cols, and stops that row of the table after the first board
// whose two counts together took longer than -budget divided by
// -growth (the factor the next, longer board is assumed to cost more), so
// that no board runs much past -budget. Columns: rows, cols,
// open_directed (every directed open tour from every start),
// closed_undirected (Hamiltonian cycles), peak_states (the most frontier
// states a square held, of the two counts), seconds (both counts).
package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"
	"time"

	"knightsweep/internal/atomicfile"
	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "rectangles:", err)
		os.Exit(1)
	}
}

func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("rectangles", flag.ContinueOnError)
	rows := fs.String("rows", "3-6", "numbers of rows, a range A-B (each at most 8)")
	maxCols := fs.Int("max-cols", 40, "the longest board of each row")
	budget := fs.Duration("budget", 10*time.Minute, "the time one board may take")
	growth := fs.Float64("growth", 8, "how many times longer the next board is assumed to take")
	out := fs.String("out", "", "the CSV file to write (default: standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	lo, hi, ok := strings.Cut(*rows, "-")
	if !ok {
		hi = lo
	}
	a, err1 := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	if err1 != nil || err2 != nil || a < 1 || b < a || b > count.MaxFrontierSide {
		return fmt.Errorf("-rows %q: want a range such as 3-6, rows at most %d", *rows, count.MaxFrontierSide)
	}
	records := [][]string{{"rows", "cols", "open_directed", "closed_undirected", "peak_states", "seconds"}}
	for m := a; m <= b; m++ {
		for n := m; n <= *maxCols; n++ {
			bd := board.Board{Rows: m, Cols: n}
			t0 := time.Now()
			opt := count.Options{Method: count.Frontier}
			var closed count.Grid
			open, err := count.Total(context.Background(), bd, opt)
			if err == nil {
				opt.Closed = true
				closed, err = count.Total(context.Background(), bd, opt)
			}
			if errors.Is(err, count.ErrOverflow) {
				// Longer boards of this row only have more tours.
				fmt.Fprintf(log, "%v: a count passed 2^128; the row ends here\n", bd)
				break
			}
			if err != nil {
				return fmt.Errorf("%v: %w", bd, err)
			}
			took := time.Since(t0)
			// Total counts each cycle twice from each square.
			cycles := new(big.Int).Quo(closed.Total, big.NewInt(int64(2*bd.Squares())))
			records = append(records, []string{strconv.Itoa(m), strconv.Itoa(n), open.Total.String(),
				cycles.String(), strconv.FormatInt(max(open.PeakStates, closed.PeakStates), 10),
				strconv.FormatFloat(took.Seconds(), 'f', 2, 64)})
			fmt.Fprintf(log, "%v: open %d, closed %d (%.2fs)\n", bd, open.Total, cycles, took.Seconds())
			if took.Seconds()*(*growth) > budget.Seconds() {
				break
			}
		}
	}
	write := func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.WriteAll(records)
		return cw.Error()
	}
	if *out == "" {
		return write(os.Stdout)
	}
	return atomicfile.Write(*out, write)
}

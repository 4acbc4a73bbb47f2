// Command rectangles counts the open and closed tours of m x n boards by
// the frontier method and writes them as CSV: the table of
// docs/counting.md.
//
//	go run ./tools/rectangles -rows 3-7 -budget 10m -out docs/rectangles.csv
//
// For each number of rows it counts boards of growing length, from square
// (or -min-cols, to extend a row of an earlier table) up to -max-cols, and
// stops that row of the table after the first board
// whose two counts together took longer than -budget divided by
// -growth (the factor the next, longer board is assumed to cost more), so
// that no board runs much past -budget. Columns: rows, cols,
// open_directed (every directed open tour from every start),
// closed_undirected (Hamiltonian cycles), peak_states (the most frontier
// states a square held, of the two counts), seconds (both counts).
//
// An -out file that exists is extended, not replaced: the boards it holds
// that this run does not count are kept, the ones it counts again are
// replaced, and the table stays in order of rows, then columns. So a row
// that a first run ended early is carried further without counting the
// rest again:
//
//	go run ./tools/rectangles -rows 6-6 -min-cols 11 -growth 1.1 -out docs/rectangles.csv
//
// A board whose count would take more memory than -mem-limit (by default
// what `experiment count` takes: the tightest of half the machine's memory,
// the cgroup's limit and Slurm's) is not counted, and its row ends there,
// as it does at a count that passes the widths the frontier keeps.
//
// A file that is not such a table is refused and left as it was. The file
// is rewritten after every board, so stopping the tool loses only the
// board under way.
package main

import (
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
	"knightsweep/pkg/memlimit"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "rectangles:", err)
		if input.Is(err) {
			os.Exit(2) // bad input, as for experiment
		}
		os.Exit(1)
	}
}

func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("rectangles", flag.ContinueOnError)
	rows := fs.String("rows", "3-6", "numbers of rows, a range A-B (each at most 8)")
	maxCols := fs.Int("max-cols", 40, "the longest board of each row")
	minCols := fs.Int("min-cols", 0, "the shortest board of each row (default: the square one), to extend a row")
	budget := fs.Duration("budget", 10*time.Minute, "the time one board may take")
	growth := fs.Float64("growth", 8, "how many times longer the next board is assumed to take")
	out := fs.String("out", "", "the CSV file to write (default: standard output)")
	memFlag := fs.String("mem-limit", "", "the memory a count may take, such as 8GiB; 0 for no limit (default: "+memlimit.Default().String()+")")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil // the flags are printed
	} else if err != nil {
		return &input.Error{Flag: "rectangles", Err: err}
	}
	mem, err := memlimit.Flag(*memFlag)
	if err != nil {
		return &input.Error{Flag: "-mem-limit", Err: err}
	}
	lo, hi, ok := strings.Cut(*rows, "-")
	if !ok {
		hi = lo
	}
	a, err1 := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	if err1 != nil || err2 != nil || a < 1 || b < a || b > count.MaxFrontierSide {
		return input.Errorf("-rows", "%q: want a range such as 3-6, rows at most %d", *rows, count.MaxFrontierSide)
	}
	var kept [][]string
	if *out != "" {
		var err error
		if kept, err = readTable(*out); err != nil {
			return err
		}
	}
	records := [][]string{header}
	// save rewrites the -out file (atomically: a reader never sees half
	// of it); standard output gets the table once, at the end.
	save := func() error {
		if *out == "" {
			return nil
		}
		return durable.Replace(*out, func(w io.Writer) error { return write(w, merge(kept, records[1:])) })
	}
	for m := a; m <= b; m++ {
		for n := max(m, *minCols); n <= *maxCols; n++ {
			bd := board.Board{Rows: m, Cols: n}
			t0 := time.Now()
			opt := count.Options{Method: count.Frontier, MemLimit: mem.Bytes}
			var closed count.Grid
			open, err := count.Total(context.Background(), bd, opt)
			if err == nil {
				opt.Closed = true
				closed, err = count.Total(context.Background(), bd, opt)
			}
			var me *count.MemoryError
			if errors.Is(err, count.ErrOverflow) || errors.As(err, &me) {
				// Longer boards of this row only have more tours, and
				// more states.
				fmt.Fprintf(log, "%v: %v; the row ends here\n", bd, err)
				break
			}
			if err != nil {
				return fmt.Errorf("%v: %w", bd, err)
			}
			took := time.Since(t0)
			// Total counts each cycle twice from each square.
			cycles := new(big.Int).Quo(closed.Total, big.NewInt(int64(2*bd.Squares())))
			peak := max(open.PeakStates, closed.PeakStates)
			records = append(records, []string{strconv.Itoa(m), strconv.Itoa(n), open.Total.String(),
				cycles.String(), strconv.FormatInt(peak, 10), strconv.FormatFloat(took.Seconds(), 'f', 2, 64)})
			fmt.Fprintf(log, "%v: open %d, closed %d, %d states at most (%.2fs)\n", bd, open.Total, cycles,
				peak, took.Seconds())
			if err := save(); err != nil {
				return err
			}
			if took.Seconds()*(*growth) > budget.Seconds() {
				break
			}
		}
	}
	if *out == "" {
		return write(os.Stdout, records)
	}
	if len(records) == 1 {
		return save() // no board was counted: the table still gets its header
	}
	return nil
}

// header is the table's first line.
var header = []string{"rows", "cols", "open_directed", "closed_undirected", "peak_states", "seconds"}

// readTable reads the boards of an earlier table at path (none if there is
// no file), refusing a file that is not one.
func readTable(path string) ([][]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err == nil {
		err = checkTable(records)
	}
	if err != nil {
		return nil, fmt.Errorf("-out %s: not a table of rectangles, left as it was: %w", path, err)
	}
	return records[1:], nil
}

// checkTable returns an error unless records are a table: the header, then
// lines that each name a board.
func checkTable(records [][]string) error {
	if len(records) == 0 || !slices.Equal(records[0], header) {
		return fmt.Errorf("its first line is not %s", strings.Join(header, ","))
	}
	for _, r := range records[1:] {
		if _, _, ok := boardOf(r); !ok {
			return fmt.Errorf("line %q names no board", strings.Join(r, ","))
		}
	}
	return nil
}

// boardOf returns the rows and columns of a table's line.
func boardOf(r []string) (m, n int, ok bool) {
	if len(r) != len(header) {
		return 0, 0, false
	}
	m, err1 := strconv.Atoi(r[0])
	n, err2 := strconv.Atoi(r[1])
	return m, n, err1 == nil && err2 == nil
}

// merge returns the table (header first) of the boards counted and the
// boards kept from an earlier table, a board counted again replacing the
// kept one, in order of rows, then columns.
func merge(kept, counted [][]string) [][]string {
	byBoard := make(map[board.Board][]string, len(kept)+len(counted))
	for _, r := range slices.Concat(kept, counted) {
		m, n, _ := boardOf(r)
		byBoard[board.Board{Rows: m, Cols: n}] = r
	}
	table := [][]string{header}
	for _, b := range slices.SortedFunc(maps.Keys(byBoard), func(a, b board.Board) int {
		return cmp.Or(cmp.Compare(a.Rows, b.Rows), cmp.Compare(a.Cols, b.Cols))
	}) {
		table = append(table, byBoard[b])
	}
	return table
}

// write writes the table as CSV.
func write(w io.Writer, records [][]string) error {
	cw := csv.NewWriter(w)
	cw.WriteAll(records)
	return cw.Error()
}

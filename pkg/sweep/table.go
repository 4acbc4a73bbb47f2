package sweep

// This file is the end-of-run table. It computes its own few figures from
// runs.csv; when pkg/stats lands, Summarize is the one function to replace.

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
)

// TableRow summarizes the runs of one strategy and tie-break on one board.
type TableRow struct {
	Strategy, Tiebreak string
	Closed             bool
	Board              board.Board
	// Runs counts the runs, Found those that found a tour; Solvable counts
	// the runs from starts where theory says a tour exists ("yes"), and
	// FoundSolvable those of them that found one.
	Runs, Found, Solvable, FoundSolvable int
	// Budget counts the runs stopped by -max-nodes or -timeout.
	Budget int
	// MedianNodes and MedianTime are over all runs of the group.
	MedianNodes int64
	MedianTime  time.Duration
}

// SummarizeFile reads the runs.csv at path and summarizes it.
func SummarizeFile(path string) ([]TableRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := Summarize(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rows, nil
}

// Summarize reads a runs.csv and returns one TableRow per strategy,
// tie-break, closed and board, ordered by strategy, then board size. It
// keeps two numbers a run (for the medians) and nothing else.
func Summarize(r io.Reader) ([]TableRow, error) {
	type group struct {
		TableRow
		nodes []int64
		times []int64
	}
	type key struct {
		strategy, tiebreak string
		closed             bool
		board              board.Board
	}
	groups := map[key]*group{}
	err := runs.Read(r, func(row runs.Row) error {
		k := key{row.Strategy, row.Tiebreak, row.Closed, board.Board{Rows: row.Rows, Cols: row.Cols}}
		g := groups[k]
		if g == nil {
			g = &group{TableRow: TableRow{Strategy: k.strategy, Tiebreak: k.tiebreak, Closed: k.closed, Board: k.board}}
			groups[k] = g
		}
		found := row.Status == string(solver.Found)
		g.Runs++
		if found {
			g.Found++
		}
		if row.Solvable == "yes" {
			g.Solvable++
			if found {
				g.FoundSolvable++
			}
		}
		if row.Status == string(solver.NodeLimit) || row.Status == string(solver.Timeout) {
			g.Budget++
		}
		g.nodes = append(g.nodes, row.Nodes)
		g.times = append(g.times, row.TimeNS)
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]TableRow, 0, len(groups))
	for _, g := range groups {
		g.MedianNodes = median(g.nodes)
		g.MedianTime = time.Duration(median(g.times))
		out = append(out, g.TableRow)
	}
	rank := func(name string) int {
		if i := slices.Index(solver.Names(), name); i >= 0 {
			return i
		}
		return len(solver.Names())
	}
	slices.SortFunc(out, func(a, b TableRow) int {
		return cmp.Or(
			cmp.Compare(rank(a.Strategy), rank(b.Strategy)),
			strings.Compare(a.Strategy, b.Strategy),
			strings.Compare(a.Tiebreak, b.Tiebreak),
			boolCompare(a.Closed, b.Closed),
			cmp.Compare(a.Board.Squares(), b.Board.Squares()),
			cmp.Compare(a.Board.Rows, b.Board.Rows),
		)
	})
	return out, nil
}

func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// median returns the median of xs (the mean of the middle two for an even
// count), reordering xs.
func median(xs []int64) int64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return xs[m-1] + (xs[m]-xs[m-1])/2
}

// WriteTable prints rows as a table that fits 80 columns (up to a million
// runs a group), a section for open tours and one for closed, with a legend.
func WriteTable(w io.Writer, rows []TableRow) error {
	var b strings.Builder
	for _, closed := range []bool{false, true} {
		section := slices.DeleteFunc(slices.Clone(rows), func(r TableRow) bool { return r.Closed != closed })
		if len(section) == 0 {
			continue
		}
		if closed {
			b.WriteString("closed tours\n")
		} else {
			b.WriteString("open tours\n")
		}
		writeSection(&b, section)
		b.WriteString("\n")
	}
	b.WriteString("found/runs: runs that found a tour; found/solvable: the same over the starts\n")
	b.WriteString("from which theory says a tour exists; budget: runs stopped by -max-nodes or\n")
	b.WriteString("-timeout; medians over all runs.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSection(b *strings.Builder, rows []TableRow) {
	header := []string{"strategy", "board", "found/runs", "found/solvable", "budget", "med nodes", "med time"}
	cells := [][]string{header}
	for _, r := range rows {
		name := r.Strategy
		if r.Tiebreak != "" && r.Tiebreak != "first" {
			name += "/" + r.Tiebreak
		}
		cells = append(cells, []string{
			name, r.Board.String(),
			fmt.Sprintf("%d/%d", r.Found, r.Runs),
			fmt.Sprintf("%d/%d", r.FoundSolvable, r.Solvable),
			fmt.Sprint(r.Budget),
			siCount(r.MedianNodes),
			shortDuration(r.MedianTime),
		})
	}
	width := make([]int, len(header))
	for _, row := range cells {
		for i, c := range row {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	// Two spaces between columns, one if that is what fits 80 columns.
	gap, total := "  ", 2*(len(width)-1)
	for _, w := range width {
		total += w
	}
	if total > 80 {
		gap = " "
	}
	for _, row := range cells {
		for i, c := range row {
			if i > 0 {
				b.WriteString(gap)
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i < 2 { // names left, numbers right
				b.WriteString(c + pad)
			} else {
				b.WriteString(pad + c)
			}
		}
		b.WriteString("\n")
	}
}

// siCount writes n with three significant digits and an SI suffix: 1234567
// is "1.23M".
func siCount(n int64) string {
	v := float64(n)
	for _, u := range []struct {
		scale  float64
		suffix string
	}{{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if v >= u.scale*roundsUp {
			return threeDigits(v/u.scale) + u.suffix
		}
	}
	return fmt.Sprint(n)
}

// shortDuration writes d with three significant digits: "12.3ms".
func shortDuration(d time.Duration) string {
	v := float64(d)
	for _, u := range []struct {
		scale  float64
		suffix string
	}{{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}} {
		if v >= u.scale*roundsUp {
			return threeDigits(v/u.scale) + u.suffix
		}
	}
	return fmt.Sprintf("%dns", d)
}

// roundsUp is where three significant digits round up to the next unit:
// 999.6k is "1.00M", not "1000k".
const roundsUp = 0.9995

func threeDigits(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

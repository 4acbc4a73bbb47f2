package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"knightsweep/pkg/count"
	"knightsweep/pkg/progress"
)

// countJSON is the object experiment count -json prints. Grid and Total are
// set with -starts all, the start square otherwise.
type countJSON struct {
	Rows     int        `json:"rows"`
	Cols     int        `json:"cols"`
	StartRow *int       `json:"start_row,omitempty"`
	StartCol *int       `json:"start_col,omitempty"`
	Closed   bool       `json:"closed"`
	Count    uint64     `json:"count"`
	Total    *uint64    `json:"total,omitempty"`
	Grid     [][]uint64 `json:"grid,omitempty"`
	Nodes    int64      `json:"nodes"`
	TimeNS   int64      `json:"time_ns"`
	Complete bool       `json:"complete"`
}

// errIncomplete reports a count stopped by -timeout: exit status 1, after
// the partial counts are printed.
var errIncomplete = errors.New("count incomplete")

func cmdCount(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("count", "-size N | -rows R -cols C [-start R,C | -starts all] [-closed] [-workers N] [-timeout D] [-json]", stderr)
	var bf boardFlags
	bf.register(fs)
	start := fs.String("start", "0,0", "count the tours from the square `row,col`")
	starts := fs.String("starts", "", "`all`: count the tours from every square and print a grid")
	closed := fs.Bool("closed", false, "count closed tours (the last square a knight's move from the start)")
	workers := fs.Int("workers", 0, "searches run at once, `N` (0: one per core)")
	timeout := fs.Duration("timeout", 0, "stop after this `duration`, such as 10m, printing partial counts (0: no limit)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args); err != nil {
		return err
	}

	b, err := bf.board(fs)
	if err != nil {
		return err
	}
	if b.Squares() > count.MaxSquares {
		return usagef("-size: count takes boards of at most %d squares; %v has %d", count.MaxSquares, b, b.Squares())
	}
	set := setFlags(fs)
	all := false
	switch {
	case set["starts"] && *starts != "all":
		return usagef("-starts %q: the only value is all (or give one square with -start)", *starts)
	case set["starts"] && set["start"]:
		return usagef("-starts: give -start R,C or -starts all, not both")
	case set["starts"]:
		all = true
	}
	sq, err := parseStart(*start, b)
	if err != nil {
		return err
	}
	if err := parseWorkers(*workers); err != nil {
		return err
	}
	if *timeout < 0 {
		return usagef("-timeout %v: want 0 (no limit) or a positive duration such as 10m", *timeout)
	}

	runCtx := ctx
	if *timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	var meter *progress.Meter
	opt := count.Options{Closed: *closed, Workers: *workers, Progress: func(done, total int) {
		if meter == nil {
			meter = progress.New(stderr, progress.Options{Terminal: isTerminal(stderr), Name: "count", Unit: "subtrees", Total: int64(total)})
			meter.Start()
		}
		meter.End(int64(done), 0, 0)
	}}

	out := countJSON{Rows: b.Rows, Cols: b.Cols, Closed: *closed}
	var grid count.Grid
	if all {
		grid, err = count.All(runCtx, b, opt)
		if err != nil {
			return err
		}
		out.Count, out.Total, out.Grid = grid.Total, &grid.Total, grid.Tours
		out.Nodes, out.TimeNS, out.Complete = grid.Nodes, grid.Elapsed.Nanoseconds(), grid.AllComplete
	} else {
		res, err := count.From(runCtx, b, sq, opt)
		if err != nil {
			return err
		}
		out.StartRow, out.StartCol = &sq.Row, &sq.Col
		out.Count, out.Nodes, out.TimeNS, out.Complete = res.Tours, res.Nodes, res.Elapsed.Nanoseconds(), res.Complete
	}
	meter.Finish(time.Now())

	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			return err
		}
	} else if err := writeCount(stdout, out, grid, all); err != nil {
		return err
	}
	switch {
	case out.Complete:
		return nil
	case ctx.Err() != nil:
		return errInterrupted
	}
	return fmt.Errorf("%w: -timeout %v passed; the counts printed are lower bounds", errIncomplete, *timeout)
}

// writeCount prints the grid (with -starts all) and the summary line.
// Incomplete counts carry a "+": they are lower bounds.
func writeCount(w io.Writer, out countJSON, grid count.Grid, all bool) error {
	var sb strings.Builder
	if all {
		cells := make([][]string, len(grid.Tours))
		width := 0
		for r, row := range grid.Tours {
			for c, n := range row {
				cell := fmt.Sprint(n)
				if !grid.Complete[r][c] {
					cell += "+"
				}
				cells[r] = append(cells[r], cell)
				width = max(width, len(cell))
			}
		}
		for _, row := range cells {
			for c, cell := range row {
				if c > 0 {
					sb.WriteByte(' ')
				}
				fmt.Fprintf(&sb, "%*s", width, cell)
			}
			sb.WriteByte('\n')
		}
		fmt.Fprintf(&sb, "total=%d", out.Count)
	} else {
		fmt.Fprintf(&sb, "count=%d", out.Count)
	}
	fmt.Fprintf(&sb, " nodes=%d time=%v complete=%v\n", out.Nodes, time.Duration(out.TimeNS).Round(time.Microsecond), out.Complete)
	_, err := io.WriteString(w, sb.String())
	return err
}

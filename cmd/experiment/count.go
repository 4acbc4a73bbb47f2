package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/progress"
)

// countJSON is the object experiment count -json prints. Grid and Total are
// set with -starts all, Total alone with -total, the start square
// otherwise.
type countJSON struct {
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	StartRow *int   `json:"start_row,omitempty"`
	StartCol *int   `json:"start_col,omitempty"`
	Closed   bool   `json:"closed"`
	Method   string `json:"method"`
	// Count, Total and Grid are exact integers, however many digits.
	Count *big.Int     `json:"count"`
	Total *big.Int     `json:"total,omitempty"`
	Grid  [][]*big.Int `json:"grid,omitempty"`
	Nodes int64        `json:"nodes"`
	// PeakStates and Resumed are the frontier method's.
	PeakStates int64 `json:"peak_states,omitempty"`
	Resumed    bool  `json:"resumed,omitempty"`
	TimeNS     int64 `json:"time_ns"`
	Complete   bool  `json:"complete"`
}

// errIncomplete reports a count stopped by -timeout: exit status 1, after
// the partial counts are printed.
var errIncomplete = errors.New("count incomplete")

func cmdCount(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("count", "-size N | -rows R -cols C [-start R,C | -starts all] [-closed] [-method M] [-workers N] [-timeout D] [-mem-limit SIZE] [-checkpoint FILE] [-json]", stderr)
	var bf boardFlags
	bf.register(fs)
	start := fs.String("start", "0,0", "count the tours from the square `row,col`")
	starts := fs.String("starts", "", "`all`: count the tours from every square and print a grid")
	totalOnly := fs.Bool("total", false, "count the tours from every square together, without the grid (the frontier method does it in one pass)")
	closed := fs.Bool("closed", false, "count closed tours (the last square a knight's move from the start)")
	workers := fs.Int("workers", 0, "searches run at once, `N` (0: one per core)")
	timeout := fs.Duration("timeout", 0, "stop after this `duration`, such as 10m, printing partial counts (0: no limit)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	methodName := fs.String("method", "auto", "how to count: `enumerate` (walk every tour, boards of at most 64 squares), frontier (add up frontier states, boards up to 8 squares across) or auto (enumerate up to 36 squares 5 or more across and up to 30 squares, else the frontier)")
	memLimit := fs.String("mem-limit", "", "stop a frontier count before a square or a join that would take more memory than this, such as 8GiB; 0 for no limit (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	ckPath := fs.String("checkpoint", "", "save progress to this `file` and resume from it when it is there (removed when the count completes)")
	ckEvery := fs.Duration("checkpoint-every", 10*time.Minute, "save the checkpoint this often (and when stopped by -timeout, an interrupt or -mem-limit)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	method, err := count.ParseMethod(*methodName)
	if err != nil {
		return usagef("-method: %v", err)
	}
	mem, err := memLimitFlag(*memLimit)
	if err != nil {
		return err
	}
	if *ckEvery < 0 {
		return usagef("-checkpoint-every %v: want 0 (every square) or a positive duration such as 10m", *ckEvery)
	}

	b, err := bf.board(fs)
	if err != nil {
		return err
	}
	if err := method.Check(b); err != nil {
		return usagef("%s: %v", bf.name(fs), err)
	}
	frontier := method.For(b) == count.Frontier
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
	if *totalOnly && (set["start"] || set["starts"]) {
		return usagef("-total: give -total, -start R,C or -starts all, one of them")
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
	// Neither the squares of a frontier count nor the subtrees of an
	// enumeration cost alike (7x7: some subtrees take minutes, most
	// seconds): the meter shows no rate or time left, which would mislead.
	unit := "subtrees"
	if frontier {
		unit = "steps" // a pass's squares, then its join as many again
	}
	var found atomic.Uint64 // tours the enumeration's searches have found
	var live func() string
	if !frontier {
		live = func() string { return fmt.Sprintf("%d tours found", found.Load()) }
	}
	last := 0
	opt := count.Options{Found: &found, Closed: *closed, Workers: *workers, Method: method, MemLimit: mem.Bytes,
		Checkpoint: *ckPath, CheckpointEvery: *ckEvery,
		Progress: func(done, total int) {
			if meter == nil {
				meter = progress.New(stderr, progress.Options{Terminal: isTerminal(stderr), Name: "count", Unit: unit, Total: int64(total),
					NoEstimate: true, Live: live})
				meter.Start()
			}
			for ; last < done; last++ {
				meter.End(int64(last), 0, 0)
			}
		},
		Layer: func(states int, bytes int64) {
			meter.Detail(fmt.Sprintf("%d states, %s", states, memlimit.Format(bytes)))
			meter.Tick(time.Now())
		},
	}
	if mem.Bytes > 0 {
		debug.SetMemoryLimit(mem.Bytes) // the garbage collector works harder near the limit
	}
	if frontier {
		// A frontier count's memory is a few large slices without
		// pointers, which a collection need not scan: collecting often is
		// cheap, and keeps the peak near what the count holds rather than
		// near the limit (peak RSS of 7x7 open: 2.81 GB at Go's default
		// of 100%, 2.47 GB at 10%, 6% slower; 8x8 closed: 21.6 GB at
		// 100% in an earlier run, 18.1 GB at 10%).
		debug.SetGCPercent(10)
	}

	out := countJSON{Rows: b.Rows, Cols: b.Cols, Closed: *closed, Method: method.For(b).String()}
	var grid count.Grid
	kept := false // a checkpoint to resume from was saved
	if *totalOnly {
		grid, err = count.Total(runCtx, b, opt)
		kept = grid.Kept
		if err != nil {
			meter.Finish(time.Now()) // before the error, which it would draw over
			return countError(err, mem, kept, *ckPath, b)
		}
		out.Count, out.Total = grid.Total, grid.Total
		out.Nodes, out.TimeNS, out.Complete = grid.Nodes, grid.Elapsed.Nanoseconds(), grid.AllComplete
		out.PeakStates, out.Resumed = grid.PeakStates, grid.Resumed
	} else if all {
		grid, err = count.All(runCtx, b, opt)
		kept = grid.Kept
		if err != nil {
			meter.Finish(time.Now()) // before the error, which it would draw over
			return countError(err, mem, kept, *ckPath, b)
		}
		out.Count, out.Total, out.Grid = grid.Total, grid.Total, grid.Tours
		out.Nodes, out.TimeNS, out.Complete = grid.Nodes, grid.Elapsed.Nanoseconds(), grid.AllComplete
		out.PeakStates, out.Resumed = grid.PeakStates, grid.Resumed
	} else {
		res, err := count.From(runCtx, b, sq, opt)
		kept = res.Kept
		if err != nil {
			meter.Finish(time.Now()) // before the error, which it would draw over
			return countError(err, mem, kept, *ckPath, b)
		}
		out.StartRow, out.StartCol = &sq.Row, &sq.Col
		out.Count, out.Nodes, out.TimeNS, out.Complete = res.Tours, res.Nodes, res.Elapsed.Nanoseconds(), res.Complete
		out.PeakStates, out.Resumed = res.PeakStates, res.Resumed
	}
	meter.Finish(time.Now())

	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			return err
		}
	} else if err := writeCount(stdout, out, grid, all, *totalOnly); err != nil {
		return err
	}
	if kept {
		fmt.Fprintf(stderr, "checkpoint saved in %s: run the same command to resume\n", *ckPath)
	}
	switch {
	case out.Complete:
		return nil
	case ctx.Err() != nil:
		return errInterrupted
	}
	return fmt.Errorf("%w: -timeout %v passed; the counts printed are lower bounds", errIncomplete, *timeout)
}

// countError adds what to do to a count's error.
func countError(err error, mem memlimit.Limit, kept bool, ckPath string, b board.Board) error {
	var me *count.MemoryError
	if errors.As(err, &me) {
		// Enumeration needs almost no memory; past 36 squares it takes
		// hours (7x7: two or more on 2 cores, by docs/counting.md).
		alt := ""
		if b.Squares() <= count.MaxSquares {
			alt = "; -method enumerate needs a few MiB but may take hours"
		}
		if kept {
			return fmt.Errorf("count: %w (%s): checkpoint saved in %s: the same command with a higher -mem-limit resumes from it, if the machine has the memory%s", err, mem.Source, ckPath, alt)
		}
		return fmt.Errorf("count: %w (%s): raise -mem-limit if the machine has the memory, or count a smaller board%s", err, mem.Source, alt)
	}
	return fmt.Errorf("count: %w", err)
}

// writeCount prints the grid (with -starts all) and the summary line.
// Incomplete counts carry a "+": they are lower bounds.
func writeCount(w io.Writer, out countJSON, grid count.Grid, all, totalOnly bool) error {
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
	} else if totalOnly {
		fmt.Fprintf(&sb, "total=%d", out.Count)
	} else {
		fmt.Fprintf(&sb, "count=%d", out.Count)
	}
	nodes := "nodes"
	if out.Method == count.Frontier.String() {
		nodes = "states"
	}
	fmt.Fprintf(&sb, " %s=%d time=%v complete=%v\n", nodes, out.Nodes, time.Duration(out.TimeNS).Round(time.Microsecond), out.Complete)
	_, err := io.WriteString(w, sb.String())
	return err
}

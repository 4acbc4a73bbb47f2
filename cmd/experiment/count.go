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

	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
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
	req, err := parseCount(args, stderr)
	if err != nil {
		return err
	}
	runCtx := ctx
	if req.timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, req.timeout)
		defer cancel()
	}
	meter := newCountMeter(stderr, req.frontier())
	opt := req.opt
	opt.Found, opt.Progress, opt.Layer = &meter.found, meter.progress, meter.layer
	defer gcFor(req.mem, req.frontier())()

	out, grid, kept, err := req.count(runCtx, opt)
	meter.finish() // before the error or the counts, which it would draw over
	// A count stopped by a checkpoint that could not be saved still prints
	// what it counted, as lower bounds; any other error, nothing.
	var unsaved *count.CheckpointError
	if err != nil && (!errors.As(err, &unsaved) || out.Count == nil || out.Nodes == 0) {
		return countError(err, req.mem, kept, opt.Checkpoint, req.board)
	}
	if req.asJSON {
		if werr := json.NewEncoder(stdout).Encode(out); werr != nil {
			return werr
		}
	} else if werr := writeCount(stdout, out, grid, req.mode == countAll, req.mode == countTotal); werr != nil {
		return werr
	}
	switch {
	case err != nil:
		return countError(err, req.mem, kept, opt.Checkpoint, req.board)
	case kept:
		fmt.Fprintf(stderr, "checkpoint saved in %s: run the same command to resume\n", opt.Checkpoint)
	}
	switch {
	case out.Complete:
		return nil
	case ctx.Err() != nil:
		return errInterrupted
	}
	return fmt.Errorf("%w: -timeout %v passed; the counts printed are lower bounds", errIncomplete, req.timeout)
}

// countMode is what a count counts: the tours from one square, the grid of
// every square's, or their total alone.
type countMode int

const (
	countOne countMode = iota
	countAll
	countTotal
)

// countRequest is a count as its flags describe it, checked.
type countRequest struct {
	board   board.Board
	start   board.Square
	mode    countMode
	timeout time.Duration
	mem     memlimit.Limit
	asJSON  bool
	// opt holds the flags' options, without the progress hooks.
	opt count.Options
}

func (r countRequest) frontier() bool { return r.opt.Method.For(r.board) == count.Frontier }

// parseCount reads and checks count's flags.
func parseCount(args []string, stderr io.Writer) (countRequest, error) {
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
	var r countRequest
	if err := parseFlags(fs, args); err != nil {
		return r, err
	}
	method, err := count.ParseMethod(*methodName)
	if err != nil {
		return r, usagef("-method: %v", err)
	}
	if r.mem, err = memLimitFlag(*memLimit); err != nil {
		return r, err
	}
	if *ckEvery < 0 {
		return r, usagef("-checkpoint-every %v: want 0 (every square) or a positive duration such as 10m", *ckEvery)
	}
	if r.board, err = bf.board(fs); err != nil {
		return r, err
	}
	if err := method.Check(r.board); err != nil {
		return r, usagef("%s: %v", bf.name(fs), err)
	}
	set := setFlags(fs)
	switch {
	case set["starts"] && *starts != "all":
		return r, usagef("-starts %q: the only value is all (or give one square with -start)", *starts)
	case set["starts"] && set["start"]:
		return r, usagef("-starts: give -start R,C or -starts all, not both")
	case *totalOnly && (set["start"] || set["starts"]):
		return r, usagef("-total: give -total, -start R,C or -starts all, one of them")
	case set["starts"]:
		r.mode = countAll
	case *totalOnly:
		r.mode = countTotal
	}
	if r.start, err = parseStart(*start, r.board); err != nil {
		return r, err
	}
	if err := parseWorkers(*workers); err != nil {
		return r, err
	}
	if *timeout < 0 {
		return r, usagef("-timeout %v: want 0 (no limit) or a positive duration such as 10m", *timeout)
	}
	if *ckPath != "" {
		if err := outpath.File("-checkpoint", *ckPath); err != nil {
			return r, err
		}
	}
	r.timeout, r.asJSON = *timeout, *asJSON
	r.opt = count.Options{Closed: *closed, Workers: *workers, Method: method, MemLimit: r.mem.Bytes,
		Checkpoint: *ckPath, CheckpointEvery: *ckEvery}
	return r, nil
}

// count runs the count r asks for. out.Count is nil if there is nothing
// to print; after a checkpoint that could not be saved, out and grid hold
// what was counted before it.
func (r countRequest) count(ctx context.Context, opt count.Options) (out countJSON, grid count.Grid, kept bool, err error) {
	b := r.board
	out = countJSON{Rows: b.Rows, Cols: b.Cols, Closed: opt.Closed, Method: opt.Method.For(b).String()}
	if r.mode == countOne {
		res, err := count.From(ctx, b, r.start, opt)
		if res.Tours != nil {
			out.StartRow, out.StartCol = &r.start.Row, &r.start.Col
			out.Count, out.Nodes, out.TimeNS, out.Complete = res.Tours, res.Nodes, res.Elapsed.Nanoseconds(), res.Complete
			out.PeakStates, out.Resumed = res.PeakStates, res.Resumed
		}
		return out, grid, res.Kept, err
	}
	if r.mode == countTotal {
		grid, err = count.Total(ctx, b, opt)
	} else {
		grid, err = count.All(ctx, b, opt)
		out.Grid = grid.Tours
	}
	if grid.Total != nil {
		out.Count, out.Total = grid.Total, grid.Total
		out.Nodes, out.TimeNS, out.Complete = grid.Nodes, grid.Elapsed.Nanoseconds(), grid.AllComplete
		out.PeakStates, out.Resumed = grid.PeakStates, grid.Resumed
	}
	return out, grid, grid.Kept, err
}

// countMeter draws a count's progress on stderr, from its first report.
type countMeter struct {
	stderr io.Writer
	unit   string
	meter  *progress.Meter
	found  atomic.Uint64 // tours the enumeration's searches have found
	live   func() string
	last   int
}

// newCountMeter returns the meter of a count by the frontier method or by
// enumeration. Neither the squares of a frontier count nor the subtrees of
// an enumeration cost alike (7x7: some subtrees take minutes, most
// seconds): the meter shows no rate or time left, which would mislead.
func newCountMeter(stderr io.Writer, frontier bool) *countMeter {
	m := &countMeter{stderr: stderr, unit: "subtrees"}
	if frontier {
		m.unit = "steps" // a pass's squares, then its join as many again
	} else {
		m.live = func() string { return fmt.Sprintf("%d tours found", m.found.Load()) }
	}
	return m
}

func (m *countMeter) progress(done, total int) {
	if m.meter == nil {
		m.meter = progress.New(m.stderr, progress.Options{Terminal: isTerminal(m.stderr), Name: "count", Unit: m.unit, Total: int64(total),
			NoEstimate: true, Live: m.live})
		m.meter.Start()
	}
	for ; m.last < done; m.last++ {
		m.meter.End(int64(m.last), 0, 0)
	}
}

func (m *countMeter) layer(states int, bytes int64) {
	m.meter.Detail(fmt.Sprintf("%d states, %s", states, memlimit.Format(bytes)))
	m.meter.Tick(time.Now())
}

func (m *countMeter) finish() { m.meter.Finish(time.Now()) }

// gcFor sets the garbage collector's memory limit to mem's, and with
// frontier its percent low, and returns what restores the settings it
// found, as sweep.Run does: they are the process's, and a test or a caller
// that runs two commands must not inherit the first one's.
func gcFor(mem memlimit.Limit, frontier bool) func() {
	var restore []func()
	if mem.Bytes > 0 {
		limit := debug.SetMemoryLimit(mem.Bytes) // the garbage collector works harder near the limit
		restore = append(restore, func() { debug.SetMemoryLimit(limit) })
	}
	if frontier {
		// A frontier count's memory is a few large slices without
		// pointers, which a collection need not scan: collecting often is
		// cheap, and keeps the peak near what the count holds rather than
		// near the limit (peak RSS of 7x7 open: 2.81 GB at Go's default
		// of 100%, 2.47 GB at 10%, 6% slower; 8x8 closed: 21.6 GB at
		// 100% in an earlier run, 18.1 GB at 10%).
		percent := debug.SetGCPercent(10)
		restore = append(restore, func() { debug.SetGCPercent(percent) })
	}
	return func() {
		for _, f := range restore {
			f()
		}
	}
}

// countError adds what to do to a count's error.
func countError(err error, mem memlimit.Limit, kept bool, ckPath string, b board.Board) error {
	// What a checkpoint file holds is input, as a runs.csv's is: exit 2.
	var ue *count.UnusableError
	if errors.As(err, &ue) {
		return input.Errorf("-checkpoint", "%v", ue)
	}
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

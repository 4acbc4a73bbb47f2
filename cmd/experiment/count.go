package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/progress"
)

// errIncomplete reports a count stopped by -timeout: exit status 1, after
// the partial counts are printed.
var errIncomplete = errors.New("count incomplete")

func cmdCount(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	req, mem, err := parseCount(args, stderr)
	if err != nil {
		return err
	}
	meter := newCountMeter(stderr, req.Frontier())
	req.Options.Found, req.Options.Progress, req.Options.Layer = &meter.found, meter.progress, meter.layer
	out, grid, kept, err := req.Run(ctx)
	meter.finish() // before the error or the counts, which it would draw over
	ck := req.Options.Checkpoint
	// A count stopped by a checkpoint that could not be saved still prints
	// what it counted, as lower bounds; any other error, nothing.
	var unsaved *count.CheckpointError
	if err != nil && (!errors.As(err, &unsaved) || out.Count == nil || out.Nodes == 0) {
		return countError(err, mem, kept, ck, req.Board)
	}
	if werr := printCount(stdout, req, out, grid); werr != nil {
		return werr
	}
	switch {
	case err != nil:
		return countError(err, mem, kept, ck, req.Board)
	case kept:
		fmt.Fprintf(stderr, "checkpoint saved in %s: run the same command to resume\n", ck)
	}
	switch {
	case out.Complete:
		return nil
	case ctx.Err() != nil:
		return errInterrupted
	}
	return fmt.Errorf("%w: -timeout %v passed; the counts printed are lower bounds", errIncomplete, req.Timeout)
}

// countRequest is a count as its flags describe it, checked: the runner's
// request and how to print its answer.
type countRequest struct {
	count.Request
	asJSON bool
}

// printCount prints the answer: -json's object, or the grid (with -starts
// all) and the summary line.
func printCount(w io.Writer, req countRequest, out count.Answer, grid count.Grid) error {
	if req.asJSON {
		return json.NewEncoder(w).Encode(out)
	}
	return out.WriteText(w, grid, req.Mode)
}

// parseCount reads and checks count's flags.
func parseCount(args []string, stderr io.Writer) (countRequest, memlimit.Limit, error) {
	fs := newFlagSet("count", "-sizes N | -rows R -cols C [-starts R,C | -starts all] [-closed] [-method M] [-workers N] [-timeout D] [-mem-limit SIZE] [-checkpoint FILE] [-json]", stderr)
	var bf boardFlags
	bf.register(fs)
	var sf startFlags
	sf.register(fs, "0,0", "count the tours from the square `row,col`, or from every square with all (a grid)")
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
	var mem memlimit.Limit
	if err := parseFlags(fs, args); err != nil {
		return r, mem, err
	}
	method, err := count.ParseMethod(*methodName)
	if err != nil {
		return r, mem, usagef("-method: %v", err)
	}
	if mem, err = memLimitFlag(*memLimit); err != nil {
		return r, mem, err
	}
	if *ckEvery < 0 {
		return r, mem, usagef("-checkpoint-every %v: want 0 (every square) or a positive duration such as 10m", *ckEvery)
	}
	if r.Board, err = bf.board(fs); err != nil {
		return r, mem, err
	}
	if err := method.Check(r.Board); err != nil {
		return r, mem, usagef("%s: %v", bf.name(fs), err)
	}
	var every bool
	if r.Start, every, err = sf.square(fs, r.Board, true); err != nil {
		return r, mem, err
	}
	switch {
	case *totalOnly && sf.given(fs):
		return r, mem, usagef("-total: give -total, -starts R,C or -starts all, one of them")
	case every:
		r.Mode = count.CountAll
	case *totalOnly:
		r.Mode = count.CountTotal
	}
	if err := parseWorkers(*workers); err != nil {
		return r, mem, err
	}
	if *timeout < 0 {
		return r, mem, usagef("-timeout %v: want 0 (no limit) or a positive duration such as 10m", *timeout)
	}
	if *ckPath != "" {
		if err := outpath.File("-checkpoint", *ckPath); err != nil {
			return r, mem, err
		}
	}
	r.Timeout, r.asJSON = *timeout, *asJSON
	r.Options = count.Options{Closed: *closed, Workers: *workers, Method: method, MemLimit: mem.Bytes,
		Checkpoint: *ckPath, CheckpointEvery: *ckEvery}
	return r, mem, nil
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

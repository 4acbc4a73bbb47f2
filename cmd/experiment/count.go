package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"knightsweep/internal/outpath"
	"knightsweep/pkg/count"
	"knightsweep/pkg/memlimit"
)

func cmdCount(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	req, mem, err := parseCount(args, stderr)
	if err != nil {
		return err
	}
	meter := count.NewMeter(stderr, isTerminal(stderr), &req.Request)
	out, grid, kept, err := req.Run(ctx)
	meter.Finish() // before the error or the counts, which it would draw over
	if !out.Printable(err) {
		return req.Explain(err, mem, kept)
	}
	if werr := out.Write(stdout, grid, req.Mode, req.asJSON); werr != nil {
		return werr
	}
	switch {
	case err != nil:
		return req.Explain(err, mem, kept)
	case kept:
		fmt.Fprintf(stderr, "checkpoint saved in %s: run the same command to resume\n", req.Options.Checkpoint)
	}
	switch {
	case out.Complete:
		return nil
	case ctx.Err() != nil:
		return errInterrupted
	}
	return req.Incomplete()
}

// countRequest is a count as its flags describe it, checked: the runner's
// request and how to print its answer.
type countRequest struct {
	count.Request
	asJSON bool
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

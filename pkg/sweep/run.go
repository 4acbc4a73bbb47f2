package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"
)

// Options are a sweep's settings and how to run them. Nothing here but
// Settings changes the rows a sweep writes.
type Options struct {
	Settings
	// Out is the output directory.
	Out string
	// Resume continues the sweep in Out, running only jobs without a row.
	Resume bool
	// Shard limits the sweep to one shard of it (see Shard).
	Shard Shard
	// Workers is the number of searches run at once.
	Workers int
	// MemLimit bounds the summed memory estimates (solver.Info.Bytes) of
	// the searches running at once: a job that would pass it waits for
	// others to finish, and a sweep with a job that cannot fit at all is
	// refused. 0 means no limit.
	MemLimit int64
	// Notes receives what the sweep leaves out (Plan.Skipped), one line
	// each, before it starts; nil for none.
	Notes io.Writer
	// Progress receives progress reports; nil for none. Terminal draws a
	// bar on it instead of printing a line every LineEvery.
	Progress io.Writer
	Terminal bool
	// Command is the command line, recorded in the manifest.
	Command []string
	// lineEvery overrides LineEvery in tests.
	lineEvery time.Duration
	// wrapRuns, if set, wraps runs.csv for the row writer: tests make it
	// fail.
	wrapRuns func(syncWriter) syncWriter
}

// Summary is what a sweep did.
type Summary struct {
	// Out is the output directory; Runs the path of its runs.csv.
	Out, Runs string
	// Jobs is the number of jobs in the sweep (in its shard), Skipped those that had a
	// row before it started (with -resume), Ran the rows it wrote.
	Jobs, Skipped, Ran int64
	// Counts holds every row of runs.csv by status.
	Counts map[string]int64
	// Repaired is the bytes of a truncated last line cut on resume.
	Repaired int64
	// State is the manifest's state: completed, interrupted or failed.
	State   string
	Elapsed time.Duration
}

// Run runs the sweep opts describe: it checks every option, expands the
// jobs, prepares the output directory, then runs the jobs on opts.Workers
// workers, costliest first, streaming a row per finished job to runs.csv.
//
// Bad options are InputErrors, returned before anything is written. If ctx
// is canceled, running searches stop and write no row, every finished row
// is kept, the manifest records "interrupted", and Run returns
// ErrInterrupted. Failing to write the output is the only other error: it
// stops the sweep, keeping every row already written.
func Run(ctx context.Context, opts Options) (*Summary, error) {
	start := time.Now()
	if opts.Workers < 1 {
		return nil, inputErrorf("-workers", "%d: want at least 1 (default: the number of usable CPUs)", opts.Workers)
	}
	if err := opts.Shard.check(); err != nil {
		return nil, err
	}
	plan, err := NewPlan(opts.Settings)
	if err != nil {
		return nil, err
	}
	if opts.MemLimit < 0 {
		return nil, inputErrorf("-mem-limit", "%d: %s", opts.MemLimit, bytesForm)
	}
	for _, c := range plan.cells {
		if opts.MemLimit > 0 && c.bytes > opts.MemLimit {
			return nil, inputErrorf("-mem-limit", "%s on %v needs about %s, more than the limit of %s: raise -mem-limit or leave out that board",
				c.strategy, c.board, FormatBytes(c.bytes), FormatBytes(opts.MemLimit))
		}
	}
	if opts.Notes != nil {
		for _, k := range plan.Skipped() {
			fmt.Fprintf(opts.Notes, "note: %v; those jobs are left out\n", k)
		}
	}
	sel := newSelection(plan, opts.Shard)
	out, err := openOutput(opts.Out, opts.Resume, plan, sel)
	if err != nil {
		return nil, err
	}
	defer out.close()
	skip := func(i int64) bool { return out.done.has(i) || !sel.has(i) }

	man := newManifest(out.prev, plan, opts.Workers, opts.Command, start)
	man.Jobs, man.Shard = sel.jobs, opts.Shard.manifestShard()
	if err := man.write(out.dir); err != nil {
		return nil, fmt.Errorf("write manifest: %w", err)
	}
	lineEvery := opts.lineEvery
	if lineEvery == 0 {
		lineEvery = LineEvery
	}
	todo, cost := plan.Cost(skip)
	prog := newProgress(opts.Progress, opts.Terminal, todo, cost, lineEvery, start)
	var dst syncWriter = out.file
	if opts.wrapRuns != nil {
		dst = opts.wrapRuns(dst)
	}
	w := startWriter(dst, plan.Settings().SaveTours, prog)
	runErr := execute(ctx, plan, skip, opts.Workers, opts.MemLimit, w)
	writeErr := w.close()
	if err := out.file.Close(); writeErr == nil {
		writeErr = err
	}
	end := time.Now()
	prog.finish(end)

	sum := &Summary{
		Out: out.dir, Runs: filepath.Join(out.dir, RunsFile), Jobs: sel.jobs,
		Skipped: out.ndone, Ran: w.written, Counts: maps.Clone(out.counts), Repaired: out.cut,
		Elapsed: end.Sub(start),
	}
	for st, n := range w.counts {
		sum.Counts[st] += n
	}
	var result error
	switch {
	case writeErr != nil:
		sum.State, result = StateFailed, fmt.Errorf("writing rows: %w", writeErr)
	case runErr != nil:
		sum.State, result = StateFailed, runErr
	case sum.Skipped+sum.Ran == sum.Jobs:
		sum.State = StateCompleted
	case ctx.Err() != nil:
		sum.State, result = StateInterrupted, ErrInterrupted
	default:
		// Every job was dispatched and no search was canceled, so every
		// job must have its row.
		sum.State, result = StateFailed, fmt.Errorf("internal error: %d of %d jobs have no row", sum.Jobs-sum.Skipped-sum.Ran, sum.Jobs)
	}
	man.finish(sum.State, sum.Ran, sum.Counts, result, end)
	if err := man.write(out.dir); err != nil && result == nil {
		result = fmt.Errorf("write manifest: %w", err)
	}
	return sum, result
}

// execute runs the jobs of plan for which skip is false on n workers, handing
// each finished job's row to w. A feeder hands the jobs out in schedule
// order, so the costliest start first and a worker that frees up takes the
// next one. With memLimit > 0 a job first takes its memory estimate from a
// weighted semaphore of memLimit bytes, so a big job waits until the
// running ones leave it room. It returns a write error from w, which stops
// the sweep; a canceled ctx just stops it.
func execute(ctx context.Context, plan *Plan, skip func(int64) bool, n int, memLimit int64, w *rowWriter) error {
	g, gctx := errgroup.WithContext(ctx)
	// A short queue spares a goroutine hand-off per job; the order of
	// dispatch stays the schedule's.
	jobs := make(chan Job, 64)
	g.Go(func() error {
		defer close(jobs)
		for j := range plan.Schedule(skip) {
			select {
			case jobs <- j:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	s := plan.Settings()
	var mem *semaphore.Weighted
	if memLimit > 0 {
		mem = semaphore.NewWeighted(memLimit)
	}
	for range n {
		wk := &worker{orderText: plan.OrderText(), timeout: s.Timeout, saveTours: s.SaveTours}
		g.Go(func() error {
			for j := range jobs {
				if gctx.Err() != nil {
					return nil
				}
				if mem != nil {
					if err := mem.Acquire(gctx, j.Bytes); err != nil {
						return nil // canceled
					}
				}
				r, ok := wk.run(gctx, j)
				if mem != nil {
					mem.Release(j.Bytes)
				}
				if !ok {
					continue
				}
				if err := w.put(r); err != nil {
					return err
				}
			}
			return nil
		})
	}
	err := g.Wait()
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime/debug"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"

	"knightsweep/internal/input"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/progress"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
)

// MaxWorkers bounds -workers: each worker holds a search's buffers, and
// more workers than this only wait for cores.
const MaxWorkers = 4096

// Options say where and how to run a plan. Nothing here changes the rows a
// sweep writes.
type Options struct {
	// Out is the output directory; Resume continues the sweep in it,
	// running only jobs without a row.
	Out    string
	Resume bool
	// MixedBuilds lets Resume continue rows that another build wrote
	// (outdir.OpenOptions).
	MixedBuilds bool
	// Shard limits the sweep to one shard of the plan.
	Shard plan.Shard
	// Workers is the number of searches run at once, 1..MaxWorkers.
	Workers int
	// MemLimit bounds the summed memory estimates (strategies.Info.Bytes) of
	// the searches running at once: a job that would pass it waits for
	// others to finish, and a plan with a job that cannot fit at all is
	// refused. Bytes 0 means no limit. It is also the Go runtime's soft
	// memory limit, so that garbage is collected before the heap passes
	// it.
	MemLimit memlimit.Limit
	// Notes receives what the sweep leaves out (Plan.Skipped) and a
	// manifest rebuilt on resume, one line each; nil for none.
	Notes io.Writer
	// Progress receives progress reports; nil for none. Terminal draws a
	// bar on it instead of printing a line every progress.Every.
	Progress io.Writer
	Terminal bool
	// Command is the command line, recorded in the manifest.
	Command []string
	// Strategies is the strategies the sweep's jobs run: the built-in
	// ones and the external solvers the plan's settings declare. Nil
	// means the built-in ones alone (solver.Builtins).
	Strategies *solver.Set

	// Table, if set, has the sweep keep the figures of its end-of-run
	// table (stats.Options.TableOnly) from its rows as it writes them, in
	// Summary.Table.
	Table bool

	// wrapRuns, if set, wraps runs.csv for the row writer: tests make it
	// fail.
	wrapRuns func(syncWriter) syncWriter
}

// Summary is what a sweep did.
type Summary struct {
	// Out is the output directory; Runs the path of its runs.csv.
	Out, Runs string
	// Jobs is the number of jobs in the sweep (in its shard), Skipped those
	// that had a row before it started (with -resume), Ran the rows it
	// wrote.
	Jobs, Skipped, Ran int64
	// Counts holds every row of runs.csv by status.
	Counts map[status.Status]int64
	// Repaired is the bytes of a torn last line cut on resume.
	Repaired int64
	// Recovered says why the manifest was rebuilt (outdir.Dir.Recovered).
	Recovered string
	// State is the manifest's state: completed, interrupted or failed.
	State   string
	Elapsed time.Duration
	// Manifest is the sweep's manifest as written at the end.
	Manifest *outdir.Manifest
	// Table is the end-of-run table's figures (those of stats.ReadFiles
	// of Runs with stats.Options.TableOnly), filed from each row as the
	// writer writes it, where Options.Table asks for them and the sweep
	// starts runs.csv and writes every row; else nil.
	Table *stats.Results
}

// TableResults returns the figures of the sweep's end-of-run table:
// Table where it was kept, else those of reading Runs back
// (stats.ReadFiles with stats.Options.TableOnly).
func (s *Summary) TableResults(ctx context.Context) (*stats.Results, error) {
	if s.Table != nil {
		return s.Table, nil
	}
	return stats.ReadFiles(ctx, []string{s.Runs}, stats.Options{TableOnly: true})
}

// ErrInterrupted reports that the context was canceled (Ctrl-C, SIGTERM)
// before every job had run. The rows of every finished job are on disk and
// the manifest says "interrupted": run again with -resume to finish.
var ErrInterrupted = errors.New("sweep interrupted")

// Run runs the jobs of p (of o.Shard) into o.Out, streaming a row per
// finished job to runs.csv.
//
// Bad options are input.Errors, returned before anything is written.
// If ctx is canceled, running searches stop and write no row, every
// finished row is kept, the manifest records "interrupted", and Run
// returns ErrInterrupted. Failing to write the output stops the sweep,
// keeping every row already written. The Summary is nil only when nothing
// was started.
func Run(ctx context.Context, p *plan.Plan, o Options) (*Summary, error) {
	start := time.Now()
	if o.Workers < 1 || o.Workers > MaxWorkers {
		return nil, input.Errorf("-workers", "%d: want 1 to %d searches at once (default: the number of usable CPUs)", o.Workers, MaxWorkers)
	}
	if err := o.Shard.Check(); err != nil {
		return nil, &input.Error{Flag: "-shard", Err: err}
	}
	if err := p.CheckMemory(o.MemLimit.Bytes, memlimit.Format); err != nil {
		return nil, err
	}
	sel := p.Select(o.Shard)
	dir, err := outdir.Open(o.Out, outdir.OpenOptions{Resume: o.Resume, MixedBuilds: o.MixedBuilds}, p, sel)
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	if o.Notes != nil {
		for _, k := range p.Skipped() {
			fmt.Fprintf(o.Notes, "note: %v; those jobs are left out\n", k)
		}
		if dir.Recovered != "" {
			fmt.Fprintf(o.Notes, "note: %s\n", dir.Recovered)
		}
	}
	if o.MemLimit.Bytes > 0 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(o.MemLimit.Bytes))
	}
	skip := func(i int64) bool { return dir.Done.Has(i) || !sel.Has(i) }

	man := outdir.NewManifest(dir.Prev, p, sel, o.Workers, o.MemLimit, o.Command, start)
	man.Recovered = dir.Recovered
	if err := man.Write(dir.Path); err != nil {
		return nil, fmt.Errorf("write manifest: %w", err)
	}
	todo, cost, kinds := p.CostByKind(skip)
	// The runs of external solvers have no estimate (plan.Unknown): a time
	// left without them would say 0s while they run.
	unknown, _ := p.Unknown(skip)
	meter := progress.New(o.Progress, progress.Options{Terminal: o.Terminal, Name: "sweep", Unit: "runs", Found: "found",
		Total: todo, TotalCost: cost, KindCost: kinds, NoEstimate: unknown > 0, Now: start})
	meter.Start()
	var dst syncWriter = dir.Runs
	if o.wrapRuns != nil {
		dst = o.wrapRuns(dst)
	}
	w := startWriter(dst, dir.Path, man, p.Settings().SaveTours)
	w.keepTable(o.Table && dir.NDone == 0 && dir.Cut == 0, dir.RunsPath())
	runErr := execute(ctx, p, skip, o, w, meter)
	writeErr := w.close()
	if err := dir.Runs.Close(); writeErr == nil {
		writeErr = err
	}
	dir.Runs = nil
	end := time.Now()
	meter.Finish(end)

	sum := &Summary{
		Out: dir.Path, Runs: dir.RunsPath(), Jobs: sel.Jobs, Skipped: dir.NDone, Ran: w.written, Table: w.tableResults(),
		Counts: maps.Clone(dir.Counts), Repaired: dir.Cut, Recovered: dir.Recovered, Elapsed: end.Sub(start), Manifest: man,
	}
	for st, n := range w.counts {
		sum.Counts[st] += n
	}
	if writeErr != nil {
		// Rows of the batch that failed may have reached the file in part:
		// the file says which.
		if counts, err := dir.Recount(); err == nil {
			var n int64
			for _, c := range counts {
				n += c
			}
			sum.Counts, sum.Ran = counts, n-sum.Skipped
		}
	}
	var result error
	switch {
	case writeErr != nil:
		sum.State, result = outdir.StateFailed, fmt.Errorf("writing rows: %w", writeErr)
	case runErr != nil:
		sum.State, result = outdir.StateFailed, runErr
	case sum.Skipped+sum.Ran == sum.Jobs:
		sum.State = outdir.StateCompleted
	case ctx.Err() != nil:
		sum.State, result = outdir.StateInterrupted, ErrInterrupted
	default:
		// Every job was dispatched and no search was canceled, so every
		// job must have its row.
		sum.State, result = outdir.StateFailed, fmt.Errorf("internal error: %d of %d jobs have no row", sum.Jobs-sum.Skipped-sum.Ran, sum.Jobs)
	}
	man.Finish(sum.State, sum.Ran, sum.Counts, result, end)
	if err := man.Write(dir.Path); err != nil {
		err = fmt.Errorf("write manifest (it may still say %q): %w", outdir.StateRunning, err)
		result = errors.Join(result, err)
		if sum.State == outdir.StateCompleted {
			sum.State = outdir.StateFailed
		}
	}
	return sum, result
}

// execute runs the jobs of p for which skip is false on o.Workers workers,
// handing each finished job's row to w. A dealer hands the jobs out in
// schedule order, so the longest start first and a worker that frees up
// takes the next one. A job takes as many of the workers' slots as its
// search uses cores, and, with a memory limit, its memory estimate from a
// weighted semaphore of the limit. It returns a write error from w, which
// stops the sweep; a canceled ctx just stops it.
func execute(ctx context.Context, p *plan.Plan, skip func(int64) bool, o Options, w *rowWriter, meter *progress.Meter) error {
	g, gctx := errgroup.WithContext(ctx)
	deal := newDealer()
	g.Go(func() (err error) {
		defer recoverTo(&err)
		deal.feed(gctx, p.Schedule(skip))
		return nil
	})
	var mem *semaphore.Weighted
	if o.MemLimit.Bytes > 0 {
		mem = semaphore.NewWeighted(o.MemLimit.Bytes)
	}
	cores := semaphore.NewWeighted(int64(o.Workers))
	for range o.Workers {
		wk := newWorker(strategySet(o), w.claimTour)
		g.Go(func() (err error) {
			defer recoverTo(&err)
			// The worker keeps its thread from job to job, so that one
			// read of the thread's CPU clock ends a run and starts the
			// next (solver.ThreadClock), and leaves it to wait for jobs.
			clk := new(solver.ThreadClock)
			wk.clock = clk
			clk.Lock()
			defer clk.Unlock()
			for {
				j, ok := deal.get(clk)
				if !ok {
					return nil
				}
				if gctx.Err() != nil {
					return nil
				}
				threads := int64(min(j.Threads, o.Workers))
				if err := cores.Acquire(gctx, threads); err != nil {
					return nil // canceled
				}
				if mem != nil {
					if err := mem.Acquire(gctx, j.Bytes); err != nil {
						cores.Release(threads)
						return nil
					}
				}
				meter.BeginKind(j.Index, j.Kind, j.Cost, time.Now())
				r, ok := wk.run(gctx, j, int(threads))
				if mem != nil {
					mem.Release(j.Bytes)
				}
				cores.Release(threads)
				if !ok {
					continue
				}
				meter.End(j.Index, b2i(r.row.Status == status.Found), float64(r.row.TimeNS)/1e9)
				if err := w.put(&r); err != nil {
					return err
				}
			}
		})
	}
	err := g.Wait()
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// recoverTo turns a panic in a goroutine of the sweep's own (not in a
// search: those become rows) into an error that stops the sweep, rather
// than a crash that loses the manifest's last word.
func recoverTo(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("internal error: panic: %v\n%s", p, debug.Stack())
	}
}

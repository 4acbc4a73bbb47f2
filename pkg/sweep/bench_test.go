package sweep

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/plan"
)

// benchSweep runs opts b.N times, each into a fresh directory, and reports
// the wall time per job and jobs per second.
func benchSweep(b *testing.B, s plan.Settings, opts Options) {
	p, err := plan.New(s)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := range b.N {
		opts.Out = filepath.Join(dir, fmt.Sprint(i))
		if _, err := Run(context.Background(), p, opts); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	jobs := float64(p.Len()) * float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/jobs, "ns/job")
	b.ReportMetric(jobs/b.Elapsed().Seconds(), "jobs/s")
	// A sweep's own allocations (plan, files, manifest) are spread over
	// its jobs; the jobs themselves allocate nothing in the steady state.
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/jobs, "allocs/job")
}

// The runner's cost per job: 20,100 jobs on 1x1..1x200 boards. With
// zz-nop, a test strategy whose search ends at once, the time is the
// runner's alone: scheduling, the solver.Solver wrapper (checks, timing,
// panic recovery), theory, building and writing the row, progress. The
// warnsdorff and dfs figures add those strategies' own setup per job.
func BenchmarkRunOverhead(b *testing.B) {
	var sizes plan.Sizes
	for n := 1; n <= 200; n++ {
		sizes = append(sizes, board.Board{Rows: 1, Cols: n})
	}
	for _, strategy := range []string{"zz-nop", "warnsdorff", "dfs"} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", strategy, workers), func(b *testing.B) {
				benchSweep(b, plan.Settings{Sizes: sizes, Strategies: []string{strategy}}, Options{Workers: workers})
			})
		}
	}
}

// A CPU-bound sweep on 1 and 2 workers: plain dfs on 6x6 and 7x7 from every
// start, 2,000,000 nodes at most (85 jobs of up to ~25 ms). The ratio of
// the two ns/job figures is the parallel speed-up.
func BenchmarkCPUBoundSweep(b *testing.B) {
	sizes, err := plan.ParseSizes("6-7")
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			benchSweep(b, plan.Settings{Sizes: sizes, Strategies: []string{"dfs"}, MaxNodes: 2_000_000}, Options{Workers: workers})
		})
	}
}

// The steady state of a sweep: many starts of a few boards, so that the
// per-board preparation is spread thin. allocs/job is what a job costs the
// garbage collector: below one a thousand.
func BenchmarkSteadyState(b *testing.B) {
	sizes, err := plan.ParseSizes("30-32")
	if err != nil {
		b.Fatal(err)
	}
	for _, strategy := range []string{"warnsdorff", "dfs"} {
		b.Run(strategy, func(b *testing.B) {
			benchSweep(b, plan.Settings{Sizes: sizes, Strategies: []string{strategy}, MaxNodes: 2000, Timeout: time.Minute}, Options{Workers: 2})
		})
	}
}

// The greedy sweep of every start of 5x5..40x40 (22,110 jobs), the sweep
// that docs/performance.md compares with the classic greedy program.
func BenchmarkGreedySweep(b *testing.B) {
	sizes, err := plan.ParseSizes("5-40")
	if err != nil {
		b.Fatal(err)
	}
	benchSweep(b, plan.Settings{Sizes: sizes, Strategies: []string{"warnsdorff"}}, Options{Workers: runtime.GOMAXPROCS(0)})
}

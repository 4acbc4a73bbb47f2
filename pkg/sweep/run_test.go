package sweep

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"knightsweep/internal/input"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// sweep is a test sweep: the settings and how to run them.
type sweep struct {
	plan.Settings
	Options
}

// settings returns normalized settings for sizes, a node budget and the
// given strategies.
func settings(t testing.TB, sizes string, maxNodes int64, strategies ...string) plan.Settings {
	t.Helper()
	z, err := plan.ParseSizes(sizes)
	if err != nil {
		t.Fatal(err)
	}
	s := plan.Settings{Sizes: z, Strategies: strategies, MaxNodes: maxNodes}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	return s
}

// testOptions returns a quiet sweep into a new directory.
func testOptions(t *testing.T, sizes string, maxNodes int64, workers int, strategies ...string) sweep {
	t.Helper()
	return sweep{settings(t, sizes, maxNodes, strategies...), Options{Out: filepath.Join(t.TempDir(), "out"), Workers: workers}}
}

// runSweep plans and runs a test sweep.
func runSweep(ctx context.Context, sw sweep) (*Summary, error) {
	p, err := plan.New(sw.Settings)
	if err != nil {
		return nil, err
	}
	return Run(ctx, p, sw.Options)
}

// readRows reads a runs.csv into a map by key, failing on a repeated job.
// Times are zeroed: they are the one thing that differs between runs.
func readRows(t *testing.T, path string) map[runs.Key]runs.Row {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[runs.Key]runs.Row{}
	err = runs.ForEach(f, func(r *runs.Row, _ int) error {
		if _, dup := rows[r.Key()]; dup {
			t.Errorf("%s: job %+v written twice", path, r.Key())
		}
		r.TimeNS, r.CPUNS = 0, 0
		rows[r.Key()] = *r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func sameRows(t *testing.T, what string, got, want map[runs.Key]runs.Row) {
	t.Helper()
	if maps.Equal(got, want) {
		return
	}
	t.Errorf("%s: %d rows; want %d", what, len(got), len(want))
	n := 0
	for k, w := range want {
		if g, ok := got[k]; !ok || g != w {
			if n++; n <= 5 {
				t.Errorf("%s: %+v\n got %+v\nwant %+v", what, k, g, w)
			}
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			if n++; n <= 5 {
				t.Errorf("%s: extra row %+v", what, k)
			}
		}
	}
}

func TestRunRows(t *testing.T) {
	// dfs needs up to 781,420 nodes to find a 5x5 tour from a
	// corner-coloured start, and 1,829,421 to prove there is none from
	// the others; -short stops them all sooner.
	budget := int64(1_000_000)
	if testing.Short() {
		budget = 20_000
	}
	opts := testOptions(t, "3x4,5", budget, 2, "dfs", "warnsdorff", "warnsdorff-bt")
	opts.SaveTours = true
	sum, err := runSweep(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.State != outdir.StateCompleted || sum.Jobs != 111 || sum.Ran != 111 || sum.Skipped != 0 {
		t.Errorf("summary %+v", sum)
	}
	rows := readRows(t, sum.Runs)
	if len(rows) != 111 {
		t.Fatalf("%d rows; want 111", len(rows))
	}
	var found int
	for _, r := range rows {
		// Facts: a 3x4 board has tours (16 directed, from some starts), a
		// 5x5 board only from the 13 corner-coloured squares.
		switch {
		case r.Rows == 5 && (r.StartRow+r.StartCol)%2 == 1:
			if r.Solvable != "no" || r.Status == "found" {
				t.Errorf("5x5 from %d,%d: %s, solvable %s", r.StartRow, r.StartCol, r.Status, r.Solvable)
			}
		case r.Rows == 5:
			if r.Solvable != "yes" {
				t.Errorf("5x5 from %d,%d: solvable %s", r.StartRow, r.StartCol, r.Solvable)
			}
		}
		if r.Status == "found" {
			found++
			if !r.Verified {
				t.Errorf("%+v: found but not verified", r.Key())
			}
		}
		if r.Strategy == "dfs" && r.Status == "exhausted" && r.Solvable == "yes" {
			t.Errorf("dfs exhausted from a start with a tour: %+v", r.Key())
		}
		if r.Tiebreak != "first" || r.Trial != 0 || r.Seed != 0 || r.Order != "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1" {
			t.Errorf("row %+v", r)
		}
	}
	// dfs and warnsdorff-bt are complete: within the budget they find a
	// tour from each of the 13 corner-coloured 5x5 starts.
	for _, name := range []string{"dfs", "warnsdorff-bt"} {
		if testing.Short() {
			break
		}
		n := 0
		for _, r := range rows {
			if r.Strategy == name && r.Rows == 5 && r.Status == "found" {
				n++
			}
		}
		if n != 13 {
			t.Errorf("%s found %d tours of 5x5; want 13", name, n)
		}
	}
	// Tours are saved, one line each, and valid.
	data, err := os.ReadFile(sum.Runs)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 112 || !strings.HasSuffix(lines[0], ",error,max_nodes,timeout_ns,restart_policy,restarts,cpu_ns,max_rss_bytes,tour") {
		t.Errorf("%d lines, header %q", len(lines), lines[0])
	}
	m, err := outdir.ReadManifest(sum.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Completed || m.Interrupted || m.State != outdir.StateCompleted || m.Rows != 111 || m.Counts["found"] != int64(found) ||
		len(m.Sessions) != 1 || m.Workers != 2 || m.Jobs != 111 || m.Ended.Before(m.Started) {
		t.Errorf("manifest %+v", m)
	}
}

// Results do not depend on the worker count.
func TestRunWorkerCountIndependence(t *testing.T) {
	sizes, budget := "5-6,3x4", int64(50_000)
	if testing.Short() {
		sizes, budget = "5,3x4", 5_000
	}
	var want map[runs.Key]runs.Row
	for _, workers := range []int{1, 4} {
		opts := testOptions(t, sizes, budget, workers, "dfs", "warnsdorff", "warnsdorff-bt")
		// Random ties too: each job's seed is its own, whoever runs it.
		opts.Tiebreaks, opts.Trials, opts.Seed = []string{"first", "random"}, 3, 42
		sum, err := runSweep(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		rows := readRows(t, sum.Runs)
		if want == nil {
			want = rows
			continue
		}
		sameRows(t, "4 workers against 1", rows, want)
	}
}

// Ctrl-C mid-sweep: finished rows are kept, canceled searches write none,
// and a resumed sweep ends with exactly the rows of an uninterrupted one.
func TestRunInterruptResume(t *testing.T) {
	full := testOptions(t, "4-7", 0, 2, "zz-gate")
	if _, err := runSweep(context.Background(), full); err != nil {
		t.Fatal(err)
	}
	want := readRows(t, filepath.Join(full.Out, outdir.RunsFile))

	for _, at := range []int{1, 7, 60} {
		opts := full
		opts.Out = filepath.Join(t.TempDir(), "out")
		opts.Workers = 3
		ctx, cancel := context.WithCancel(context.Background())
		armGate(at, cancel)
		sum, err := runSweep(ctx, opts)
		armGate(0, nil)
		cancel()
		if !errors.Is(err, ErrInterrupted) || sum.State != outdir.StateInterrupted {
			t.Fatalf("cancel at search %d: %v, %+v", at, err, sum)
		}
		got := readRows(t, sum.Runs)
		if int64(len(got)) != sum.Ran || len(got) >= at {
			t.Errorf("cancel at search %d: %d rows, summary says %d", at, len(got), sum.Ran)
		}
		for k, r := range got {
			if r != want[k] {
				t.Errorf("row %+v differs from the uninterrupted run's", k)
			}
		}
		m, err := outdir.ReadManifest(opts.Out)
		if err != nil || !m.Interrupted || m.Completed || m.State != outdir.StateInterrupted || m.Rows != int64(len(got)) {
			t.Errorf("manifest after interruption: %+v, %v", m, err)
		}

		opts.Resume = true
		sum, err = runSweep(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if sum.Skipped != int64(len(got)) || sum.Skipped+sum.Ran != sum.Jobs {
			t.Errorf("resume: %+v", sum)
		}
		sameRows(t, "resumed", readRows(t, sum.Runs), want)
		m, err = outdir.ReadManifest(opts.Out)
		if err != nil || !m.Completed || len(m.Sessions) != 2 || m.Sessions[0].State != outdir.StateInterrupted || m.Sessions[1].Runs != sum.Ran {
			t.Errorf("manifest after resume: %+v, %v", m, err)
		}
	}
}

// The same with real searches, canceled at an arbitrary moment: once the
// first rows are on disk, while about 3 s of CPU remain.
func TestRunInterruptRealSearches(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real searches for about 3 s")
	}
	full := testOptions(t, "7-8", 2_000_000, 2, "dfs", "warnsdorff-bt", "warnsdorff")
	if _, err := runSweep(context.Background(), full); err != nil {
		t.Fatal(err)
	}
	want := readRows(t, filepath.Join(full.Out, outdir.RunsFile))
	opts := full
	opts.Out = filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	// Cancel once the first rows have reached the file.
	go func() {
		for ctx.Err() == nil {
			if fi, err := os.Stat(filepath.Join(opts.Out, outdir.RunsFile)); err == nil && fi.Size() > 1000 {
				cancel()
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	sum, err := runSweep(ctx, opts)
	cancel()
	if !errors.Is(err, ErrInterrupted) || sum.Ran == 0 || sum.Ran == sum.Jobs {
		t.Fatalf("not interrupted mid-sweep: %v, %d of %d rows", err, sum.Ran, sum.Jobs)
	}
	opts.Resume = true
	if _, err := runSweep(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	sameRows(t, "resumed", readRows(t, filepath.Join(opts.Out, outdir.RunsFile)), want)
}

// A panic in a strategy becomes a row with status error; the sweep goes on.
func TestRunPanics(t *testing.T) {
	opts := testOptions(t, "5", 1000, 2, "zz-panic", "zz-panic-prepare", "warnsdorff")
	sum, err := runSweep(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	rows := readRows(t, sum.Runs)
	if len(rows) != 75 {
		t.Fatalf("%d rows; want 75", len(rows))
	}
	for _, r := range rows {
		// A built-in search's peak memory is not measured: unknown, never 0.
		if r.MaxRSSBytes.Known() {
			t.Errorf("%s: max_rss_bytes %d, want unknown", r.Strategy, r.MaxRSSBytes)
		}
		if r.Strategy == "warnsdorff" {
			continue
		}
		want := "panic: boom in search"
		if r.Strategy == "zz-panic-prepare" {
			want = "panic: boom in prepare"
		}
		if r.Status != status.Error || !strings.HasPrefix(r.Error, want) || strings.Contains(r.Error, "\n") {
			t.Errorf("%s: status %s, error %.60q", r.Strategy, r.Status, r.Error)
		}
	}
	if sum.Counts["error"] != 50 {
		t.Errorf("counts %v", sum.Counts)
	}
}

func TestRunRefusesBadOutput(t *testing.T) {
	opts := testOptions(t, "5", 1000, 2, "warnsdorff")
	if _, err := runSweep(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	check := func(what string, opts sweep, flag, want string) {
		t.Helper()
		before, _ := os.ReadFile(filepath.Join(opts.Out, outdir.RunsFile))
		_, err := runSweep(context.Background(), opts)
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Flag != flag || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v; want %s and %q", what, err, flag, want)
		}
		after, _ := os.ReadFile(filepath.Join(opts.Out, outdir.RunsFile))
		if string(before) != string(after) {
			t.Errorf("%s: runs.csv changed", what)
		}
	}
	check("no -resume", opts, "-out", "is not empty: give a new directory, or add -resume")

	other := opts
	other.Resume = true
	other.Settings = settings(t, "5", 2000, "warnsdorff")
	check("other settings", other, "-resume", "other settings (-max-nodes: was 1000, now 2000)")

	tours := opts
	tours.Resume, tours.SaveTours = true, true
	check("other columns", tours, "-resume", "-save-tours: was false, now true")

	stranger := opts
	stranger.Resume, stranger.Out = true, t.TempDir()
	os.WriteFile(filepath.Join(stranger.Out, "notes.txt"), []byte("mine"), 0o644)
	check("not a sweep", stranger, "-resume", "holds no sweep to resume")

	file := opts
	file.Out = filepath.Join(opts.Out, outdir.RunsFile)
	check("a file", file, "-out", "is a file")

	workers := opts
	workers.Workers = 0
	check("no workers", workers, "-workers", "want 1 to 4096")
	workers.Workers = 1_000_000_000
	check("a billion workers", workers, "-workers", "1000000000: want 1 to 4096")

	// Resuming a finished sweep runs nothing and changes nothing.
	same := opts
	same.Resume = true
	sum, err := runSweep(context.Background(), same)
	if err != nil || sum.Ran != 0 || sum.Skipped != 25 || sum.State != outdir.StateCompleted {
		t.Errorf("resume of a finished sweep: %+v, %v", sum, err)
	}
}

// -resume on a directory that does not exist yet starts the sweep, so one
// command can be repeated until the sweep is done.
func TestRunResumeStartsAfresh(t *testing.T) {
	opts := testOptions(t, "5", 1000, 2, "warnsdorff")
	opts.Resume = true
	sum, err := runSweep(context.Background(), opts)
	if err != nil || sum.Ran != 25 || sum.Skipped != 0 || sum.State != outdir.StateCompleted {
		t.Errorf("resume of a missing directory: %+v, %v", sum, err)
	}
}

// -mem-limit: jobs whose estimates together pass the limit wait, so with
// room for one zz-mem search at a time, four workers run one at a time;
// with room for all, they overlap. A job that cannot fit is refused before
// anything is written.
func TestRunMemLimit(t *testing.T) {
	for _, tt := range []struct {
		limit   int64
		maxWant int32
	}{{memBytes, 1}, {1.5 * memBytes, 1}, {0, 4}, {100 * memBytes, 4}} {
		opts := testOptions(t, "5", 0, 4, "zz-mem")
		opts.MemLimit = memlimit.Limit{Bytes: tt.limit}
		inFlight.Store(0)
		maxInFlight.Store(0)
		sum, err := runSweep(context.Background(), opts)
		if err != nil || sum.Ran != 25 {
			t.Fatalf("limit %d: %v, %+v", tt.limit, err, sum)
		}
		if got := maxInFlight.Load(); got > tt.maxWant || tt.maxWant > 1 && got < 2 {
			t.Errorf("limit %d: %d searches at once, want at most %d (and more than one when allowed)", tt.limit, got, tt.maxWant)
		}
	}
	opts := testOptions(t, "5", 0, 2, "zz-mem")
	opts.MemLimit = memlimit.Limit{Bytes: memBytes - 1}
	_, err := runSweep(context.Background(), opts)
	if err == nil || !strings.Contains(err.Error(), "-mem-limit: zz-mem on 5x5 needs about 1000B, more than the limit of 999B") {
		t.Errorf("a job too big for the limit: %v", err)
	}
	if _, serr := os.Stat(opts.Out); serr == nil {
		t.Error("a refused sweep created its output directory")
	}
}

// A search that runs on several cores (parberry's, on large boards) takes
// that many of the sweep's -workers: the cores in use never exceed them,
// and a search is given no more cores than there are.
func TestRunCountsThreads(t *testing.T) {
	for _, tt := range []struct {
		workers     int
		wantThreads int
	}{{4, threadsWanted}, {2, 2}, {7, threadsWanted}} {
		opts := testOptions(t, "5", 0, tt.workers, "zz-threads")
		coresInUse.Store(0)
		maxCoresInUse.Store(0)
		threadsSeen.Clear()
		sum, err := runSweep(context.Background(), opts)
		if err != nil || sum.Ran != 25 {
			t.Fatalf("%d workers: %v, %+v", tt.workers, err, sum)
		}
		if got := maxCoresInUse.Load(); got > int32(tt.workers) {
			t.Errorf("%d workers: %d cores in use at once", tt.workers, got)
		}
		var seen []int
		threadsSeen.Range(func(k, _ any) bool { seen = append(seen, k.(int)); return true })
		if len(seen) != 1 || seen[0] != tt.wantThreads {
			t.Errorf("%d workers: searches ran on %v threads, want %d", tt.workers, seen, tt.wantThreads)
		}
	}
}

// Skipped parts of a sweep are noted before it starts and recorded in the
// manifest; the rows hold only the jobs the strategies can run.
func TestRunSkipNotes(t *testing.T) {
	opts := testOptions(t, "5,6", 0, 2, "parberry", "squirrel-cull")
	var notes strings.Builder
	opts.Notes = &notes
	sum, err := runSweep(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	// parberry: 36 on 6x6; squirrel-cull: 4 corners on each.
	if sum.Ran != 36+4+4 || sum.Counts["found"] != 36+4+4 {
		t.Errorf("ran %d, counts %v", sum.Ran, sum.Counts)
	}
	for _, want := range []string{"note: parberry skips 25 start(s) on 5x5: parberry builds tours of n x n",
		"note: squirrel-cull skips 21 start(s) on 5x5: it starts only from 0,0 0,4 4,0 4,4"} {
		if !strings.Contains(notes.String(), want) {
			t.Errorf("notes lack %q:\n%s", want, notes.String())
		}
	}
	m, err := outdir.ReadManifest(sum.Out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Skipped) != 3 || m.Jobs != 44 {
		t.Errorf("manifest: %d jobs, skipped %+v", m.Jobs, m.Skipped)
	}
}

// A sweep's jobs allocate nothing in the steady state: four times the jobs
// on the same board (more trials of random ties) cost no more allocations
// than the sweep's own fixed set (files, manifest, one search per worker).
func TestSteadyStateAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 16,000 searches twice")
	}
	mallocs := func(trials int) uint64 {
		sw := testOptions(t, "8", 0, 2, "warnsdorff")
		sw.Tiebreaks, sw.Trials, sw.Timeout = []string{"random"}, trials, time.Minute
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := runSweep(context.Background(), sw); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.Mallocs - before.Mallocs
	}
	mallocs(10) // warm up: the solver's tables, the registry
	small, big := mallocs(50), mallocs(200)
	extra := float64(int64(big)-int64(small)) / (64 * 150)
	if extra > 0.01 {
		t.Errorf("%d allocations for 3,200 jobs, %d for 12,800: %.3f an extra job", small, big, extra)
	}
}

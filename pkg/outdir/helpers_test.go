package outdir

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

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

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// outcome is a made-up but deterministic result of job j: what a sweep
// would write, without running a search.
func outcome(j plan.Job) runs.Row {
	r := j.Row()
	r.Nodes = runs.Count(j.Index%97 + 1)
	r.TimeNS = int64(j.Index) * 1000
	r.Status = status.All[j.Index%int64(len(status.All))]
	if r.Status == status.Found {
		r.Verified, r.Tour = true, tourForm(r)
	}
	return r
}

// tourForm returns a tour column in the form the reader checks (an index
// for every square, the start's first), not a tour.
func tourForm(r runs.Row) string {
	start := r.StartRow*r.Cols + r.StartCol
	squares := []int32{int32(start)}
	for i := range r.Rows * r.Cols {
		if i != start {
			squares = append(squares, int32(i))
		}
	}
	return runs.FormatTour(squares)
}

// fakeSweep writes into dir the output of shard of the sweep s, as a sweep
// would (manifest, runs.csv), with made-up outcomes; keep, if not nil,
// picks the jobs that get a row.
func fakeSweep(t testing.TB, s plan.Settings, shard plan.Shard, dir string, keep func(plan.Job) bool) *plan.Plan {
	t.Helper()
	p, err := plan.New(s)
	if err != nil {
		t.Fatal(err)
	}
	sel := p.Select(shard)
	d, err := Open(dir, OpenOptions{}, p, sel)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	cmd := []string{"experiment", "run", "-sizes", s.Sizes.String(), "-out", "somewhere"}
	if !shard.Whole() {
		cmd = append(cmd, "-shard", "auto/"+strconv.Itoa(shard.Count))
	}
	m := NewManifest(nil, p, sel, 2, memlimit.Limit{Bytes: 1 << 30, Source: "test"}, cmd, t0)
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	w := runs.NewWriter(d.Runs, s.SaveTours)
	counts := map[status.Status]int64{}
	var n int64
	for j := range p.Jobs() {
		if !sel.Has(j.Index) || keep != nil && !keep(j) {
			continue
		}
		r := outcome(j)
		if err := w.Write(&r); err != nil {
			t.Fatal(err)
		}
		counts[r.Status]++
		n++
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	m.Finish(StateCompleted, n, counts, nil, t0.Add(time.Minute))
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	return p
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	for _, name := range []string{RunsFile, ManifestFile} {
		data, err := os.ReadFile(filepath.Join(from, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fakeSweepF is fakeSweep for fuzz targets' setup.
func fakeSweepF(f *testing.F, s plan.Settings, shard plan.Shard, dir string) {
	fakeSweep(f, s, shard, dir, nil)
}

package outdir

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
)

// FuzzManifest: no manifest makes ParseManifest, or a merge's use of what
// it accepts (the plan and the shard map of its split), panic or allocate
// without bound.
func FuzzManifest(f *testing.F) {
	s := plan.Settings{Strategies: []string{"dfs", "warnsdorff"}, Tiebreaks: []string{"first", "random"}, Trials: 3, MaxNodes: 100}
	s.Sizes, _ = plan.ParseSizes("5,3x4")
	p, err := plan.New(s)
	if err != nil {
		f.Fatal(err)
	}
	for _, shard := range []plan.Shard{{}, {Index: 2, Count: 3}} {
		m := NewManifest(nil, p, p.Select(shard), 2, memlimit.Limit{Bytes: 1, Source: "x"}, []string{"experiment", "run"}, t0)
		data, _ := json.Marshal(m)
		f.Add(data)
	}
	f.Add([]byte(`{"settings":{"sizes":["1-20000"],"strategies":["dfs"]},"shard":{"index":0,"count":1048576}}`))
	f.Add([]byte(`{"shard":{"index":-1,"count":0}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m, err := ParseManifest(data)
		if err == nil {
			if p, err := plan.New(m.Settings); err == nil && m.Shard != nil {
				sm := p.Shards(m.Shard.Count)
				sm.Jobs(m.Shard.Index)
				if p.Len() > 0 {
					sm.Of(p.Len() - 1)
				}
			}
		}
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 512<<20 {
			t.Fatalf("a %d-byte manifest made its reader allocate %d MB", len(data), alloc>>20)
		}
	})
}

// FuzzMerge merges a shard whose runs.csv is arbitrary with a good other:
// the merge refuses with an input.Error, or writes every job once.
func FuzzMerge(f *testing.F) {
	s := settings(f, "3x4", 100, "warnsdorff", "dfs")
	var dirs []string
	for i := range 2 {
		dir := filepath.Join(f.TempDir(), "shard")
		fakeSweepF(f, s, plan.Shard{Index: i, Count: 2}, dir)
		dirs = append(dirs, dir)
	}
	good, _ := os.ReadFile(filepath.Join(dirs[1], RunsFile))
	man, _ := os.ReadFile(filepath.Join(dirs[1], ManifestFile))
	lines := bytes.SplitAfter(good, []byte("\n"))
	for _, seed := range [][]byte{
		good, good[:len(good)-7], bytes.Join(lines[:3], nil), append(bytes.Join(lines[:4], nil), lines[2]...),
		lines[0], {}, []byte("rows,cols\n1,2\n"), bytes.Replace(good, []byte("\n"), []byte("\r\n"), -1),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, csv []byte) {
		bad := t.TempDir()
		os.WriteFile(filepath.Join(bad, ManifestFile), man, 0o644)
		os.WriteFile(filepath.Join(bad, RunsFile), csv, 0o644)
		sum, err := Merge(context.Background(), MergeOptions{Out: filepath.Join(t.TempDir(), "m"), Inputs: []string{dirs[0], bad}})
		if err != nil {
			if !input.Is(err) {
				t.Fatalf("error %v is not an input.Error", err)
			}
			return
		}
		var n int64
		for _, c := range sum.Counts {
			n += c
		}
		if n != sum.Jobs {
			t.Fatalf("merged %d rows for %d jobs", n, sum.Jobs)
		}
	})
}

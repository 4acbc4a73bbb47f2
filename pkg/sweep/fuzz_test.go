package sweep

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/outdir"
)

// FuzzResume resumes a sweep from an arbitrary runs.csv: the resume either
// refuses it as bad input (an input.Error: exit 2, as FuzzMerge requires of
// merge) or finishes the sweep with every job once.
func FuzzResume(f *testing.F) {
	sw := sweep{settings(f, "3x4", 100, "warnsdorff", "dfs"), Options{Out: filepath.Join(f.TempDir(), "seed"), Workers: 1}}
	if _, err := runSweep(context.Background(), sw); err != nil {
		f.Fatal(err)
	}
	good, _ := os.ReadFile(filepath.Join(sw.Out, outdir.RunsFile))
	man, err := os.ReadFile(filepath.Join(sw.Out, outdir.ManifestFile))
	if err != nil {
		f.Fatal(err)
	}
	lines := bytes.SplitAfter(good, []byte("\n"))
	for _, s := range [][]byte{
		good, good[:len(good)-7], bytes.Join(lines[:3], nil), append(bytes.Join(lines[:4], nil), lines[2]...),
		lines[0], {}, []byte("rows,cols\n1,2\n"),
		bytes.Replace(good, []byte("warnsdorff"), []byte("warnsdorf\""), 1),
		bytes.Replace(good, []byte(",3,4,"), []byte(",-3,99999999999999999999,"), 1),
		bytes.Replace(good, []byte("\n"), []byte("\r\n"), -1),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, csv []byte) {
		o := sw
		o.Out, o.Resume = t.TempDir(), true
		os.WriteFile(filepath.Join(o.Out, outdir.ManifestFile), man, 0o644)
		os.WriteFile(filepath.Join(o.Out, outdir.RunsFile), csv, 0o644)
		sum, err := runSweep(context.Background(), o)
		if err != nil {
			if !input.Is(err) {
				t.Fatalf("resume refused with %v, which is not an input.Error (exit 2)", err)
			}
			return
		}
		if sum.State != outdir.StateCompleted || sum.Skipped+sum.Ran != sum.Jobs {
			t.Fatalf("resume: %+v", sum)
		}
		var n int64
		for _, c := range sum.Counts {
			n += c
		}
		if n != sum.Jobs {
			t.Fatalf("resume ended with %d rows for %d jobs", n, sum.Jobs)
		}
		if rows := readRows(t, sum.Runs); int64(len(rows)) != sum.Jobs {
			t.Fatalf("%d distinct rows for %d jobs", len(rows), sum.Jobs)
		}
	})
}

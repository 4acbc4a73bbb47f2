package sweep

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

// The fuzz targets feed every parser of user input arbitrary text: none
// may panic, and what they accept must be usable. Their seed corpora run
// with the other tests; `make fuzz` explores.

func FuzzParseSizes(f *testing.F) {
	for _, s := range []string{"5-8,10,6x8", "5", "8-5", "0", "abc", "3x", "1-20000", "99999999999999999999", " 5 , 6x7 ", "5--6", "x5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		z, err := ParseSizes(s)
		if err != nil {
			return
		}
		for _, b := range z {
			if b.Rows < 1 || b.Cols < 1 {
				t.Fatalf("ParseSizes(%q) accepted %v", s, b)
			}
		}
	})
}

func FuzzParseStarts(f *testing.F) {
	for _, s := range []string{"all", "corners", "0,0;2,3", "", "centre", "0,0;", "-1,2", "1,2,3", "99999999999999999999,0"} {
		f.Add(s, 5, 6)
	}
	f.Fuzz(func(t *testing.T, s string, rows, cols int) {
		st, err := ParseStarts(s)
		if err != nil {
			return
		}
		b := board.Board{Rows: rows%12 + 1, Cols: cols%12 + 1}
		if b.Rows < 1 || b.Cols < 1 {
			return
		}
		if st.Check(b) != nil {
			return
		}
		for i := range st.Count(b) {
			sq := st.At(b, i)
			if sq.Row < 0 || sq.Row >= b.Rows || sq.Col < 0 || sq.Col >= b.Cols {
				t.Fatalf("%q on %v: start %v is off the board", s, b, sq)
			}
			if pos, ok := st.Position(b, sq); !ok || st.At(b, pos) != sq {
				t.Fatalf("%q on %v: Position(%v) = %d, %v", s, b, sq, pos, ok)
			}
		}
	})
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/4", "3/4", "4/4", "auto/4", "auto/0", "1", "/", "-1/2", "1/-2", "9999999999999999999/1"} {
		f.Add(s, "2")
	}
	f.Fuzz(func(t *testing.T, s, env string) {
		sh, err := ParseShard(s, func(string) string { return env })
		if err != nil {
			return
		}
		if sh.check() != nil {
			t.Fatalf("ParseShard(%q) accepted %+v", s, sh)
		}
	})
}

// FuzzFlagFile reads a flag file as -config does, then checks the flags it
// set: a bad line or value is an error, never a panic.
func FuzzFlagFile(f *testing.F) {
	for _, s := range []string{
		"-sizes 5-8\n-starts all\n",
		"# c\n-sizes=5 # x\n-order \"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1\"\n-closed\n",
		"-config other\n", "-h\n", "--sizes\t5\n-workers 0\n", "-order \"\\x\n", "sizes 5\n", "-\n", "---x\n",
		"-shard auto/3\n-resume\n", "-max-nodes -1\n-timeout 1q\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, file string) {
		if _, err := ParseFlagFile("f", strings.NewReader(file)); err != nil {
			return
		}
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var fl Flags
		fl.Register(fs)
		open := func(string) ([]byte, error) { return []byte(file), nil }
		if err := ParseArgs(fs, []string{"-config", "f"}, open); err != nil {
			return
		}
		o, err := fl.Options()
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v is not an InputError", err)
			}
			return
		}
		if _, err := NewPlan(o.Settings); err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("plan: error %v is not an InputError", err)
			}
		}
	})
}

// fuzzSweep is a tiny sweep whose output directories the CSV fuzz targets
// corrupt.
func fuzzSweep(f *testing.F) (Options, []byte) {
	f.Helper()
	opts := Options{Settings: settings(f, "3x4", 100, "warnsdorff", "dfs"), Out: filepath.Join(f.TempDir(), "seed"), Workers: 1}
	if _, err := Run(context.Background(), opts); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(opts.Out, RunsFile))
	if err != nil {
		f.Fatal(err)
	}
	return opts, good
}

// csvSeeds adds a runs.csv and damaged versions of it.
func csvSeeds(f *testing.F, good []byte) {
	lines := bytes.SplitAfter(good, []byte("\n"))
	f.Add(good)
	f.Add(good[:len(good)-7])
	f.Add(bytes.Join(lines[:3], nil))
	f.Add(append(bytes.Join(lines[:4], nil), lines[2]...))
	f.Add(lines[0])
	f.Add([]byte{})
	f.Add([]byte("rows,cols\n1,2\n"))
	f.Add(bytes.Replace(good, []byte("warnsdorff"), []byte("warnsdorf\""), 1))
	f.Add(bytes.Replace(good, []byte(",3,4,"), []byte(",-3,99999999999999999999,"), 1))
	f.Add(bytes.Replace(good, []byte("\n"), []byte("\r\n"), -1))
}

// FuzzResume resumes a sweep from an arbitrary runs.csv: the resume either
// refuses with an error or finishes the sweep with every job once.
func FuzzResume(f *testing.F) {
	opts, good := fuzzSweep(f)
	man, err := os.ReadFile(filepath.Join(opts.Out, ManifestFile))
	if err != nil {
		f.Fatal(err)
	}
	csvSeeds(f, good)
	f.Fuzz(func(t *testing.T, csv []byte) {
		o := opts
		o.Out, o.Resume = t.TempDir(), true
		os.WriteFile(filepath.Join(o.Out, ManifestFile), man, 0o644)
		os.WriteFile(filepath.Join(o.Out, RunsFile), csv, 0o644)
		sum, err := Run(context.Background(), o)
		if err != nil {
			return
		}
		if sum.State != StateCompleted || sum.Skipped+sum.Ran != sum.Jobs {
			t.Fatalf("resume: %+v", sum)
		}
		if _, err := NewPlan(o.Settings); err != nil {
			t.Fatal(err)
		}
		var n int64
		for _, c := range sum.Counts {
			n += c
		}
		if n != sum.Jobs {
			t.Fatalf("resume ended with %d rows for %d jobs", n, sum.Jobs)
		}
	})
}

// FuzzMerge merges a shard whose runs.csv is arbitrary with the good
// others: the merge refuses, or writes every job once.
func FuzzMerge(f *testing.F) {
	opts := Options{Settings: settings(f, "3x4", 100, "warnsdorff", "dfs"), Workers: 1}
	var dirs []string
	for i := range 2 {
		o := opts
		o.Shard, o.Out = Shard{i, 2}, filepath.Join(f.TempDir(), "shard")
		if _, err := Run(context.Background(), o); err != nil {
			f.Fatal(err)
		}
		dirs = append(dirs, o.Out)
	}
	good, _ := os.ReadFile(filepath.Join(dirs[1], RunsFile))
	man, _ := os.ReadFile(filepath.Join(dirs[1], ManifestFile))
	csvSeeds(f, good)
	f.Fuzz(func(t *testing.T, csv []byte) {
		bad := t.TempDir()
		os.WriteFile(filepath.Join(bad, ManifestFile), man, 0o644)
		os.WriteFile(filepath.Join(bad, RunsFile), csv, 0o644)
		sum, err := Merge(context.Background(), MergeOptions{Out: filepath.Join(t.TempDir(), "m"), Inputs: []string{dirs[0], bad}})
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v is not an InputError", err)
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

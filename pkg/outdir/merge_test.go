package outdir

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
)

// shards writes the n shard outputs of sweep s and returns their
// directories, named shard-0, shard-1, ... under a new directory.
func shards(t *testing.T, s plan.Settings, n int) []string {
	t.Helper()
	root := t.TempDir()
	var dirs []string
	for i := range n {
		dir := filepath.Join(root, fmt.Sprintf("shard-%d", i))
		fakeSweep(t, s, plan.Shard{Index: i, Count: n}, dir, nil)
		dirs = append(dirs, dir)
	}
	return dirs
}

// The shards of a sweep with trials, random and deterministic cells mixed,
// merge into exactly the rows of the whole sweep, byte for byte in every
// column; inputs may come in any order, as directories, runs.csv paths or a
// pattern.
func TestMergeEqualsWhole(t *testing.T) {
	s := settings(t, "5,3x4", 1000, "dfs", "warnsdorff", "warnsdorff-bt")
	s.Tiebreaks, s.Trials, s.Seed, s.SaveTours = []string{"first", "random"}, 3, 7, true
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	whole := filepath.Join(t.TempDir(), "whole")
	p := fakeSweep(t, s, plan.Shard{}, whole, nil)
	dirs := shards(t, s, 3)
	for _, inputs := range [][]string{
		{dirs[2], filepath.Join(dirs[0], RunsFile), dirs[1]},
		{filepath.Join(filepath.Dir(dirs[0]), "shard-*")},
		{filepath.Join(filepath.Dir(dirs[0]), "shard-*") + "/"}, // as a shell would write it
	} {
		out := filepath.Join(t.TempDir(), "merged")
		sum, err := Merge(context.Background(), MergeOptions{Out: out, Inputs: inputs})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Jobs != p.Len() || sum.Inputs != 3 {
			t.Errorf("merge: %+v", sum)
		}
		// The same lines, each as often, in the inputs' order rather than
		// the whole sweep's: equal once sorted.
		got, want := lines(t, sum.Runs), lines(t, filepath.Join(whole, RunsFile))
		if len(got) != len(want) || got[0]+"\n" != runs.Header(true) {
			t.Fatalf("merged %d lines, whole %d", len(got), len(want))
		}
		slices.Sort(got[1:])
		slices.Sort(want[1:])
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("merged and whole differ, sorted, at line %d:\n%q\n%q", i+1, got[i], want[i])
				break
			}
		}
		m, err := ReadManifest(out)
		if err != nil || m.Shard != nil || m.Rows != p.Len() || !m.Completed || len(m.Sessions) != 3 || len(m.Merged) != 3 {
			t.Errorf("merged manifest: %+v, %v", m, err)
		}
	}
}

func lines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func TestMergeRefuses(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff", "dfs")
	dirs := shards(t, s, 3)
	otherDirs := shards(t, settings(t, "5", 2000, "warnsdorff", "dfs"), 3)
	split4 := shards(t, s, 4)

	// Shard 1 lost its last rows, and a crash cut a line in half.
	cut := filepath.Join(t.TempDir(), "shard-1")
	os.MkdirAll(cut, 0o755)
	copyDir(t, dirs[1], cut)
	data, _ := os.ReadFile(filepath.Join(cut, RunsFile))
	ls := strings.SplitAfter(string(data), "\n")
	os.WriteFile(filepath.Join(cut, RunsFile), []byte(strings.Join(ls[:5], "")+ls[5][:10]), 0o644)

	// A row of shard 2 in shard 0's file.
	stray := t.TempDir()
	copyDir(t, dirs[0], stray)
	data2, _ := os.ReadFile(filepath.Join(dirs[2], RunsFile))
	f, _ := os.OpenFile(filepath.Join(stray, RunsFile), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(strings.SplitAfter(string(data2), "\n")[1])
	f.Close()

	notEmpty := t.TempDir()
	os.WriteFile(filepath.Join(notEmpty, "x"), nil, 0o644)

	for _, tt := range []struct {
		name   string
		out    string
		inputs []string
		flag   string
		want   []string
	}{
		{"missing shard", "", []string{dirs[0], dirs[2]}, "merge", []string{"17 of 50 jobs have no row",
			"shard 1/3: 17 of 17 jobs missing (such as", "not among the inputs: run it with experiment run -sizes 5x5 -shard 1/3 -out " + filepath.Join(filepath.Dir(dirs[0]), "shard-1") + " -resume"}},
		{"torn shard", "", []string{dirs[0], cut, dirs[2]}, "merge", []string{filepath.Join(cut, RunsFile) + ":6: a row cut short by a crash",
			"shard 1/3: 13 of 17 jobs missing", "resume it: experiment run -sizes 5x5 -shard 1/3 -out " + cut + " -resume"}},
		{"twice", "", []string{dirs[0], dirs[1], dirs[1], dirs[2]}, "merge", []string{"shard 1/3 is given twice"}},
		{"other settings", "", []string{dirs[0], otherDirs[1], dirs[2]}, "merge", []string{"ran different sweeps (-max-nodes: was 1000, now 2000)"}},
		{"other split", "", []string{dirs[0], split4[1]}, "merge", []string{"is shard 0/3 but", "is shard 1/4"}},
		{"stray row", "", []string{stray, dirs[1], dirs[2]}, "merge", []string{"belongs to shard 2/3, not to this directory's 0/3"}},
		{"not a sweep", "", []string{dirs[0], t.TempDir()}, "merge", []string{"holds no sweep output"}},
		{"no such input", "", []string{dirs[0], "/nonexistent/x"}, "merge", []string{"no such file"}},
		{"pattern without a match", "", []string{"/nonexistent/shard-*"}, "merge", []string{"matches no file"}},
		{"no inputs", "", nil, "merge", []string{"give the output directories"}},
		{"no -out", "-", dirs, "-out", []string{"missing"}},
		{"-out not empty", notEmpty, dirs, "-out", []string{"is not empty"}},
		{"-out an input", dirs[0], dirs, "-out", []string{"is one of the inputs"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := tt.out
			switch out {
			case "":
				out = filepath.Join(t.TempDir(), "merged")
			case "-":
				out = ""
			}
			_, err := Merge(context.Background(), MergeOptions{Out: out, Inputs: tt.inputs})
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Flag != tt.flag {
				t.Fatalf("error %v; want an input.Error for %s", err, tt.flag)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nwant %q", err, w)
				}
			}
			if out != "" && out != dirs[0] && out != notEmpty {
				if entries, _ := contents(out); len(entries) > 0 {
					t.Errorf("a failed merge left %d files in -out", len(entries))
				}
			}
		})
	}

	// A second row for a job, even within one file, is refused.
	dup := t.TempDir()
	copyDir(t, dirs[0], dup)
	data, _ = os.ReadFile(filepath.Join(dup, RunsFile))
	ls = strings.SplitAfter(string(data), "\n")
	os.WriteFile(filepath.Join(dup, RunsFile), []byte(string(data)+ls[3]), 0o644)
	_, err := Merge(context.Background(), MergeOptions{Out: filepath.Join(t.TempDir(), "m"), Inputs: []string{dup, dirs[1], dirs[2]}})
	if err == nil || !strings.Contains(err.Error(), "1 jobs have two rows, such as "+filepath.Join(dup, RunsFile)+":19") {
		t.Errorf("doubled row: %v", err)
	}
}

// A merge killed before its manifest (or its report) was written is
// finished by running it again, and a finished one is made again; but a
// directory whose runs.csv holds other rows, even one byte, a row fewer or
// a row more, or the same rows beside a run's manifest, is refused and left
// as it was, and files a merge does not write are never touched.
func TestMergeAgain(t *testing.T) {
	dirs := shards(t, settings(t, "5,3x4", 1000, "dfs", "warnsdorff"), 2)
	out := filepath.Join(t.TempDir(), "merged")
	merge := func() error {
		_, err := Merge(context.Background(), MergeOptions{Out: out, Inputs: dirs})
		return err
	}
	if err := merge(); err != nil {
		t.Fatal(err)
	}
	rows, err := os.ReadFile(filepath.Join(out, RunsFile))
	if err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(out, "notes.txt")
	if err := os.WriteFile(notes, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Killed after runs.csv, before the manifest.
	if err := os.Remove(filepath.Join(out, ManifestFile)); err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{"interrupted", "finished"} {
		if err := merge(); err != nil {
			t.Fatalf("%s merge, run again: %v", step, err)
		}
		if m, err := ReadManifest(out); err != nil || !m.Completed || len(m.Merged) != 2 {
			t.Fatalf("%s merge, run again: manifest %+v, %v", step, m, err)
		}
		if got, _ := os.ReadFile(filepath.Join(out, RunsFile)); string(got) != string(rows) {
			t.Fatalf("%s merge, run again: runs.csv changed", step)
		}
	}

	lines := strings.SplitAfter(string(rows), "\n")
	const other = "holds other rows than this merge writes"
	for _, tt := range []struct{ name, runs, want string }{
		{"a byte changed", strings.Replace(string(rows), ",found,", ",dead_end,", 1), other},
		{"a row fewer", strings.Join(lines[:len(lines)-2], ""), other},
		{"a row more", string(rows) + lines[1], other},
		// Not a merge's: a merge writes runs.csv whole or not at all.
		{"no row", lines[0] + lines[1][:5], "is not empty"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(filepath.Join(out, RunsFile), []byte(tt.runs), 0o644); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(filepath.Join(out, ManifestFile))
			err := merge()
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Flag != "-out" || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v; want an input.Error for -out", err)
			}
			if got, _ := os.ReadFile(filepath.Join(out, RunsFile)); string(got) != tt.runs {
				t.Error("runs.csv was changed")
			}
			if got, _ := os.ReadFile(filepath.Join(out, ManifestFile)); string(got) != string(before) {
				t.Error("manifest.json was changed")
			}
		})
	}
	if got, _ := os.ReadFile(notes); string(got) != "mine" {
		t.Errorf("notes.txt: %q", got)
	}

	// The same rows beside a run's manifest, not a merge's: refused, and
	// the manifest kept.
	if err := os.WriteFile(filepath.Join(out, RunsFile), rows, 0o644); err != nil {
		t.Fatal(err)
	}
	runManifest, err := os.ReadFile(filepath.Join(dirs[0], ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, ManifestFile), runManifest, 0o644); err != nil {
		t.Fatal(err)
	}
	var ie *input.Error
	if err := merge(); !errors.As(err, &ie) || ie.Flag != "-out" || !strings.Contains(err.Error(), "is not empty") {
		t.Errorf("beside a run's manifest: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(out, ManifestFile)); string(got) != string(runManifest) {
		t.Error("a run's manifest was replaced")
	}
}

// The command merge prints for a missing shard runs as printed, even from a
// directory whose name holds a space, a quote and a semicolon: pasted into
// a shell it gives the program exactly the words the run needs.
func TestMergeHintQuoted(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff")
	root := filepath.Join(t.TempDir(), "my results; rm -rf x 'y'")
	var dirs []string
	for i := range 2 {
		dir := filepath.Join(root, fmt.Sprintf("shard-%d", i))
		fakeSweep(t, s, plan.Shard{Index: i, Count: 2}, dir, func(j plan.Job) bool { return i == 0 || j.Index%2 == 0 })
		dirs = append(dirs, dir)
	}
	_, err := Merge(context.Background(), MergeOptions{Out: filepath.Join(t.TempDir(), "m"), Inputs: dirs})
	if err == nil {
		t.Fatal("merge of an unfinished shard succeeded")
	}
	_, hint, ok := strings.Cut(err.Error(), "resume it: ")
	if !ok {
		t.Fatalf("no hint in %v", err)
	}
	hint, _, _ = strings.Cut(hint, "\n")
	out, err := exec.Command("sh", "-c", `printf '%s\n' `+hint).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"experiment", "run", "-sizes", "5x5", "-shard", "1/2", "-out", dirs[1], "-resume"}
	if got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the shell reads the hint %q as\n%q\nwant %q", hint, got, want)
	}
}

// Two shards each resumed so often that either manifest is readable but
// their merge's would be larger than MaxManifestBytes: the merge is refused
// before it writes anything, and says what to do instead.
func TestMergeTooManySessions(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff")
	dirs := shards(t, s, 2)
	for _, dir := range dirs {
		m, err := ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		one := m.Sessions[0]
		one.Host, one.CPU = strings.Repeat("h", 200), strings.Repeat("c", 300)
		m.Sessions = slices.Repeat([]Session{one}, 12000)
		if err := m.Write(dir); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(filepath.Join(dir, ManifestFile)); err != nil || fi.Size() < MaxManifestBytes/2 {
			t.Fatalf("%s: %v, %d bytes, want more than half the limit", dir, err, fi.Size())
		}
	}
	out := filepath.Join(t.TempDir(), "merged")
	_, err := Merge(context.Background(), MergeOptions{Inputs: dirs, Out: out})
	var ie *input.Error
	if !errors.As(err, &ie) || ie.Flag != "merge" {
		t.Fatalf("merge: %v, want an input error of merge", err)
	}
	for _, want := range []string{"the 2 inputs hold 24000 sessions", "more than the 16.0MiB its readers take", "experiment report -out DIR"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the refused merge made %s: %v", out, err)
	}
}

// A manifest that readers would refuse is not written, and the one there
// stays.
func TestManifestWriteBound(t *testing.T) {
	dir := shards(t, settings(t, "5", 1000, "warnsdorff"), 1)[0]
	before, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	one := m.Sessions[0]
	one.CPU = strings.Repeat("c", 1000)
	m.Sessions = slices.Repeat([]Session{one}, 16000)
	err = m.Write(dir)
	if err == nil || !strings.Contains(err.Error(), "(16000 sessions) is larger than the 16.0MiB its readers take") {
		t.Fatalf("write: %v", err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, ManifestFile)); !bytes.Equal(after, before) {
		t.Error("the manifest there changed")
	}
}

// A merge keeps one saved tour a board: the first that an input lists and
// still has. Shard 0 lists a tour of 5x5 whose file is gone, shard 1 one
// whose file is there: the merge copies shard 1's, byte for byte, and
// lists it once.
func TestMergeTours(t *testing.T) {
	dirs := shards(t, settings(t, "5", 1000, "warnsdorff"), 2)
	tour := SavedTour{Board: "5x5", File: filepath.Join(ToursDir, "5x5.ktour"), Strategy: "warnsdorff", Tiebreak: "first", Start: "0,0"}
	for i, dir := range dirs {
		m, err := ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		m.Tours = []SavedTour{tour}
		if err := m.Write(dir); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			os.MkdirAll(filepath.Join(dir, ToursDir), 0o755)
			if err := os.WriteFile(filepath.Join(dir, tour.File), []byte("shard 1's tour"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	out := filepath.Join(t.TempDir(), "merged")
	if _, err := Merge(context.Background(), MergeOptions{Inputs: dirs, Out: out}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(out, tour.File)); err != nil || string(data) != "shard 1's tour" {
		t.Errorf("merged tour: %q, %v", data, err)
	}
	if m, err := ReadManifest(out); err != nil || len(m.Tours) != 1 || m.Tours[0] != tour {
		t.Errorf("merged manifest's tours: %+v, %v", m.Tours, err)
	}
}

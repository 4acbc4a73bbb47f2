package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runShards runs the sweep of opts as n shards and returns their
// directories.
func runShards(t *testing.T, opts Options, n int) []string {
	t.Helper()
	var dirs []string
	for i := range n {
		o := opts
		o.Shard, o.Out = Shard{i, n}, filepath.Join(t.TempDir(), "shard")
		o.Command = []string{"experiment", "run", "-sizes", "5", "-shard", o.Shard.String(), "-out", "elsewhere"}
		if _, err := Run(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, o.Out)
	}
	return dirs
}

func TestMergeRefuses(t *testing.T) {
	opts := testOptions(t, "5", 1000, 1, "warnsdorff", "dfs")
	dirs := runShards(t, opts, 3)
	other := opts
	other.Settings = settings(t, "5", 2000, "warnsdorff", "dfs")
	otherDirs := runShards(t, other, 3)
	split4 := runShards(t, opts, 4)

	// Shard 1 lost its last rows, and a crash cut a line in half.
	cut := t.TempDir()
	copyDir(t, dirs[1], cut)
	data, _ := os.ReadFile(filepath.Join(cut, RunsFile))
	lines := strings.SplitAfter(string(data), "\n")
	os.WriteFile(filepath.Join(cut, RunsFile), []byte(strings.Join(lines[:5], "")+lines[5][:10]), 0o644)

	notEmpty := t.TempDir()
	os.WriteFile(filepath.Join(notEmpty, "x"), nil, 0o644)

	for _, tt := range []struct {
		name   string
		out    string
		inputs []string
		flag   string
		want   []string
	}{
		{"missing shard", "", []string{dirs[0], dirs[2]}, "merge", []string{"17 of 50 jobs have no row", "shard 1/3: 17 of 17 jobs missing (such as", "run it with -shard 1/3"}},
		{"truncated shard", "", []string{dirs[0], cut, dirs[2]}, "merge", []string{"shard 1/3: 13 of 17 jobs missing", "resume it: experiment run -sizes 5 -shard 1/3 -out " + cut + " -resume"}},
		{"twice", "", []string{dirs[0], dirs[1], dirs[1], dirs[2]}, "merge", []string{"shard 1/3 is given twice"}},
		{"other settings", "", []string{dirs[0], otherDirs[1], dirs[2]}, "merge", []string{"ran different sweeps (-max-nodes: was 1000, now 2000)"}},
		{"other split", "", []string{dirs[0], split4[1]}, "merge", []string{"is shard 0/3 but", "is shard 1/4"}},
		{"not a sweep", "", []string{dirs[0], t.TempDir()}, "merge", []string{"holds no sweep output"}},
		{"no such input", "", []string{dirs[0], "/nonexistent/x"}, "merge", []string{"no such file"}},
		{"no inputs", "", nil, "merge", []string{"give the output directories"}},
		{"no -out", "-", dirs, "-out", []string{"missing"}},
		{"-out not empty", notEmpty, dirs, "-out", []string{"is not empty"}},
		{"-out an input", dirs[0], dirs, "-out", []string{"is one of the inputs"}},
	} {
		out := tt.out
		switch out {
		case "":
			out = filepath.Join(t.TempDir(), "merged")
		case "-":
			out = ""
		}
		_, err := Merge(context.Background(), MergeOptions{Out: out, Inputs: tt.inputs})
		var ie *InputError
		if !errors.As(err, &ie) || ie.Flag != tt.flag {
			t.Errorf("%s: error %v; want an InputError for %s", tt.name, err, tt.flag)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q\nwant %q", tt.name, err, w)
			}
		}
		if out != "" && out != dirs[0] && out != notEmpty {
			if entries, _ := os.ReadDir(out); len(entries) > 0 {
				t.Errorf("%s: a failed merge left %d files in -out", tt.name, len(entries))
			}
		}
	}

	// A second row for a job, even within one file, is refused.
	dup := t.TempDir()
	copyDir(t, dirs[0], dup)
	data, _ = os.ReadFile(filepath.Join(dup, RunsFile))
	lines = strings.SplitAfter(string(data), "\n")
	os.WriteFile(filepath.Join(dup, RunsFile), []byte(string(data)+lines[3]), 0o644)
	_, err := Merge(context.Background(), MergeOptions{Out: filepath.Join(t.TempDir(), "m"), Inputs: []string{dup, dirs[1], dirs[2]}})
	if err == nil || !strings.Contains(err.Error(), "1 jobs have two rows, such as "+filepath.Join(dup, RunsFile)+":19") {
		t.Errorf("doubled row: %v", err)
	}
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

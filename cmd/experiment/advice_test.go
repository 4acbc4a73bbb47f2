package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each refusal of a file that is not what it should be names the file and
// says what to do.
func TestRefusalsSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	must := func(args ...string) {
		t.Helper()
		if _, errOut, code := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	copyFile := func(from, to string) {
		t.Helper()
		data, err := os.ReadFile(from)
		if err == nil {
			err = os.WriteFile(to, data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// A shard without its sidecar.
	must("exact", "-sizes", "6", "-starts", "corners", "-shard", "0/2", "-out", at("s0.csv"))
	if err := os.Remove(at("s0.csv.shard.json")); err != nil {
		t.Fatal(err)
	}
	// A -work directory, its start directories and its command.json.
	walks := []string{"exact", "-sizes", "6", "-starts", "0,0;0,1", "-method", "frontier", "-work", at("w"), "-out", at("w.csv")}
	must(walks...)
	os.Remove(at("w.csv"))
	// A sweep's directory.
	must("run", "-sizes", "5", "-strategies", "warnsdorff", "-out", at("r"), "-no-report", "-quiet")
	resume := []string{"run", "-sizes", "5", "-strategies", "warnsdorff", "-out", at("r"), "-no-report", "-quiet", "-resume"}
	manifest := filepath.Join(at("r"), "manifest.json")
	saved, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	walk := filepath.Join(at("w"), "6x6-0-0", "manifest.json")
	command := filepath.Join(at("w"), "command.json")
	savedCommand, err := os.ReadFile(command)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		prepare func()
		args    []string
		file    string
		advice  string
	}{
		{"shard without sidecar", func() {}, []string{"exact", "-merge", "-out", at("m.csv"), at("s0.csv")},
			at("s0.csv"), "give each shard's -out with the .shard.json its shard wrote beside it"},
		{"start directory of another start", func() {
			os.RemoveAll(filepath.Join(at("w"), "6x6-0-1"))
			os.Mkdir(filepath.Join(at("w"), "6x6-0-1"), 0o755)
			copyFile(walk, filepath.Join(at("w"), "6x6-0-1", "manifest.json"))
		}, walks, filepath.Join(at("w"), "6x6-0-1"), "remove its directory (or give another -work) and walk again"},
		{"empty manifest", func() { os.WriteFile(manifest, []byte("{}\n"), 0o644) }, resume,
			manifest, "remove manifest.json and -resume with the sweep's flags"},
		{"manifest over its bound", func() {
			os.WriteFile(manifest, append([]byte("{"), make([]byte, 16<<20)...), 0o644)
		}, resume, manifest, "remove manifest.json and -resume with the sweep's flags"},
		{"walk's manifest as command.json", func() {
			os.WriteFile(manifest, saved, 0o644)
			os.RemoveAll(filepath.Join(at("w"), "6x6-0-1"))
			copyFile(walk, command)
		}, walks, command, "give another -work, or remove the directory to walk again"},
		{"sweep's manifest as command.json", func() { copyFile(manifest, command) }, walks,
			command, "give another -work, or remove the directory to walk again"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.prepare()
			out, errOut, code := runCLI(t, c.args...)
			if code != 2 || out != "" || !strings.Contains(errOut, c.file) || !strings.Contains(errOut, c.advice) {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 naming %s and saying %q", code, out, errOut, c.file, c.advice)
			}
		})
	}
	os.WriteFile(command, savedCommand, 0o644)
}

// -resume of a sweep whose runs.csv is missing (its manifest records
// rows) is refused, exit 2, before any run: running the sweep again
// silently would replace the rows a user may yet restore.
func TestResumeWithoutRunsCSV(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	args := []string{"run", "-sizes", "5", "-strategies", "warnsdorff", "-out", dir, "-no-report", "-quiet"}
	if _, errOut, code := runCLI(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	runsCSV := filepath.Join(dir, "runs.csv")
	if err := os.Remove(runsCSV); err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{{"-resume"}, {"-resume", "-plan"}} {
		out, errOut, code := runCLI(t, append(args, extra...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, "-resume: "+dir+": runs.csv is missing, though manifest.json records 25 rows") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 saying runs.csv is missing", extra, code, out, errOut)
		}
		if _, err := os.Stat(runsCSV); err == nil {
			t.Errorf("%v: runs.csv written again", extra)
		}
	}
}

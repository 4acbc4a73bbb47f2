package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/outdir"
	"knightsweep/pkg/runs"
)

// mountTmpfs mounts a real tmpfs of size bytes on a new directory, for
// tests of a full disk. Where mounting is not allowed (not root, no
// CAP_SYS_ADMIN) it skips the test, except in CI (CI=true, as .ci/run and
// CI services set it), which runs as root: there a mount that fails fails
// the test, so that the full-disk test cannot drop out of CI unseen.
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("cannot mount a tmpfs (%v: %s): CI=true, and CI must run the full-disk test (as root)", err, out)
		}
		t.Skipf("cannot mount a tmpfs here (%v: %s): the full-disk test needs root", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
	return dir
}

// fillDisk fills the tmpfs at disk with a file, leaving free bytes (a
// whole number of pages) unused.
func fillDisk(t *testing.T, disk string, free int64) {
	t.Helper()
	fill, err := os.Create(filepath.Join(disk, "fill"))
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = fill.Write(make([]byte, 1024))
	}
	st, err := fill.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if err := fill.Truncate(st.Size() - st.Size()%4096 - free); err != nil {
		t.Fatal(err)
	}
	fill.Close()
}

// A disk that fills up during a sweep: exit 1 naming the error, every row
// written kept, and a manifest that says the session failed, not that it
// is still running (its last rewrite has no room for a second copy, so it
// overwrites the file in place). Once there is room, -resume finishes the
// sweep with exactly the rows of an uninterrupted run.
func TestDiskFull(t *testing.T) {
	disk := mountTmpfs(t, "192k")
	flags := []string{"run", "-sizes", "20-40", "-strategies", "warnsdorff", "-starts", "corners", "-save-tours", "-workers", "2",
		"-quiet", "-no-report"}
	ref := filepath.Join(t.TempDir(), "ref")
	if _, errOut, code := runCLI(t, append(flags, "-out", ref)...); code != 0 {
		t.Fatalf("reference run: exit %d: %s", code, errOut)
	}
	out := filepath.Join(disk, "sweep")
	stdout, errOut, code := runCLI(t, append(flags, "-out", out)...)
	if code != 1 || !strings.Contains(errOut, "no space left on device") {
		t.Fatalf("on a full disk: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(stdout, "finish with\n  experiment run") {
		t.Errorf("no resume command in:\n%s", stdout)
	}
	m, err := outdir.ReadManifest(out)
	if err != nil {
		t.Fatalf("manifest after the disk filled: %v", err)
	}
	if m.State != outdir.StateFailed || !strings.Contains(m.Error, "no space left on device") || m.Sessions[0].State != outdir.StateFailed {
		t.Errorf("manifest says %q (%s), session %q", m.State, m.Error, m.Sessions[0].State)
	}
	kept, _ := os.ReadFile(filepath.Join(out, "runs.csv"))
	var onDisk int64
	err = runs.ForEach(strings.NewReader(string(kept)), func(*runs.Row, int) error { onDisk++; return nil })
	if te := (*runs.TornError)(nil); err != nil && !errors.As(err, &te) {
		t.Fatal(err)
	}
	if onDisk < 1 || m.Rows != onDisk || !strings.Contains(stdout, fmt.Sprintf("failed: %d runs", onDisk)) {
		t.Errorf("%d rows on disk; the manifest counts %d, the summary says:\n%s", onDisk, m.Rows, stdout)
	}

	if err := exec.Command("mount", "-o", "remount,size=16m", disk).Run(); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI(t, append(flags, "-out", out, "-resume")...); code != 0 {
		t.Fatalf("resume once there is room: exit %d: %s", code, errOut)
	}
	_, want := readCSV(t, filepath.Join(ref, "runs.csv"))
	_, got := readCSV(t, filepath.Join(out, "runs.csv"))
	if !slices.Equal(got, want) {
		t.Errorf("resumed sweep: %d rows, the uninterrupted one %d; they differ", len(got), len(want))
	}
	after, _ := os.ReadFile(filepath.Join(out, "runs.csv"))
	complete := strings.LastIndex(string(kept), "\n") + 1
	if !strings.HasPrefix(string(after), string(kept[:complete])) {
		t.Error("resume changed the rows written before the disk filled")
	}
}

// The manifest is written by rename, so one empty or cut short is damage:
// -resume refuses it (exit 2), naming the file and what to do, rather than
// rebuild it from flags that may describe another sweep (here a second
// strategy). Doing what it says (removing manifest.json, -resume with the
// sweep's flags) rebuilds the manifest and finishes the sweep.
func TestResumeAfterTornManifest(t *testing.T) {
	flags := []string{"run", "-sizes", "5,6", "-strategies", "warnsdorff,dfs", "-max-nodes", "2000", "-quiet", "-no-report"}
	ref := filepath.Join(t.TempDir(), "ref")
	if _, errOut, code := runCLI(t, append(flags, "-out", ref)...); code != 0 {
		t.Fatalf("reference: exit %d: %s", code, errOut)
	}
	_, want := readCSV(t, filepath.Join(ref, "runs.csv"))
	data, _ := os.ReadFile(filepath.Join(ref, "runs.csv"))
	manifest, _ := os.ReadFile(filepath.Join(ref, "manifest.json"))
	lines := strings.SplitAfter(string(data), "\n")
	json := strings.TrimSpace(string(manifest))
	for name, torn := range map[string][]byte{"empty": {}, "cut": []byte(json[:len(json)/3])} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "sweep")
			os.MkdirAll(dir, 0o755)
			path := filepath.Join(dir, "manifest.json")
			os.WriteFile(path, torn, 0o644)
			// Ten rows written, then a row cut short.
			os.WriteFile(filepath.Join(dir, "runs.csv"), []byte(strings.Join(lines[:11], "")+lines[11][:20]), 0o644)
			other := slices.Clone(flags)
			other[4] = "warnsdorff,dfs,warnsdorff-bt"
			_, errOut, code := runCLI(t, append(other, "-out", dir, "-resume")...)
			if code != 2 || !strings.Contains(errOut, "-resume: "+dir+" holds no sweep to resume: "+path+": ") ||
				!strings.Contains(errOut, "remove manifest.json and -resume with the sweep's flags") {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, torn) {
				t.Fatalf("the refused manifest was rewritten")
			}
			os.Remove(path)
			_, errOut, code = runCLI(t, append(flags, "-out", dir, "-resume")...)
			if code != 0 || !strings.Contains(errOut, "manifest.json was missing") {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if _, got := readCSV(t, filepath.Join(dir, "runs.csv")); !slices.Equal(got, want) {
				t.Errorf("rows differ from an uninterrupted run's")
			}
			if m, err := outdir.ReadManifest(dir); err != nil || !m.Completed || m.Recovered == "" {
				t.Errorf("manifest %+v, %v", m, err)
			}
		})
	}
}

// Manifests whose shard count is 0, negative or huge are refused by merge
// with exit 2, before anything is sized by them: no panic, no runaway
// allocation.
func TestMergeRefusesHostileManifests(t *testing.T) {
	root := t.TempDir()
	flags := []string{"run", "-sizes", "5", "-strategies", "warnsdorff", "-quiet", "-no-report"}
	var dirs []string
	for i := range 2 {
		dir := filepath.Join(root, fmt.Sprintf("shard-%d", i))
		if _, errOut, code := runCLI(t, append(flags, "-shard", fmt.Sprintf("%d/2", i), "-out", dir)...); code != 0 {
			t.Fatalf("shard %d: %s", i, errOut)
		}
		dirs = append(dirs, dir)
	}
	path := filepath.Join(dirs[1], "manifest.json")
	good, _ := os.ReadFile(path)
	for _, count := range []int{0, -5, 1_000_000_000} {
		var m map[string]any
		json.Unmarshal(good, &m)
		m["shard"] = map[string]int{"index": 1, "count": count}
		data, _ := json.Marshal(m)
		os.WriteFile(path, data, 0o644)
		_, errOut, code := runCLI(t, "merge", "-out", filepath.Join(t.TempDir(), "m"), dirs[0], dirs[1])
		if want := fmt.Sprintf("holds no sweep output: %s: shard 1/%d", path, count); code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("shard count %d: exit %d, %q; want 2 and %q", count, code, errOut, want)
		}
	}
	os.WriteFile(path, good, 0o644)
	if _, errOut, code := runCLI(t, "merge", "-out", filepath.Join(t.TempDir(), "m"), "-no-report", dirs[0], dirs[1]); code != 0 {
		t.Errorf("the good shards: exit %d: %s", code, errOut)
	}
}

// A disk that fills up while exact writes -out: exit 1 naming the error,
// and the starts walked before it printed first, where stdout was empty
// (the corners of 5x5 to 8x8 walked, then lost to a full disk). The disk
// holds two pages: -out's lock file and the file of its header; the
// rewrite after the first walk finds no room for its temporary file.
func TestExactDiskFull(t *testing.T) {
	disk := mountTmpfs(t, "8k")
	stdout, errOut, code := runCLI(t, "exact", "-sizes", "5-8", "-starts", "corners", "-workers", "2", "-out", filepath.Join(disk, "full", "e.csv"))
	if code != 1 || !strings.Contains(errOut, "no space left on device") {
		t.Fatalf("on a full disk: exit %d, stderr %q", code, errOut)
	}
	// The walks run two at once, so which ends first (and fails to be
	// written) varies; every start printed is a right figure, and stderr
	// counts them.
	want := map[string]string{
		"5x5": "probability 1 = 1/1",
		"6x6": "probability 1 = 1/1",
		"7x7": "probability 0.7369164989 = 5867789/7962624",
		"8x8": "probability 0.9795784938 = 11232021923/11466178560",
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if stdout == "" || !strings.Contains(errOut, fmt.Sprintf("the %d start", len(lines))) {
		t.Fatalf("the starts walked are not printed:\nstdout %q\nstderr %q", stdout, errOut)
	}
	for _, line := range lines {
		board, _, _ := strings.Cut(line, " ")
		if w, ok := want[board]; !ok || !strings.Contains(line, w) {
			t.Errorf("printed %q; want %q", line, w)
		}
	}
}

// A disk full when exact first writes -out is a runtime failure (exit 1
// naming the error), not bad input (exit 2).
func TestExactDiskFullAtStart(t *testing.T) {
	disk := mountTmpfs(t, "16k")
	fillDisk(t, disk, 4096) // one page: for -out's lock file, not for -out
	_, errOut, code := runCLI(t, "exact", "-sizes", "5", "-starts", "0,0", "-out", filepath.Join(disk, "e.csv"))
	if code != 1 || !strings.Contains(errOut, "no space left on device") {
		t.Errorf("on a full disk: exit %d, stderr %q", code, errOut)
	}
}

// A disk that fills up under exact -work: exit 1 naming the error and
// -work's directory, whose last checkpoint stays whole (CheckWork takes
// it); once there is room, the same command goes on from it to the
// answer of a walk in memory.
func TestExactWorkDiskFull(t *testing.T) {
	disk := mountTmpfs(t, "24k")
	work := filepath.Join(disk, "w")
	args := []string{"exact", "-sizes", "7", "-starts", "0,0", "-workers", "2", "-work", work, "-mem-limit", "1MiB"}
	_, errOut, code := runCLI(t, args...)
	if code != 1 || !strings.Contains(errOut, "no space left on device") || !strings.Contains(errOut, "kept in "+work) {
		t.Fatalf("on a full disk: exit %d, stderr %q", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(work, "7x7-0-0", "manifest.json"))
	var m struct{ Depth int }
	if err == nil {
		err = json.Unmarshal(data, &m)
	}
	if err != nil || m.Depth == 0 {
		t.Fatalf("no checkpoint past depth 0 before the disk filled: %v, depth %d", err, m.Depth)
	}
	if err := exec.Command("mount", "-o", "remount,size=16m", disk).Run(); err != nil {
		t.Fatal(err)
	}
	stdout, errOut, code := runCLI(t, args...)
	const want = "7x7 from 0,0 random: probability 0.7369164989 = 5867789/7962624, 37926 tours of 39024 walks"
	if code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("once there is room: exit %d: %s %s", code, stdout, errOut)
	}
}

// A disk that fills up while report writes its charts: exit 1 naming the
// error, and the table, computed before any file was written, printed
// first (a 600 KiB disk left no table).
func TestReportDiskFull(t *testing.T) {
	disk := mountTmpfs(t, "600k")
	sweep := filepath.Join(t.TempDir(), "sweep")
	if _, errOut, code := runCLI(t, "run", "-sizes", "5-9", "-strategies", "warnsdorff,warnsdorff-bt,dfs", "-max-nodes", "20000", "-out", sweep, "-quiet", "-no-report"); code != 0 {
		t.Fatalf("the sweep: exit %d: %s", code, errOut)
	}
	stdout, errOut, code := runCLI(t, "report", "-out", filepath.Join(disk, "rep"), filepath.Join(sweep, "runs.csv"))
	if code != 1 || !strings.Contains(errOut, "no space left on device") {
		t.Fatalf("on a full disk: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(squeeze(stdout), "warnsdorff 5x5 12/25 12/13 0 24") || !strings.Contains(errOut, "the table above was computed") {
		t.Errorf("no table before the error:\nstdout %q\nstderr %q", stdout, errOut)
	}
}

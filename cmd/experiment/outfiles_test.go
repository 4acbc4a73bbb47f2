package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// immutable makes path immutable (chattr +i) until the test ends, or skips
// the test where this user or file system cannot.
func immutable(t *testing.T, path string) {
	t.Helper()
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v %s (needs root and a file system that has the flag)", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", path).Run() })
}

// An output file that is there but cannot be written (immutable, or
// read-only to this user) is bad input, refused before any work with exit
// 2 naming the flag and the file, by exact (-out) and count (-checkpoint)
// alike.
func TestImmutableOutputRefusedAlike(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "p.csv")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "5", "-starts", "corners", "-out", csv); code != 0 {
		t.Fatalf("exact: exit %d: %s", code, errOut)
	}
	ck := filepath.Join(dir, "c.ck")
	count := []string{"count", "-sizes", "6", "-method", "frontier", "-timeout", "1ms", "-checkpoint", ck, "-checkpoint-every", "0"}
	if _, errOut, code := runCLI(t, count...); code != 1 || !strings.Contains(errOut, "checkpoint saved") {
		t.Fatalf("count -timeout 1ms: exit %d, %s: want a checkpoint saved", code, errOut)
	}
	for _, c := range []struct {
		path, flag string
		args       []string
	}{
		{csv, "-out", []string{"exact", "-sizes", "5,6", "-starts", "corners", "-out", csv}},
		{ck, "-checkpoint", count},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			before, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			immutable(t, c.path)
			out, errOut, code := runCLI(t, c.args...)
			if code != 2 || out != "" || !strings.Contains(errOut, c.flag+": "+c.path+" cannot be written") {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 naming %s and %s", code, out, errOut, c.flag, c.path)
			}
			if after, err := os.ReadFile(c.path); err != nil || string(after) != string(before) {
				t.Errorf("%s changed (%v)", c.path, err)
			}
		})
	}
}

// -starts is read by one owner (plan): the same value gets the same
// answer from run, exact, theory, count and solve (-start), but for what
// each accepts (count and solve take one square, count all too).
func TestStartsOneOwner(t *testing.T) {
	cmds := map[string][]string{
		"run":    {"run", "-sizes", "5", "-strategies", "warnsdorff", "-plan", "-starts"},
		"exact":  {"exact", "-sizes", "5", "-starts"},
		"theory": {"theory", "-sizes", "5", "-starts"},
		"count":  {"count", "-sizes", "5", "-starts"},
		"solve":  {"solve", "-size", "5", "-start"},
	}
	for _, c := range []struct {
		value string
		want  map[string]string // by command; "" for exit 0
	}{
		{"9,9", map[string]string{"run": "square 9,9 is off the 5x5 board", "exact": "square 9,9 is off the 5x5 board",
			"theory": "square 9,9 is off the 5x5 board", "count": "square 9,9 is off the 5x5 board", "solve": "square 9,9 is off the 5x5 board"}},
		{"x", map[string]string{"run": `square "x": want row,col such as 0,0; want all, corners`, "exact": `square "x": want row,col such as 0,0; want all, corners`,
			"theory": `square "x": want row,col such as 0,0; want all, corners`, "count": `square "x": want row,col such as 0,0; want all or one row,col square`,
			"solve": `square "x": want row,col such as 0,0; want one row,col square`}},
		{"Corners", map[string]string{"run": "", "exact": "", "theory": "",
			"count": `"Corners": want all or one row,col square`, "solve": `"Corners": want one row,col square`}},
		{" 1,2 ", map[string]string{"run": "", "exact": "", "theory": "", "count": "", "solve": ""}},
	} {
		for name, args := range cmds {
			t.Run(name+" "+c.value, func(t *testing.T) {
				out, errOut, code := runCLI(t, append(append([]string{}, args...), c.value)...)
				want := c.want[name]
				flag := args[len(args)-1]
				switch {
				case want == "" && code != 0:
					t.Errorf("exit %d, stderr %q: want exit 0", code, errOut)
				case want != "" && (code != 2 || out != "" || !strings.Contains(errOut, flag+": "+want)):
					t.Errorf("exit %d, stderr %q: want exit 2 saying %q", code, errOut, flag+": "+want)
				}
			})
		}
	}
}

// exact's -out holds one kind of row: exact fractions, or -float's
// decimals. A command of the other kind is refused, exit 2, naming -out,
// the file and its line, and leaves the file unchanged.
func TestExactOutFloatBesideExact(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name        string
		first, then []string
		want        string
	}{
		{"float-beside-exact", nil, []string{"-float"}, "leave out -float"},
		{"exact-beside-float", []string{"-float"}, nil, "add -float"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".csv")
			args := []string{"exact", "-sizes", "5", "-starts", "corners", "-out", path}
			if _, errOut, code := runCLI(t, append(args, c.first...)...); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			before, _ := os.ReadFile(path)
			args[2] = "5,6"
			out, errOut, code := runCLI(t, append(args, c.then...)...)
			if code != 2 || out != "" || !strings.Contains(errOut, "-out: "+path+": line 2: ") || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 naming -out, %s and its line, saying %q", code, out, errOut, path, c.want)
			}
			if after, _ := os.ReadFile(path); string(after) != string(before) {
				t.Errorf("%s changed", path)
			}
		})
	}
}

// -plan names the boards and a -starts list in the order given (the
// settings keep it beside plan's sorted one).
func TestPlanKeepsGivenOrder(t *testing.T) {
	out, errOut, code := runCLI(t, "run", "-sizes", "8,6,5x7", "-starts", "1,1;0,0", "-strategies", "warnsdorff", "-plan")
	if want := "plan: 3 board(s) (8x8,6x6,5x7), starts 1,1;0,0, warnsdorff;"; code != 0 || !strings.HasPrefix(out, want) {
		t.Errorf("exit %d, stdout %q, stderr %q: want it to begin %q", code, out, errOut, want)
	}
}

// TestRunResumeImmutableFilesRefused: run -resume into a directory whose
// runs.csv or manifest.json cannot be written (immutable) is bad input,
// exit 2 naming -out and the file, before any run, as exact's and count's
// outputs are, and leaves both files unchanged.
func TestRunResumeImmutableFilesRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	args := []string{"run", "-sizes", "5,6", "-strategies", "warnsdorff", "-out", dir, "-no-report", "-quiet"}
	if _, errOut, code := runCLI(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	runsCSV, manifest := filepath.Join(dir, "runs.csv"), filepath.Join(dir, "manifest.json")
	data, _ := os.ReadFile(runsCSV)
	lines := strings.SplitAfter(string(data), "\n")
	for _, name := range []string{"runs.csv", "manifest.json"} {
		t.Run(name, func(t *testing.T) {
			// Half its rows gone, so that -resume has runs to do.
			if err := os.WriteFile(runsCSV, []byte(strings.Join(lines[:30], "")), 0o644); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, name)
			beforeRuns, _ := os.ReadFile(runsCSV)
			beforeManifest, _ := os.ReadFile(manifest)
			immutable(t, path)
			out, errOut, code := runCLI(t, append(args, "-resume")...)
			if code != 2 || !strings.Contains(errOut, "-out: "+path+" cannot be written") {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 naming -out and %s", code, out, errOut, path)
			}
			afterRuns, _ := os.ReadFile(runsCSV)
			afterManifest, _ := os.ReadFile(manifest)
			if string(afterRuns) != string(beforeRuns) || string(afterManifest) != string(beforeManifest) {
				t.Error("runs.csv or manifest.json changed")
			}
			exec.Command("chattr", "-i", path).Run()
		})
	}
}

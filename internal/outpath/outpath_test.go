package outpath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/internal/input"
)

func TestCheck(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// Links live in a directory of their own, so that the count of what
	// the checks leave behind below stays simple.
	links := t.TempDir()
	link := func(name, dest string) string {
		p := filepath.Join(links, name)
		if err := os.Symlink(dest, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	toFile := link("to-file", file)
	toDir := link("to-dir", tmp)
	dangling := link("dangling", filepath.Join(tmp, "missing", "x"))
	toFd := link("to-fd", "/proc/self/fd/1")
	chain := link("chain", toFd)
	for _, c := range []struct {
		name, path string
		dir        bool
		want       string // "" for no error
	}{
		{"file: new", filepath.Join(tmp, "x.ktour"), false, ""},
		{"file: new under missing directories", filepath.Join(tmp, "a", "b", "x.ktour"), false, ""},
		{"file: existing file", file, false, ""},
		{"file: a directory", tmp, false, "is a directory; want a file name"},
		{"file: under a file", filepath.Join(file, "x.ktour"), false, file + " is a file, so nothing can be made under it"},
		{"file: in /proc", "/proc/x.png", false, "cannot write in /proc"},
		{"file: not regular", "/dev/null", false, "not a regular file"},
		{"file: empty", "", false, "missing"},
		{"file: - for standard output", "-", false, "- (standard output) is not a place"},
		{"dir: - for standard output", "-", true, "- (standard output) is not a place"},
		{"dir: new", filepath.Join(tmp, "new"), true, ""},
		{"dir: new, deep", filepath.Join(tmp, "n", "e", "w"), true, ""},
		{"dir: existing", tmp, true, ""},
		{"dir: a file", file, true, "is a file; want a directory"},
		{"dir: under a file", filepath.Join(file, "x"), true, "is a file, so nothing can be made under it"},
		{"dir: in /proc", "/proc/x", true, "cannot write in /proc"},
		{"dir: /proc/self", "/proc/self", true, "in /proc"},
		{"file: a link to a file", toFile, false, ""},
		{"file: a link to a directory", toDir, false, "is a directory"},
		{"file: a dangling link", dangling, false, "which does not exist"},
		{"file: a link to standard output", toFd, false, "is a link to /proc/self/fd/1, in /proc"},
		{"file: a link to a link to standard output", chain, false, "is a link to /proc/self/fd/1, in /proc"},
		{"file: /dev/stdout", "/dev/stdout", false, "is a link to /proc/self/fd/1, in /proc"},
		{"dir: a link to a directory", toDir, true, ""},
		{"dir: a link to a file", toFile, true, "is a file"},
		{"dir: a dangling link", dangling, true, "which does not exist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			check := File
			if c.dir {
				check = Dir
			}
			err := check("-flag", c.path)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("error %v, want none", err)
			case c.want == "":
				return
			case err == nil:
				t.Fatalf("no error, want %q", c.want)
			case !input.Is(err) || !strings.HasPrefix(err.Error(), "-flag: "):
				t.Errorf("error %q is not bad input naming -flag", err)
			case !strings.Contains(err.Error(), c.want):
				t.Errorf("error %q, want %q", err, c.want)
			}
		})
	}
	// The check leaves nothing behind: no directory made, no probe file.
	entries, _ := os.ReadDir(tmp)
	if len(entries) != 1 {
		t.Errorf("the checks left %d entries in %s, want only the file", len(entries), tmp)
	}
}

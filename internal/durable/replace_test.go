package durable

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.json")
	if err := ReplaceBytes(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Replace(path, func(w io.Writer) error {
		w.Write([]byte("half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "one" {
		t.Errorf("a failed write left %q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("a failed write left %d files", len(entries))
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
}

func TestIsTemp(t *testing.T) {
	for name, want := range map[string]bool{
		".manifest.json8734234": true, ".runs.csv1": true, ".lock": false, "runs.csv": false,
		".123": false, "manifest.json123": false, ".": false,
	} {
		if IsTemp(name) != want {
			t.Errorf("IsTemp(%q) = %v", name, !want)
		}
	}
}

// A link is written through: the file it leads to is replaced, the link
// stays (before, the rename put a file in the link's place).
func TestWriteThroughLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "a.txt")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("real/a.txt", link); err != nil {
		t.Fatal(err)
	}
	chain := filepath.Join(dir, "chain")
	if err := os.Symlink(link, chain); err != nil {
		t.Fatal(err)
	}
	for i, opts := range [][]Option{nil, {NoSync}} {
		want := []string{"new", "newer"}[i]
		if err := ReplaceBytes(chain, []byte(want), opts...); err != nil {
			t.Fatal(err)
		}
		for _, l := range []string{link, chain} {
			if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("options %v: %s is no longer a link (%v)", opts, l, err)
			}
		}
		if data, _ := os.ReadFile(target); string(data) != want {
			t.Errorf("options %v: the target holds %q, want %q", opts, data, want)
		}
	}
	way, err := Links(chain)
	if err != nil || len(way) != 3 || way[2] != target {
		t.Errorf("Links(chain) = %q, %v; want chain, link, %s", way, err, target)
	}
}

// A failed write names the file asked for, not the temporary one (it read
// "rename .adir8777186083255993147 adir: file exists").
func TestErrorNamesPath(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "adir")
	if err := os.MkdirAll(filepath.Join(path, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]Option{nil, {NoSync}} {
		err := ReplaceBytes(path, []byte("data"), opts...)
		if err == nil {
			t.Fatalf("options %v: writing over a directory succeeded", opts)
		}
		if msg := err.Error(); !strings.Contains(msg, "rename "+path+": ") || strings.Contains(msg, "/.adir") {
			t.Errorf("options %v: error %q, want it to name %s and no temporary file", opts, msg, path)
		}
		var le *os.LinkError
		if !errors.As(err, &le) {
			t.Errorf("options %v: error %q no longer wraps the *os.LinkError", opts, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the failed writes left %d entries, want only adir", len(entries))
	}
}

package external_test

import (
	"os"
	"path/filepath"
	"testing"

	"knightsweep/pkg/external"
)

// TestResolveRealPathOfSymlink: a program named by a symbolic link has the
// file the link points to as its RealPath; one named by its own path has
// none ("").
func TestResolveRealPathOfSymlink(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "solver")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(prog, link); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(prog) // the temporary directory may be under a link
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, path, want string
	}{
		{"the link", link, real},
		{"the file", real, ""},
	} {
		spec, err := external.Parse("mine=" + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		exe, err := external.Resolve(spec)
		if err != nil {
			t.Fatal(err)
		}
		if exe.Path != tt.path || exe.RealPath != tt.want {
			t.Errorf("%s: Path %q, RealPath %q; want %q, %q", tt.name, exe.Path, exe.RealPath, tt.path, tt.want)
		}
	}
}

package external_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
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

// TestCannotStartIsUnmeasured: a run whose program is gone by the time it
// runs (removed after Resolve) ends in error, its CPU time and peak
// memory unknown (-1), not 0 or any other figure, for one process a run
// and for a stdio process.
func TestCannotStartIsUnmeasured(t *testing.T) {
	for _, stdio := range []string{"", "stdio:"} {
		prog := filepath.Join(t.TempDir(), "gone")
		if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		exe := resolve(t, "gone="+stdio+prog)
		os.Remove(prog)
		s := external.NewSolver(exe, external.Limits{})
		o := s.Run(context.Background(), external.Request{Version: 1, ID: 1, Rows: 5, Cols: 5})
		s.Close()
		if o.Answer.Status != status.Error || !strings.Contains(o.Reason, "cannot start") || o.CPU != -1 || o.MaxRSS != -1 {
			t.Errorf("%q: status %s, reason %q, cpu %v, max_rss %d; want error, cannot start, -1, -1", stdio, o.Answer.Status, o.Reason, o.CPU, o.MaxRSS)
		}
	}
}

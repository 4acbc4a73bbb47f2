package main

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/tour"
	"knightsweep/pkg/tourfile"
)

func TestSolveTourOut(t *testing.T) {
	dir := t.TempDir()
	bin, txt, pic := filepath.Join(dir, "t.ktour"), filepath.Join(dir, "t.txt"), filepath.Join(dir, "t.png")
	args := []string{"solve", "-rows", "6", "-cols", "8", "-start", "3,4", "-strategy", "parberry", "-tour-out", bin}
	if !testing.Short() { // drawing takes seconds under the race detector
		args = append(args, "-png", pic)
	}
	out, errOut, code := runCLI(t, args...)
	if code != 0 || !strings.Contains(out, "status=found nodes=48 ") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	tr, err := tourfile.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	// parberry's tours are closed, asked for or not.
	if !tr.Closed || tr.Rows != 6 || tr.Cols != 8 {
		t.Errorf("read back %dx%d closed=%v", tr.Rows, tr.Cols, tr.Closed)
	}
	if err := tour.Validate(6, 8, 3*8+4, tr.Squares, true); err != nil {
		t.Error(err)
	}
	if !testing.Short() {
		f, err := os.Open(pic)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := png.Decode(f); err != nil {
			t.Errorf("-png: %v", err)
		}
	}

	// The text form of the same tour.
	_, errOut, code = runCLI(t, append(args[:len(args):len(args)], "-tour-out", txt)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(txt)
	if want := "# knightsweep tour 6x8 closed\n"; !strings.HasPrefix(string(data), want) {
		t.Errorf("text tour starts %q, want %q", data[:min(len(data), 40)], want)
	}
	tt, err := tourfile.ReadFile(txt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tt.Squares, tr.Squares) {
		t.Error("the text and binary files hold different tours")
	}
}

func TestSolveTourOutWithoutTour(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "t.ktour")
	_, errOut, code := runCLI(t, "solve", "-size", "8", "-max-nodes", "100", "-tour-out", bin, "-png", filepath.Join(dir, "t.png"))
	if code != 0 || !strings.Contains(errOut, "no tour to write (status node_limit)") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files written: %v", entries)
	}
}

func TestSolveTourOutBadFlags(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-size", "201", "-png", filepath.Join(dir, "x.png")}, "pictures are drawn for boards up to 200 x 200, and 201x201 is larger"},
		{[]string{"-size", "1002", "-tour-out", filepath.Join(dir, "x.txt")}, "text form is for boards up to 1000 x 1000"},
		{[]string{"-size", "8", "-tour-out", filepath.Join(file, "x.ktour")}, file + " is a file, so nothing can be made under it"},
		{[]string{"-size", "8", "-png", dir}, "-png: " + dir + " is a directory; want a file name"},
		{[]string{"-size", "9", "-strategy", "parberry"}, "n x (n+2)"},
	} {
		_, errOut, code := runCLI(t, append([]string{"solve", "-strategy", "parberry"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/strategies"
)

// A flag file's -solver line reads as it would on the command line, quotes
// and all, and is checked as the command line's is: a solver that the
// file's own -strategies leaves out is refused, naming its line; one that
// the command line's -strategies leaves out is the file's offer, not taken.
func TestFlagFileQuotedSolver(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, file string
		args       []string
		code       int
		want       string // in stdout (exit 0) or stderr
	}{
		{"single-quoted", "-sizes 5\n-solver 'mycat=/bin/cat {seed}'\n-strategies warnsdorff,mycat\n", nil, 0, "warnsdorff, mycat;"},
		{"double-quoted", "-sizes 5\n-solver \"mycat=/bin/cat {seed}\"\n-strategies warnsdorff,mycat\n", nil, 0, "warnsdorff, mycat;"},
		{"not-named-by-the-file", "-sizes 5\n-solver 'mycat=/bin/cat {seed}'\n-strategies warnsdorff\n", nil, 2,
			"-solver: F:2: mycat is declared, but -strategies does not name it"},
		{"not-named-no-strategies", "-sizes 5\n-solver mycat=/bin/cat\n", nil, 2, "-solver: F:2: mycat is declared"},
		{"bad-name", "-sizes 5\n# a comment\n-solver '9cat=/bin/cat'\n-strategies warnsdorff\n", nil, 2, "-solver: F:3: name \"9cat\""},
		{"command-line-strategies", "-sizes 5\n-solver 'mycat=/bin/cat'\n-strategies warnsdorff,mycat\n",
			[]string{"-strategies", "warnsdorff"}, 0, "warnsdorff; 25 runs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".flags")
			if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"run", "-config", path, "-plan"}, tc.args...)
			out, errOut, code := runCLI(t, args...)
			got := out
			if code != 0 {
				got = errOut
			}
			want := strings.ReplaceAll(tc.want, "F:", path+":")
			if code != tc.code || !strings.Contains(got, want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errOut, tc.code, want)
			}
		})
	}
}

// A declared solver's name is at most strategies.MaxNameBytes: a longer
// one is refused, exit 2, naming -solver and the limit.
func TestSolverNameCap(t *testing.T) {
	for _, n := range []int{strategies.MaxNameBytes, strategies.MaxNameBytes + 1, 5000} {
		name := strings.Repeat("a", n)
		out, errOut, code := runCLI(t, "run", "-sizes", "5", "-strategies", name, "-solver", name+"=/bin/cat", "-plan")
		switch {
		case n <= strategies.MaxNameBytes && code != 0:
			t.Errorf("%d bytes: exit %d, stderr %q: want it taken", n, code, errOut)
		case n > strategies.MaxNameBytes && (code != 2 || out != "" || !strings.Contains(errOut, "-solver: ") ||
			!strings.Contains(errOut, fmt.Sprintf("is %d bytes long: give a name of at most %d", n, strategies.MaxNameBytes))):
			t.Errorf("%d bytes: exit %d, stderr %q: want exit 2 naming -solver and the limit", n, code, errOut)
		}
	}
}

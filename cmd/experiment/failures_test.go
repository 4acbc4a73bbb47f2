package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Failures in plain sight: at the end of run, a series whose runs ended in
// error is named with how many and the first reason, the solver's last
// words on stderr included; a solver's script that does not exist is
// refused before any work, naming -solver and the file.
func TestFailuresInPlainSight(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sh")
	script := "#!/bin/sh\necho 'Traceback (most recent call last):' >&2\necho 'ZeroDivisionError: division by zero' >&2\nexit 3\n"
	if err := os.WriteFile(bad, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "run", "-sizes", "5", "-starts", "0,0;1,1", "-strategies", "mine,warnsdorff", "-solver", "mine="+bad,
		"-no-report", "-quiet", "-out", filepath.Join(dir, "out"))
	want := "failures: mine: 2 of 2 runs ended in error; the first, on 5x5 from "
	if code != 0 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "exit status 3; stderr: Traceback (most recent call last): ZeroDivisionError: division by zero") {
		t.Errorf("exit %d, stderr:\n%s\nwant %q and the solver's stderr", code, stderr, want)
	}
	if strings.Contains(stderr, "failures: warnsdorff") {
		t.Errorf("a series without errors is named among the failures:\n%s", stderr)
	}

	missing := filepath.Join(dir, "missing.py")
	out := filepath.Join(dir, "out2")
	_, stderr, code = runCLI(t, "run", "-sizes", "5", "-strategies", "mine", "-solver", "mine=python3 "+missing, "-out", out)
	if code != 2 || !strings.Contains(stderr, "-solver: mine: "+missing+": no such file") {
		t.Errorf("a missing script: exit %d, %q; want 2 naming -solver and the file", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("the refused sweep made its output directory")
	}
}

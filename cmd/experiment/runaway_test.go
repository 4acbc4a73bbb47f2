package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The refusal and -plan say one figure, the machine-paced one the plan
// prints, on the workers given: warnsdorff-bt on 7x7 from 0,1 (a start
// the colour rule rules out) without a budget is a complete search of
// about 10^14 nodes, days on any machine. Without -plan it is refused
// before anything is written, exit 2.
func TestRunawayOneFigure(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two pace trials")
	}
	args := []string{"run", "-sizes", "7", "-starts", "0,1", "-strategies", "warnsdorff-bt", "-workers", "3"}
	out, errOut, code := runCLI(t, append(args, "-plan")...)
	if code != 0 {
		t.Fatalf("-plan: exit %d: %s", code, errOut)
	}
	expected := regexp.MustCompile(`expected: (?:about )?(.+?) on (\d+) worker\(s\)`).FindStringSubmatch(out)
	refusal := regexp.MustCompile(`run would refuse this sweep: it is expected to take (.+?) on (\d+) worker\(s\)`).FindStringSubmatch(out)
	if expected == nil || refusal == nil {
		t.Fatalf("-plan says no expected time or no refusal:\n%s", out)
	}
	if expected[1] != refusal[1] || expected[2] != "3" || refusal[2] != "3" {
		t.Errorf("the plan expects %s on %s worker(s), the refusal %s on %s:\n%s", expected[1], expected[2], refusal[1], refusal[2], out)
	}
	if !strings.Contains(out, "it holds 1 search by warnsdorff-bt") {
		t.Errorf("the refusal does not count 1 search:\n%s", out)
	}
	dir := filepath.Join(t.TempDir(), "o")
	_, errOut, code = runCLI(t, append(args, "-out", dir)...)
	// Another trial, another pace: the figure is in days on the 3 workers
	// given (a loaded machine adds the unloaded figure in parentheses,
	// which may be the model's own).
	if code != 2 || !regexp.MustCompile(`run: it is expected to take \d+ days on 3 worker\(s\)`).MatchString(errOut) {
		t.Errorf("without -plan: exit %d, %q; want 2 and the paced figure on 3 workers", code, errOut)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the refused sweep wrote %s (%v)", dir, err)
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestStartupInit checks that no package of the project does work at
// program start that only some commands need (a CRC table, the flag errors'
// patterns, a chart's fonts, the random order's pick table, the report's
// label patterns): each package's initialisation, as the runtime's
// inittrace reports it for `experiment help`, allocates less than
// initBudget bytes in fewer than initAllocs allocations. Allocations are
// counted exactly, unlike time, so the test holds on a busy machine;
// docs/performance.md has the start-up time against a hello-world
// program.
//
// The child is this test binary, whose own package's initialisation runs
// its tests' variables too: that package is measured only without -short,
// in bin/experiment built as make build builds it (a minute's link on a
// busy machine).
//
// Libraries initialise at every start too: Go runs the init of every
// package a binary links, before main, whichever command runs.
// startupLibraries lists each library that allocates initBudget or more at
// start-up, with the reason it is linked, so that a new one is seen here.
// gonum/plot is not among them: go.mod replaces it by third_party/plot,
// whose fonts are parsed when first used and which links no LaTeX; the
// original's init parses the Liberation fonts (184 KB) and links go-latex,
// whose fonts are parsed at start-up too. The standard library's packages
// are not counted, but for those in unlinked.
func TestStartupInit(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"=help", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("experiment help: %v\n%s", err, out)
	}
	checkInit(t, out, map[string]bool{"knightsweep/cmd/experiment": true})
	if testing.Short() {
		return
	}
	bin := filepath.Join(t.TempDir(), "experiment")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd = exec.Command(bin, "help")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	if out, err = cmd.CombinedOutput(); err != nil {
		t.Fatalf("experiment help: %v\n%s", err, out)
	}
	checkInit(t, out, nil)
}

const initBudget, initAllocs = 4 << 10, 32

// checkInit checks inittrace's report out: the project's packages (but
// skip) within initBudget and initAllocs, and every other package that is
// not the standard library's within initBudget or in startupLibraries.
func checkInit(t *testing.T, out []byte, skip map[string]bool) {
	t.Helper()
	line := regexp.MustCompile(`(?m)^init (\S+) @.*, (\d+) bytes, (\d+) allocs$`)
	project := 0
	for _, m := range line.FindAllSubmatch(out, -1) {
		name := string(m[1])
		n, _ := strconv.Atoi(string(m[2]))
		a, _ := strconv.Atoi(string(m[3]))
		if why, ok := unlinked[name]; ok {
			t.Errorf("%s is initialised at start-up; %s", name, why)
		}
		switch {
		case skip[name]:
		case strings.HasPrefix(name, "knightsweep/") || name == "main":
			project++
			if n >= initBudget || a >= initAllocs {
				t.Errorf("%s allocates %d bytes in %d allocations at start-up, past %d bytes or %d allocations: make what only some commands need when first used", name, n, a, initBudget, initAllocs)
			}
		case !strings.Contains(strings.Split(name, "/")[0], "."):
			// The standard library's: linked by the packages below.
		case n >= initBudget && !startupLibraries[name] && !strings.HasPrefix(name, "github.com/rogpeppe/go-internal/"):
			t.Errorf("the library %s allocates %d bytes at start-up, %d or more, in every command: link it only where it is needed, or add it to startupLibraries with the reason", name, n, initBudget)
		}
	}
	if project < 10 {
		t.Fatalf("inittrace reported %d of the project's packages:\n%s", project, out)
	}
}

// unlinked are packages whose initialisation costs more than a library's
// (encoding/gob's registry of types, encoding/xml's entity table) that the
// binary is to link not at all, with how it keeps them out.
var unlinked = map[string]string{
	"encoding/gob": "the PDF writer is third_party/fpdf (go.mod's replace), which has no gob serialisation",
	"encoding/xml": "the PDF writer is third_party/fpdf, which reads no SVG, and gonum/plot is third_party/plot, whose package plot links no vgsvg",
}

// startupLibraries are the libraries outside the standard library that
// allocate initBudget bytes or more at every start, and why they are
// linked (the tests' own, go-internal's testscript, aside).
var startupLibraries = map[string]bool{
	"mvdan.cc/sh/v3/fileutil": true, // -solver's command, parsed as a shell would
	"mvdan.cc/sh/v3/expand":   true, // -solver's command, parsed as a shell would
	"gonum.org/v1/gonum/mat":  true, // gonum/stat, the statistics
}

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDocsMutantsListPointsAtCode holds docs/mutants.tsv, the mutants
// that live under make mutate and why, to its columns and to the code: each
// position names a line and column that exist in the package's file.
func TestDocsMutantsListPointsAtCode(t *testing.T) {
	f, err := os.Open("../../docs/mutants.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pos := regexp.MustCompile(`^([a-z_]+\.go):([0-9]+):([0-9]+)$`)
	kinds := map[string]bool{"equivalent": true, "guarded": true, "open": true}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 5 {
			t.Fatalf("docs/mutants.tsv:%d: %d columns, want 5 (package, position, count, kind, reason)", n, len(cols))
		}
		if n == 1 {
			if got := strings.Join(cols, ","); got != "package,position,count,kind,reason" {
				t.Fatalf("docs/mutants.tsv: header %q", got)
			}
			continue
		}
		m := pos.FindStringSubmatch(cols[1])
		if m == nil {
			t.Errorf("docs/mutants.tsv:%d: position %q is not file.go:line:column", n, cols[1])
			continue
		}
		if c, err := strconv.Atoi(cols[2]); err != nil || c < 1 {
			t.Errorf("docs/mutants.tsv:%d: count %q is not a positive number", n, cols[2])
		}
		if !kinds[cols[3]] {
			t.Errorf("docs/mutants.tsv:%d: kind %q is not equivalent, guarded or open", n, cols[3])
		}
		if !strings.HasSuffix(cols[4], ".") {
			t.Errorf("docs/mutants.tsv:%d: the reason is not a sentence: %q", n, cols[4])
		}
		src, err := os.ReadFile(filepath.Join("../../pkg", cols[0], m[1]))
		if err != nil {
			t.Errorf("docs/mutants.tsv:%d: %v", n, err)
			continue
		}
		lines := strings.Split(string(src), "\n")
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if line < 1 || line > len(lines) || col < 1 || col > len(lines[line-1]) {
			t.Errorf("docs/mutants.tsv:%d: pkg/%s/%s has no line %d column %d", n, cols[0], m[1], line, col)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestMutateMarksLivedMutants runs scripts/mutate.sh on pkg/certify with a
// stand-in for go run gremlins that prints a log of two lived mutants, one
// of them listed: the listed one is marked explained, the other NOT
// EXPLAINED and counted, a listed position that did not live is named, and
// MUTATE_STRICT=1 turns the unexplained one into exit status 1.
func TestMutateMarksLivedMutants(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("scripts/mutate.sh needs bash")
	}
	dir := t.TempDir()
	fakeGo := filepath.Join(dir, "go")
	log := "      LIVED CONDITIONALS_BOUNDARY at certify.go:35:13\n" +
		"      LIVED CONDITIONALS_NEGATION at certify.go:40:2\n" +
		"Killed: 30, Lived: 2, Not covered: 0\n" +
		"Timed out: 0, Not viable: 0, Skipped: 0\n" +
		"Test efficacy: 93.75%\n"
	if err := os.WriteFile(fakeGo, []byte("#!/usr/bin/env bash\nprintf '%s' '"+log+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(dir, "mutants.tsv")
	tsv := "package\tposition\tcount\tkind\treason\n" +
		"certify\tcertify.go:35:13\t1\tequivalent\tSame result.\n" +
		"certify\tcertify.go:50:9\t2\tguarded\tRefused elsewhere.\n" +
		"tour\tcertify.go:40:2\t1\tequivalent\tAnother package's.\n"
	if err := os.WriteFile(list, []byte(tsv), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, strict := range []string{"0", "1"} {
		cmd := exec.Command("bash", "../../scripts/mutate.sh", "certify")
		cmd.Env = append(os.Environ(), "GO="+fakeGo, "MUTATE_LIST="+list, "MUTATE_OUT="+filepath.Join(dir, "out"), "MUTATE_STRICT="+strict)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{"0": 0, "1": 1}[strict]
		if code != want {
			t.Errorf("MUTATE_STRICT=%s: exit status %d, want %d\n%s", strict, code, want, out)
		}
		for _, line := range []string{
			"certify               30      2            0         0    93.75%",
			"    pkg/certify/certify.go:35:13 CONDITIONALS_BOUNDARY  explained (equivalent)\n",
			"    pkg/certify/certify.go:40:2 CONDITIONALS_NEGATION  NOT EXPLAINED\n",
			"    pkg/certify/certify.go:50:9  listed 2, lived 0\n",
			"Mutants that lived: 2; not explained in " + list + ": 1\npkg/certify/certify.go:40:2 CONDITIONALS_NEGATION\n",
		} {
			if !strings.Contains(string(out), line) {
				t.Errorf("MUTATE_STRICT=%s: output lacks %q:\n%s", strict, line, out)
			}
		}
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The pieces of a document laid out as seed 003's is (prose between an
// include block, a namespace skeleton, two function templates and main)
// assemble into a program that compiles and runs.
func TestAssemble003(t *testing.T) {
	src, err := assemble003(fragments(readDoc(t, "layout003.txt")))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "prose") || !strings.Contains(src, "namespace knight_tour {\ntemplate") {
		t.Fatalf("assembled:\n%s", src)
	}
	if got := compileAndRun(t, "g++", src, ".cpp"); got != "6 1\n" {
		t.Errorf("the program printed %q, want \"6 1\\n\"", got)
	}
}

// Seed 002's travel function, the board's side made a variable, is driven
// over every start of 5x5..40x40.
func TestGreedyAllStarts(t *testing.T) {
	src, err := greedyAllStarts(fragments(readDoc(t, "layout002.txt")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, "m <= N * N") || !strings.Contains(src, "x > N - 1") || strings.Contains(src, "board[8][8]") {
		t.Fatalf("source:\n%s", src)
	}
	// The toy travel always succeeds: every start of every board.
	if got := compileAndRun(t, "gcc", src, ".c"); got != "22110 runs, 22110 tours\n" {
		t.Errorf("the program printed %q", got)
	}
	if _, err := greedyAllStarts(fragments("int main(void) {\nreturn 0;\n}\n")); err == nil {
		t.Error("a document without travel was accepted")
	}
}

func compileAndRun(t *testing.T, compiler, src, ext string) string {
	t.Helper()
	if _, err := exec.LookPath(compiler); err != nil {
		t.Skipf("no %s: %v", compiler, err)
	}
	dir := t.TempDir()
	file, bin := filepath.Join(dir, "p"+ext), filepath.Join(dir, "p")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(compiler, "-O2", "-o", bin, file).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s\n%s", compiler, err, out, src)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// Command benchcompare measures experiment against the seed programs, the
// classic C and C++ knight's-tour programs the project started from, as
// whole processes: it extracts their code from the seed documents (which
// the project does not ship: pass their directory), compiles it under a
// temporary directory, checks that both sides compute the same thing, then
// runs them alternately and prints medians and ratios.
//
// Usage (make bench-compare SEEDS=DIR runs it):
//
//	go run ./tools/benchcompare -seeds DIR [-rounds 5] [-experiment bin/experiment]
//
// The comparisons:
//
//   - seed 002's greedy rule (its travel function, the board side made a
//     variable) from every start of 5x5..40x40 in one process, against
//     experiment run -strategies warnsdorff -sizes 5-40, with and without
//     its report: the same 22,110 runs, the same tours found;
//   - seed 003's plain depth-first search of 8x8 from a corner, against
//     experiment solve -size 8: the same tour, found on every core, and
//     again with -workers 1, on one core as the seed;
//   - experiment help against a hello-world Go program: start-up, as the
//     mean of 200 starts a round.
//
// Timings are medians of alternating runs, wall time, with each side's
// peak RSS; the ratio column is seed time over experiment time (above 1:
// experiment is faster).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

func main() {
	if err := run(os.Stdout, os.Stderr, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		var usage usageError
		if errors.As(err, &usage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

type usageError struct{ error }

func run(stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("benchcompare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seeds := fs.String("seeds", "", "the `directory` of the seed documents (files named 002_*, 003_*)")
	rounds := fs.Int("rounds", 5, "alternating rounds of each comparison, at least 5 for the medians the docs quote")
	experiment := fs.String("experiment", "bin/experiment", "the experiment `binary` to measure")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if *seeds == "" {
		return usageError{errors.New("-seeds: give the directory of the seed documents (make bench-compare SEEDS=DIR)")}
	}
	if *rounds < 1 {
		return usageError{fmt.Errorf("-rounds %d: want 1 or more", *rounds)}
	}
	exp, err := filepath.Abs(*experiment)
	if err != nil {
		return err
	}
	if _, err := os.Stat(exp); err != nil {
		return usageError{fmt.Errorf("-experiment: %w (make build makes bin/experiment)", err)}
	}
	// The work directory is under results/ (git-ignored), not /tmp: the
	// sweeps write there, and a small tmpfs, or a slow /tmp, would measure
	// the file system.
	if err := os.MkdirAll("results", 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("results", "benchcompare-")
	if err != nil {
		return err
	}
	if tmp, err = filepath.Abs(tmp); err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	greedy, dfs, hello, err := build(*seeds, tmp)
	if err != nil {
		return err
	}
	if err := check(exp, greedy, dfs, tmp); err != nil {
		return err
	}
	out := filepath.Join(tmp, "out")
	fresh := func() { os.RemoveAll(out) }
	comparisons := []struct {
		name       string
		seed, ours []string
		// starts is how many times a round runs each side, for a time
		// per start: one start of a few milliseconds is mostly noise.
		starts int
	}{
		{"greedy 5..40, every start, with the report", []string{greedy}, []string{exp, "run", "-quiet", "-strategies", "warnsdorff", "-sizes", "5-40", "-out", out}, 1},
		{"greedy 5..40, every start, sweep alone", []string{greedy}, []string{exp, "run", "-quiet", "-no-report", "-strategies", "warnsdorff", "-sizes", "5-40", "-out", out}, 1},
		{"dfs 8x8 from a corner (solve)", []string{dfs}, []string{exp, "solve", "-size", "8"}, 1},
		{"dfs 8x8 from a corner (solve -workers 1)", []string{dfs}, []string{exp, "solve", "-size", "8", "-workers", "1"}, 1},
		{"start-up: help vs hello world (per start)", []string{hello}, []string{exp, "help"}, startsPerRound},
	}
	fmt.Fprintf(stdout, "%d alternating rounds each; medians of wall time; peak RSS of one more run; ratio = other / experiment\n\n", *rounds)
	fmt.Fprintf(stdout, "%-45s %12s %10s %12s %10s %7s\n", "comparison", "other", "RSS", "experiment", "RSS", "ratio")
	for _, c := range comparisons {
		var ts, to []time.Duration
		for range *rounds {
			fresh()
			t, err := timeRuns(c.seed, c.starts)
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			ts = append(ts, t)
			fresh()
			if t, err = timeRuns(c.ours, c.starts); err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			to = append(to, t)
		}
		var rs, ro int64
		var err error
		fresh()
		if rs, err = peakRSS(c.seed); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		fresh()
		if ro, err = peakRSS(c.ours); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		ms, mo := median(ts), median(to)
		fmt.Fprintf(stdout, "%-45s %12s %8.1fMB %12s %8.1fMB %6.2fx\n", c.name, ms.Round(10*time.Microsecond), float64(rs)/1e6,
			mo.Round(10*time.Microsecond), float64(ro)/1e6, float64(ms)/float64(mo))
	}
	fmt.Fprintf(stdout, "\ncommands: %s\n", strings.Join([]string{strings.Join(comparisons[0].ours, " "), strings.Join(comparisons[2].ours, " ")}, "; "))
	return nil
}

// startsPerRound is how many starts of each program a round of the
// start-up comparison times.
const startsPerRound = 200

// timeRuns runs argv n times (at least once), one after the other, and
// returns the mean wall time of a run.
func timeRuns(argv []string, n int) (time.Duration, error) {
	n = max(n, 1)
	var sum time.Duration
	for range n {
		t, err := timeRun(argv)
		if err != nil {
			return 0, err
		}
		sum += t
	}
	return sum / time.Duration(n), nil
}

// timeRun runs argv, its output discarded, and returns its wall time.
func timeRun(argv []string) (time.Duration, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %w: %s", strings.Join(argv, " "), err, stderr.String())
	}
	return time.Since(start), nil
}

// peakRSS runs argv once under /usr/bin/time (Debian's time package) and
// returns its peak RSS in bytes, or 0 without /usr/bin/time. (A child forked
// from this Go process inherits its high-water mark, so its own rusage
// overstates a small program's; and a wrapper would add its own start-up
// to the timings, so they are taken apart.)
func peakRSS(argv []string) (int64, error) {
	timer, err := exec.LookPath("/usr/bin/time")
	if err != nil {
		return 0, nil
	}
	cmd := exec.Command(timer, append([]string{"-f", "%M"}, argv...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %w: %s", strings.Join(argv, " "), err, stderr.String())
	}
	var kb int64
	if f := strings.Fields(stderr.String()); len(f) > 0 {
		fmt.Sscan(f[len(f)-1], &kb)
	}
	return kb * 1024, nil
}

func median[T time.Duration | int64](x []T) T {
	s := slices.Clone(x)
	slices.Sort(s)
	return s[len(s)/2]
}

// check runs each seed program once against experiment: seed 003's tour is
// experiment's, and seed 002's rule finds as many tours over 5..40 as the
// warnsdorff sweep.
func check(exp, greedy, dfs, tmp string) error {
	seedOut, err := exec.Command(dfs).Output()
	if err != nil {
		return fmt.Errorf("seed 003: %w", err)
	}
	ours, err := exec.Command(exp, "solve", "-size", "8").Output()
	if err != nil {
		return fmt.Errorf("experiment solve -size 8: %w", err)
	}
	if a, b := strings.Fields(string(seedOut)), strings.Fields(string(ours)); len(b) < 64 || !slices.Equal(a, b[:64]) {
		return fmt.Errorf("seed 003 and experiment solve -size 8 print different tours:\n%s\n%s", seedOut, ours)
	}
	seedCount, err := exec.Command(greedy).Output()
	if err != nil {
		return fmt.Errorf("seed 002 over 5..40: %w", err)
	}
	out := filepath.Join(tmp, "check")
	if err := exec.Command(exp, "run", "-quiet", "-no-report", "-strategies", "warnsdorff", "-sizes", "5-40", "-out", out).Run(); err != nil {
		return fmt.Errorf("experiment run: %w", err)
	}
	csv, err := os.ReadFile(filepath.Join(out, "runs.csv"))
	if err != nil {
		return err
	}
	found := strings.Count(string(csv), ",found,")
	runs := strings.Count(string(csv), "\n") - 1
	if want := fmt.Sprintf("%d runs, %d tours", runs, found); strings.TrimSpace(string(seedCount)) != want {
		return fmt.Errorf("seed 002 over 5..40 says %q, experiment's sweep %q", strings.TrimSpace(string(seedCount)), want)
	}
	return nil
}

// build extracts and compiles the seed programs, and a hello world.
func build(seeds, tmp string) (greedy, dfs, hello string, err error) {
	doc := func(prefix string) (string, error) {
		m, _ := filepath.Glob(filepath.Join(seeds, prefix+"_*"))
		if len(m) != 1 {
			return "", usageError{fmt.Errorf("-seeds %s: want one file named %s_*, found %d", seeds, prefix, len(m))}
		}
		b, err := os.ReadFile(m[0])
		return string(b), err
	}
	d002, err := doc("002")
	if err != nil {
		return "", "", "", err
	}
	d003, err := doc("003")
	if err != nil {
		return "", "", "", err
	}
	src002, err := greedyAllStarts(fragments(d002))
	if err != nil {
		return "", "", "", fmt.Errorf("seed 002: %w", err)
	}
	src003, err := assemble003(fragments(d003))
	if err != nil {
		return "", "", "", fmt.Errorf("seed 003: %w", err)
	}
	greedy, dfs, hello = filepath.Join(tmp, "seed002-all"), filepath.Join(tmp, "seed003"), filepath.Join(tmp, "hello")
	for _, b := range []struct{ compiler, src, ext, out string }{
		{"gcc", src002, ".c", greedy}, {"g++", src003, ".cpp", dfs},
	} {
		file := b.out + b.ext
		if err := os.WriteFile(file, []byte(b.src), 0o644); err != nil {
			return "", "", "", err
		}
		if out, err := exec.Command(b.compiler, "-O2", "-o", b.out, file).CombinedOutput(); err != nil {
			return "", "", "", fmt.Errorf("%s %s: %w\n%s", b.compiler, file, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "hello.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644); err != nil {
		return "", "", "", err
	}
	cmd := exec.Command("go", "build", "-o", hello, "hello.go")
	cmd.Dir, cmd.Env = tmp, append(os.Environ(), "GO111MODULE=off", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", "", fmt.Errorf("hello world: %w\n%s", err, out)
	}
	return greedy, dfs, hello, nil
}

// startsCode matches a line that opens a piece of C or C++ code in a
// document of prose and code.
var startsCode = regexp.MustCompile(`^(#include|namespace |template\s*<|(const |static )?(int|bool|void|long|char)\b)`)

// fragments returns the document's pieces of code: each from a line that
// opens one to where its braces close (or, for a line without one, that
// line alone).
func fragments(doc string) []string {
	var out []string
	lines := strings.Split(doc, "\n")
	for i := 0; i < len(lines); i++ {
		if !startsCode.MatchString(lines[i]) {
			continue
		}
		var b strings.Builder
		depth, opened := 0, false
		for ; i < len(lines); i++ {
			b.WriteString(lines[i] + "\n")
			depth += strings.Count(lines[i], "{") - strings.Count(lines[i], "}")
			opened = opened || strings.Contains(lines[i], "{")
			if depth == 0 && (opened || strings.HasSuffix(strings.TrimSpace(lines[i]), ";") || strings.HasPrefix(lines[i], "#")) {
				break
			}
		}
		out = append(out, b.String())
	}
	return out
}

// assemble003 puts seed 003's pieces together: its includes, its two
// function templates inside the namespaces its skeleton names, and main.
func assemble003(frags []string) (string, error) {
	var includes, funcs, mains []string
	for _, f := range frags {
		switch {
		case strings.HasPrefix(f, "#include"):
			includes = append(includes, f)
		case strings.HasPrefix(f, "namespace"):
			// The skeleton of the namespaces: the functions go in it.
		case strings.HasPrefix(f, "int main"):
			mains = append(mains, f)
		default:
			funcs = append(funcs, f)
		}
	}
	if len(includes) == 0 || len(funcs) != 2 || len(mains) != 1 {
		return "", fmt.Errorf("the document's code is not laid out as expected (%d includes, %d functions, %d mains)", len(includes), len(funcs), len(mains))
	}
	return strings.Join(includes, "") + "namespace backtracking {\nnamespace knight_tour {\n" + strings.Join(funcs, "") +
		"}\n}\n" + mains[0], nil
}

// greedyAllStarts turns seed 002 (an 8x8 program reading a start) into one
// that runs its travel function from every start of every n x n board,
// n = 5..40: its board made 40 x 40 and the side a variable, its main
// replaced by a loop that counts the tours found.
func greedyAllStarts(frags []string) (string, error) {
	var travel string
	for _, f := range frags {
		if strings.HasPrefix(f, "int travel(int x, int y)\n") || strings.HasPrefix(f, "int travel(int x, int y) {") {
			travel = f
		}
	}
	if travel == "" {
		return "", errors.New("no travel function in the document")
	}
	for _, r := range []struct{ old, new string }{
		{"m <= 64", "m <= N * N"}, {"> 7", "> N - 1"},
	} {
		if !strings.Contains(travel, r.old) {
			return "", fmt.Errorf("travel has no %q to generalise", r.old)
		}
		travel = strings.ReplaceAll(travel, r.old, r.new)
	}
	return `#include <stdio.h>
#define MAXN 40
int board[MAXN][MAXN];
int N;
` + travel + `
int main(void) {
    long found = 0, runs = 0;
    for (N = 5; N <= MAXN; N++)
        for (int x = 0; x < N; x++)
            for (int y = 0; y < N; y++) {
                for (int a = 0; a < N; a++) for (int b = 0; b < N; b++) board[a][b] = 0;
                found += travel(x, y);
                runs++;
            }
    printf("%ld runs, %ld tours\n", runs, found);
    return 0;
}
`, nil
}

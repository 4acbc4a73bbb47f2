package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/progress"
)

// TestExactCLI: the 6x6 grid, the corner of 8x8 as a fraction, JSON lines
// and the CSV, which a second run resumes from.
func TestExactCLI(t *testing.T) {
	out, errOut, code := runCLI(t, "exact", "-sizes", "6", "-starts", "all")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"1.000000 0.980469 1.000000 1.000000 0.980469 1.000000\n",
		"1.000000 1.000000 0.765625 0.765625 1.000000 1.000000\n",
		"6x6 from 2,2 random: probability 0.7656250000 = 49/64, 104 tours of 136 walks",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("exact -sizes 6 -starts all lacks %q:\n%s", want, out)
		}
	}
	// A line for each of the 6 squares of an octant of 6x6 (the grid
	// shows their images): 3,3 is 2,2's image, and has no line.
	if n := strings.Count(out, "6x6 from "); n != 6 || strings.Contains(out, "6x6 from 3,3 ") {
		t.Errorf("exact -sizes 6 -starts all: %d lines of starts, want the 6 of an octant:\n%s", n, out)
	}
	csv := filepath.Join(t.TempDir(), "exact.csv")
	out, errOut, code = runCLI(t, "exact", "-sizes", "8", "-starts", "0,0;3,3", "-json", "-out", csv)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 JSON lines:\n%s", out)
	}
	var got struct {
		Probability         float64
		ProbabilityFraction string `json:"probability_fraction"`
		Tours, Walks        uint64
		FailLength          []struct {
			Length int
		} `json:"fail_length"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &got); err != nil {
		t.Fatal(err)
	}
	if got.ProbabilityFraction != "11232021923/11466178560" || got.Walks != 144104 || got.Tours != 137300 || len(got.FailLength) == 0 {
		t.Errorf("8x8 corner: %s", lines[0])
	}
	data, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "rows,cols,start_row,start_col,closed,rule,probability,probability_fraction,") || strings.Count(string(data), "\n") != 3 {
		t.Errorf("exact.csv:\n%s", data)
	}
	// Run again: nothing is walked, the same figures are printed.
	out, errOut, code = runCLI(t, "exact", "-sizes", "8", "-starts", "0,0;3,3", "-out", csv)
	if code != 0 || !strings.Contains(out, "8x8 from 0,0 random: probability 0.9795784938 = 11232021923/11466178560") {
		t.Errorf("resumed: exit %d: %s %s", code, out, errOut)
	}
	after, _ := os.ReadFile(csv)
	if string(after) != string(data) {
		t.Errorf("a resumed run changed exact.csv:\n%s\n%s", data, after)
	}
}

// TestExactBadInput: bad flags and files exit 2 before any walk.
func TestExactBadInput(t *testing.T) {
	notCSV := filepath.Join(t.TempDir(), "x.csv")
	os.WriteFile(notCSV, []byte("a,b\n1,2\n"), 0o644)
	for _, args := range [][]string{
		{"exact"},
		{"exact", "-sizes", "8", "-tiebreak", "nope"},
		{"exact", "-sizes", "8", "-starts", "9,9"},
		{"exact", "-sizes", "40x40"},
		{"exact", "-sizes", "5", "-out", notCSV},
		// Under a file (a missing directory is made, as run's -out is).
		{"exact", "-sizes", "5", "-out", filepath.Join(notCSV, "dir.csv")},
		{"exact", "-sizes", "5", "-workers", "-1"},
		{"exact", "-sizes", "5", "-mem-limit", "lots"},
	} {
		_, errOut, code := runCLI(t, args...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want 2 and a message", args, code, errOut)
		}
	}
	data, _ := os.ReadFile(notCSV)
	if string(data) != "a,b\n1,2\n" {
		t.Errorf("a refused -out file was changed: %q", data)
	}
}

// Lines come in the order of -sizes and -starts, as the manual says (they
// came sorted); -starts left out is the corners, and an empty -starts is
// refused as an empty -sizes is (it had quietly meant the corners).
func TestExactOrder(t *testing.T) {
	out, errOut, code := runCLI(t, "exact", "-sizes", "8,6", "-starts", "3,3;0,0", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []string
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var j struct {
			Rows     int `json:"rows"`
			StartRow int `json:"start_row"`
		}
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d:%d", j.Rows, j.StartRow))
	}
	if want := "8:3 8:0 6:3 6:0"; strings.Join(got, " ") != want {
		t.Errorf("lines in the order %v, want %s", got, want)
	}
	out, errOut, code = runCLI(t, "exact", "-sizes", "5")
	if code != 0 || strings.Count(out, "5x5 from ") != 4 || strings.Contains(out, "5x5 from 2,2") {
		t.Errorf("no -starts: exit %d, %s\n%s", code, errOut, out)
	}
	out, errOut, code = runCLI(t, "exact", "-sizes", "5", "-starts", " ")
	if code != 2 || out != "" || !strings.Contains(errOut, "-starts") || !strings.Contains(errOut, "corners") {
		t.Errorf("-starts ' ': exit %d, %q, stdout %q; want 2 naming -starts and its forms", code, errOut, out)
	}
}

// TestExactWorkProgress: with -work the progress line shows the most
// memory each depth held, beside -mem-limit and within it; it had shown
// the buffers held at the depth's end, when the checkpoint has put every
// record on disk: the same figure at every depth.
func TestExactWorkProgress(t *testing.T) {
	t.Setenv(progress.EveryEnv, "1ns")
	_, errOut, code := runCLI(t, "exact", "-sizes", "7", "-starts", "0,0", "-work", t.TempDir(), "-mem-limit", "1MiB")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	line := regexp.MustCompile(`depth (\d+)/49, ([0-9.]+[KMG]?i?B)/1.00MiB mem, `)
	figures := map[string]bool{}
	for _, m := range line.FindAllStringSubmatch(errOut, -1) {
		n, err := memlimit.Parse(m[2])
		if err != nil || n > 1<<20 {
			t.Errorf("depth %s: %s in memory (%v), past -mem-limit 1MiB", m[1], m[2], err)
		}
		figures[m[2]] = true
	}
	if len(figures) < 3 {
		t.Errorf("the depths' lines show %d figures of memory, want one a depth as it held:\n%s", len(figures), errOut)
	}
}

// TestExactWork: the frontier method with -work gives the memo's
// fraction; the same command run again answers from the checkpoints; a
// changed command, a damaged checkpoint or -work with the memo exit 2
// naming -work.
func TestExactWork(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	args := []string{"exact", "-sizes", "7", "-starts", "0,0", "-work", work, "-mem-limit", "1MiB"}
	const want = "7x7 from 0,0 random: probability 0.7369164989 = 5867789/7962624, 37926 tours of 39024 walks"
	for i := range 2 {
		out, errOut, code := runCLI(t, args...)
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("run %d: exit %d: %s %s", i, code, out, errOut)
		}
	}
	for _, tc := range []struct {
		name   string
		args   []string
		damage func()
	}{
		{"closed", append(args[:len(args):len(args)], "-closed"), nil},
		{"other sizes", []string{"exact", "-sizes", "7,8", "-starts", "0,0", "-work", work}, nil},
		{"memo", append(args[:len(args):len(args)], "-method", "memo"), nil},
		// An edited tally gave wrong figures with exit 0 ("137300 tours
		// of 144194 walks"): the manifest's checksum refuses it.
		{"edited tally", args, func() {
			p := filepath.Join(work, "7x7-0-0", "manifest.json")
			data, _ := os.ReadFile(p)
			edited := regexp.MustCompile(`"walks": (\d)`).ReplaceAll(data, []byte(`"walks": 9$1`))
			if bytes.Equal(edited, data) {
				t.Fatalf("no walks in the manifest:\n%s", data)
			}
			os.WriteFile(p, edited, 0o644)
		}},
		{"manifest", args, func() {
			os.WriteFile(filepath.Join(work, "7x7-0-0", "manifest.json"), []byte("{\"version\":"), 0o644)
		}},
		{"command", args, func() {
			os.WriteFile(filepath.Join(work, "command.json"), []byte("not json"), 0o644)
		}},
		// A file of ours is a few hundred bytes: a huge one is refused
		// without being read whole.
		{"huge command", args, func() {
			os.WriteFile(filepath.Join(work, "command.json"), bytes.Repeat([]byte(" "), 1<<20), 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.damage != nil {
				tc.damage()
			}
			out, errOut, code := runCLI(t, tc.args...)
			if code != 2 || !strings.Contains(errOut, "-work") || out != "" {
				t.Errorf("%v: exit %d, %q, stdout %q; want 2 naming -work, nothing on stdout", tc.args, code, errOut, out)
			}
		})
	}
}

// An interrupted exact prints the starts done, in the run's own format,
// before exit 130: it printed nothing, and without -out the starts it had
// finished were lost. Starts not walked are "-" in the grid, not zeros.
// The starts -out held stand for starts done before the interrupt (the
// context is cancelled before any walk, so that the test is the same
// under any load).
func TestExactInterruptedPrints(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "e.csv")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "5", "-out", csv); code != 0 {
		t.Fatalf("corners: exit %d: %s", code, errOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"text", nil, []string{
			"5x5 random: probability of a tour from each start\n" +
				"1.000000        -        -        - 1.000000\n" +
				"       -        -        -        -        -\n",
			"5x5 from 0,0 random: probability 1.0000000000 = 1, 32 tours of 32 walks",
		}},
		{"json", []string{"-json"}, []string{`{"rows":5,"cols":5,"start_row":0,"start_col":0,`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			args := append([]string{"-sizes", "5", "-starts", "all", "-out", csv}, tc.args...)
			err := cmdExact(ctx, args, &stdout, &stderr)
			if code := exitCode(err, &stderr); code != 130 {
				t.Fatalf("exit %d: %v", code, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout.String())
				}
			}
			if tc.name == "json" {
				lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
				for _, l := range lines {
					if !json.Valid([]byte(l)) {
						t.Errorf("not a JSON line: %s", l)
					}
				}
				if len(lines) != 4 {
					t.Errorf("%d JSON lines, want the 4 corners:\n%s", len(lines), stdout.String())
				}
			}
			if want := "the 4 starts done are printed on stdout and kept in " + csv; !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
			}
		})
	}
}

// A refused -work prints nothing on stdout (it printed a grid of zeros,
// even with -json) and no "starts done are printed on stdout".
func TestExactRefusedPrintsNothing(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "5", "-starts", "0,0", "-work", work); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, extra := range [][]string{nil, {"-json"}} {
		args := append([]string{"exact", "-sizes", "5", "-starts", "all", "-work", work}, extra...)
		out, errOut, code := runCLI(t, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "-work") || strings.Contains(errOut, "printed on stdout") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing on stdout, -work named", args, code, out, errOut)
		}
	}
}

// exact -out is replaced whole after each walk, so a crash never leaves
// part of a row: a torn or damaged line is damage, refused with exit 2
// naming -out, the file untouched.
func TestExactOutDamagedRefused(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "e.csv")
	args := []string{"exact", "-sizes", "5", "-json", "-out", csv}
	if _, errOut, code := runCLI(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(csv)
	torn := string(data[:len(data)-30])
	damaged := strings.Replace(string(data), "\n5,5,", "\n5,5;", 1)
	for name, content := range map[string]string{"torn last line": torn, "damaged middle line": damaged} {
		os.WriteFile(csv, []byte(content), 0o644)
		if out, errOut, code := runCLI(t, args...); code != 2 || !strings.Contains(errOut, "-out: "+csv) || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 naming -out and the file", name, code, out, errOut)
		}
		if got, _ := os.ReadFile(csv); string(got) != content {
			t.Errorf("%s: a refused -out file was changed", name)
		}
	}
}

// Three exact -work on one directory at once: one walks, the others exit
// 2 at once naming -work and the holder, as run's -out does (each had
// walked, and all but one failed with exit 1).
func TestExactWorkLocked(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	args := []string{"exact", "-sizes", "8", "-starts", "0,0;0,1", "-work", work, "-mem-limit", "64MiB"}
	var cmds []*exec.Cmd
	var errs []*bytes.Buffer
	for range 3 {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"="+strings.Join(args, childSep))
		var e bytes.Buffer
		cmd.Stderr = &e
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, errs = append(cmds, cmd), append(errs, &e)
	}
	var ran []int
	refused := 0
	for i, cmd := range cmds {
		err := cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		switch {
		case err == nil:
			ran = append(ran, cmd.Process.Pid)
		case code == 2 && strings.Contains(errs[i].String(), "-work: "+work+" is in use by another run (process "):
			refused++
		default:
			t.Errorf("exact %d: exit %d: %s", i, code, errs[i])
		}
	}
	if len(ran) != 1 || refused != 2 {
		t.Fatalf("%d ran and %d were refused; want 1 and 2", len(ran), refused)
	}
	for i := range errs {
		if s := errs[i].String(); strings.Contains(s, "in use") && !strings.Contains(s, fmt.Sprintf("(process %d on ", ran[0])) {
			t.Errorf("the refusal does not name the holder, process %d: %s", ran[0], s)
		}
	}
}

// TestExactShards: exact -shard i/N's files, merged by merge and by exact
// -merge, are the CSV of one run (time_ns aside), and -shard's and
// -merge's bad input exits 2 naming the flag.
func TestExactShards(t *testing.T) {
	dir := t.TempDir()
	single := filepath.Join(dir, "single.csv")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "6", "-starts", "all", "-out", single); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var shards []string
	for i := range 4 {
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.csv", i))
		if _, errOut, code := runCLI(t, "exact", "-sizes", "6", "-starts", "all", "-shard", fmt.Sprintf("%d/4", i), "-out", f); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errOut)
		}
		shards = append(shards, f)
	}
	blank := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return regexp.MustCompile(`,\d+,[0-9a-f]{8}\r?\n`).ReplaceAllString(string(data), ",\n")
	}
	m1, m2 := filepath.Join(dir, "m1.csv"), filepath.Join(dir, "m2.csv")
	for merged, args := range map[string][]string{
		m1: {"merge", "-out", m1, filepath.Join(dir, "shard-*.csv")},
		m2: {"exact", "-merge", "-out", m2, shards[3], shards[1], shards[0], shards[2]},
	} {
		out, errOut, code := runCLI(t, args...)
		if code != 0 || !strings.Contains(out, "merged 4 shards of exact: 36 starts") {
			t.Fatalf("%v: exit %d: %s %s", args, code, out, errOut)
		}
		if got, want := blank(merged), blank(single); got != want {
			t.Errorf("%v:\n%s\nnot one run's:\n%s", args, got, want)
		}
	}
	// 6x6's 6 classes in 4 shards, the 36 starts once: the 3 off the
	// mirror lines (8 starts each) weigh 1 and go to shards 0, 1 and 2;
	// the 3 on the diagonal (4 starts each) weigh 0.5 and go to shard 3,
	// shard 3 again, then shard 0. 4.5 in all.
	out, errOut, code := runCLI(t, "exact", "-sizes", "6", "-starts", "all", "-shard", "3/4", "-check")
	if want := "shard 0/4: 2 start classes (12 starts), 33% of the estimated cost\n" +
		"shard 1/4: 1 start class (8 starts), 22% of the estimated cost\n" +
		"shard 2/4: 1 start class (8 starts), 22% of the estimated cost\n" +
		"shard 3/4: 2 start classes (8 starts), 22% of the estimated cost\n"; code != 0 || out != want {
		t.Errorf("-check: exit %d %s\n%s, want\n%s", code, errOut, out, want)
	}
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"exact", "-sizes", "6", "-starts", "all", "-shard", "1-4", "-out", filepath.Join(dir, "x.csv")}, "-shard"},
		{[]string{"exact", "-sizes", "6", "-starts", "all", "-shard", "4/4", "-out", filepath.Join(dir, "x.csv")}, "-shard"},
		{[]string{"exact", "-sizes", "6", "-starts", "all", "-shard", "1/4"}, "-shard"},
		{[]string{"exact", "-merge", "-out", filepath.Join(dir, "x.csv"), shards[0], shards[1]}, "-merge"},
		{[]string{"exact", "-merge", "-sizes", "6", "-out", filepath.Join(dir, "x.csv"), shards[0]}, "-merge"},
		{[]string{"exact", "-sizes", "6", "-starts", "all", "-shard", "1/4", "-float", "-out", shards[1]}, "-out"},
	} {
		t.Run(strings.Join(c.args[1:4], " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, c.args...)
			if code != 2 || out != "" || !strings.Contains(errOut, c.flag+":") {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 naming %s", code, out, errOut, c.flag)
			}
		})
	}
}

// TestExactInterruptResume: every start of 6x6 (8x8 without -short) with
// -work and -out, a real process interrupted (SIGINT, SIGHUP or SIGQUIT, exit 130) or killed
// (SIGKILL) once some classes have ended, then the same command: it walks
// only the classes left, keeps the rows already in -out byte for byte
// (time_ns too), says which class it walks of all and how many are done,
// and ends with the bytes of an uninterrupted run's CSV, time_ns and the
// row's crc32c over it aside.
func TestExactInterruptResume(t *testing.T) {
	size, squares, classes := "8", 64, "10"
	if testing.Short() {
		size, squares, classes = "6", 36, "6"
	}
	blank := regexp.MustCompile(`,\d+,[0-9a-f]{8}\r?\n`)
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.csv")
	if _, errOut, code := runCLI(t, "exact", "-sizes", size, "-starts", "all", "-out", ref); code != 0 {
		t.Fatalf("uninterrupted: exit %d: %s", code, errOut)
	}
	want := blank.ReplaceAllString(string(readFileT(t, ref)), ",\n")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			work, out := filepath.Join(t.TempDir(), "work"), filepath.Join(t.TempDir(), "exact.csv")
			args := []string{"exact", "-sizes", size, "-starts", "all", "-work", work, "-out", out, "-workers", "1"}
			child := startChild(t, args...)
			for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(time.Millisecond) {
				if data, err := os.ReadFile(out); err == nil && strings.Count(string(data), "\n") > 1 {
					break
				}
			}
			child.Process.Signal(sig)
			err := child.Wait()
			before := strings.Split(strings.TrimSpace(string(readFileT(t, out))), "\n")[1:]
			if len(before) == 0 || len(before) == squares {
				t.Skipf("the %v landed with %d rows of %d written: nothing to resume", sig, len(before), squares)
			}
			if ee, ok := err.(*exec.ExitError); sig != syscall.SIGKILL && (!ok || ee.ExitCode() != 130) {
				t.Fatalf("interrupted: %v, want exit 130", err)
			}
			t.Setenv(progress.EveryEnv, "1ns")
			_, errOut, code := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("resumed: exit %d: %s", code, errOut)
			}
			after := string(readFileT(t, out))
			for _, row := range before {
				if !strings.Contains(after, row+"\n") {
					t.Errorf("the resumed run walked %s again, or lost it", row)
				}
			}
			if got := blank.ReplaceAllString(after, ",\n"); got != want {
				t.Errorf("resumed:\n%s\nnot the uninterrupted run's:\n%s", got, want)
			}
			m := regexp.MustCompile(`class (\d+)/(\d+), (\d+) done, `).FindStringSubmatch(errOut)
			if m == nil || m[2] != classes || m[3] == "0" || m[1] == "1" {
				t.Errorf("the resumed run's progress %q: want a class past the first of all %s, some done:\n%s", m, classes, errOut)
			}
		})
	}
}

func readFileT(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestExactShardOfOne: -shard 0/1, what configs/slurm-exact.sh gives its
// one task with SHARDS=1, needs -out and writes a shard that exact -merge
// takes alone: the CSV of one run, time_ns aside.
func TestExactShardOfOne(t *testing.T) {
	dir := t.TempDir()
	single, shard, merged := filepath.Join(dir, "single.csv"), filepath.Join(dir, "shard-0.csv"), filepath.Join(dir, "exact.csv")
	for _, args := range [][]string{
		{"exact", "-sizes", "5", "-starts", "all", "-out", single},
		{"exact", "-sizes", "5", "-starts", "all", "-shard", "0/1", "-out", shard},
		{"exact", "-merge", "-out", merged, shard},
	} {
		if _, errOut, code := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	blank := regexp.MustCompile(`,\d+,[0-9a-f]{8}\r?\n`)
	read := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return blank.ReplaceAllString(string(data), ",\n")
	}
	if got, want := read(merged), read(single); got != want {
		t.Errorf("shard 0/1 merged:\n%s\nnot one run's:\n%s", got, want)
	}
	out, errOut, code := runCLI(t, "exact", "-sizes", "5", "-starts", "all", "-shard", "0/1")
	if code != 2 || out != "" || !strings.Contains(errOut, "-shard: needs -out") {
		t.Errorf("-shard 0/1 without -out: exit %d, stdout %q, stderr %q: want exit 2 naming -shard", code, out, errOut)
	}
}

// TestMergeExactOutDir: merge given exact's shards writes -out as a file,
// as exact -merge does; a directory there, or no -out, is refused, exit 2
// naming -out, before anything is written, the directory unchanged.
func TestMergeExactOutDir(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard-0.csv")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "5", "-starts", "corners", "-shard", "0/1", "-out", shard); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	out := filepath.Join(dir, "merged")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"merge", "-out", out, shard}, "is a directory"},
		{[]string{"exact", "-merge", "-out", out, shard}, "is a directory"},
		// Without -out, a file is asked for, not a sweep's directory.
		{[]string{"merge", shard}, "missing: want a file name"},
	} {
		t.Run(c.args[0]+" "+c.want, func(t *testing.T) {
			stdout, errOut, code := runCLI(t, c.args...)
			if code != 2 || stdout != "" || !strings.Contains(errOut, "-out: ") || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 naming -out, %q", code, stdout, errOut, c.want)
			}
			if ents, err := os.ReadDir(out); err != nil || len(ents) != 0 {
				t.Errorf("-out's directory now holds %v (%v)", ents, err)
			}
		})
	}
}

// TestReportExactCSVAsRuns: an exact CSV given to report where a runs.csv
// goes (report -exact FILE, -exact being a switch) is refused, exit 2,
// with the flag that takes it: -exact-from FILE.
func TestReportExactCSVAsRuns(t *testing.T) {
	dir := t.TempDir()
	probs := filepath.Join(dir, "exact.csv")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "5", "-out", probs); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	out, errOut, code := runCLI(t, "report", "-exact", probs, "-out", filepath.Join(dir, "report"))
	if code != 2 || out != "" || !strings.Contains(errOut, "-exact-from "+probs) {
		t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 pointing to -exact-from %s", code, out, errOut, probs)
	}
}

// TestExactWorkNotDir: a -work that is a file, or under one, is refused
// before any walk, exit 2, saying -work wants a directory; the file is
// not changed.
func TestExactWorkNotDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, work := range []string{file, filepath.Join(file, "sub")} {
		t.Run(filepath.Base(work), func(t *testing.T) {
			out, errOut, code := runCLI(t, "exact", "-sizes", "5", "-work", work, "-out", filepath.Join(dir, "x.csv"))
			if code != 2 || out != "" || !strings.Contains(errOut, "-work: ") || !strings.Contains(errOut, "want a directory") {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 saying -work wants a directory", code, out, errOut)
			}
			if data, err := os.ReadFile(file); err != nil || string(data) != "mine\n" {
				t.Errorf("the file now holds %q (%v)", data, err)
			}
		})
	}
}

// TestExactProgressCountsAll: a run whose -out already holds a class (6x6's
// corners) counts it on every progress line, in the meter's classes as in
// the whole board's: "k/6 classes" beside "class c/6, k done", ending at
// 6/6, not at 5/5.
func TestExactProgressCountsAll(t *testing.T) {
	out := filepath.Join(t.TempDir(), "exact.csv")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "6", "-starts", "corners", "-out", out); code != 0 {
		t.Fatalf("corners: exit %d: %s", code, errOut)
	}
	t.Setenv(progress.EveryEnv, "1ns")
	_, errOut, code := runCLI(t, "exact", "-sizes", "6", "-starts", "all", "-out", out, "-workers", "1")
	if code != 0 {
		t.Fatalf("all: exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "exact: 6/6 classes (100%)") {
		t.Errorf("no line of 6/6 classes done:\n%s", errOut)
	}
	line := regexp.MustCompile(`exact: (\d+)/(\d+) classes \(\d+%\), class \d+/(\d+), (\d+) done`)
	for _, m := range line.FindAllStringSubmatch(errOut, -1) {
		if m[1] != m[4] || m[2] != "6" || m[3] != "6" {
			t.Errorf("%q: the meter's classes and the board's disagree", m[0])
		}
	}
}

// TestExactMergeAgain: a merge whose pattern matches its own -out (run
// again, as a requeued merge is) leaves -out out of the shards and writes
// the same bytes, by exact -merge and by merge alike.
func TestExactMergeAgain(t *testing.T) {
	dir := t.TempDir()
	for i := range 2 {
		f := filepath.Join(dir, fmt.Sprintf("e%d.csv", i))
		if _, errOut, code := runCLI(t, "exact", "-sizes", "5", "-starts", "all", "-shard", fmt.Sprintf("%d/2", i), "-out", f); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errOut)
		}
	}
	merged := filepath.Join(dir, "e-all.csv")
	var first []byte
	for _, cmd := range [][]string{{"exact", "-merge"}, {"exact", "-merge"}, {"merge"}} {
		args := append(cmd, "-out", merged, filepath.Join(dir, "e*.csv"))
		out, errOut, code := runCLI(t, args...)
		if code != 0 || !strings.Contains(out, "merged 2 shards of exact: 25 starts") {
			t.Fatalf("%v: exit %d: %s %s", args, code, out, errOut)
		}
		got := readFileT(t, merged)
		if first == nil {
			first = got
		} else if !bytes.Equal(got, first) {
			t.Errorf("%v wrote\n%s\nthe first merge\n%s", args, got, first)
		}
	}
}

// TestExactSidecarDiskFull: a disk full when exact first writes -work's
// command.json, or a shard's FILE.shard.json beside -out, is a runtime
// failure (exit 1 naming the error), not bad input (exit 2). The disk
// keeps the lock file's page: a page free for -work's, -out's written
// before the disk is filled.
func TestExactSidecarDiskFull(t *testing.T) {
	for _, c := range []struct {
		name string
		args func(disk string) []string
		page int64 // left free
	}{
		{"command.json", func(disk string) []string { return []string{"-work", filepath.Join(disk, "w")} }, 4096},
		{"shard.json", func(disk string) []string { return []string{"-shard", "0/2", "-out", filepath.Join(disk, "s.csv")} }, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			disk := mountTmpfs(t, "16k")
			if err := os.WriteFile(filepath.Join(disk, ".s.csv.lock"), []byte("1 host\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			fillDisk(t, disk, c.page)
			_, errOut, code := runCLI(t, append([]string{"exact", "-sizes", "5", "-starts", "all"}, c.args(disk)...)...)
			if code != 1 || !strings.Contains(errOut, "no space left on device") {
				t.Errorf("on a full disk: exit %d, stderr %q: want exit 1", code, errOut)
			}
		})
	}
}

// TestExactFrontierTinyLimitWarns: a -mem-limit below what the frontier
// method walks at its pace in is warned of on stderr, naming the flag and
// the cost, as the memo's is; the answer is the same. 16MiB is not warned
// of.
func TestExactFrontierTinyLimitWarns(t *testing.T) {
	const want = "5x5 from 0,0 random: probability"
	for _, tc := range []struct {
		name  string
		args  []string
		warns bool
	}{
		{"frontier 1KiB", []string{"-method", "frontier", "-mem-limit", "1KiB"}, true},
		{"work 1KiB", []string{"-work", t.TempDir(), "-mem-limit", "1KiB"}, true},
		{"frontier 16MiB", []string{"-method", "frontier", "-mem-limit", "16MiB"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, append([]string{"exact", "-sizes", "5", "-starts", "0,0"}, tc.args...)...)
			if code != 0 || !strings.Contains(out, want) {
				t.Fatalf("exit %d: %s %s", code, out, errOut)
			}
			warned := strings.Contains(errOut, "-mem-limit") && strings.Contains(errOut, "100 times longer")
			if warned != tc.warns {
				t.Errorf("warned %v, want %v:\n%s", warned, tc.warns, errOut)
			}
		})
	}
}

// TestExactRefusedWorkLeavesNoOut: a command refused for its -work (exit
// 2) makes nothing of -out: no file, no directory, no lock beside it.
func TestExactRefusedWorkLeavesNoOut(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	os.WriteFile(file, nil, 0o644)
	other := filepath.Join(dir, "other")
	if _, errOut, code := runCLI(t, "exact", "-sizes", "5", "-work", other); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	held := filepath.Join(dir, "held")
	os.Mkdir(held, 0o755)
	lock, err := durable.LockDir(held)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	for _, tc := range []struct{ name, work string }{
		{"a file", file},
		{"another command's", other},
		{"held by another exact", held},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outDir := filepath.Join(dir, tc.name)
			_, errOut, code := runCLI(t, "exact", "-sizes", "6", "-out", filepath.Join(outDir, "o.csv"), "-work", tc.work)
			if code != 2 || !strings.Contains(errOut, "-work") {
				t.Fatalf("exit %d, want 2 naming -work: %s", code, errOut)
			}
			if _, err := os.Stat(outDir); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("-out's directory %s left behind (%v)", outDir, err)
			}
		})
	}
	t.Run("beside", func(t *testing.T) {
		out := filepath.Join(dir, "o.csv")
		runCLI(t, "exact", "-sizes", "6", "-out", out, "-work", other)
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), "o.csv") {
				t.Errorf("%s left beside -out", e.Name())
			}
		}
	})
}

// TestExactMergeMethodUsed: shards whose walks are the same merge whatever
// -method says: -method auto -work is the frontier with -work, and
// -float changes nothing past 64 squares, where every walk is a float's.
// Shards whose walks differ (memo and frontier past 64 squares) are still
// refused.
func TestExactMergeMethodUsed(t *testing.T) {
	dir := t.TempDir()
	at := func(s string) string { return filepath.Join(dir, s) }
	for _, tc := range []struct {
		name         string
		sizes        string
		first, other []string
		merges       bool
	}{
		{"auto -work and frontier -work", "6", []string{"-method", "auto", "-work", at("w0")}, []string{"-method", "frontier", "-work", at("w1")}, true},
		{"-float past 64 squares", "5x13", []string{"-float"}, nil, true},
		{"memo and frontier past 64 squares", "5x13", []string{"-method", "memo"}, []string{"-method", "frontier"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var outs []string
			for i, extra := range [][]string{tc.first, tc.other} {
				out := at(fmt.Sprintf("%s-%d.csv", strings.ReplaceAll(tc.name, " ", "_"), i))
				args := append([]string{"exact", "-sizes", tc.sizes, "-starts", "0,0;0,1;1,1;2,2", "-shard", fmt.Sprintf("%d/2", i), "-out", out}, extra...)
				if _, errOut, code := runCLI(t, args...); code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, errOut)
				}
				outs = append(outs, out)
			}
			merged := at(strings.ReplaceAll(tc.name, " ", "_") + "-merged.csv")
			_, errOut, code := runCLI(t, "exact", "-merge", "-out", merged, outs[0], outs[1])
			if tc.merges && code != 0 {
				t.Errorf("merge: exit %d, want 0: %s", code, errOut)
			}
			if !tc.merges && (code != 2 || !strings.Contains(errOut, "method")) {
				t.Errorf("merge: exit %d, want 2 naming the method: %s", code, errOut)
			}
		})
	}
}

// TestExactOneOfEach: the result line counts one tour, one walk, one tie
// point in the singular.
func TestExactOneOfEach(t *testing.T) {
	for _, tc := range []struct{ sizes, start, want string }{
		{"1", "0,0", "1x1 from 0,0 random: probability 1.0000000000 = 1, 1 tour of 1 walk, 0 tie points, "},
		{"3x4", "0,0", "3x4 from 0,0 random: probability 1.0000000000 = 1, 2 tours of 2 walks, 1 tie point, "},
	} {
		t.Run(tc.sizes, func(t *testing.T) {
			out, errOut, code := runCLI(t, "exact", "-sizes", tc.sizes, "-starts", tc.start)
			if code != 0 || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d: %s%s\nwant a line with %q", code, out, errOut, tc.want)
			}
		})
	}
}

// TestOutDash: - for a path flag is refused (exit 2 naming the flag,
// nothing on stdout), not written as a file or directory named "-": exact
// prints its rows on stdout without -out, and every output is a file
// renamed into place.
func TestOutDash(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"-out", []string{"exact", "-sizes", "5", "-out", "-"}},
		{"-out", []string{"exact", "-merge", "-out", "-", "s0.csv"}},
		{"-work", []string{"exact", "-sizes", "5", "-work", "-"}},
		{"-out", []string{"run", "-sizes", "5", "-out", "-"}},
	} {
		out, errOut, code := runCLI(t, c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.flag) || !strings.Contains(errOut, "name") {
			t.Errorf("%v: exit %d, want 2 naming %s: %s%s", c.args, code, c.flag, out, errOut)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("%v left %s behind", c.args, entries[0].Name())
		}
	}
}

// TestExactWorkFloatPast64Squares: past 64 squares every walk is a
// float's, so a -work made with -float goes on without it (and the
// other way), to the same row; up to 64 squares the two are other
// commands, refused.
func TestExactWorkFloatPast64Squares(t *testing.T) {
	for _, tc := range []struct {
		sizes string
		same  bool
	}{{"5x13", true}, {"5", false}} {
		t.Run(tc.sizes, func(t *testing.T) {
			work := t.TempDir()
			args := []string{"exact", "-sizes", tc.sizes, "-starts", "0,0", "-work", work}
			first, errOut, code := runCLI(t, append(args, "-float")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			again, errOut, code := runCLI(t, args...)
			// The row but its time, which a resumed walk adds to.
			untimed := func(s string) string { return s[:max(strings.LastIndex(s, ", "), 0)] }
			switch {
			case tc.same && (code != 0 || untimed(again) != untimed(first) || first == ""):
				t.Errorf("without -float: exit %d, %q, want %q: %s", code, again, first, errOut)
			case !tc.same && (code != 2 || !strings.Contains(errOut, "-work")):
				t.Errorf("without -float: exit %d, want 2 naming -work: %s", code, errOut)
			}
		})
	}
}

package exact

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/board"
)

// TestDeal: every class of 9x9 (15, its eight symmetries') goes to one
// shard, the shards' estimated costs within one class of each other;
// with two boards the costlier board's classes are dealt first and the
// cheap 5x5's six go to the shard that had one class fewer; the deal is
// the same every time.
func TestDeal(t *testing.T) {
	b9, b5 := board.Board{Rows: 9, Cols: 9}, board.Board{Rows: 5, Cols: 5}
	for _, c := range []struct {
		name   string
		tasks  []Task
		count  int
		counts []int // classes a shard
	}{
		// 9x9's 6 classes off the mirror lines weigh 1, its 9 on them 0.5:
		// the 1s go 2, 2, 1, 1, then the halves fill the lightest.
		{"9x9 in 4", Tasks(b9, all(b9), Random), 4, []int{4, 3, 4, 4}},
		{"9x9 in 1", Tasks(b9, all(b9), Random), 1, []int{15}},
		{"9x9 in 20", Tasks(b9, all(b9), Random), 20, append(slices.Repeat([]int{1}, 15), 0, 0, 0, 0, 0)},
		{"9x9 and 5x5 in 2", append(Tasks(b5, all(b5), Random), Tasks(b9, all(b9), Random)...), 2, []int{8, 7 + 6}},
	} {
		t.Run(c.name, func(t *testing.T) {
			deal := Deal(c.tasks, c.count)
			if again := Deal(c.tasks, c.count); !slices.Equal(deal, again) {
				t.Fatalf("two deals differ: %v, %v", deal, again)
			}
			got := make([]int, c.count)
			load := make([]float64, c.count)
			for i, s := range deal {
				got[s]++
				load[s] += Cost(c.tasks[i])
			}
			if !slices.Equal(got, c.counts) {
				t.Errorf("classes a shard %v, want %v", got, c.counts)
			}
			most := 0.0
			for _, tk := range c.tasks {
				most = max(most, Cost(tk))
			}
			if d := slices.Max(load) - slices.Min(load); c.count <= len(c.tasks) && d > most*(1+1e-9) {
				t.Errorf("loads %v differ by %g, more than a class's %g", load, d, most)
			}
		})
	}
}

// shardRun walks shard s of every start of b into dir/shard-i.csv with
// build, and returns the file.
func shardRun(t *testing.T, dir string, b board.Board, s Shard, build string, cmd WorkCommand) string {
	t.Helper()
	return shardWith(t, dir, b, s, build, cmd, MethodAuto)
}

// singleRun walks every start of b in one run, unsharded, into
// DIR/single.csv, and returns its name.
func singleRun(t *testing.T, dir string, b board.Board, cmd WorkCommand, o Options) string {
	t.Helper()
	return walkAll(t, Runner{Jobs: []Job{{Board: b, Starts: all(b)}}, Options: o, Out: filepath.Join(dir, "single.csv"), Command: cmd})
}

// shardWith is shardRun with -method m.
func shardWith(t *testing.T, dir string, b board.Board, s Shard, build string, cmd WorkCommand, m Method) string {
	t.Helper()
	return shardOptions(t, dir, b, s, build, cmd, Options{Rule: Random, Workers: 1, Method: m})
}

// shardOptions is shardRun walking with o.
func shardOptions(t *testing.T, dir string, b board.Board, s Shard, build string, cmd WorkCommand, o Options) string {
	t.Helper()
	out := filepath.Join(dir, "shard-"+strings.ReplaceAll(s.String(), "/", "-")+".csv")
	return walkAll(t, Runner{Jobs: []Job{{Board: b, Starts: all(b)}}, Options: o,
		Out: out, Command: cmd, Shard: s, Build: build})
}

// walkAll runs r's tasks to the end and returns r.Out.
func walkAll(t *testing.T, r Runner) string {
	t.Helper()
	rn, err := NewRunner(r)
	if err != nil {
		t.Fatal(err)
	}
	defer rn.Close()
	if _, err := rn.Run(context.Background(), rn.Tasks()); err != nil {
		t.Fatal(err)
	}
	return r.Out
}

// withoutTimes returns an exact CSV's bytes with time_ns, the one column
// two walks do not share, blanked.
func withoutTimes(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		// time_ns and the row's crc32c over it: the last two columns.
		if j := strings.LastIndexByte(l, ','); j >= 0 && i > 0 {
			if k := strings.LastIndexByte(l[:j], ','); k >= 0 {
				lines[i] = l[:k+1]
			}
		}
	}
	return strings.Join(lines, "\n")
}

// TestMerge: the three shards of every start of 6x6 merge into the bytes
// of one run's CSV (time_ns aside), each start once; a shard missing,
// given twice, unfinished, of another command, split, method (-plain
// included) or build is refused, naming -merge, with nothing written.
func TestMerge(t *testing.T) {
	dir := t.TempDir()
	b := board.Board{Rows: 6, Cols: 6}
	cmd := WorkCommand{Sizes: "6x6", Starts: "all", Tiebreak: "random"}
	var shards []string
	for i := range 3 {
		shards = append(shards, shardRun(t, dir, b, Shard{Index: i, Count: 3}, "b1", cmd))
	}
	single := singleRun(t, dir, b, cmd, Options{Rule: Random})
	merged := filepath.Join(dir, "merged.csv")
	n, err := Merge(merged, []string{shards[2], shards[0], shards[1]}, jobsOf(b))
	if err != nil || n != 36 {
		t.Fatalf("Merge: %d rows, %v", n, err)
	}
	if got, want := withoutTimes(t, merged), withoutTimes(t, single); got != want || strings.Count(got, "\n") != 37 {
		t.Errorf("merged:\n%s\nnot one run's:\n%s", got, want)
	}

	other := shardRun(t, t.TempDir(), b, Shard{Index: 1, Count: 3}, "b2", cmd)
	closed := cmd
	closed.Closed = true
	otherCmd := shardRun(t, t.TempDir(), b, Shard{Index: 1, Count: 3}, "b1", closed)
	split := shardRun(t, t.TempDir(), b, Shard{Index: 1, Count: 2}, "b1", cmd)
	frontier := shardWith(t, t.TempDir(), b, Shard{Index: 1, Count: 3}, "b1", cmd, MethodFrontier)
	// -plain's rows count no tie points (states 0), and past 64 squares
	// their sums differ from the memo's in the last digits.
	plain := shardOptions(t, t.TempDir(), b, Shard{Index: 1, Count: 3}, "b1", cmd, Options{Rule: Random, Workers: 1, Method: MethodAuto, Plain: true})
	unfinished := filepath.Join(t.TempDir(), "shard.csv")
	rows, err := ReadCSV(shards[1])
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(unfinished, rows[1:]); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(ShardFile(shards[1]), ShardFile(unfinished)); err != nil {
		t.Fatal(err)
	}
	// A shard's rows with a row more, beside its sidecar: the file and
	// the sidecar are not one shard's (a sidecar swapped, a row moved).
	overfull := filepath.Join(t.TempDir(), "shard.csv")
	first, err := ReadCSV(shards[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(overfull, append(slices.Clone(rows), first[0])); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(ShardFile(shards[1]), ShardFile(overfull)); err != nil {
		t.Fatal(err)
	}
	// Shard 1/3's sidecar beside 12 rows that are not its: another
	// rule's shard 1/3 (the same squares), -float's, 7x7's: rows the
	// merge would pass off as this command's.
	posing := func(name string, rows []Row) string {
		t.Helper()
		f := filepath.Join(t.TempDir(), name)
		if err := WriteCSV(f, rows); err != nil {
			t.Fatal(err)
		}
		if err := copyFile(ShardFile(shards[1]), ShardFile(f)); err != nil {
			t.Fatal(err)
		}
		return f
	}
	pohlCmd := cmd
	pohlCmd.Tiebreak = "pohl-random"
	pohl, err := ReadCSV(shardOptions(t, t.TempDir(), b, Shard{Index: 1, Count: 3}, "b1", pohlCmd, Options{Rule: PohlRandom, Workers: 1}))
	if err != nil {
		t.Fatal(err)
	}
	floatCmd := cmd
	floatCmd.Float = true
	floats, err := ReadCSV(shardOptions(t, t.TempDir(), b, Shard{Index: 1, Count: 3}, "b1", floatCmd, Options{Rule: Random, Workers: 1, Float: true}))
	if err != nil {
		t.Fatal(err)
	}
	b7 := board.Board{Rows: 7, Cols: 7}
	rn7, err := NewRunner(Runner{Jobs: []Job{{Board: b7, Starts: all(b7)[:12]}}, Options: Options{Rule: Random, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	seven, err := rn7.Run(context.Background(), rn7.Tasks())
	rn7.Close()
	if err != nil {
		t.Fatal(err)
	}
	// Shard 0/3's rows (12 too) beside shard 1/3's sidecar: each row
	// once in the merge, none of them shard 1/3's.
	zero, err := ReadCSV(shards[0])
	if err != nil {
		t.Fatal(err)
	}
	swapped := posing("swapped.csv", zero)
	// Shard 1/3 of 6x6 holds 0,2 (8 starts) and 1,1 (4 starts).
	for _, c := range []struct {
		name   string
		inputs []string
		want   string
	}{
		{"overfull", []string{shards[0], overfull, shards[2]}, "a row of 6x6 from 0,0 random, not of shard 1/3"},
		{"missing", shards[:2], "1 shard of -sizes 6x6 -starts all -tiebreak random missing (shard 2/3"},
		{"twice", []string{shards[0], shards[1], shards[1]}, "are both shard 1/3"},
		{"unfinished", []string{shards[0], unfinished, shards[2]}, "holds 11 of the 12 starts of shard 1/3"},
		{"another build", []string{shards[0], other, shards[2]}, "build b2"},
		{"another command", []string{shards[0], otherCmd, shards[2]}, "-closed"},
		{"another split", []string{shards[0], split, shards[2]}, "one split"},
		{"another method", []string{shards[0], frontier, shards[2]}, "walked by frontier"},
		{"plain walk", []string{shards[0], plain, shards[2]}, "walked by plain"},
		{"no shard", []string{shards[0], single, shards[2]}, "not the -out of exact -shard"},
		{"another rule's rows", []string{shards[0], posing("pohl.csv", pohl), shards[2]}, "a row of 6x6 from 0,2 pohl-random, not of shard 1/3"},
		{"-float's rows", []string{shards[0], posing("float.csv", floats), shards[2]}, "-float's"},
		{"another board's rows", []string{shards[0], posing("seven.csv", slices.Collect(maps.Values(seven))), shards[2]}, "a row of 7x7 from 0,0 random, not of shard 1/3"},
		{"another shard's rows", []string{swapped, shards[2]}, "a row of 6x6 from 0,0 random, not of shard 1/3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "merged.csv")
			_, err := Merge(out, c.inputs, jobsOf(b))
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Flag != "-merge" || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Merge: %v, want bad input of -merge saying %q", err, c.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a refused merge wrote its -out")
			}
		})
	}
}

// TestShardOut: a shard's -out goes on only under the same command, shard
// and build, and a whole run's CSV is not taken for a shard's.
func TestShardOut(t *testing.T) {
	dir := t.TempDir()
	b := board.Board{Rows: 5, Cols: 5}
	cmd := WorkCommand{Sizes: "5x5", Starts: "all", Tiebreak: "random"}
	out := shardRun(t, dir, b, Shard{Index: 0, Count: 2}, "b1", cmd)
	shardRun(t, dir, b, Shard{Index: 0, Count: 2}, "b1", cmd)
	for _, c := range []struct {
		name  string
		shard Shard
		build string
	}{
		{"another shard", Shard{Index: 1, Count: 2}, "b1"},
		{"another build", Shard{Index: 0, Count: 2}, "b2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: all(b)}}, Options: Options{Rule: Random}, Out: out, Command: cmd, Shard: c.shard, Build: c.build})
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Flag != "-out" {
				t.Fatalf("NewRunner: %v, want bad input of -out", err)
			}
		})
	}
	whole := filepath.Join(dir, "whole.csv")
	if err := copyFile(out, whole); err != nil {
		t.Fatal(err)
	}
	_, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: all(b)}}, Options: Options{Rule: Random}, Out: whole, Command: cmd, Shard: Shard{Index: 0, Count: 2}})
	if !input.Is(err) || !strings.Contains(err.Error(), "not a shard's file") {
		t.Fatalf("a CSV without its shard file: %v", err)
	}
}

// all returns every square of b, row by row.
func all(b board.Board) []board.Square {
	var sqs []board.Square
	for r := range b.Rows {
		for c := range b.Cols {
			sqs = append(sqs, board.Square{Row: r, Col: c})
		}
	}
	return sqs
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// TestShardLayout: a shard walks its classes as the whole command would,
// several at once with one worker each when the command has at least
// twice as many classes as workers, however few the shard holds: the
// error bounds past 64 squares (here -float on 8x8, the frontier method)
// grow with the workers a walk is split among, and a shard's rows must
// be the whole run's to the byte.
func TestShardLayout(t *testing.T) {
	b := board.Board{Rows: 8, Cols: 8}
	o := Options{Rule: Random, Float: true, Method: MethodFrontier, Workers: 2}
	cmd := WorkCommand{Sizes: "8x8", Starts: "all", Tiebreak: "random", Float: true}
	out := filepath.Join(t.TempDir(), "shard.csv")
	rn, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: all(b)}}, Options: o, Out: out, Command: cmd,
		Shard: Shard{Index: 1, Count: 5}, Build: "b1"})
	if err != nil {
		t.Fatal(err)
	}
	defer rn.Close()
	tasks := rn.Tasks()
	if len(tasks) != 2 {
		t.Fatalf("shard 1/5 of 8x8's 10 classes: %d", len(tasks))
	}
	got, err := rn.Run(context.Background(), tasks)
	if err != nil {
		t.Fatal(err)
	}
	// The whole command's 10 classes on 2 workers: one worker a walk.
	one := o
	one.Workers = 1
	for _, tk := range tasks {
		want, err := From(context.Background(), b, tk.Start, one)
		if err != nil {
			t.Fatal(err)
		}
		row := got[Key{Board: b, Start: tk.Start, Rule: "random"}]
		if row.Probability != want.Probability || row.ErrorBound != want.ErrorBound {
			t.Errorf("%v: probability %v ± %v in the shard, %v ± %v in the whole run", tk.Start, row.Probability, row.ErrorBound, want.Probability, want.ErrorBound)
		}
	}
}

// TestShardOfOne: -shard 0/1, a cluster's split into one task (SHARDS=1
// in configs/slurm-exact.sh), writes a shard's file that merges alone
// into the bytes of one run's CSV (time_ns aside).
func TestShardOfOne(t *testing.T) {
	dir := t.TempDir()
	b := board.Board{Rows: 5, Cols: 5}
	cmd := WorkCommand{Sizes: "5x5", Starts: "all", Tiebreak: "random"}
	shard := shardRun(t, dir, b, Shard{Index: 0, Count: 1}, "b1", cmd)
	single := singleRun(t, dir, b, cmd, Options{Rule: Random, Workers: 1})
	merged := filepath.Join(dir, "merged.csv")
	if n, err := Merge(merged, []string{shard}, jobsOf(b)); err != nil || n != 25 {
		t.Fatalf("Merge of shard 0/1: %d rows, %v", n, err)
	}
	if got, want := withoutTimes(t, merged), withoutTimes(t, single); got != want {
		t.Errorf("merged:\n%s\nnot one run's:\n%s", got, want)
	}
}

// jobsOf returns Merge's reading of a shard's command for tests of every
// start of b.
func jobsOf(b board.Board) func(WorkCommand) ([]Job, error) {
	return func(WorkCommand) ([]Job, error) { return []Job{{Board: b, Starts: all(b)}}, nil }
}

// TestShardRefusedLeavesNoSidecar: a shard's command refused for its
// -work (another command's walks) leaves no FILE.shard.json beside its
// -out, and the command put right then runs on that -out; a sidecar
// beside no CSV (a refusal of an older build's, or a copy) names no rows
// to keep, and gives way to this command's.
func TestShardRefusedLeavesNoSidecar(t *testing.T) {
	dir := t.TempDir()
	b := board.Board{Rows: 5, Cols: 5}
	random := WorkCommand{Sizes: "5x5", Starts: "all", Tiebreak: "random"}
	pohl := WorkCommand{Sizes: "5x5", Starts: "all", Tiebreak: "pohl-random"}
	work := filepath.Join(dir, "work")
	rn, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: all(b)}}, Options: Options{Rule: Random, Work: work}, Command: random})
	if err != nil {
		t.Fatal(err)
	}
	rn.Close()
	out := filepath.Join(dir, "shard.csv")
	runner := func(rule Rule, cmd WorkCommand) (*Runner, error) {
		return NewRunner(Runner{Jobs: []Job{{Board: b, Starts: all(b)}}, Options: Options{Rule: rule, Work: work},
			Out: out, Command: cmd, Shard: Shard{Index: 0, Count: 2}, Build: "b1"})
	}
	if _, err := runner(PohlRandom, pohl); !input.Is(err) || !strings.Contains(err.Error(), "-work") {
		t.Fatalf("pohl-random in random's -work: %v, want refused naming -work", err)
	}
	if _, err := os.Stat(ShardFile(out)); err == nil {
		t.Errorf("the refused command left %s", ShardFile(out))
	}
	os.Remove(out)
	if err := copyFile(shardRun(t, t.TempDir(), b, Shard{Index: 0, Count: 2}, "b0", pohl)+".shard.json", ShardFile(out)); err != nil {
		t.Fatal(err)
	}
	rn, err = runner(Random, random)
	if err != nil {
		t.Fatalf("the command put right, beside another's sidecar and no CSV: %v", err)
	}
	rn.Close()
	m, err := readShard(out)
	if err != nil || m.Command != random || m.Build != "b1" {
		t.Errorf("the sidecar now: %+v, %v; want this command's", m, err)
	}
}

// TestMethodUsed: the method is named as walked, not as -method spells
// it.
func TestMethodUsed(t *testing.T) {
	b6, b9 := board.Board{Rows: 6, Cols: 6}, board.Board{Rows: 9, Cols: 9}
	for _, tc := range []struct {
		name   string
		boards []board.Board
		o      Options
		want   string
	}{
		{"auto up to 64 squares", []board.Board{b6}, Options{Method: MethodAuto}, "memo"},
		{"auto past 64 squares", []board.Board{b9}, Options{Method: MethodAuto}, "frontier"},
		{"auto -work", []board.Board{b6, b9}, Options{Method: MethodAuto, Work: "w"}, "frontier -work"},
		{"frontier -work", []board.Board{b6, b9}, Options{Method: MethodFrontier, Work: "w"}, "frontier -work"},
		{"auto on both", []board.Board{b6, b9}, Options{Method: MethodAuto}, "memo on 6x6, frontier on 9x9"},
		{"plain", []board.Board{b6, b9}, Options{Method: MethodAuto, Plain: true}, "plain"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := MethodUsed(tc.boards, tc.o); got != tc.want {
				t.Errorf("MethodUsed = %q, want %q", got, tc.want)
			}
		})
	}
}

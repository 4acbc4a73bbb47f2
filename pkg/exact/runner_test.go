package exact

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/internal/input"
	"knightsweep/pkg/board"
)

// TestShares: the memo's share of -mem-limit is never 0 (no bound) for a
// limit, and the runtime's limit leaves the code's pages room, so that
// peak RSS stays under -mem-limit; the memo gets three quarters of the
// runtime's, which leaves the collector room (nine tenths did not: -mem-limit
// 16MiB peaked at 34.5 MB of RSS on the 10x10 corner).
func TestShares(t *testing.T) {
	for _, c := range []struct{ limit, runtime, memo int64 }{
		{0, 0, 0},
		{1, 1, 1},
		{9, 9, 6},
		{100, 100, 75},
		{64 << 20, 64 << 20, 48 << 20},
		{200 << 20, 184 << 20, 138 << 20},
	} {
		rt, memo := Shares(c.limit)
		if rt != c.runtime || memo != c.memo {
			t.Errorf("Shares(%d) = %d, %d; want %d, %d", c.limit, rt, memo, c.runtime, c.memo)
		}
	}
}

// TestTimeLeft: the time left says "estimating" for the first depths and
// then moves smoothly, each estimate moving the end 3/10 of the way.
func TestTimeLeft(t *testing.T) {
	p := Progress{Frontier: true, Board: board.Board{Rows: 10, Cols: 10}, Start: board.Square{Row: 4, Col: 5},
		Depth: 20, Squares: 100}
	var e timeLeft
	now := time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)
	for i := range 4 {
		p.Left = 142 * time.Minute
		if w := e.words(p, now.Add(time.Duration(i)*time.Second)); w != "estimating" {
			t.Errorf("depth estimate %d: %q, want estimating", i+1, w)
		}
	}
	if w := e.words(p, now.Add(4*time.Second)); w != "~2h22m left" {
		t.Errorf("the fifth estimate of 2h22m: %q", w)
	}
	p.Left = 39 * time.Minute
	if w := e.words(p, now.Add(16*time.Second)); w != "~1h51m left" {
		t.Errorf("an estimate of 39m after five of 2h22m: %q, want the end moved 3/10 of the way (~1h51m left)", w)
	}
	if e.words(Progress{Board: p.Board, Depth: 3, Squares: 100, Left: -1, Frontier: true}, now) != "" {
		t.Error("a depth without an estimate shows one")
	}
}

// command.json is sealed; one written before (plain JSON) is read once
// more and written back sealed; another command's is refused naming
// -work; a link planted as command.json is refused, its target untouched.
func TestRunnerCommand(t *testing.T) {
	cmd := WorkCommand{Sizes: "5", Starts: "corners", Tiebreak: "random"}
	runner := func(work string) (*Runner, error) {
		return NewRunner(Runner{Jobs: []Job{{Board: board.Board{Rows: 5, Cols: 5}, Starts: []board.Square{{}}}},
			Options: Options{Rule: Random, Work: work}, Command: cmd})
	}
	work := t.TempDir()
	path := filepath.Join(work, commandFile)
	os.WriteFile(path, []byte(`{"sizes":"5","starts":"corners","tiebreak":"random","closed":false,"float":false}`), 0o644)
	r, err := runner(work)
	if err != nil {
		t.Fatalf("a command.json of format 1: %v", err)
	}
	r.Close()
	if data, _ := os.ReadFile(path); !strings.HasPrefix(string(data), "{\n  \"format\": \"knightsweep exact command 2\",") {
		t.Errorf("not written back sealed: %q", data)
	}
	cmd.Closed = true
	if _, err := runner(work); !input.Is(err) || !strings.Contains(err.Error(), "-work: "+work+" holds the walks of another command") {
		t.Errorf("another command: %v", err)
	}
	cmd.Closed = false
	edited, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(edited, []byte(`"sizes": "5x5"`), []byte(`"sizes": "6x6"`), 1), 0o644)
	if _, err := runner(work); !input.Is(err) || !strings.Contains(err.Error(), path+": damaged: its CRC-32C") {
		t.Errorf("an edited command.json: %v", err)
	}

	other := t.TempDir()
	target := filepath.Join(t.TempDir(), "target")
	os.WriteFile(target, []byte("keep"), 0o644)
	os.Symlink(target, filepath.Join(other, commandFile))
	if _, err := runner(other); !input.Is(err) || !strings.Contains(err.Error(), "is a symbolic link") {
		t.Errorf("a planted link: %v", err)
	}
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Errorf("target now holds %q", data)
	}
}

// A -work resumes whatever the order of -sizes, as of a -starts list: its
// identity is the set of walks; other boards are still refused.
func TestRunnerCommandBoardsInAnotherOrder(t *testing.T) {
	work := t.TempDir()
	runner := func(sizes string) error {
		r, err := NewRunner(Runner{Jobs: []Job{{Board: board.Board{Rows: 5, Cols: 5}, Starts: []board.Square{{}}}},
			Options: Options{Rule: Random, Work: work}, Command: WorkCommand{Sizes: sizes, Starts: "0,0", Tiebreak: "random"}})
		if err == nil {
			r.Close()
		}
		return err
	}
	if err := runner("6x6,5x5"); err != nil {
		t.Fatal(err)
	}
	for _, sizes := range []string{"5x5,6x6", "6x6,5x5", "5,6", "6x6,5x5,6x6"} {
		if err := runner(sizes); err != nil {
			t.Errorf("-sizes %s after 6x6,5x5: %v", sizes, err)
		}
	}
	want := "holds the walks of another command (-sizes 5x5,6x6 -starts 0,0 -tiebreak random), not of this one (-sizes 5x5,7x7 -starts 0,0 -tiebreak random)"
	if err := runner("7x7,5x5"); !input.Is(err) || !strings.Contains(err.Error(), want) {
		t.Errorf("-sizes 7x7,5x5 after 6x6,5x5: %v, want %q", err, want)
	}
}

// -out holds one rule's rows: a row of another rule, or of the other tour
// kind, is refused naming the file, its line and what to do, and the file
// is left as it was.
func TestRunnerOutOneRule(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 4}
	res, err := From(context.Background(), b, board.Square{}, Options{Rule: Pohl})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "e.csv")
	if err := WriteCSV(out, []Row{NewRow(res, board.Square{})}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	for _, tc := range []struct {
		opt  Options
		want string
	}{
		{Options{Rule: Random}, out + ": line 2: a row of -tiebreak pohl, not of this command's -tiebreak random: "},
		{Options{Rule: Pohl, Closed: true}, out + ": line 2: a row of -tiebreak pohl without -closed, not of this command's -tiebreak pohl -closed: "},
	} {
		_, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: []board.Square{{Row: 1, Col: 1}}}}, Options: tc.opt, Out: out})
		if !input.Is(err) || !strings.Contains(err.Error(), tc.want) || !strings.HasSuffix(err.Error(), "give the same flags, or name another file") {
			t.Errorf("got %v, want %q", err, tc.want)
		}
		if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
			t.Errorf("the refused -out was rewritten")
		}
	}
	r, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: []board.Square{{Row: 1, Col: 1}}}}, Options: Options{Rule: Pohl}, Out: out})
	if err != nil {
		t.Fatalf("the same rule: %v", err)
	}
	r.Close()
}

// Two commands with one -out at once would each rewrite the file whole
// from what they read, dropping the other's rows: the second is refused
// (exit 2) naming the holder, until the first ends.
func TestRunnerOutLocked(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sub", "e.csv")
	runner := func() (*Runner, error) {
		return NewRunner(Runner{Jobs: []Job{{Board: board.Board{Rows: 5, Cols: 5}, Starts: []board.Square{{}}}},
			Options: Options{Rule: Random}, Out: out})
	}
	first, err := runner()
	if err != nil {
		t.Fatal(err)
	}
	_, err = runner()
	want := "-out: " + out + " is in use by another run (process "
	if !input.Is(err) || !strings.Contains(err.Error(), want) || !strings.HasSuffix(err.Error(), "wait for it to end, or give another -out") {
		t.Errorf("a second -out at once: %v, want %q", err, want)
	}
	first.Close()
	second, err := runner()
	if err != nil {
		t.Fatalf("after the first ended: %v", err)
	}
	second.Close()
}

// TestDetail: the progress line's figures that matter come first
// and fit an 80-column terminal beside the bar and the count (the line was
// cut after the tie points, before the memory, the disk and the time
// left); the last depth shows no time left (it showed "about 561ms left"
// at depth 64/64). TestTimeLeft tests the time left's words.
func TestDetail(t *testing.T) {
	p := Progress{Frontier: true, Board: board.Board{Rows: 10, Cols: 10}, Start: board.Square{Row: 4, Col: 5},
		Depth: 100, Squares: 100, States: 711460804, DepthStates: 12345678, Held: 1<<31 - 1<<20, Disk: 9 << 30, Left: time.Hour}
	last := p.Detail(2<<30, "~1h23m left")
	if strings.Contains(last, "left") {
		t.Errorf("the last depth shows a time left: %q", last)
	}
	p.Depth = 99
	got := p.Detail(2<<30, "~1h23m left")
	want := "depth 99/100, 2.00GiB/2.00GiB mem, 9.00GiB disk, ~1h23m left, 10x10 from 4,5, 711460804 tie points (12345678 at this depth)"
	if got != want {
		t.Errorf("Detail = %q, want %q", got, want)
	}
	// The bar (10 columns, a space each side, a spare) and "81/81 ".
	if head := got[:strings.Index(got, " left")+len(" left")]; len(head) > 80-10-4-len("81/81 ") {
		t.Errorf("%q takes %d columns: it does not fit 80 beside the bar", head, len(head))
	}
}

// A link planted as a start's walk directory under -work is refused
// before any walk, naming -work and the link.
func TestRunnerWorkDirLink(t *testing.T) {
	work, elsewhere := t.TempDir(), t.TempDir()
	b := board.Board{Rows: 5, Cols: 5}
	link := WorkDir(work, b, board.Square{})
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	_, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: []board.Square{{}}}},
		Options: Options{Rule: Random, Method: MethodFrontier, Work: work}, Command: WorkCommand{Sizes: "5"}})
	if !input.Is(err) || !strings.Contains(err.Error(), "-work: "+link+" is a symbolic link") {
		t.Errorf("got %v, want -work naming %s", err, link)
	}
}

// TestAllLeft: the time left over every class is the wall time a unit of
// the cost model's estimate took so far, times the estimate not done; a
// walk under way counts for the share of its own estimate done. The four
// classes weigh 0.5, 1, 1 and 0.5 units: 0,0 and 1,1 lie on the diagonal,
// a mirror line, and walk half.
func TestAllLeft(t *testing.T) {
	b := board.Board{Rows: 8, Cols: 8}
	tasks := Tasks(b, []board.Square{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 1, Col: 1}}, Random)
	for i, want := range []bool{true, false, false, true} {
		if tasks[i].Mirrored != want {
			t.Fatalf("class %v: mirrored %v, want %v", tasks[i].Start, tasks[i].Mirrored, want)
		}
	}
	t0 := time.Date(2026, 12, 7, 4, 0, 0, 0, time.UTC)
	a := newAllLeft(tasks, t0)
	if w := a.words(t0.Add(time.Second)); w != "estimating" {
		t.Errorf("before any estimate: %q", w)
	}
	// The first walk, 10 s in, says 30 s left: a quarter of its 0.5 units
	// in 10 s, 80 s a unit, 2.875 units left: 230 s.
	a.tick(Progress{Board: b, Start: tasks[0].Start}, -1, t0)
	a.tick(Progress{Board: b, Start: tasks[0].Start}, 30*time.Second, t0.Add(10*time.Second))
	if w := a.words(t0.Add(10 * time.Second)); w != "~3m50s" {
		t.Errorf("a quarter of the first class in 10 s: %q, want ~3m50s", w)
	}
	// It ends at 40 s, 80 s a unit; the second walk has just begun: 2.5
	// units left, 200 s.
	a.ended(tasks[0])
	a.tick(Progress{Board: b, Start: tasks[1].Start}, -1, t0.Add(40*time.Second))
	if w := a.words(t0.Add(40 * time.Second)); w != "~3m20s" {
		t.Errorf("one class of four in 40 s: %q, want ~3m20s", w)
	}
	o := Overall{Class: 2, Classes: 4, Ended: 1, Left: "~2m"}
	if d := o.Detail(); d != "class 2/4, 1 done, ~2m left in all" {
		t.Errorf("Detail: %q", d)
	}
	o.Left = "estimating"
	if d := o.Detail(); d != "class 2/4, 1 done, estimating the time left in all" {
		t.Errorf("Detail: %q", d)
	}
}

// Quick walks do not rewrite -out after each one: an -out of n rows
// written after each of n walks writes bytes growing as n squared. The
// rows all reach the file by the end.
func TestRunnerOutWrittenNotAfterEveryQuickWalk(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.csv")
	var jobs []Job
	for n := 5; n <= 12; n++ {
		b := board.Board{Rows: n, Cols: n}
		jobs = append(jobs, Job{Board: b, Starts: all(b)})
	}
	r, err := NewRunner(Runner{Jobs: jobs, Options: Options{Rule: First, Workers: 1}, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tasks := r.Tasks()
	rows, err := r.Run(context.Background(), tasks)
	if err != nil {
		t.Fatal(err)
	}
	if r.outWrites*4 > len(tasks) {
		t.Errorf("-out written %d times for %d quick walks", r.outWrites, len(tasks))
	}
	back, err := ReadCSV(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(rows) || len(rows) != 5*5+6*6+7*7+8*8+9*9+10*10+11*11+12*12 {
		t.Errorf("%d rows in -out, %d walked", len(back), len(rows))
	}
}

// An exact refused for its -work leaves no -out it did not find, and an
// -out that is -work itself is refused by name.
func TestRunnerRefusedLeavesNoOut(t *testing.T) {
	dir := t.TempDir()
	work, out := filepath.Join(dir, "w"), filepath.Join(dir, "x.csv")
	b := board.Board{Rows: 5, Cols: 5}
	runner := func(cmd WorkCommand, out, work string) error {
		r, err := NewRunner(Runner{Jobs: []Job{{Board: b, Starts: []board.Square{{}}}},
			Options: Options{Rule: Random, Work: work}, Out: out, Command: cmd})
		if err == nil {
			r.Close()
		}
		return err
	}
	if err := runner(WorkCommand{Sizes: "5", Starts: "corners", Tiebreak: "random"}, "", work); err != nil {
		t.Fatal(err)
	}
	if err := runner(WorkCommand{Sizes: "5", Starts: "0,0", Tiebreak: "random"}, out, work); !input.Is(err) {
		t.Fatalf("another command's -work: %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused exact left -out behind: %v", err)
	}
	same := filepath.Join(dir, "both")
	err := runner(WorkCommand{Sizes: "5", Starts: "0,0", Tiebreak: "random"}, same, same)
	if !input.Is(err) || !strings.Contains(err.Error(), "is -work's directory too") {
		t.Errorf("-out and -work one path: %v", err)
	}
}

// TestRunnerSwappedStartDirectories: -work's start directories swapped (or
// one moved) by hand are refused naming where the walk belongs, to be
// moved back rather than removed, and once they are the same command goes
// on from them; a copy of a walk beside its own is still to be removed.
func TestRunnerSwappedStartDirectories(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	a, c := board.Square{}, board.Square{Row: 0, Col: 1}
	work := t.TempDir()
	runner := func() (*Runner, error) {
		return NewRunner(Runner{Jobs: []Job{{Board: b, Starts: []board.Square{a, c}}},
			Options: Options{Rule: Random, Method: MethodFrontier, Work: work}, Command: WorkCommand{Sizes: "5", Starts: "0,0;0,1", Tiebreak: "random"}})
	}
	r, err := runner()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Run(context.Background(), r.Tasks()); err != nil {
		t.Fatal(err)
	}
	r.Close()
	da, dc, tmp := WorkDir(work, b, a), WorkDir(work, b, c), filepath.Join(work, "tmp")
	swap := func() {
		for _, mv := range [][2]string{{da, tmp}, {dc, da}, {tmp, dc}} {
			if err := os.Rename(mv[0], mv[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	swap()
	want := da + " holds the walk of 5x5 from 0,1, not of 5x5 from 0,0: move it to " + dc
	if _, err := runner(); !input.Is(err) || !strings.Contains(err.Error(), want) {
		t.Errorf("swapped: %v; want %q", err, want)
	}
	swap()
	if r, err := runner(); err != nil {
		t.Errorf("swapped back: %v", err)
	} else {
		r.Close()
	}
	os.RemoveAll(da)
	if err := os.CopyFS(da, os.DirFS(dc)); err != nil {
		t.Fatal(err)
	}
	if _, err := runner(); !input.Is(err) || !strings.Contains(err.Error(), "remove its directory") || strings.Contains(err.Error(), "move it to") {
		t.Errorf("a copy of 0,1's walk as 0,0's: %v; want it removed, not moved", err)
	}
}

// TestRunnerOutOpenRowBesideClosedCommand: an -out of open tours' rows
// refused to a -closed command of the same rule says the row is without
// -closed, not "a row of -tiebreak random, not of -tiebreak random -closed",
// which reads as no difference; the other way round names -closed already.
func TestRunnerOutOpenRowBesideClosedCommand(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 6}
	for _, c := range []struct {
		name         string
		first, then  bool
		want, absent string
	}{
		{"open row, closed command", false, true, "a row of -tiebreak random without -closed, not of this command's -tiebreak random -closed", ""},
		{"closed row, open command", true, false, "a row of -tiebreak random -closed, not of this command's -tiebreak random:", "without"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := From(context.Background(), b, board.Square{}, Options{Rule: Random, Closed: c.first})
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "e.csv")
			if err := WriteCSV(out, []Row{NewRow(res, board.Square{})}); err != nil {
				t.Fatal(err)
			}
			_, err = NewRunner(Runner{Jobs: []Job{{Board: b, Starts: []board.Square{{}}}}, Options: Options{Rule: Random, Closed: c.then}, Out: out})
			if !input.Is(err) || !strings.Contains(err.Error(), c.want) || c.absent != "" && strings.Contains(err.Error(), c.absent) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestRunnerOutLockedThroughLink: an -out that is a symbolic link to
// another command's -out names the same file, which each would rewrite
// whole from what it read: the second is refused while the first holds
// it, as for the same name.
func TestRunnerOutLockedThroughLink(t *testing.T) {
	dir := t.TempDir()
	out, link := filepath.Join(dir, "e.csv"), filepath.Join(dir, "link.csv")
	if err := os.Symlink("e.csv", link); err != nil {
		t.Fatal(err)
	}
	runner := func(b board.Board, out string) (*Runner, error) {
		return NewRunner(Runner{Jobs: []Job{{Board: b, Starts: []board.Square{{}}}}, Options: Options{Rule: Random}, Out: out})
	}
	first, err := runner(board.Board{Rows: 5, Cols: 5}, out)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	second, err := runner(board.Board{Rows: 6, Cols: 6}, link)
	if err == nil {
		second.Close()
	}
	if !input.Is(err) || !strings.Contains(err.Error(), "is in use by another run (process ") {
		t.Errorf("-out %s, a link to the -out of a run under way: %v, want it refused as in use", link, err)
	}
}

// TestDetailOneTiePoint: one tie point is a tie point, in the frontier's
// line and the memo's.
func TestDetailOneTiePoint(t *testing.T) {
	p := Progress{Frontier: true, Board: board.Board{Rows: 3, Cols: 4}, Depth: 3, Squares: 12, States: 1, DepthStates: 1}
	for _, frontier := range []bool{true, false} {
		p.Frontier = frontier
		got := p.Detail(0, "")
		if !strings.HasSuffix(got, "3x4 from 0,0, 1 tie point (1 at this depth)") && !strings.HasSuffix(got, "3x4 from 0,0, 1 tie point") {
			t.Errorf("frontier %v: Detail = %q, want it to end in 1 tie point", frontier, got)
		}
	}
}

package exact

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/pkg/board"
	"knightsweep/pkg/memlimit"
)

// Job is a board and its starts, in the order they were asked for.
type Job struct {
	Board  board.Board
	Starts []board.Square
}

// Runner is experiment exact's work, from its flags to its rows: it owns
// -out (the CSV it resumes from and rewrites as each walk ends), -work
// (locked, its command.json checked, each start's checkpoint checked
// before any walk), the split of the memory limit between the memo and
// the runtime, and the time left of each walk, smoothed. Make one with
// NewRunner, then Run it and Close it.
type Runner struct {
	// Jobs are the boards and starts to walk.
	Jobs []Job
	// Options are the walks' (Work is -work's directory); MemLimit is
	// -mem-limit's whole, which the runner splits (Shares).
	Options Options
	// Out is -out's CSV ("" for none).
	Out string
	// Command is what command.json keeps of the command: another command
	// is refused in the same -work.
	Command WorkCommand
	// Shard is the part of the walks this run does (exact -shard i/N);
	// NewRunner keeps in Jobs only its starts. Build names the binary
	// (buildinfo.Build), kept with a shard's -out for the merge.
	Shard Shard
	Build string
	// Tick, if set, is called after each depth a walk finishes, with the
	// walk's time left in words ("" for none, "estimating", "~12m left")
	// and the whole run's progress.
	Tick func(p Progress, left string, all Overall)
	// Ended, if set, is called when a walk ends (its starts' rows are in
	// Rows then).
	Ended func(Result)

	file, done map[Key]Row
	// classes counts the walks of the whole command, every shard's and
	// those -out holds: whether walks go several at once is decided from
	// it (Several), so that a class's figures are the same whether the
	// run is whole, resumed or a shard.
	classes int
	// lock is -work's, outLock -out's: two commands rewriting one -out
	// whole would each drop the other's rows.
	lock, outLock *durable.Lock
	// method is MethodUsed of the whole command's boards.
	method string
	// kept are the rows -out held, written back by writeOut.
	kept []Row
	// outWrites counts the writes of -out by Run.
	outWrites int
	left      *timeLeft
}

// MaxCSVBytes bounds the -out CSV read back: a row a start, a few hundred
// bytes each, 64 MiB holds every start of thousands of boards.
const MaxCSVBytes = 64 << 20

// NewRunner reads what r.Out holds and checks that it can be written,
// locks r.Options.Work and checks what it holds, before any walk. A bad
// -out or -work is an input.Error naming the flag.
func NewRunner(r Runner) (*Runner, error) {
	rn := &r
	rn.file, rn.done, rn.left = map[Key]Row{}, map[Key]Row{}, &timeLeft{}
	for _, j := range rn.Jobs {
		rn.classes += len(Tasks(j.Board, j.Starts, rn.Options.Rule))
	}
	if rn.Out != "" && rn.Options.Work != "" && outpath.Same(rn.Out, rn.Options.Work) {
		return nil, input.Errorf("-out", "%s is -work's directory too: give -out a file of its own", rn.Out)
	}
	boards := make([]board.Board, len(rn.Jobs))
	for i, j := range rn.Jobs {
		boards[i] = j.Board
	}
	rn.method = MethodUsed(boards, rn.Options)
	if !rn.Shard.Whole() {
		rn.Jobs = ShardJobs(rn.Jobs, rn.Options.Rule, rn.Shard)
	}
	// -work checked before -out is locked or made: a refused command
	// leaves nothing behind.
	if err := rn.openWork(true); err != nil {
		rn.Close()
		return nil, err
	}
	var shard *ShardManifest
	if rn.Shard.Given() && rn.Out != "" {
		var err error
		if shard, err = rn.openShard(); err != nil {
			return nil, err
		}
	}
	if err := rn.readOut(); err != nil {
		rn.Close()
		return nil, err
	}
	if err := rn.openWork(false); err != nil {
		rn.Close()
		return nil, err
	}
	// The shard's manifest, then -out: a shard's rows are never without
	// the manifest that says whose they are.
	if shard != nil {
		if err := rn.writeShard(*shard); err != nil {
			rn.Close()
			return nil, err
		}
	}
	if err := rn.writeOut(); err != nil {
		rn.Close()
		return nil, err
	}
	return rn, nil
}

// CheckOut checks -out's path, path, before anything is walked or merged:
// a file that can be written (outpath.File).
func CheckOut(path string) error {
	return outpath.File("-out", path)
}

// Close releases the locks of -work and -out.
func (r *Runner) Close() {
	r.lock.Release()
	r.outLock.Release()
}

func (r *Runner) key(b board.Board, sq board.Square) Key {
	return Key{Board: b, Start: sq, Closed: r.Options.Closed, Rule: r.Options.Rule.String()}
}

// readOut reads what -out already holds; a start walked again replaces
// its row. -out is rewritten whole (atomically) after each walk, so that
// it never holds part of a row.
func (r *Runner) readOut() error {
	if r.Out == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(r.Out), 0o755); err != nil {
		return input.Errorf("-out", "%v", err)
	}
	// The lock is beside the file a write of -out writes: an -out that
	// is a link to another run's -out names that run's file.
	target, err := durable.Target(r.Out)
	if err != nil {
		return input.Errorf("-out", "%v", err)
	}
	if r.outLock, err = durable.LockBeside(target); err != nil {
		if msg, ok := durable.Refused(err, "give another -out"); ok {
			return input.Errorf("-out", "%s", msg)
		}
		return err
	}
	kept, err := ReadCSV(r.Out)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return input.Errorf("-out", "%v", err)
	}
	flags := func(k Key) string {
		if k.Closed {
			return "-tiebreak " + k.Rule + " -closed"
		}
		return "-tiebreak " + k.Rule
	}
	want := flags(r.key(board.Board{}, board.Square{}))
	for i, row := range kept {
		// An -out holds the rows of one rule (and tour kind), the
		// command's: another's beside them would be read as this one's.
		if got := flags(row.Key()); got != want {
			if got+" -closed" == want {
				// The rule alone would read as no difference.
				got += " without -closed"
			}
			return input.Errorf("-out", "%s: line %d: a row of %s, not of this command's %s: an -out holds one rule's rows; give the same flags, or name another file",
				r.Out, i+2, got, want)
		}
		// Nor exact fractions beside -float's decimals (up to 64
		// squares, where the two differ): a reader of the file would
		// take one kind for the other.
		if float := row.ProbabilityFraction == ""; row.Rows*row.Cols <= MaxExactSquares && float != r.Options.Float {
			fix := "leave out -float"
			if float {
				fix = "add -float"
			}
			return input.Errorf("-out", "%s: line %d: the row of %v is %s, this command's would be %s: an -out holds one kind of row; %s, or name another file",
				r.Out, i+2, row.Key(), rowKind(float), rowKind(!float), fix)
		}
		r.file[row.Key()] = row
		r.done[row.Key()] = row
	}
	r.kept = kept
	return nil
}

// rowKind names the kind of a row as -float writes it (float) or as exact
// does.
func rowKind(float bool) string {
	if float {
		return "-float's (a decimal and its error bound)"
	}
	return "exact (a fraction)"
}

// writeOut writes what -out held back, sealed, once every check has
// passed: so that -out can be written before any walk, and a refused
// command leaves no -out it did not find.
func (r *Runner) writeOut() error {
	if r.Out == "" {
		return nil
	}
	if err := WriteCSV(r.Out, r.kept); err != nil {
		return writeError("-out", err)
	}
	r.kept = nil
	return nil
}

// writeError is the error of flag's file that could not be written: bad
// input, but for a full disk, which is no fault of the flag's: a runtime
// failure.
func writeError(flag string, err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return fmt.Errorf("%s: %w", flag, err)
	}
	return input.Errorf(flag, "%v", err)
}

// Tasks returns the walks to do: the starts of the jobs that -out does not
// hold, a walk a class of symmetric starts.
func (r *Runner) Tasks() []Task {
	var tasks []Task
	for _, j := range r.Jobs {
		var sqs []board.Square
		for _, sq := range j.Starts {
			if _, ok := r.done[r.key(j.Board, sq)]; !ok {
				sqs = append(sqs, sq)
			}
		}
		tasks = append(tasks, Tasks(j.Board, sqs, r.Options.Rule)...)
	}
	return tasks
}

// Shares splits -mem-limit (0: none) into the runtime's limit and the
// memo's share of it, three quarters: the rest of the runtime's is for its
// own metadata and the tables freed or outgrown that the collector has yet
// to reclaim, so that the live heap stays clear of the limit and the
// collector is not running without pause. The runtime's limit leaves room
// for what it does not count, the program's code mapped in
// (outsideRuntime). The memo gets at least a byte, since 0 means no bound.
func Shares(limit int64) (runtime, memo int64) {
	if limit <= 0 {
		return 0, 0
	}
	runtime = limit
	if runtime > 4*outsideRuntime {
		runtime -= outsideRuntime
	}
	return runtime, max(runtime/4*3, 1)
}

// outsideRuntime is the memory of the process that the runtime's limit
// does not count: the binary's code and data as mapped (about 9 MiB).
const outsideRuntime = 16 << 20

// Biggest returns the board of most squares among tasks.
func Biggest(tasks []Task) board.Board {
	var b board.Board
	for _, t := range tasks {
		if t.Board.Squares() > b.Squares() {
			b = t.Board
		}
	}
	return b
}

// Run walks tasks (r.Tasks), the collector's limit set to the runtime's
// share of the memory, writing -out as each ends, and returns the rows of
// every start -out holds or a walk ended; after an error, those that ended
// before it.
func (r *Runner) Run(ctx context.Context, tasks []Task) (map[Key]Row, error) {
	opt := r.Options
	var runtime int64
	runtime, opt.MemLimit = Shares(opt.MemLimit)
	defer memlimit.SetGC(runtime, 0)()
	all := newAllLeft(tasks, time.Now())
	prior := r.prior(tasks)
	type walkKey struct {
		b board.Board
		s board.Square
	}
	class := map[walkKey]int{}
	for i, t := range tasks {
		class[walkKey{t.Board, t.Start}] = prior + i + 1
	}
	var ended int
	var mu sync.Mutex // walks at once tick at once
	if r.Tick != nil {
		opt.Tick = func(p Progress) {
			now := time.Now()
			left := r.left.smoothed(p, now)
			all.tick(p, left, now)
			mu.Lock()
			o := Overall{Class: class[walkKey{p.Board, p.Start}], Classes: prior + len(tasks), Ended: prior + ended, Left: all.words(now)}
			mu.Unlock()
			r.Tick(p, leftWords(left), o)
		}
	}
	// -out is rewritten whole as walks end, but not more often than keeps
	// its writing under 1/outShare of the time: many quick walks would
	// otherwise write bytes growing with the square of the rows. A kill
	// loses at most the walks since the last write, which a resume walks
	// again; every other way out writes the last rows.
	var (
		saved   time.Time
		saving  time.Duration
		unsaved bool
	)
	save := func() error {
		t0 := time.Now()
		err := WriteCSV(r.Out, slices.Collect(maps.Values(r.file)))
		saved, saving, unsaved = time.Now(), time.Since(t0), false
		r.outWrites++
		return err
	}
	results := map[Key]Row{}
	err := runLaid(ctx, tasks, opt, Several(r.classes, opt.Workers), func(t Task, res Result) error {
		all.ended(t)
		mu.Lock()
		ended++
		mu.Unlock()
		for _, sq := range t.Members {
			row := NewRow(res, sq)
			results[row.Key()], r.file[row.Key()] = row, row
		}
		if r.Ended != nil {
			r.Ended(res)
		}
		if r.Out != "" {
			unsaved = true
			if time.Since(saved) >= outShare*saving {
				return save()
			}
		}
		return nil
	})
	if unsaved {
		if serr := save(); err == nil {
			err = serr
		}
	}
	// The rows -out held of the starts asked for (it may hold others).
	for _, j := range r.Jobs {
		for _, sq := range j.Starts {
			k := r.key(j.Board, sq)
			if row, ok := r.done[k]; ok {
				if _, walked := results[k]; !walked {
					results[k] = row
				}
			}
		}
	}
	return results, err
}

// prior is the number of the run's classes (of its Jobs) that -out held,
// tasks being those it walks: they count as done, before the tasks.
func (r *Runner) prior(tasks []Task) int {
	mine := 0
	for _, j := range r.Jobs {
		mine += len(Tasks(j.Board, j.Starts, r.Options.Rule))
	}
	return max(mine-len(tasks), 0)
}

// outShare is how many times the time of the last write of -out passes
// before it is written again (see Run).
const outShare = 10

// openWork locks -work (made if missing) and checks it: a directory of
// this command's walks, and each start's checkpoint one of its walk. If
// dry it makes and writes nothing, nor reads the runs through, and locks
// -work only if it exists: a check before anything else of the command is
// made.
func (r *Runner) openWork(dry bool) error {
	dir := r.Options.Work
	if dir == "" {
		return nil
	}
	if err := outpath.Dir("-work", dir); err != nil {
		return err
	}
	if _, err := os.Stat(dir); dry && err != nil {
		return nil // made (or refused) when not dry
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return input.Errorf("-work", "%v", err)
	}
	if r.lock == nil {
		var err error
		if r.lock, err = durable.LockDir(dir); err != nil {
			if msg, ok := durable.Refused(err, "give another -work"); ok {
				return input.Errorf("-work", "%s", msg)
			}
			return err
		}
	}
	return r.checkWalks(dir, !dry)
}

// checkWalks checks -work's dir: command.json this command's (written if
// missing, when write), each start's checkpoint one of its walk (its runs
// read through when write).
func (r *Runner) checkWalks(dir string, write bool) error {
	if err := r.checkCommand(filepath.Join(dir, commandFile), write); err != nil {
		return err
	}
	opt := r.Options
	_, opt.MemLimit = Shares(opt.MemLimit)
	for _, t := range r.Tasks() {
		if err := durable.NotLink(WorkDir(dir, t.Board, t.Start)); err != nil {
			return input.Errorf("-work", "%v", err)
		}
		if err := checkWork(t.Board, t.Start, opt, write); err != nil {
			if to, ok := misplaced(dir, t.Board, t.Start, opt); ok {
				return input.Errorf("-work", "%s holds the walk of %v from %v, not of %v from %v: move it to %s, that start's directory (swap the two if that holds this start's walk), and the same command goes on from it; or remove it and walk again",
					WorkDir(dir, t.Board, t.Start), t.Board, to, t.Board, t.Start, WorkDir(dir, t.Board, to))
			}
			return input.Errorf("-work", "%v", err)
		}
	}
	return nil
}

// misplaced reports whether the directory of start under root holds the
// walk of another start, to, of the same board and rule, whose own
// directory does not hold it: start directories moved or swapped by hand,
// walks of hours that the same command goes on from once they are moved
// back, not to be removed.
func misplaced(root string, b board.Board, start board.Square, o Options) (to board.Square, ok bool) {
	// walkOf returns the start whose walk dir holds, if it is one of
	// this board and rule.
	walkOf := func(dir string) (board.Square, bool) {
		m, found, err := readManifest(dir)
		sq := board.Square{Row: m.StartRow, Col: m.StartCol}
		return sq, found && err == nil && b.Contains(sq.Row, sq.Col) &&
			describe(m.Board, sq.Row, sq.Col, m.Rule, m.Closed, m.Float) == describeWalk(b, sq, o)
	}
	to, ok = walkOf(WorkDir(root, b, start))
	if !ok || to == start {
		return to, false
	}
	there, ok := walkOf(WorkDir(root, b, to))
	return to, !ok || there != to
}

// WorkCommand is what -work's directory keeps of the command that made
// it, command.json: the flags that decide the walks' figures. Another
// command is refused (-work names a directory of other walks), so that
// the same command, and only it, goes on from the checkpoints.
type WorkCommand struct {
	Sizes    string `json:"sizes"`
	Starts   string `json:"starts"`
	Tiebreak string `json:"tiebreak"`
	Closed   bool   `json:"closed"`
	Float    bool   `json:"float"`
}

// NewWorkCommand returns the WorkCommand of boards (-sizes, in its
// order), starts (-starts as plan writes it) and o.
func NewWorkCommand(boards []board.Board, starts string, o Options) WorkCommand {
	names := make([]string, len(boards))
	for i, b := range boards {
		names[i] = b.String()
	}
	return WorkCommand{Sizes: strings.Join(names, ","), Starts: starts, Tiebreak: o.Rule.String(), Closed: o.Closed, Float: o.Float}
}

// Args returns c as experiment exact's flags.
func (c WorkCommand) Args() []string {
	args := []string{"-sizes", c.Sizes, "-starts", c.Starts, "-tiebreak", c.Tiebreak}
	if c.Closed {
		args = append(args, "-closed")
	}
	if c.Float {
		args = append(args, "-float")
	}
	return args
}

func (c WorkCommand) String() string {
	s := fmt.Sprintf("-sizes %s -starts %s -tiebreak %s", c.Sizes, c.Starts, c.Tiebreak)
	if c.Closed {
		s += " -closed"
	}
	if c.Float {
		s += " -float"
	}
	return s
}

// set returns c with its boards as a set, each as ROWSxCOLS, sorted and
// without repeats: the walks a command asks for do not depend on the order
// of -sizes, as they do not on that of a -starts list (plan sorts it). A
// value it cannot read is left as it is.
func (c WorkCommand) set() WorkCommand {
	bs, ok := c.boards()
	if !ok {
		return c
	}
	c = c.figures()
	slices.SortFunc(bs, func(a, b board.Board) int { return cmp.Or(cmp.Compare(a.Rows, b.Rows), cmp.Compare(a.Cols, b.Cols)) })
	names := make([]string, 0, len(bs))
	for _, b := range slices.Compact(bs) {
		names = append(names, b.String())
	}
	c.Sizes = strings.Join(names, ",")
	return c
}

// boards returns the boards of c.Sizes in its order; ok is false if it
// cannot read them.
func (c WorkCommand) boards() (bs []board.Board, ok bool) {
	for part := range strings.SplitSeq(c.Sizes, ",") {
		var b board.Board
		if _, err := fmt.Sscanf(part, "%dx%d", &b.Rows, &b.Cols); err != nil {
			n, err := strconv.Atoi(part)
			if err != nil {
				return nil, false
			}
			b = board.Board{Rows: n, Cols: n}
		}
		bs = append(bs, b)
	}
	return bs, true
}

// figures returns c as its walks' figures tell it: without -float when
// every board is past MaxExactSquares, where every walk is a float's.
func (c WorkCommand) figures() WorkCommand {
	bs, ok := c.boards()
	if !ok {
		return c
	}
	for _, b := range bs {
		if b.Squares() <= MaxExactSquares {
			return c
		}
	}
	c.Float = false
	return c
}

const commandFile = "command.json"

// commandFormat is command.json's: a sealed JSON file of durable. One
// written before it was sealed is read once more and written back sealed.
var commandFormat = durable.Format{Name: "exact command", Version: 2,
	Advice: "give another -work, or remove the directory to walk again"}

// maxCommandBytes bounds command.json read back: a command is a few
// hundred bytes.
const maxCommandBytes = 64 << 10

// checkCommand writes command.json at path if there is none (if may),
// and refuses one of another command.
func (r *Runner) checkCommand(path string, may bool) error {
	write := func() error {
		if !may {
			return nil
		}
		data, err := durable.MarshalJSON(commandFormat, r.Command.set())
		if err == nil {
			err = durable.ReplaceBytes(path, data, durable.NoFollow)
		}
		if err != nil {
			return writeError("-work", err)
		}
		return nil
	}
	if err := durable.NotLink(path); err != nil {
		return input.Errorf("-work", "%v", err)
	}
	data, err := durable.ReadFile(path, maxCommandBytes)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return write()
	case err != nil:
		return input.Errorf("-work", "%s: %v: not a directory of exact's walks", path, err)
	}
	var had WorkCommand
	sealed, err := durable.UnmarshalJSON(path, data, commandFormat, &had)
	if err != nil {
		return input.Errorf("-work", "%v", err)
	}
	if had.set() != r.Command.set() {
		return input.Errorf("-work", "%s holds the walks of another command (%s), not of this one (%s): give the same -sizes, -starts, -tiebreak, -closed and -float, or another -work",
			r.Options.Work, had.set(), r.Command.set())
	}
	if !sealed {
		return write()
	}
	return nil
}

package count

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
)

// boardsUpTo lists every board of at most n squares, rows <= cols.
func boardsUpTo(n int) []board.Board {
	var out []board.Board
	for r := 1; r*r <= n; r++ {
		for c := r; r*c <= n; c++ {
			out = append(out, board.Board{Rows: r, Cols: c})
		}
	}
	return out
}

// enumerations holds the grids that enumerated and walked return.
var enumerations struct {
	sync.Mutex
	grid map[enumKey]Grid
}

// enumKey names one enumeration: a board, open or closed tours, walked
// (with a checkpoint) or as All chooses.
type enumKey struct {
	b              board.Board
	closed, walked bool
}

// enumerated returns All's grid of b by enumeration, the reference that
// the frontier method's tests hold it to. Several tests check the same
// boards against it, so each board's grid is enumerated once a test
// binary; the callers only read it.
func enumerated(t *testing.T, b board.Board, closed bool) Grid {
	t.Helper()
	return enumerationOf(t, enumKey{b: b, closed: closed})
}

// walked returns All's grid of b's open tours by enumeration with a
// checkpoint, which walks every tour with its reverse where it would
// otherwise count a square board's tours by their halves; once a test
// binary, as enumerated.
func walked(t *testing.T, b board.Board) Grid {
	t.Helper()
	return enumerationOf(t, enumKey{b: b, walked: true})
}

// enumerationOf returns the grid k names, enumerated once a test binary.
func enumerationOf(t *testing.T, k enumKey) Grid {
	t.Helper()
	enumerations.Lock()
	defer enumerations.Unlock()
	if g, ok := enumerations.grid[k]; ok {
		return g
	}
	opt := Options{Closed: k.closed, Method: Enumerate}
	if k.walked {
		opt.Checkpoint = filepath.Join(t.TempDir(), "walked.json")
	}
	g, err := All(context.Background(), k.b, opt)
	if err != nil || !g.AllComplete {
		t.Fatalf("enumerating %v (closed %v): complete %v, %v", k.b, k.closed, g.AllComplete, err)
	}
	if enumerations.grid == nil {
		enumerations.grid = map[enumKey]Grid{}
	}
	enumerations.grid[k] = g
	return g
}

// The frontier method agrees with enumeration on every board both can do,
// from every start square, open and closed, and on the board turned.
// -short takes the boards of up to 30 squares.
func TestFrontierMatchesEnumeration(t *testing.T) {
	for _, b := range boardsUpTo(EnumerateUpTo) {
		for _, closed := range []bool{false, true} {
			if testing.Short() && b.Squares() > 30 {
				continue
			}
			t.Run(fmt.Sprintf("%v/closed=%v", b, closed), func(t *testing.T) {
				want := enumerated(t, b, closed)
				boards := []board.Board{b}
				if b.Rows != b.Cols {
					boards = append(boards, board.Board{Rows: b.Cols, Cols: b.Rows})
				}
				for _, bb := range boards {
					got, err := All(context.Background(), bb, Options{Closed: closed, Method: Frontier})
					if err != nil {
						t.Fatal(err)
					}
					if !got.AllComplete || got.Total.Cmp(want.Total) != 0 {
						t.Fatalf("%v: frontier total %d (complete %v), enumeration %d", bb, got.Total, got.AllComplete, want.Total)
					}
					for r := range b.Rows {
						for c := range b.Cols {
							var g *big.Int
							if bb == b {
								g = got.Tours[r][c]
							} else {
								g = got.Tours[c][r]
							}
							if g.Cmp(want.Tours[r][c]) != 0 {
								t.Errorf("%v from %d,%d: frontier %d, enumeration %d", bb, r, c, g, want.Tours[r][c])
							}
						}
					}
				}
			})
		}
	}
}

// Counts the frontier method makes past enumeration's reach, against the
// published values (OEIS A169696 for 3 x n, directed here; A165134 for the
// whole 6x6 board; A001230 for closed 6x6).
func TestFrontierReference(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int
		closed     bool
		total      uint64
	}{
		{3, 11, false, 21344}, {3, 12, false, 114496}, {3, 13, false, 257728},
		{4, 8, false, 62176}, {5, 6, false, 37568}, {6, 6, true, 9862 * 2 * 36},
		{3, 10, true, 16 * 2 * 30}, {5, 5, false, 1728}, {1, 1, false, 1}, {1, 1, true, 0},
	} {
		b := board.Board{Rows: tt.rows, Cols: tt.cols}
		t.Run(fmt.Sprintf("%v/closed=%v", b, tt.closed), func(t *testing.T) {
			g, err := Total(context.Background(), b, Options{Closed: tt.closed, Method: Frontier})
			if err != nil || !g.AllComplete || !isTotal(g, tt.total) || g.Method != Frontier {
				t.Errorf("Total: %d (complete %v, %v), %v; want %d", g.Total, g.AllComplete, g.Method, err, tt.total)
			}
			if b.Squares() > 30 && testing.Short() {
				return
			}
			// The grid's passes, one per class of starts, add up to the
			// same total as the one pass with no start marked.
			a, err := All(context.Background(), b, Options{Closed: tt.closed, Method: Frontier})
			if err != nil || !isTotal(a, tt.total) {
				t.Errorf("All: %d, %v; want %d", a.Total, err, tt.total)
			}
		})
	}
}

// The colour rule that frontierAll and frontierFrom use to skip starts is a
// theorem: a pass that marks a start of the minority colour finds nothing.
func TestFrontierColourRule(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	p := newFrontierPlan(b)
	for s := range b.Squares() {
		if !minority(b, s) {
			continue
		}
		r, c := b.RowCol(s)
		got, _, err := p.count(context.Background(), frontierTask{start: p.vertex(board.Square{Row: r, Col: c})}, 1, frontierHooks{})
		if err != nil || got != (u256{}) {
			t.Errorf("5x5 from %d,%d: %v tours, %v; want 0", r, c, got, err)
		}
	}
}

// A count stopped after some squares, or in the middle of a join, resumes
// from its checkpoint to the same counts, and the checkpoint is removed
// when it completes. The stops are made on 5x6, or with -short on 4x5.
func TestFrontierCheckpoint(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 6}
	if testing.Short() {
		b = board.Board{Rows: 4, Cols: 5}
	}
	want, err := All(context.Background(), b, Options{Method: Frontier})
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/ck"
	// A pass's progress is its n squares, then its join as many again.
	// Stop in the first pass's sides, in its join, between two passes (the
	// second has no square of its own yet), in a later pass's join.
	n := b.Squares()
	for _, stopAt := range []int{3, n, 3 * n / 2, 2 * n, 3*n + n/2} {
		t.Run(fmt.Sprint(stopAt), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			opt := Options{Method: Frontier, Checkpoint: path, CheckpointEvery: time.Hour,
				joinChunk: 64, // joins of many parts, to stop in the middle of one
				Progress: func(done, total int) {
					if done == stopAt {
						cancel()
					}
				}}
			part, err := All(ctx, b, opt)
			if err != nil || part.AllComplete || !part.Kept {
				t.Fatalf("stopped count: complete %v, checkpoint kept %v, %v", part.AllComplete, part.Kept, err)
			}
			ck, err := readCheckpoint(path, n, 0, "")
			if err != nil || ck == nil {
				t.Fatalf("no checkpoint after a stop: %v", err)
			}
			if joining := ck.Join.Chunks > 0; stopAt%(2*n) != n && joining != (stopAt%(2*n) > n) {
				t.Errorf("stopped at %d: checkpoint in a join %v (%d of %d parts done)", stopAt, joining, len(ck.Join.Done), ck.Join.Chunks)
			}
			// The same count with another option of its own refuses it.
			if _, err := From(context.Background(), b, board.Square{}, Options{Method: Frontier, Checkpoint: path}); err == nil ||
				!strings.Contains(err.Error(), "belongs to another count") {
				t.Errorf("another count took the checkpoint: %v", err)
			}
			opt.Progress = nil
			got, err := All(context.Background(), b, opt)
			if err != nil || !got.Resumed || !got.AllComplete || fmt.Sprint(got.Tours) != fmt.Sprint(want.Tours) {
				t.Errorf("resumed: %v (resumed %v), %v; want %v", got.Tours, got.Resumed, err, want.Tours)
			}
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("checkpoint left after the count completed: %v", err)
			}
		})
	}
	// A checkpoint whose states are wrong though its checksum is right
	// (here a state with a pair label on one square only, which would panic
	// a worker) is refused; one larger than the memory bound is refused
	// before it is read.
	b = board.Board{Rows: 5, Cols: 6}
	t.Run("damaged", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		opt := Options{Method: Frontier, Checkpoint: path, CheckpointEvery: time.Hour,
			Progress: func(done, total int) {
				if done == 20 {
					cancel()
				}
			}}
		if _, err := All(ctx, b, opt); err != nil {
			t.Fatal(err)
		}
		ck, err := readCheckpoint(path, 30, 0, "")
		if err != nil || ck == nil || ck.Front.States == 0 {
			t.Fatal(ck, err)
		}
		states := ck.Front.States + ck.Back.States
		if _, err := readCheckpoint(path, 30, states*entryBytes-1, ""); !errors.As(err, new(*MemoryError)) {
			t.Errorf("checkpoint over the memory bound: %v", err)
		}
		// No end made, every square free but the last, which holds a
		// pair label that no other square shares.
		bad := uint64(codePair)
		data, _ := os.ReadFile(path)
		data = data[:len(data)-durable.TrailerSize]
		body := len(data) - int(states)*24
		binary.LittleEndian.PutUint64(data[body:], bad)
		os.WriteFile(path, durable.Seal(data), 0o644)
		opt.Progress = nil
		if _, err := All(context.Background(), b, opt); err == nil || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("damaged state: %v", err)
		}
		os.Remove(path)
	})
	// A file that is not a checkpoint, or is cut, is refused, not read; a
	// checkpoint of the method's first version is refused by name.
	for name, tt := range map[string]struct{ body, err string }{
		"foreign": {"hello\n", "is not a frontier count's checkpoint"},
		"cut":     {frontierFormat.Head() + `{"rows":5,"cols":6,"front":{"states":9}}` + "\n" + "12345", "damaged"},
		"v1":      {"knightsweep frontier checkpoint 1\n{}\n", "earlier version"},
		// A header without its newline is read no further than its bound.
		"endless header": {frontierFormat.Head() + strings.Repeat(" ", checkpointHeaderMax+durable.TrailerSize+1), "the header is larger than 16777216 bytes"},
	} {
		os.WriteFile(path, []byte(tt.body), 0o644)
		if _, err := All(context.Background(), b, Options{Method: Frontier, Checkpoint: path}); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s checkpoint: %v", name, err)
		}
	}
}

// A checkpoint that cannot be written fails the count, whose work would
// otherwise be lost without a word: at once when its directory cannot be
// made, and when the save on stopping fails.
func TestFrontierCheckpointFails(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 6}
	dir := t.TempDir()
	os.WriteFile(dir+"/file", nil, 0o644)
	_, err := Total(context.Background(), b, Options{Method: Frontier, Checkpoint: dir + "/file/ck"})
	var ce *CheckpointError
	if !errors.As(err, &ce) {
		t.Errorf("checkpoint under a file: %v", err)
	}
	path := dir + "/ck"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g, err := Total(ctx, b, Options{Method: Frontier, Checkpoint: path, CheckpointEvery: time.Hour,
		Progress: func(done, total int) {
			if done == 10 {
				os.Mkdir(path, 0o755) // the save's rename onto it fails
				cancel()
			}
		}})
	if !errors.As(err, &ce) || g.Kept {
		t.Errorf("failed save on stopping: kept %v, %v", g.Kept, err)
	}
}

// A count that would pass its memory bound stops with a *MemoryError
// naming the square and the estimate, before allocating that square.
func TestFrontierMemoryLimit(t *testing.T) {
	_, err := Total(context.Background(), board.Board{Rows: 6, Cols: 6}, Options{Method: Frontier, MemLimit: 1 << 20})
	var me *MemoryError
	if !errors.As(err, &me) || me.Need <= me.Limit || me.Square <= 0 || me.Squares != 36 {
		t.Fatalf("got %v (%+v)", err, me)
	}
	// Sizes read as everywhere else (memlimit.Format), not cut to whole
	// MiB: a limit of 1 KiB once read "more than 0 MiB ... of 0 MiB".
	_, err = Total(context.Background(), board.Board{Rows: 3, Cols: 30}, Options{Method: Frontier, MemLimit: 1 << 10})
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "the 921B its states may take under the limit of 1.00KiB") {
		t.Errorf("1 KiB: %v", err)
	}
}

// Every board up to MaxFrontierSide across has frontiers of at most
// maxLive squares, and a state of that many squares with two ends made
// packs into 64 bits; one square wider is refused by Check, naming the
// limit.
func TestFrontierWidth(t *testing.T) {
	for side := 1; side <= MaxFrontierSide; side++ {
		if p := newFrontierPlan(board.Board{Rows: side, Cols: 3 * side}); p.width > maxLive {
			t.Errorf("%d across: frontier of %d squares", side, p.width)
		}
	}
	k := uint64(2)
	for range maxLive {
		hi, lo := bits.Mul64(k, radix)
		lo, carry := bits.Add64(lo, radix-1, 0)
		if hi != 0 || carry != 0 {
			t.Fatalf("a state of %d squares does not fit 64 bits", maxLive)
		}
		k = lo
	}
	err := Frontier.Check(board.Board{Rows: 9, Cols: 20})
	if err == nil || !strings.Contains(err.Error(), "up to 8 across") {
		t.Errorf("9x20: %v", err)
	}
}

// Counts past 2^64 are exact: 3x48's directed open tours from one
// start-free pass equal the sum of the 144 per-start counts of All, some of
// which pass 2^64 themselves, and From gives the same count as the grid for
// such a start.
func TestTotalPast64(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 48}
	tot, err := Total(context.Background(), b, Options{Method: Frontier})
	if err != nil {
		t.Fatal(err)
	}
	all, err := All(context.Background(), b, Options{Method: Frontier})
	if err != nil {
		t.Fatal(err)
	}
	if tot.Total.Cmp(all.Total) != 0 {
		t.Errorf("3x48: Total %v, the sum of the starts %v", tot.Total, all.Total)
	}
	wide := board.Square{Row: -1}
	for r, row := range all.Tours {
		for c, n := range row {
			if !n.IsUint64() && wide.Row < 0 {
				wide = board.Square{Row: r, Col: c}
			}
		}
	}
	if wide.Row < 0 {
		t.Fatal("3x48: no start has more than 2^64-1 tours")
	}
	res, err := From(context.Background(), b, wide, Options{Method: Frontier})
	if err != nil || res.Tours.Cmp(all.Tours[wide.Row][wide.Col]) != 0 {
		t.Errorf("3x48 from %v: %v, %v; the grid says %v", wide, res.Tours, err, all.Tours[wide.Row][wide.Col])
	}
}

// The count is the same wherever the two sides meet, from a cut with no
// square on the front side to one with every square there: open tours
// from every start (the start on either side, or on the cut), all open
// tours, and closed tours, against enumeration. With -short (make test),
// every cut on the boards of 3 and 4 rows and the middle one on 5x5 and
// 5x6, and the counts from every start at every cut of 3x4, at the first,
// middle and last of 4x5 and at the middle of 5x5; make test-all runs
// every cut of every board (13 s).
func TestFrontierEveryCut(t *testing.T) {
	for _, b := range []board.Board{{Rows: 3, Cols: 4}, {Rows: 4, Cols: 5}, {Rows: 5, Cols: 5}, {Rows: 3, Cols: 10}, {Rows: 5, Cols: 6}} {
		for _, closed := range []bool{false, true} {
			want := enumerated(t, b, closed)
			p := newFrontierPlan(b)
			t.Run(fmt.Sprintf("%v/closed=%v", b, closed), func(t *testing.T) {
				for cut := 0; cut <= p.n; cut++ {
					few := cut == 0 || cut == p.n/2 || cut == p.n
					if testing.Short() && b.Rows >= 5 && cut != p.n/2 {
						continue
					}
					hooks := frontierHooks{cut: &cut}
					got, _, err := p.count(context.Background(), frontierTask{closed: closed, start: -1}, 1, hooks)
					// One pass counts undirected paths, or cycles.
					per := uint64(2)
					if closed {
						per = uint64(2 * b.Squares())
					}
					if err != nil || got[0]*per != want.Total.Uint64() {
						t.Errorf("cut %d: %v (x%d), %v; want %v", cut, got, per, err, want.Total)
					}
					if closed || b.Squares() > 25 || testing.Short() && b.Rows >= 4 && !few {
						continue // from every start: the small boards
					}
					for s := range b.Squares() {
						r, c := b.RowCol(s)
						got, _, err := p.count(context.Background(), frontierTask{start: p.vertex(board.Square{Row: r, Col: c})}, 1, hooks)
						if err != nil || got.Big().Cmp(want.Tours[r][c]) != 0 {
							t.Errorf("cut %d, from %d,%d: %v, %v; want %d", cut, r, c, got, err, want.Tours[r][c])
						}
					}
				}
			})
		}
	}
}

// A step that would pass the memory budget stops before the allocation
// that would pass it, whatever the estimate said, and leaves the side as it
// was and the budget as it found it.
func TestFrontierBudget(t *testing.T) {
	p := newFrontierPlan(board.Board{Rows: 6, Cols: 6})
	sd := newSide(p, false, frontierTask{start: -1})
	bufs := make([]shardBuffers, 2)
	for sd.size() < 20000 {
		if err := sd.advance(context.Background(), 2, bufs, nil); err != nil {
			t.Fatal(err)
		}
	}
	before, done := sd.size(), sd.done
	layer := int64(before) * entryBytes
	mem := &budget{limit: layer + 100_000}
	mem.held.Store(layer)
	err := sd.advance(context.Background(), 2, bufs, mem)
	var ob *overBudget
	if !errors.As(err, &ob) || ob.need <= mem.limit {
		t.Fatalf("step over the budget: %v", err)
	}
	if sd.size() != before || sd.done != done || mem.held.Load() != layer {
		t.Errorf("after the refused step: %d states (had %d), step %d (was %d), %d bytes held (had %d)",
			sd.size(), before, sd.done, done, mem.held.Load(), layer)
	}
	// With room, the same step goes through and holds what it made.
	mem.limit = 1 << 40
	if err := sd.advance(context.Background(), 2, bufs, mem); err != nil {
		t.Fatal(err)
	}
	if got := mem.held.Load(); got != int64(sd.size())*entryBytes {
		t.Errorf("after the step: %d bytes held for %d states", got, sd.size())
	}
}

package count

import (
	"context"
	"fmt"
	"math/big"
	"sync/atomic"
	"time"

	"knightsweep/pkg/board"
)

// Options tune a count. The zero Options counts open tours on every core.
type Options struct {
	// Closed counts closed tours: the last square a knight's move from the
	// start.
	Closed bool
	// Workers is how many searches run at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, if set, is called after each piece of work with the pieces
	// done and the total (enumeration also calls it with 0 done before the
	// first). It is called from the workers, one call at a time.
	// The frontier method counts steps: each pass is its squares, then
	// its join, weighted as many steps again; it calls Progress after each
	// square and each part of a join with the steps done and the steps of
	// all its passes.
	Progress func(done, total int)
	// Found, if set, receives the tours that enumeration's searches find as
	// they find them (each walk every 65,536 squares and at its end): a
	// sign of life for long counts. All's searches of open tours find a
	// tour for a class of squares and one direction, so it is not the
	// count being made.
	Found *atomic.Uint64
	// Method is how to count; the zero value is Auto.
	Method Method
	// The frontier method's own options.
	//
	// Layer, if set, is called after each square with the states the
	// two sides hold and the memory the square took.
	Layer func(states int, bytes int64)
	// MemLimit, if positive, stops a frontier count with a *MemoryError
	// before a square that would take more memory, judged from the last.
	MemLimit int64
	// Checkpoint, if set, is a file where a count saves its progress (every
	// CheckpointEvery, and when it stops early): the frontier method its
	// last completed square, enumeration the subtrees it has finished,
	// and from which it resumes when the file is there (after checking that
	// it belongs to this count, that its states are sound and that they fit
	// MemLimit). Its directory is made at the start; a save that fails
	// stops the count with a *CheckpointError. It is removed when the count
	// completes.
	Checkpoint      string
	CheckpointEvery time.Duration
	// joinChunk, if positive, is how many states of the larger layer a
	// frontier join takes at once, instead of defaultJoinChunk (tests: a
	// join of many parts, to stop in the middle of one).
	joinChunk int
}

// Result is the count of the directed tours from one start square.
type Result struct {
	Board  board.Board
	Start  board.Square
	Method Method
	// Tours is the number of directed tours from Start, exact however
	// large; a lower bound when Complete is false.
	Tours *big.Int
	// Nodes is the squares the search entered; for the frontier method,
	// the states it expanded.
	Nodes int64
	// PeakStates is the most states a frontier layer held (0 when
	// enumerating).
	PeakStates int64
	// Resumed is true when the count started from a checkpoint.
	Resumed bool
	// Kept is true when the count stopped early and saved its checkpoint
	// (Options.Checkpoint) to resume from.
	Kept bool
	// Complete is false when the context stopped the count early.
	Complete bool
	Elapsed  time.Duration
}

// Grid is the count of directed tours from every start square.
type Grid struct {
	Board  board.Board
	Method Method
	// Tours[r][c] is the number of directed tours from (r, c), exact
	// however large; a lower bound where Complete[r][c] is false.
	Tours    [][]*big.Int
	Complete [][]bool
	// Total is the sum of Tours (for Total, which has no grid, the number
	// of directed tours from all squares together).
	Total *big.Int
	// Nodes is the squares entered by the searches that ran: one start of
	// each class of symmetric squares (one start in all for closed tours);
	// for the frontier method, the states its passes expanded.
	Nodes int64
	// PeakStates is the most states a frontier layer held.
	PeakStates int64
	// Resumed is true when the count started from a checkpoint.
	Resumed bool
	// Kept is true when the count stopped early and saved its checkpoint
	// (Options.Checkpoint) to resume from.
	Kept bool
	// AllComplete is true when every square's count is complete.
	AllComplete bool
	Elapsed     time.Duration
}

// check returns an error if method m cannot count board b or a start is
// off it.
func check(b board.Board, m Method, starts ...board.Square) error {
	if _, err := board.New(b.Rows, b.Cols); err != nil {
		return err
	}
	if err := m.Check(b); err != nil {
		return err
	}
	for _, s := range starts {
		if !b.Contains(s.Row, s.Col) {
			return fmt.Errorf("start %v is off the %v board", s, b)
		}
	}
	return nil
}

// From counts the directed tours of b that start at start.
func From(ctx context.Context, b board.Board, start board.Square, opt Options) (Result, error) {
	if err := check(b, opt.Method, start); err != nil {
		return Result{}, err
	}
	if opt.Method.For(b) == Frontier {
		return frontierFrom(ctx, b, start, opt)
	}
	g := newGraph(b)
	t0 := time.Now()
	sq := b.Index(start.Row, start.Col)
	e, err := g.count(ctx, []search{{start: sq, closed: opt.Closed, ends: g.All, found: opt.Found}}, opt, false)
	if err != nil && !e.partial {
		return Result{}, err
	}
	t := e.tallies[0]
	return Result{Board: b, Start: start, Method: Enumerate, Tours: new(big.Int).SetUint64(t.tours), Nodes: t.nodes, Complete: t.complete,
		Resumed: e.resumed, Kept: e.kept, Elapsed: time.Since(t0)}, err
}

// All counts the directed tours of b from every start square. Squares that a
// symmetry of the board maps onto each other have equal counts, so it
// searches from one square of each class; for closed tours, which pass
// every square, from one square in all.
//
// Open tours on square boards of 16 to HalvesUpTo squares it counts by
// their halves, unless given a checkpoint (see the package doc). Otherwise,
// for open tours it uses reversal (see the package doc). The classes
// are ranked by their smallest square, which on 6x6 enters fewer squares
// than ranking them by the cost of their searches either way; a square's
// count is put together from the counts by last square, a symmetry carrying
// the square to its class's searched square and its tours' ends along.
func All(ctx context.Context, b board.Board, opt Options) (Grid, error) {
	return all(ctx, b, opt, true)
}

// all is All, and with byStart false Total: the same count, without the
// counts by start square when it can do without them.
func all(ctx context.Context, b board.Board, opt Options, byStart bool) (Grid, error) {
	if err := check(b, opt.Method); err != nil {
		return Grid{}, err
	}
	if opt.Method.For(b) == Frontier {
		return frontierAll(ctx, b, opt)
	}
	g := newGraph(b)
	t0 := time.Now()
	rep := b.Representatives()
	if opt.Closed {
		for s := range rep {
			rep[s] = 0
		}
	}
	// rank[s] is the position of s's class among the searched ones.
	var searched []int
	rank := make([]int, g.n)
	for s, r := range rep {
		if r == s {
			searched = append(searched, s)
		}
		rank[s] = len(searched) - 1
		if r != s {
			rank[s] = rank[r]
		}
	}
	cols := 1 // the total alone: one column
	if byStart {
		cols = len(searched)
	}
	if g.useHalves(opt, cols) {
		return g.allByHalves(ctx, opt, searched, rank, byStart, t0)
	}
	reversal := !opt.Closed && g.n > 1
	searches := make([]search, len(searched))
	for i, s := range searched {
		searches[i] = search{start: s, closed: opt.Closed, ends: g.All, found: opt.Found}
		if reversal {
			searches[i].ends = 0
			for q := range g.n {
				if rank[q] >= i {
					searches[i].ends |= 1 << q
				}
			}
		}
	}
	e, err := g.count(ctx, searches, opt, reversal)
	if err != nil && !e.partial {
		return Grid{}, err
	}
	tallies, byEnd := e.tallies, e.byEnd
	grid := Grid{Board: b, Method: Enumerate, AllComplete: true, Resumed: e.resumed, Kept: e.kept}
	for _, t := range tallies {
		grid.Nodes += t.nodes
		grid.AllComplete = grid.AllComplete && t.complete
	}
	// tours returns the directed tours from square s, and whether their
	// count is complete.
	tours := func(s int) (uint64, bool) {
		t := tallies[rank[s]]
		return t.tours, t.complete
	}
	if reversal {
		// to[s] is a symmetry that carries s to its class's searched square.
		to := make([][]int, g.n)
		for _, perm := range b.Symmetries() {
			for s := range to {
				if to[s] == nil && perm[s] == rep[s] {
					to[s] = perm
				}
			}
		}
		// ending(s, e) is the number of directed tours from s that end on e.
		ending := func(s, e int) uint64 {
			if rank[e] >= rank[s] {
				return byEnd[rank[s]][to[s][e]]
			}
			return byEnd[rank[e]][to[e][s]] // the reverses of those from e to s
		}
		tours = func(s int) (uint64, bool) {
			var n uint64
			for e := range g.n {
				n += ending(s, e)
			}
			return n, grid.AllComplete // put together from every class's search
		}
	}
	grid.fill(tours)
	grid.Elapsed = time.Since(t0)
	return grid, err
}

// fill sets the grid's counts by square, and their total, from tours: the
// directed tours from square s, and whether their count is complete.
func (grid *Grid) fill(tours func(s int) (uint64, bool)) {
	b := grid.Board
	grid.Tours, grid.Complete, grid.Total = make([][]*big.Int, b.Rows), make([][]bool, b.Rows), new(big.Int)
	for r := range b.Rows {
		grid.Tours[r], grid.Complete[r] = make([]*big.Int, b.Cols), make([]bool, b.Cols)
		for c := range b.Cols {
			n, complete := tours(b.Index(r, c))
			grid.Tours[r][c], grid.Complete[r][c] = new(big.Int).SetUint64(n), complete
			grid.Total.Add(grid.Total, grid.Tours[r][c])
		}
	}
}

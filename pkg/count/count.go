package count

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

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
	// done and the total. It is called from the workers, one call at a time.
	// The frontier method calls it after each square with the squares done
	// and the squares of all its passes.
	Progress func(done, total int)
	// Method is how to count; the zero value is Auto.
	Method Method
	// The frontier method's own options.
	//
	// Layer, if set, is called after each square with the states alive
	// and the memory the square took.
	Layer func(states int, bytes int64)
	// MemLimit, if positive, stops a frontier count with a *MemoryError
	// before a square that would take more memory, judged from the last.
	MemLimit int64
	// Checkpoint, if set, is a file where a frontier count saves its last
	// completed square (every CheckpointEvery, and when it stops early),
	// and from which it resumes when the file is there (after checking that
	// it belongs to this count, that its states are sound and that they fit
	// MemLimit). Its directory is made at the start; a save that fails
	// stops the count with a *CheckpointError. It is removed when the count
	// completes.
	Checkpoint      string
	CheckpointEvery time.Duration
}

// Result is the count of the directed tours from one start square.
type Result struct {
	Board  board.Board
	Start  board.Square
	Method Method
	// Tours is the number of directed tours from Start; a lower bound when
	// Complete is false.
	Tours uint64
	// Nodes is the squares the search entered; for the frontier method,
	// the states it expanded.
	Nodes int64
	// PeakStates is the most states a frontier layer held (0 when
	// enumerating).
	PeakStates int64
	// Resumed is true when a frontier count started from a checkpoint.
	Resumed bool
	// Kept is true when a frontier count stopped early and saved its
	// checkpoint (Options.Checkpoint) to resume from.
	Kept bool
	// Complete is false when the context stopped the count early.
	Complete bool
	Elapsed  time.Duration
}

// Grid is the count of directed tours from every start square.
type Grid struct {
	Board  board.Board
	Method Method
	// Tours[r][c] is the number of directed tours from (r, c); a lower bound
	// where Complete[r][c] is false.
	Tours    [][]uint64
	Complete [][]bool
	// Total is the sum of Tours (for Total, which has no grid, the number
	// of directed tours from all squares together): exact however large,
	// where each square's count must fit 64 bits.
	Total *big.Int
	// Nodes is the squares entered by the searches that ran: one start of
	// each class of symmetric squares (one start in all for closed tours);
	// for the frontier method, the states its passes expanded.
	Nodes int64
	// PeakStates is the most states a frontier layer held.
	PeakStates int64
	// Resumed is true when a frontier count started from a checkpoint.
	Resumed bool
	// Kept is true when a frontier count stopped early and saved its
	// checkpoint (Options.Checkpoint) to resume from.
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
	tallies := g.count(ctx, []int{sq}, opt)
	t := tallies[0]
	return Result{Board: b, Start: start, Method: Enumerate, Tours: t.tours, Nodes: t.nodes, Complete: t.complete, Elapsed: time.Since(t0)}, nil
}

// All counts the directed tours of b from every start square. Squares that a
// symmetry of the board maps onto each other have equal counts, so it
// searches from one square of each class; for closed tours, which pass
// every square, from one square in all.
func All(ctx context.Context, b board.Board, opt Options) (Grid, error) {
	if err := check(b, opt.Method); err != nil {
		return Grid{}, err
	}
	if opt.Method.For(b) == Frontier {
		return frontierAll(ctx, b, opt)
	}
	g := newGraph(b)
	t0 := time.Now()
	rep := Representatives(b)
	if opt.Closed {
		for s := range rep {
			rep[s] = 0
		}
	}
	var searched []int
	for s, r := range rep {
		if r == s {
			searched = append(searched, s)
		}
	}
	tallies := g.count(ctx, searched, opt)
	bySquare := map[int]tally{}
	for i, s := range searched {
		bySquare[s] = tallies[i]
	}
	grid := Grid{Board: b, Method: Enumerate, Tours: make([][]uint64, b.Rows), Complete: make([][]bool, b.Rows), Total: new(big.Int), AllComplete: true}
	for r := range b.Rows {
		grid.Tours[r] = make([]uint64, b.Cols)
		grid.Complete[r] = make([]bool, b.Cols)
		for c := range b.Cols {
			t := bySquare[rep[b.Index(r, c)]]
			grid.Tours[r][c], grid.Complete[r][c] = t.tours, t.complete
			grid.Total.Add(grid.Total, new(big.Int).SetUint64(t.tours))
			grid.AllComplete = grid.AllComplete && t.complete
		}
	}
	for _, t := range tallies {
		grid.Nodes += t.nodes
	}
	grid.Elapsed = time.Since(t0)
	return grid, nil
}

// piecesPerWorker is how many independent subtrees count aims to give each
// worker, so that uneven subtrees still keep every worker busy to the end.
const piecesPerWorker = 256

// count counts the tours from each of starts, splitting each search tree
// into subtrees that the workers walk in parallel.
func (g *graph) count(ctx context.Context, starts []int, opt Options) []tally {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	want := 1
	if workers > 1 {
		want = piecesPerWorker * workers / len(starts)
	}
	type piece struct {
		start int // index into starts
		p     path
	}
	tallies := make([]tally, len(starts))
	var pieces []piece
	for i, s := range starts {
		paths, t := g.split(s, opt.Closed, want)
		tallies[i] = t
		for _, p := range paths {
			pieces = append(pieces, piece{i, p})
		}
	}

	found := make([]tally, len(pieces))
	var (
		mu   sync.Mutex
		done int
	)
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	for i, pc := range pieces {
		if ctx.Err() != nil {
			break
		}
		eg.Go(func() error {
			found[i] = g.walk(ctx, pc.p, starts[pc.start], opt.Closed)
			if opt.Progress != nil {
				mu.Lock()
				done++
				opt.Progress(done, len(pieces))
				mu.Unlock()
			}
			return nil
		})
	}
	eg.Wait()
	for i, pc := range pieces {
		t := &tallies[pc.start]
		t.tours += found[i].tours
		t.nodes += found[i].nodes
		t.complete = t.complete && found[i].complete
	}
	return tallies
}

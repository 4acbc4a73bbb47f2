package count

import (
	"context"
	"fmt"
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
	Progress func(done, total int)
}

// Result is the count of the directed tours from one start square.
type Result struct {
	Board board.Board
	Start board.Square
	// Tours is the number of directed tours from Start; a lower bound when
	// Complete is false.
	Tours uint64
	// Nodes is the squares the search entered.
	Nodes int64
	// Complete is false when the context stopped the count early.
	Complete bool
	Elapsed  time.Duration
}

// Grid is the count of directed tours from every start square.
type Grid struct {
	Board board.Board
	// Tours[r][c] is the number of directed tours from (r, c); a lower bound
	// where Complete[r][c] is false.
	Tours    [][]uint64
	Complete [][]bool
	// Total is the sum of Tours.
	Total uint64
	// Nodes is the squares entered by the searches that ran: one start of
	// each class of symmetric squares (one start in all for closed tours).
	Nodes int64
	// AllComplete is true when every square's count is complete.
	AllComplete bool
	Elapsed     time.Duration
}

// check returns the board's graph, or an error if the board is too large or
// the start is off it.
func check(b board.Board, starts ...board.Square) (*graph, error) {
	if _, err := board.New(b.Rows, b.Cols); err != nil {
		return nil, err
	}
	if b.Squares() > MaxSquares {
		return nil, fmt.Errorf("board %v has %d squares: counting takes boards of at most %d", b, b.Squares(), MaxSquares)
	}
	for _, s := range starts {
		if !b.Contains(s.Row, s.Col) {
			return nil, fmt.Errorf("start %v is off the %v board", s, b)
		}
	}
	return newGraph(b), nil
}

// From counts the directed tours of b that start at start.
func From(ctx context.Context, b board.Board, start board.Square, opt Options) (Result, error) {
	g, err := check(b, start)
	if err != nil {
		return Result{}, err
	}
	t0 := time.Now()
	sq := b.Index(start.Row, start.Col)
	tallies := g.count(ctx, []int{sq}, opt)
	t := tallies[0]
	return Result{Board: b, Start: start, Tours: t.tours, Nodes: t.nodes, Complete: t.complete, Elapsed: time.Since(t0)}, nil
}

// All counts the directed tours of b from every start square. Squares that a
// symmetry of the board maps onto each other have equal counts, so it
// searches from one square of each class; for closed tours, which pass
// every square, from one square in all.
func All(ctx context.Context, b board.Board, opt Options) (Grid, error) {
	g, err := check(b)
	if err != nil {
		return Grid{}, err
	}
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
	grid := Grid{Board: b, Tours: make([][]uint64, b.Rows), Complete: make([][]bool, b.Rows), AllComplete: true}
	for r := range b.Rows {
		grid.Tours[r] = make([]uint64, b.Cols)
		grid.Complete[r] = make([]bool, b.Cols)
		for c := range b.Cols {
			t := bySquare[rep[b.Index(r, c)]]
			grid.Tours[r][c], grid.Complete[r][c] = t.tours, t.complete
			grid.Total += t.tours
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

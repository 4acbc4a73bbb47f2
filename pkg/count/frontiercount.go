package count

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/memlimit"
)

// MemoryError stops a frontier count whose next square, or whose join,
// would take more memory than Options.MemLimit.
type MemoryError struct {
	// Square is how many squares the two sides had added between them
	// (of Squares), States the states of the layer that was to grow, or,
	// for the join (Join true), of the layer to index.
	Square, Squares int
	Join            bool
	States          int64
	// Need is what the count would hold: an estimate from what the
	// side's square in the row before made, or, when During, what it held
	// when the square's next allocation would have passed the bound (the
	// allocation is not made; the square is given up, its layer kept).
	Need, Limit int64
	During      bool
}

func (e *MemoryError) Error() string {
	// The states may take a share of the limit; the rest is the runtime's.
	room := fmt.Sprintf("the %s its states may take under the limit of %s", memlimit.Format(int64(float64(e.Limit)*budgetShare)), memlimit.Format(e.Limit))
	switch {
	case e.Join:
		return fmt.Sprintf("the frontier count needs about %s to join its two halves (%d states indexed), more than %s", memlimit.Format(e.Need), e.States, room)
	case e.During:
		return fmt.Sprintf("the frontier count needed more than %s for square %d of %d (%d states expanded), more than %s: stopped before allocating it",
			memlimit.Format(e.Need), e.Square+1, e.Squares, e.States, room)
	}
	return fmt.Sprintf("the frontier count needs about %s for square %d of %d (%d states, judged from the square before), more than %s",
		memlimit.Format(e.Need), e.Square+1, e.Squares, e.States, room)
}

// frontierPass is one frontier count of a board: the closed tours, or the
// open tours with an end at start (a square of the board; -1: any).
type frontierPass struct {
	start int
}

// frontierJob is a frontier count of one board in one or more passes.
type frontierJob struct {
	b       board.Board
	plan    *frontierPlan
	opt     Options
	workers int
	passes  []frontierPass
	// counts[i] is pass i's count, once it is done.
	counts  []u256
	stats   frontierStats
	resumed bool
	saved   time.Time
	// kept is true once a stopped count's checkpoint is written.
	kept bool
	// asked describes a count from one start as the user asked for it
	// (see describe); "" for the others.
	asked string
}

func newFrontierJob(b board.Board, opt Options, passes []frontierPass) *frontierJob {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &frontierJob{b: b, plan: newFrontierPlan(b), opt: opt, workers: workers, passes: passes, saved: time.Now()}
}

// run makes every pass, resuming from the checkpoint if there is one. It
// returns the context's error, a *MemoryError or an overflow with the
// passes that completed counted.
func (j *frontierJob) run(ctx context.Context) error {
	var from *meeting
	if j.opt.Checkpoint != "" {
		// An hour-long count must not learn at its end that it cannot save.
		if err := os.MkdirAll(filepath.Dir(j.opt.Checkpoint), 0o755); err != nil {
			return &CheckpointError{Path: j.opt.Checkpoint, Err: err}
		}
		ck, err := readCheckpoint(j.opt.Checkpoint, j.plan.n, j.opt.MemLimit, j.describe())
		switch {
		case err != nil:
			return err
		case ck != nil:
			if err := ck.matches(j); err != nil {
				return err
			}
			if from, err = ck.meeting(j); err != nil {
				return damagedCheckpoint(j.opt.Checkpoint, err.Error())
			}
			j.counts, j.resumed = ck.counts, true
		}
	}
	n := j.plan.n
	// A pass's progress: its squares, then its join, weighted as many.
	steps := 2 * n
	for i := len(j.counts); i < len(j.passes); i++ {
		pass := j.passes[i]
		task := frontierTask{closed: j.opt.Closed, start: -1}
		if pass.start >= 0 {
			r, c := j.b.RowCol(pass.start)
			task.start = j.plan.vertex(board.Square{Row: r, Col: c})
		}
		hooks := frontierHooks{from: from, limit: j.opt.MemLimit, joinChunk: j.opt.joinChunk}
		from = nil
		hooks.progress = func(squares, joined, joins int) {
			if j.opt.Progress == nil {
				return
			}
			done := squares
			if joins > 0 {
				done += n * joined / joins
			}
			j.opt.Progress(i*steps+done, len(j.passes)*steps)
		}
		hooks.detail = func(states int, bytes int64) {
			if j.opt.Layer != nil {
				j.opt.Layer(states, bytes)
			}
		}
		if j.opt.Checkpoint != "" {
			hooks.save = func(m *meeting, final bool) error {
				if !final && time.Since(j.saved) < j.opt.CheckpointEvery {
					return nil
				}
				j.saved = time.Now()
				if err := writeCheckpoint(j.opt.Checkpoint, j, m); err != nil {
					return err
				}
				j.kept = final
				return nil
			}
		}
		var got u256
		var st frontierStats
		var err error
		if n == 1 {
			// One square: the open tour of no moves; no closed tour. (Total
			// halves nothing here: the tour has one direction.)
			got = u256{1}
			if j.opt.Closed {
				got = u256{}
			}
		} else {
			got, st, err = j.plan.count(ctx, task, j.workers, hooks)
		}
		j.stats.add(st)
		if err != nil {
			return err
		}
		j.counts = append(j.counts, got)
	}
	if j.opt.Checkpoint != "" {
		return removeCheckpoint(j.opt.Checkpoint)
	}
	return nil
}

// partial reports whether err stopped the count early rather than failing
// it, so that what it counted comes back: the context ended, or a
// checkpoint could not be written (unsaved).
func partial(err error) bool {
	return unsaved(err) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// unsaved reports whether err is a checkpoint that could not be written:
// the count stopped, and what it counted before is still returned, with
// the error.
func unsaved(err error) bool {
	var ce *CheckpointError
	return errors.As(err, &ce)
}

// unsavedOnly returns err if it is unsaved's, and nil for a count that was
// only stopped (its result says it is incomplete).
func unsavedOnly(err error) error {
	if unsaved(err) {
		return err
	}
	return nil
}

// directed returns the directed tours from one square that a pass's count
// stands for: a closed tour is counted once in each direction, an open one
// once from its end at the start.
func directed(n u256, closed bool) *big.Int {
	v := n.Big()
	if closed {
		v.Lsh(v, 1)
	}
	return v
}

// minority reports whether no open tour of b can start on square s: on a
// board of an odd number of squares, the colours alternate along a tour, so
// both ends are of the colour with one square more.
func minority(b board.Board, s int) bool {
	r, c := b.RowCol(s)
	return b.Squares()%2 == 1 && (r+c)%2 == 1
}

// frontierFrom is From by the frontier method.
func frontierFrom(ctx context.Context, b board.Board, start board.Square, opt Options) (Result, error) {
	t0 := time.Now()
	res := Result{Board: b, Start: start, Method: Frontier, Tours: new(big.Int)}
	sq := b.Index(start.Row, start.Col)
	var passes []frontierPass
	switch {
	case opt.Closed:
		passes = []frontierPass{{start: -1}}
	case !minority(b, sq):
		passes = []frontierPass{{start: sq}}
	}
	j := newFrontierJob(b, opt, passes)
	if !opt.Closed {
		j.asked = startWords(b.Rows, b.Cols, start.Row, start.Col, false)
	}
	err := j.run(ctx)
	res.Nodes, res.PeakStates, res.Resumed, res.Kept, res.Elapsed = j.stats.expanded, j.stats.peakStates, j.resumed, j.kept, time.Since(t0)
	if err != nil && !partial(err) {
		return res, err
	}
	res.Complete = err == nil
	if len(j.counts) > 0 {
		res.Tours = directed(j.counts[0], opt.Closed)
	}
	return res, unsavedOnly(err)
}

// frontierAll is All by the frontier method: one pass for closed tours
// (every square lies on every closed tour), and for open tours one pass
// for each class of symmetric squares that the colour rule leaves.
func frontierAll(ctx context.Context, b board.Board, opt Options) (Grid, error) {
	t0 := time.Now()
	rep := b.Representatives()
	var passes []frontierPass
	passOf := map[int]int{}
	if opt.Closed {
		passes = []frontierPass{{start: -1}}
	} else {
		for s, r := range rep {
			if r == s && !minority(b, s) {
				passOf[s] = len(passes)
				passes = append(passes, frontierPass{start: s})
			}
		}
	}
	j := newFrontierJob(b, opt, passes)
	err := j.run(ctx)
	grid := Grid{Board: b, Method: Frontier, Tours: make([][]*big.Int, b.Rows), Complete: make([][]bool, b.Rows), Total: new(big.Int), AllComplete: err == nil,
		Nodes: j.stats.expanded, PeakStates: j.stats.peakStates, Resumed: j.resumed, Kept: j.kept}
	if err != nil && !partial(err) {
		return grid, err
	}
	for r := range b.Rows {
		grid.Tours[r] = make([]*big.Int, b.Cols)
		grid.Complete[r] = make([]bool, b.Cols)
		for c := range b.Cols {
			s := b.Index(r, c)
			grid.Tours[r][c] = new(big.Int)
			i := 0
			if !opt.Closed {
				var ok bool
				if i, ok = passOf[rep[s]]; !ok {
					grid.Complete[r][c] = true // ruled out by the colour rule
					continue
				}
			}
			if i >= len(j.counts) {
				continue
			}
			grid.Tours[r][c], grid.Complete[r][c] = directed(j.counts[i], opt.Closed), true
			grid.Total.Add(grid.Total, grid.Tours[r][c])
		}
	}
	grid.Elapsed = time.Since(t0)
	return grid, unsavedOnly(err)
}

// Total counts the directed tours of b from all its squares together. The
// frontier method does it in one pass with no start marked (each
// undirected open tour is two directed ones; each closed tour is two
// directed ones from each of its squares), where All makes a pass for each
// class of start squares; enumeration sums All's grid.
func Total(ctx context.Context, b board.Board, opt Options) (Grid, error) {
	if err := check(b, opt.Method); err != nil {
		return Grid{}, err
	}
	if opt.Method.For(b) != Frontier {
		g, err := all(ctx, b, opt, false)
		g.Tours, g.Complete = nil, nil
		return g, err
	}
	t0 := time.Now()
	j := newFrontierJob(b, opt, []frontierPass{{start: -1}})
	err := j.run(ctx)
	g := Grid{Board: b, Method: Frontier, Nodes: j.stats.expanded, PeakStates: j.stats.peakStates, Resumed: j.resumed, Kept: j.kept, AllComplete: err == nil}
	if err != nil && !partial(err) {
		return g, err
	}
	g.Total = new(big.Int)
	if len(j.counts) > 0 {
		switch {
		case b.Squares() == 1 && !j.opt.Closed:
			g.Total.SetInt64(1) // the tour of no moves has one direction
		case j.opt.Closed:
			// A closed tour passes every square: 2 directed tours from each.
			g.Total.Mul(j.counts[0].Big(), big.NewInt(int64(2*b.Squares())))
		default:
			g.Total.Lsh(j.counts[0].Big(), 1) // each undirected tour, both ways
		}
	}
	g.Elapsed = time.Since(t0)
	return g, unsavedOnly(err)
}

package exact

import (
	"context"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"

	"knightsweep/pkg/board"
)

// Task is one walk of a sweep of starts: a start square, and the squares
// it stands for (the start and its images under the board's symmetries,
// which a randomised rule treats alike; a deterministic rule follows the
// move order, which no symmetry keeps, so its starts stand for
// themselves).
type Task struct {
	Board   board.Board
	Start   board.Square
	Members []board.Square
	// Mirrored says the start lies on a mirror line of the board and the
	// rule is randomised: a tie point's mirror images merge, and the walk
	// holds about half the tie points of one off every mirror line.
	Mirrored bool
}

// Tasks groups starts of b into tasks, in the order of their first start.
// A randomised rule's starts group by their least image under the board's
// symmetries (board.Representatives: the reflections, and on a square
// board the transpositions).
func Tasks(b board.Board, starts []board.Square, rule Rule) []Task {
	var rep []int
	if rule.Randomised() {
		rep = b.Representatives()
	}
	var out []Task
	at := map[int]int{}
	for _, s := range starts {
		c := b.Index(s.Row, s.Col)
		if rep != nil {
			c = rep[c]
		}
		i, ok := at[c]
		if !ok {
			i = len(out)
			at[c] = i
			out = append(out, Task{Board: b, Start: s, Mirrored: rep != nil && len(stabilizer(b, b.Index(s.Row, s.Col))) > 0})
		}
		out[i].Members = append(out[i].Members, s)
	}
	return out
}

// Run walks every task: several at once, one worker each, when there are
// at least twice as many tasks as workers, else one after another with
// every worker; o.MemLimit is shared among the walks at once, and o.Tick
// may be called by several at once. done is
// called (from one goroutine at a time) as each task ends; the first
// error stops the rest.
func Run(ctx context.Context, tasks []Task, o Options, done func(Task, Result) error) error {
	return runLaid(ctx, tasks, o, Several(len(tasks), o.Workers), done)
}

// Several reports whether Run walks tasks several at once, one worker
// each, rather than one after another with every worker (workers: 0 for
// one a core): when there are at least twice as many as workers.
//
// A walk's figures past 64 squares do not depend on it, but their error
// bounds do (the count of roundings grows with the workers a walk's
// records are split among), so that a run resumed or split into shards
// decides it once, from every task of its command (Runner).
func Several(tasks, workers int) bool {
	w := defaultWorkers(workers)
	return w > 1 && tasks >= 2*w
}

// runLaid is Run, several walks at once or not as given.
func runLaid(ctx context.Context, tasks []Task, o Options, several bool, done func(Task, Result) error) error {
	workers := defaultWorkers(o.Workers)
	if !several {
		for _, t := range tasks {
			r, err := From(ctx, t.Board, t.Start, o)
			if err != nil {
				return err
			}
			if err := done(t, r); err != nil {
				return err
			}
		}
		return nil
	}
	one := o
	one.Workers = 1
	one.MemLimit = o.MemLimit / int64(workers)
	if o.MemLimit > 0 {
		one.MemLimit = max(one.MemLimit, 1)
	}
	// The biggest boards first, so that the last walks are short.
	order := slices.Clone(tasks)
	slices.SortStableFunc(order, func(a, b Task) int { return b.Board.Squares() - a.Board.Squares() })
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	var mu sync.Mutex
	for _, t := range order {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			r, err := From(gctx, t.Board, t.Start, one)
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			return done(t, r)
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}

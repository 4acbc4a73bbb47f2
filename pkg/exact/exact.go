package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"knightsweep/pkg/board"
)

// Options say what to walk and how.
type Options struct {
	Rule   Rule
	Closed bool
	// Workers is how many goroutines walk (0: one per core).
	Workers int
	// MemLimit bounds the memory the memo's tie points take, with the
	// workers' buffers and sums, in bytes (0: no bound); a table that
	// doubles counts the old and the new while both are alive. Where a
	// tie point would not fit, the walk goes on from it without the memo.
	MemLimit int64
	// Plain walks every tie without the memo: the tie tree itself, leaf
	// by leaf (for checking the memo, and for timing it).
	Plain bool
	// Float computes probabilities as float64 with an error bound even on
	// boards that allow the exact fraction.
	Float bool
	// Method is the memo (the default), the frontier method or the
	// choice between them (Method's doc).
	Method Method
	// Work, for the frontier method, is the directory of the walks'
	// checkpoints, one a start (WorkDir): each is kept at every depth
	// boundary, and a walk whose directory holds one goes on from it
	// (CheckWork says whether it may). "" spills to a temporary
	// directory and keeps no checkpoint.
	Work string
	// Tick, if set, is called after each depth the walk finishes.
	Tick func(Progress)
	// NoSymmetry keys every tie point by itself, not by its least image
	// under the symmetries of the board that fix the start (sym.go): the
	// same figures, more tie points walked (for checking the merge).
	NoSymmetry bool
}

// Progress is how far one start's walk has gone.
type Progress struct {
	Board          board.Board
	Start          board.Square
	Depth, Squares int
	States         int64 // tie points remembered so far
	// Held is the bytes the memo holds; the frontier method's, the most
	// it held during the depth (its records, and its buffers to read and
	// write runs), what Options.MemLimit bounds: at the depth's end, with
	// a work directory, every record is on disk and the buffers alone
	// are held.
	Held int64
	// Frontier: the walk is the frontier method's, with these figures:
	// the tie points of the depth just walked,
	// the bytes of its runs on disk, and an estimate of the time left
	// (negative: none yet).
	Frontier    bool
	DepthStates int64
	Disk        int64
	Left        time.Duration
}

// MaxExactSquares is the largest board whose probabilities are exact
// fractions; beyond it they are float64 sums with an error bound.
const MaxExactSquares = 64

// Fail is the part of the walks that stop after Length squares without
// a tour (closed: Length may be every square, a walk that does not close).
type Fail struct {
	Length      int
	Probability float64
	Fraction    *big.Rat // nil beyond MaxExactSquares
	ErrorBound  float64
}

// Result is what a rule does from one start.
type Result struct {
	Board  board.Board
	Start  board.Square
	Closed bool
	Rule   Rule
	// Probability is the chance the walk is a tour (closed: a closed one):
	// Fraction rounded to the nearest float64, or the float64 sum whose
	// error is at most ErrorBound.
	Probability float64
	Fraction    *big.Rat
	ErrorBound  float64
	// Tours is the number of distinct tours the rule can make, Walks the
	// number of distinct walks (tours and dead ends), each a way the ties
	// can fall.
	Tours, Walks uint64
	FailLength   []Fail
	// States is the number of tie points the memo kept, PeakStates the
	// most it held between two depths, PeakBytes the most memory it held; Unmemoised counts the tie
	// points walked on without it (the memo full, or Plain).
	States, PeakStates, PeakBytes, Unmemoised int64
	// PeakDisk is the most the frontier method's runs took on disk.
	PeakDisk int64
	// Nodes counts the squares the walk entered.
	Nodes   int64
	Elapsed time.Duration
}

// ErrOverflow is a count of walks past 2^64.
var ErrOverflow = errors.New("more than 2^64 walks")

// ErrUnderflow is a walk whose float64 probability fell below 2^-1000,
// where ErrorBound would not hold (a board past 64 squares with some 330
// ties on one walk).
var ErrUnderflow = errors.New("a walk's probability is below 2^-1000, too small for the float64 error bound")

// From walks every way the ties of o.Rule can fall from start on b.
func From(ctx context.Context, b board.Board, start board.Square, o Options) (Result, error) {
	if !b.Contains(start.Row, start.Col) {
		return Result{}, fmt.Errorf("start %v is off the %v board", start, b)
	}
	n := b.Squares()
	if o.UsesFrontier(b) && n <= MaxSquares {
		return fromFrontier(ctx, b, start, o)
	}
	switch {
	case n <= 64:
		return from[[1]uint64](ctx, b, start, o)
	case n <= 128:
		return from[[2]uint64](ctx, b, start, o)
	case n <= 256:
		return from[[4]uint64](ctx, b, start, o)
	case n <= 512:
		return from[[8]uint64](ctx, b, start, o)
	case n <= MaxSquares:
		return from[[16]uint64](ctx, b, start, o)
	}
	return Result{}, fmt.Errorf("%v has %d squares: at most %d", b, n, MaxSquares)
}

func from[K set](ctx context.Context, b board.Board, start board.Square, o Options) (Result, error) {
	t0 := time.Now()
	n := b.Squares()
	wk := newWalker[K](ctx, b, start, o)
	wk.limit.Store(o.MemLimit)
	var tick func(int)
	if o.Tick != nil {
		tick = func(d int) {
			o.Tick(Progress{Board: b, Start: start, Depth: d + 1, Squares: n, States: wk.states, Held: wk.held.Load()})
		}
	}
	workers := defaultWorkers(o.Workers)
	if o.Plain {
		workers = 1
	}
	t, err := wk.run(workers, tick)
	if err != nil {
		return Result{}, err
	}
	res := Result{States: wk.states, PeakStates: wk.peak, PeakBytes: wk.peakHeld.Load(), Unmemoised: wk.unmemo,
		Elapsed: time.Since(t0)}
	return wk.result(res, b, start, o, t)
}

// newWalker makes the walk of o.Rule from start on b, for either method.
func newWalker[K set](ctx context.Context, b board.Board, start board.Square, o Options) *walker[K] {
	n := b.Squares()
	g := newGraph[K](b, o.Rule)
	wk := &walker[K]{g: g, start: b.Index(start.Row, start.Col), closed: o.Closed,
		float: o.Float || n > MaxExactSquares, memo: !o.Plain, ctx: ctx}
	if !o.NoSymmetry && !o.Plain {
		wk.sym = newSymmetry[K](b, wk.start, o.Rule)
	}
	wk.w = 1
	if !wk.float {
		wk.w = numWords(n)
	}
	wk.lays = make([]layout, n)
	for d := range wk.lays {
		wk.lays[d] = newLayout[K](1)
		if !wk.float {
			wk.lays[d] = newLayout[K](numWords(d + 1))
		}
	}
	return wk
}

// result fills res (which holds the method's own figures) from the
// walks' ends added up in t.
func (wk *walker[K]) result(res Result, b board.Board, start board.Square, o Options, t tally) (Result, error) {
	n := b.Squares()
	res.Board, res.Start, res.Closed, res.Rule = b, start, o.Closed, o.Rule
	res.Tours, res.Walks, res.Nodes = t.tours, t.walks, t.nodes
	if t.overflow {
		return res, ErrOverflow
	}
	if t.underflow {
		return res, ErrUnderflow
	}
	if wk.float {
		// Every float64 added up is its walk's probability times at most
		// rounds factors (1+e), |e| <= 2^-53 (each a division by 3, 5, 6
		// or 7, or an addition of two positive numbers), and the sums
		// themselves are exact: |sum - exact| <= g/(1-g) * sum, with
		// g = rounds*u/(1-rounds*u) (Higham's gamma).
		u := math.Ldexp(1, -53)
		gam := float64(t.rounds) * u / (1 - float64(t.rounds)*u)
		rel := gam / (1 - gam)
		p := t.fsuccess.rat()
		res.Probability, _ = p.Float64()
		res.ErrorBound = bound(res.Probability, rel)
		for l := range t.ffail {
			if !t.ffail[l].used {
				continue
			}
			x, _ := t.ffail[l].rat().Float64()
			res.FailLength = append(res.FailLength, Fail{Length: l, Probability: x, ErrorBound: bound(x, rel)})
		}
		return res, nil
	}
	res.Fraction = ratio(t.success, n-1)
	res.Probability, _ = res.Fraction.Float64()
	for l, f := range t.fail {
		if f == nil {
			continue
		}
		r := ratio(f, l-1)
		if r.Sign() == 0 {
			continue
		}
		x, _ := r.Float64()
		res.FailLength = append(res.FailLength, Fail{Length: l, Probability: x, Fraction: r})
	}
	return res, nil
}

// bound is a rigorous bound on the error of x, whose relative error is at
// most rel, and on its own rounding to a decimal's float64: rounded up.
func bound(x, rel float64) float64 {
	if x == 0 || rel == 0 {
		return 0
	}
	// The rounding of the exact sum to float64 adds half an ulp.
	return math.Nextafter(x*rel*(1+1e-15)+math.Abs(x)*math.Ldexp(1, -53), math.Inf(1))
}

// The memo's peak on square boards from a corner start with its mirror
// images walked apart (Options.NoSymmetry; docs/performance.md: 8x8 6,471
// tie points at once, 9x9 201,765, 10x10 5.77 million, some 75 bytes
// each), the fit EstimateBytes and Cost take for any start. The corner,
// its images merged, holds about half of it (8x8 3,197, 9x9 99,226).
const (
	// tiePoints10x10 is the peak of tie points at once on 10x10.
	tiePoints10x10 = 5.77e6
	// tieGrowth is how much the peak's logarithm grows a square, from 8x8
	// to 10x10.
	tieGrowth = 0.18
	// tieBytes is what one tie point of the memo takes.
	tieBytes = 75
)

// tiePointsAt is the fit's peak of tie points at once on a board of n
// squares, from a corner start.
func tiePointsAt(n float64) float64 { return tiePoints10x10 * math.Exp(tieGrowth*(n-100)) }

// EstimateBytes guesses the memo's peak memory on b from a corner start
// (tiePointsAt, tieBytes each). It is a guide for a warning, not a
// bound: the memo never passes Options.MemLimit.
func EstimateBytes(b board.Board) int64 {
	n := float64(b.Squares())
	states := tiePointsAt(n)
	bytes := states * tieBytes
	if bytes > math.MaxInt64/2 {
		return math.MaxInt64 / 2
	}
	return int64(bytes) + 1<<20
}

package parberry

import (
	"fmt"
	"sync"
)

// Check reports whether Parberry's construction covers a rows x cols board,
// with an error saying which boards it accepts if not.
func Check(rows, cols int) error {
	n := min(rows, cols)
	if n >= 6 && n%2 == 0 && (rows == cols || max(rows, cols) == n+2) {
		return nil
	}
	return fmt.Errorf("parberry builds tours of n x n, n x (n+2) and (n+2) x n boards with n even and at least 6 (such as 6x6, 8x10, 12x10); %dx%d is not one", rows, cols)
}

// A Cycle is a closed knight's tour of one board, stored as each square's
// two tour moves: one byte a square.
type Cycle struct {
	rows, cols int
	links      []uint8
}

// New allocates a Cycle for a rows x cols board, which Check must accept.
// Build fills it.
func New(rows, cols int) (*Cycle, error) {
	if err := Check(rows, cols); err != nil {
		return nil, err
	}
	return &Cycle{rows: rows, cols: cols, links: make([]uint8, rows*cols)}, nil
}

// Bytes is the memory a Cycle of a rows x cols board takes.
func Bytes(rows, cols int) int64 { return int64(rows) * int64(cols) }

// Rows returns the board's number of rows.
func (c *Cycle) Rows() int { return c.rows }

// Cols returns the board's number of columns.
func (c *Cycle) Cols() int { return c.cols }

// minParallel is the least number of squares for which a board's quadrants
// are built by separate goroutines; below it a goroutine costs more than it
// saves.
const minParallel = 1 << 16

// Build constructs the tour, overwriting what c held, using up to workers
// goroutines (at least one).
func (c *Cycle) Build(workers int) {
	b := builder{c: c}
	if workers > 1 {
		b.sem = make(chan struct{}, workers-1)
	}
	b.fill(0, 0, c.rows, c.cols)
}

type builder struct {
	c *Cycle
	// sem holds a token for each extra goroutine at work.
	sem chan struct{}
}

// split cuts a side d into two even parts that differ by at most 2; it
// returns the first.
func split(d int) int { return 2 * (d / 4) }

// fill builds a closed structured tour of the h x w region whose top-left
// square is (r0, c0).
func (b *builder) fill(r0, c0, h, w int) {
	if t := tileFor(h, w); t != nil {
		b.stamp(r0, c0, t)
		return
	}
	h1, w1 := split(h), split(w)
	if h*w >= minParallel && b.sem != nil {
		var wg sync.WaitGroup
		b.spawn(&wg, r0, c0, h1, w1)
		b.spawn(&wg, r0, c0+w1, h1, w-w1)
		b.spawn(&wg, r0+h1, c0, h-h1, w1)
		b.fill(r0+h1, c0+w1, h-h1, w-w1)
		wg.Wait()
	} else {
		b.fill(r0, c0, h1, w1)
		b.fill(r0, c0+w1, h1, w-w1)
		b.fill(r0+h1, c0, h-h1, w1)
		b.fill(r0+h1, c0+w1, h-h1, w-w1)
	}
	b.join((r0+h1)*b.c.cols + c0 + w1)
}

// spawn fills a region on a goroutine of its own if a worker is free, and
// on this one otherwise.
func (b *builder) spawn(wg *sync.WaitGroup, r0, c0, h, w int) {
	select {
	case b.sem <- struct{}{}:
		wg.Go(func() {
			defer func() { <-b.sem }()
			b.fill(r0, c0, h, w)
		})
	default:
		b.fill(r0, c0, h, w)
	}
}

func (b *builder) stamp(r0, c0 int, t *tile) {
	cols := b.c.cols
	links := b.c.links[r0*cols+c0:]
	for i := range t.rows {
		copy(links[i*cols:i*cols+t.cols], t.links[i*t.cols:(i+1)*t.cols])
	}
}

// A relink replaces, at the square (dr, dc) from the centre, the tour move
// (gr, gc) by the move (ar, ac).
type relink struct{ dr, dc, gr, gc, ar, ac int }

// joinRelinks are the eight link changes of a join at the centre (0, 0):
// the moves a1-a2, b1-b2, c1-c2, d1-d2 are replaced by a1-b2, a2-c1, b1-d2,
// c2-d1 (see the package documentation).
var joinRelinks = func() [8]relink {
	type sq = [2]int
	a1, a2 := sq{-1, -1}, sq{-2, -3} // top-left: corner move
	b1, b2 := sq{-1, 1}, sq{-3, 0}   // top-right: structure move
	c1, c2 := sq{0, -2}, sq{2, -1}   // bottom-left: structure move
	d1, d2 := sq{0, 0}, sq{1, 2}     // bottom-right: corner move
	r := func(x, gone, added sq) relink {
		return relink{x[0], x[1], gone[0] - x[0], gone[1] - x[1], added[0] - x[0], added[1] - x[1]}
	}
	return [8]relink{
		r(a1, a2, b2), r(b2, b1, a1), r(a2, a1, c1), r(c1, c2, a2),
		r(b1, b2, d2), r(d2, d1, b1), r(c2, c1, d1), r(d1, d2, c2),
	}
}()

// join merges the four quadrant cycles around the centre square into one.
// centre is the index of the square just below and right of the centre.
func (b *builder) join(centre int) {
	cols := b.c.cols
	for _, j := range joinRelinks {
		i := centre + j.dr*cols + j.dc
		g, a := moveCode(j.gr, j.gc), moveCode(j.ar, j.ac)
		l := b.c.links[i]
		switch {
		case int(l&7) == g:
			b.c.links[i] = link(a, int(l>>3))
		case int(l>>3) == g:
			b.c.links[i] = link(int(l&7), a)
		default:
			// The structure the join relies on is missing: a programming error.
			panic(fmt.Sprintf("parberry: join at square %d: square %d has no move (%d,%d)", centre, i, j.gr, j.gc))
		}
	}
}

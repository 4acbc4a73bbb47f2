package parberry

import (
	"fmt"
	"sync"

	"knightsweep/pkg/board"
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

// split cuts a side d into two even parts that differ by at most 2.
func split(d int) int { return 2 * (d / 4) }

// fill builds a closed structured tour of the h x w region whose top-left
// square is (r0, c0).
func (b *builder) fill(r0, c0, h, w int) {
	if t, ok := tiles[shape{h, w}]; ok {
		b.stamp(r0, c0, t)
		return
	}
	h1, w1 := split(h), split(w)
	quads := [4][4]int{
		{r0, c0, h1, w1}, {r0, c0 + w1, h1, w - w1},
		{r0 + h1, c0, h - h1, w1}, {r0 + h1, c0 + w1, h - h1, w - w1},
	}
	var wg sync.WaitGroup
	for i, q := range quads {
		if i < 3 && h*w >= minParallel && b.acquire() {
			wg.Go(func() {
				defer b.release()
				b.fill(q[0], q[1], q[2], q[3])
			})
			continue
		}
		b.fill(q[0], q[1], q[2], q[3])
	}
	wg.Wait()
	b.join(r0+h1, c0+w1)
}

func (b *builder) acquire() bool {
	select {
	case b.sem <- struct{}{}:
		return true
	default:
		return false
	}
}

func (b *builder) release() { <-b.sem }

func (b *builder) stamp(r0, c0 int, t *tile) {
	cols := b.c.cols
	for i := range t.rows {
		copy(b.c.links[(r0+i)*cols+c0:], t.links[i*t.cols:(i+1)*t.cols])
	}
}

// join merges the four quadrant cycles around the centre (r, c) into one,
// replacing four moves (see the package documentation).
func (b *builder) join(r, c int) {
	type sq = [2]int
	a1, a2 := sq{r - 1, c - 1}, sq{r - 2, c - 3} // top-left: corner move
	b1, b2 := sq{r - 1, c + 1}, sq{r - 3, c}     // top-right: structure move
	c1, c2 := sq{r, c - 2}, sq{r + 2, c - 1}     // bottom-left: structure move
	d1, d2 := sq{r, c}, sq{r + 1, c + 2}         // bottom-right: corner move
	b.relink(a1, a2, b2)
	b.relink(b2, b1, a1)
	b.relink(a2, a1, c1)
	b.relink(c1, c2, a2)
	b.relink(b1, b2, d2)
	b.relink(d2, d1, b1)
	b.relink(c2, c1, d1)
	b.relink(d1, d2, c2)
}

// relink replaces x's tour move to gone by a move to added. It panics if x
// has no move to gone: the structure the join relies on is missing, a
// programming error.
func (b *builder) relink(x, gone, added [2]int) {
	cols := b.c.cols
	i := x[0]*cols + x[1]
	g := code(cols, i, gone[0]*cols+gone[1])
	a := code(cols, i, added[0]*cols+added[1])
	l := b.c.links[i]
	switch {
	case int(l&7) == g:
		b.c.links[i] = link(a, int(l>>3))
	case int(l>>3) == g:
		b.c.links[i] = link(int(l&7), a)
	default:
		panic(fmt.Sprintf("parberry: join at (%d,%d): square %v has no move to %v", x[0], x[1], x, gone))
	}
}

// A Walker lists the squares of a Cycle in tour order.
type Walker struct {
	links     []uint8
	sums      [64]int32 // sums[l]: the sum of link l's two square offsets
	prev, cur int32
}

// Walk returns a Walker that starts at square start (row*cols+col) and goes
// round the cycle; after all rows*cols squares it is back at start.
func (c *Cycle) Walk(start int) *Walker {
	w := &Walker{links: c.links, cur: int32(start)}
	var off [8]int32
	for k, m := range board.DigitMoves {
		off[k] = int32(m.DRow*c.cols + m.DCol)
	}
	for l := range w.sums {
		w.sums[l] = off[l&7] + off[l>>3]
	}
	// Pretend to come from one neighbour so that the first step goes to the other.
	w.prev = w.cur + off[c.links[start]&7]
	return w
}

// Fill writes the next len(dst) squares of the tour to dst.
func (w *Walker) Fill(dst []int32) {
	links, sums := w.links, &w.sums
	prev, cur := w.prev, w.cur
	for i := range dst {
		dst[i] = cur
		// The two neighbours of cur sum to 2*cur + sums[...]; the one that
		// is not prev comes next.
		prev, cur = cur, 2*cur+sums[links[cur]&63]-prev
	}
	w.prev, w.cur = prev, cur
}

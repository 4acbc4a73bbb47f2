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

// A Cycle is a closed knight's tour of one board, held as the base tiles
// that cover the board and the joins between them: about 0.3 bytes a square.
// It is read-only once built.
type Cycle struct {
	rows, cols int
	// For each tile: its top-left square, its index in tiles, and for each
	// of its corners the join there (-1: none).
	base  []int32
	shape []uint8
	join  [][4]int32
	// For each join: the tile whose corner c is at the join's centre, for
	// c = 0..3.
	joins [][4]int32
	root  *node // how the board splits into tiles
}

// New allocates a Cycle for a rows x cols board, which Check must accept.
// Build fills it.
func New(rows, cols int) (*Cycle, error) {
	if err := Check(rows, cols); err != nil {
		return nil, err
	}
	root := plan(rows, cols, map[[2]int]*node{})
	n := root.tiles
	return &Cycle{rows: rows, cols: cols, base: make([]int32, n), shape: make([]uint8, n),
		join: make([][4]int32, n), joins: make([][4]int32, (n-1)/3), root: root}, nil
}

// Bytes is the memory a Cycle of a rows x cols board takes.
func Bytes(rows, cols int) int64 {
	if Check(rows, cols) != nil {
		return 0
	}
	n := int64(plan(rows, cols, map[[2]int]*node{}).tiles)
	return n*(4+1+16) + (n-1)/3*16
}

// Rows returns the board's number of rows.
func (c *Cycle) Rows() int { return c.rows }

// Cols returns the board's number of columns.
func (c *Cycle) Cols() int { return c.cols }

// split cuts a side d into two even parts that differ by at most 2; it
// returns the first.
func split(d int) int { return 2 * (d / 4) }

// minParallel is the least number of squares for which a region's quadrants
// are built by separate goroutines; below it a goroutine costs more than it
// saves.
const minParallel = 1 << 18

// Build constructs the tour, overwriting what c held, using up to workers
// goroutines (at least one). It must not run while c is being walked.
func (c *Cycle) Build(workers int) {
	b := builder{c: c}
	if workers > 1 {
		b.sem = make(chan struct{}, workers-1)
	}
	b.fill(0, c.root, 0, 0)
}

type builder struct {
	c *Cycle
	// sem holds a token for each extra goroutine at work.
	sem chan struct{}
}

// A node describes how a region of one shape is built: from one base tile,
// or from four quadrants. Regions of the same shape share a node.
type node struct {
	h, w int
	tile int // the base tile's index, or -1 for a split region
	// For a split region: each quadrant's top-left square relative to the
	// region's (as row, col), node, and first tile and join number counted
	// from the region's; and the number of the join at the centre.
	at     [4][2]int
	sub    [4]*node
	first  [4][2]int32
	centre int32
	tiles  int32
}

// plan returns the node of an h x w region, sharing nodes through memo.
func plan(h, w int, memo map[[2]int]*node) *node {
	if nd, ok := memo[[2]int{h, w}]; ok {
		return nd
	}
	nd := &node{h: h, w: w, tile: tileFor(h, w), tiles: 1}
	if nd.tile < 0 {
		h1, w1 := split(h), split(w)
		quads := [4][4]int{{0, 0, h1, w1}, {0, w1, h1, w - w1}, {h1, 0, h - h1, w1}, {h1, w1, h - h1, w - w1}}
		var t, j int32
		for i, q := range quads {
			nd.at[i] = [2]int{q[0], q[1]}
			nd.sub[i] = plan(q[2], q[3], memo)
			nd.first[i] = [2]int32{t, j}
			n := nd.sub[i].tiles
			t, j = t+n, j+(n-1)/3
		}
		nd.centre, nd.tiles = j, t
	}
	memo[[2]int{h, w}] = nd
	return nd
}

// fill builds a closed structured tour of the region of shape nd whose
// top-left square is at, from tiles numbered from tile0 and joins numbered
// from join0, and returns the tiles at its four corners.
func (b *builder) fill(at int, nd *node, tile0, join0 int32) (corners [4]int32) {
	c := b.c
	if nd.tile >= 0 {
		c.base[tile0] = int32(at)
		c.shape[tile0] = uint8(nd.tile)
		c.join[tile0] = [4]int32{-1, -1, -1, -1}
		return [4]int32{tile0, tile0, tile0, tile0}
	}
	var qc [4][4]int32 // each quadrant's corner tiles
	if nd.h*nd.w >= minParallel && b.sem != nil {
		qc = b.fillParallel(at, nd, tile0, join0)
	} else {
		for i, sub := range nd.sub {
			qc[i] = b.fill(at+nd.at[i][0]*c.cols+nd.at[i][1], sub, tile0+nd.first[i][0], join0+nd.first[i][1])
		}
	}
	// The tile of quadrant i at its corner 3-i meets the centre's join with
	// that corner.
	j := join0 + nd.centre
	for i := range 4 {
		k := qc[i][3-i]
		c.joins[j][3-i] = k
		c.join[k][3-i] = j
	}
	return [4]int32{qc[0][0], qc[1][1], qc[2][2], qc[3][3]}
}

// fillParallel fills g's quadrants, each on a goroutine of its own while
// workers are free.
func (b *builder) fillParallel(at int, nd *node, tile0, join0 int32) (qc [4][4]int32) {
	var wg sync.WaitGroup
	for i, sub := range nd.sub {
		a := at + nd.at[i][0]*b.c.cols + nd.at[i][1]
		t, j := tile0+nd.first[i][0], join0+nd.first[i][1]
		select {
		case b.sem <- struct{}{}:
			wg.Go(func() {
				defer func() { <-b.sem }()
				qc[i] = b.fill(a, sub, t, j)
			})
		default:
			qc[i] = b.fill(a, sub, t, j)
		}
	}
	wg.Wait()
	return qc
}

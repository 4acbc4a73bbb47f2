package parberry

import "knightsweep/pkg/board"

// A Walker lists the squares of a built Cycle in tour order.
//
// Following the links square by square makes every step wait for the
// previous one's memory read, which on a board of 10^8 squares is a cache
// miss every few steps. The Walker instead follows each base tile's own tour
// (a list of offsets known in advance) and reads a square's link only to
// confirm that the tile's move is still there; the reads do not depend on
// each other, so the processor overlaps them. Only at the squares a join
// changed does it follow the links, and when a join's move leaves the tile
// it finds the next tile by descending the splits.
type Walker struct {
	c     *Cycle
	sums  [64]int32 // sums[l]: the sum of link l's two square offsets
	tiles [maxTile/2 + 1][maxTile/2 + 1]*tileWalk

	// The position: the tile whose top-left square is base, the step p of
	// its tour, the direction d (+1 or -1) along it, and the square before.
	t          *tileWalk
	base, prev int32
	p, d       int32
}

// tileWalk is a base tile's tour laid out on the walker's board.
type tileWalk struct {
	n     int32
	offs  []int32 // offs[p]: the p-th square's offset from the tile's top-left
	links []uint8 // links[p]: the p-th square's link byte in the tile
	step  []int32 // step[local square]: its p
	cols  int32
}

// Walk returns a Walker that starts at square start (row*cols+col) and goes
// round the cycle; after all rows*cols squares it is back at start.
func (c *Cycle) Walk(start int) *Walker {
	w := &Walker{c: c}
	var off [8]int32
	for k, m := range board.DigitMoves {
		off[k] = int32(m.DRow*c.cols + m.DCol)
	}
	for l := range w.sums {
		w.sums[l] = off[l&7] + off[l>>3]
	}
	for i, row := range tiles {
		for j, t := range row {
			if t == nil {
				continue
			}
			tw := &tileWalk{n: int32(len(t.tour)), offs: make([]int32, len(t.tour)),
				links: make([]uint8, len(t.tour)), step: make([]int32, len(t.tour)), cols: int32(t.cols)}
			for p, sq := range t.tour {
				tw.offs[p] = int32(int(sq)/t.cols*c.cols + int(sq)%t.cols)
				tw.links[p] = t.links[sq]
				tw.step[sq] = int32(p)
			}
			w.tiles[i][j] = tw
		}
	}
	s := int32(start)
	w.enter(s)
	// Pretend to come from one neighbour, so that the first step goes to
	// the other, and set the direction that leads there if it is in the tile.
	w.prev = s + off[c.links[s]&7]
	next := 2*s + w.sums[c.links[s]&63] - w.prev
	w.d = 1
	if next == w.base+w.t.offs[w.wrap(w.p-1)] {
		w.d = -1
	}
	return w
}

// enter sets the walker's tile and step to those of square s.
func (w *Walker) enter(s int32) {
	c := w.c
	r, col := int(s)/c.cols, int(s)%c.cols
	r0, c0, h, wd := 0, 0, c.rows, c.cols
	for tileFor(h, wd) == nil {
		h1, w1 := split(h), split(wd)
		if r < r0+h1 {
			h = h1
		} else {
			r0, h = r0+h1, h-h1
		}
		if col < c0+w1 {
			wd = w1
		} else {
			c0, wd = c0+w1, wd-w1
		}
	}
	w.t = w.tiles[h/2][wd/2]
	w.base = int32(r0*c.cols + c0)
	w.p = w.t.step[int32(r-r0)*w.t.cols+int32(col-c0)]
}

func (w *Walker) wrap(p int32) int32 {
	switch {
	case p == w.t.n:
		return 0
	case p < 0:
		return w.t.n - 1
	}
	return p
}

// Fill writes the next len(dst) squares of the tour to dst.
func (w *Walker) Fill(dst []int32) {
	links := w.c.links
	base, prev, p, d := w.base, w.prev, w.p, w.d
	offs, tl, n := w.t.offs, w.t.links, w.t.n
	for i := range dst {
		x := base + offs[p]
		dst[i] = x
		if links[x] == tl[p] {
			// A square no join touched: the tile's move is the tour's.
			p += d
			if p == n {
				p = 0
			} else if p < 0 {
				p = n - 1
			}
		} else {
			// The two neighbours of x sum to 2x + sums[...]; the one that
			// is not prev comes next.
			next := 2*x + w.sums[links[x]&63] - prev
			up, down := p+1, p-1
			if up == n {
				up = 0
			}
			if down < 0 {
				down = n - 1
			}
			switch next {
			case base + offs[up]:
				p, d = up, 1
			case base + offs[down]:
				p, d = down, -1
			default:
				// A join's move into another tile; the next square's
				// link says which way to go on there.
				w.enter(next)
				base, p = w.base, w.p
				offs, tl, n = w.t.offs, w.t.links, w.t.n
			}
		}
		prev = x
	}
	w.base, w.prev, w.p, w.d = base, prev, p, d
}

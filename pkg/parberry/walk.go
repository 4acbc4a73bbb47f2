package parberry

import (
	"fmt"
	"math"
	"sync"

	"knightsweep/pkg/board"
)

// A Walker lists the squares of a built Cycle in tour order.
//
// Inside a tile the tour follows the tile's own tour, whose squares' offsets
// from the tile's top-left square are known in advance, so the Walker
// writes a run of squares at a time without reading the board. A run ends at
// a move that a join deleted; the join's added move leads to a known square
// of a known tile, where the next run starts, heading away from that tile's
// deleted move.
type Walker struct {
	c     *Cycle
	tiles []*tile
	// fwd[s][p] is the offset of shape s's p-th square from the tile's
	// top-left square on this board; rev[s] is fwd[s] reversed.
	fwd, rev [][]int32
	// fcode[s][p] is the code (board.DigitMoves index) of the move from
	// fwd[s][p] to the next square round the tile; rcode[s] the same for
	// rev[s].
	fcode, rcode [][]uint8
	// diff[k] is move k's change of square index.
	diff [8]int32

	// The position: tile k, step p of its tour, direction d (+1 or -1).
	k, p, d int32
}

// Walk returns a Walker that starts at square start (row*cols+col), which
// must be on the board, and goes round the cycle; after all rows*cols
// squares it is back at start. c must be built; any number of Walkers may
// walk it at once.
func (c *Cycle) Walk(start int) *Walker {
	tiles, _ := baseTiles()
	w := &Walker{c: c, tiles: tiles, fwd: make([][]int32, len(tiles)), rev: make([][]int32, len(tiles)),
		fcode: make([][]uint8, len(tiles)), rcode: make([][]uint8, len(tiles)), d: 1}
	for k, m := range board.DigitMoves {
		w.diff[k] = int32(m.DRow*c.cols + m.DCol)
	}
	for s, t := range tiles {
		n := len(t.tour)
		w.fwd[s], w.rev[s] = make([]int32, n), make([]int32, n)
		for p, sq := range t.tour {
			o := int32(int(sq)/t.cols*c.cols + int(sq)%t.cols)
			w.fwd[s][p], w.rev[s][n-1-p] = o, o
		}
		w.fcode[s], w.rcode[s] = make([]uint8, n), make([]uint8, n)
		for p := range n {
			a, b := int(t.tour[p]), int(t.tour[(p+1)%n])
			k := tileMove(b/t.cols-a/t.cols, b%t.cols-a%t.cols)
			// Backwards, the move from rev[n-2-p] to rev[n-1-p] is the
			// reverse of this one: code k^4 (board.DigitMoves pairs
			// each move with its reverse four places on).
			w.fcode[s][p], w.rcode[s][(2*n-2-p)%n] = k, k^4
		}
	}
	w.k = c.tileAt(start)
	t := tiles[c.shape[w.k]]
	b := int(c.base[w.k])
	r, col := start/c.cols-b/c.cols, start%c.cols-b%c.cols
	w.p = t.step[r*t.cols+col]
	return w
}

// tileAt returns the tile that holds square s, descending the splits.
func (c *Cycle) tileAt(s int) int32 {
	r, col := s/c.cols, s%c.cols
	var k int32 // the first tile of the region nd, whose top-left square is (r0, c0)
	r0, c0 := 0, 0
	for nd := c.root; nd.tile < 0; {
		i := 0
		if r >= r0+nd.at[3][0] {
			i += 2
		}
		if col >= c0+nd.at[3][1] {
			i++
		}
		r0, c0, k = r0+nd.at[i][0], c0+nd.at[i][1], k+nd.first[i][0]
		nd = nd.sub[i]
	}
	return k
}

// Fill writes the next len(dst) squares of the tour to dst.
func (w *Walker) Fill(dst []int32) { w.advance(dst, nil, 0, len(dst)) }

// minParallelFill is the least number of squares FillParallel shares out.
const minParallelFill = 1 << 20

// FillParallel does what Fill does with up to workers goroutines: each
// takes a part of dst, skips the walk to its part's start and fills it.
// Skipping costs some nanoseconds a tile against about one a square for
// filling, so the parts take about the same time.
func (w *Walker) FillParallel(dst []int32, workers int) {
	if workers < 2 || len(dst) < minParallelFill {
		w.Fill(dst)
		return
	}
	part := (len(dst) + workers - 1) / workers
	walkers := make([]Walker, workers)
	var wg sync.WaitGroup
	for i := range walkers {
		walkers[i] = *w // the copies share the read-only tables
		if i > 0 {
			from, to := min(i*part, len(dst)), min((i+1)*part, len(dst))
			ww := &walkers[i]
			wg.Go(func() {
				ww.Skip(from)
				ww.Fill(dst[from:to])
			})
		}
	}
	walkers[0].Fill(dst[:part])
	wg.Wait()
	*w = walkers[workers-1]
}

// tileMove returns the code of a tile tour's move (dr, dc).
func tileMove(dr, dc int) uint8 {
	for k, m := range board.DigitMoves {
		if m.DRow == dr && m.DCol == dc {
			return uint8(k)
		}
	}
	panic(fmt.Sprintf("parberry: a tile's tour steps by (%d,%d), not a knight's move", dr, dc)) // gentiles checks the tiles
}

// FillCodes writes the codes (board.DigitMoves indices, package tour's
// Path) of the moves to the next len(dst) squares of the tour, the first
// from square prev, and returns the last square reached; or -1 if a step
// is not a knight's move. Inside a tile the codes are the tile's own,
// copied; a square's index is worked out only where the walk crosses to
// another tile.
func (w *Walker) FillCodes(dst []uint8, prev int32) int32 {
	return w.advance(nil, dst, prev, len(dst))
}

// Skip moves the walker n squares on without writing them.
func (w *Walker) Skip(n int) { w.advance(nil, nil, 0, n) }

// advance moves n squares on, writing them to dst unless dst is nil, and
// the codes of the moves to them, from square prev, to codes unless codes
// is nil; it returns the last square written to codes.
func (w *Walker) advance(dst []int32, codes []uint8, prev int32, n int) int32 {
	c := w.c
	k, p, d := w.k, w.p, w.d
	for i := 0; i < n; {
		s := c.shape[k]
		t := w.tiles[s]
		size := int32(len(t.tour))
		// The run goes on to the nearest deleted move ahead.
		run, hit := int32(math.MaxInt32), -1
		for corner, j := range c.join[k] {
			if j < 0 {
				continue
			}
			u := t.cut[corner] // the move (u, u+1) is deleted
			ahead := u - p
			if d < 0 {
				ahead = p - u - 1
			}
			if ahead < 0 {
				ahead += size
			}
			if ahead < run {
				run, hit = ahead, corner
			}
		}
		run++ // squares in the run, its last one included
		if hit < 0 {
			run = size // a single tile: round and round
		}
		m := int32(min(int(run), n-i))
		if dst != nil {
			// Backwards from p is forwards from size-1-p in rev.
			offs, q := w.fwd[s], p
			if d < 0 {
				offs, q = w.rev[s], size-1-p
			}
			write(dst[i:i+int(m)], c.base[k], offs, q)
		}
		if codes != nil {
			cds, offs, q := w.fcode[s], w.fwd[s], p
			if d < 0 {
				cds, offs, q = w.rcode[s], w.rev[s], size-1-p
			}
			// The move into the run's first square, then the tile's own.
			first := c.base[k] + offs[q]
			kk := -1
			for j, df := range w.diff {
				if first-prev == df {
					kk = j
				}
			}
			if kk < 0 {
				return -1
			}
			codes[i] = uint8(kk)
			out, qq := codes[i+1:i+int(m)], q
			for len(out) > 0 {
				seg := cds[qq:min(len(cds), int(qq)+len(out))]
				copy(out, seg)
				out = out[len(seg):]
				qq = 0
			}
			prev = c.base[k] + offs[(q+m-1)%size]
		}
		i += int(m)
		p += (m - 1) * d // the last square written
		if p >= size {
			p -= size
		} else if p < 0 {
			p += size
		}
		if m < run || hit < 0 {
			// Stopped inside the run, or the board is a single tile: step on.
			p += d
			if p == size {
				p = 0
			} else if p < 0 {
				p = size - 1
			}
			continue
		}
		// At the run's last square: cross the join to its partner, and leave
		// the partner's deleted move behind.
		e := 0
		if t.ends[hit][1] == p {
			e = 1
		}
		to := partner[hit][e]
		k = c.joins[c.join[k][hit]][to[0]]
		t = w.tiles[c.shape[k]]
		p = t.ends[to[0]][to[1]]
		d = 1
		if other := t.ends[to[0]][1-to[1]]; other == p+1 || other == 0 && p == int32(len(t.tour))-1 {
			d = -1
		}
	}
	w.k, w.p, w.d = k, p, d
	return prev
}

// write fills out with the squares base+offs[q], base+offs[q+1], ...,
// wrapping round offs.
func write(out []int32, base int32, offs []int32, q int32) {
	for len(out) > 0 {
		seg := offs[q:min(len(offs), int(q)+len(out))]
		o := out[:len(seg)]
		for i, x := range seg {
			o[i] = base + x
		}
		out = out[len(seg):]
		q = 0
	}
}

// Tour returns the closed tour of a rows x cols board from square start,
// built and walked with up to workers goroutines.
func Tour(rows, cols, start, workers int) ([]int32, error) {
	c, err := New(rows, cols)
	if err != nil {
		return nil, err
	}
	if start < 0 || start >= rows*cols {
		return nil, fmt.Errorf("start square %d is off the %dx%d board", start, rows, cols)
	}
	c.Build(workers)
	sq := make([]int32, rows*cols)
	c.Walk(start).FillParallel(sq, workers)
	return sq, nil
}

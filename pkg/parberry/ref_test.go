package parberry

import (
	"knightsweep/pkg/board"
)

// The reference construction: the plain way to build Parberry's cycle,
// against which Cycle and Walker are checked. Every square holds its two
// tour neighbours; tiles are stamped, and each join rewrites eight squares'
// neighbours, exactly as the package documentation describes.
type refCycle struct {
	rows, cols int
	next       [][2]int32
}

func newRef(rows, cols int) *refCycle {
	r := &refCycle{rows: rows, cols: cols, next: make([][2]int32, rows*cols)}
	r.fill(0, 0, rows, cols)
	return r
}

func (r *refCycle) fill(r0, c0, h, w int) {
	if s := tileFor(h, w); s >= 0 {
		tiles, _ := baseTiles()
		t := tiles[s]
		n := len(t.tour)
		at := func(sq uint8) int32 { return int32((r0+int(sq)/t.cols)*r.cols + c0 + int(sq)%t.cols) }
		for i, sq := range t.tour {
			r.next[at(sq)] = [2]int32{at(t.tour[(i+n-1)%n]), at(t.tour[(i+1)%n])}
		}
		return
	}
	h1, w1 := split(h), split(w)
	r.fill(r0, c0, h1, w1)
	r.fill(r0, c0+w1, h1, w-w1)
	r.fill(r0+h1, c0, h-h1, w1)
	r.fill(r0+h1, c0+w1, h-h1, w-w1)
	R, C := r0+h1, c0+w1
	a1, a2 := r.sq(R-1, C-1), r.sq(R-2, C-3)
	b1, b2 := r.sq(R-1, C+1), r.sq(R-3, C)
	c1, c2 := r.sq(R, C-2), r.sq(R+2, C-1)
	d1, d2 := r.sq(R, C), r.sq(R+1, C+2)
	r.relink(a1, a2, b2)
	r.relink(b2, b1, a1)
	r.relink(a2, a1, c1)
	r.relink(c1, c2, a2)
	r.relink(b1, b2, d2)
	r.relink(d2, d1, b1)
	r.relink(c2, c1, d1)
	r.relink(d1, d2, c2)
}

func (r *refCycle) sq(row, col int) int32 { return int32(row*r.cols + col) }

// relink replaces x's neighbour gone by added.
func (r *refCycle) relink(x, gone, added int32) {
	switch gone {
	case r.next[x][0]:
		r.next[x][0] = added
	case r.next[x][1]:
		r.next[x][1] = added
	default:
		panic("reference: join without its structure move")
	}
}

// walk lists the cycle from start, first towards its neighbour first (one
// of its two neighbours).
func (r *refCycle) walk(start, first int32) []int32 {
	sq := make([]int32, 0, r.rows*r.cols)
	prev, cur := start, first
	sq = append(sq, start)
	for len(sq) < r.rows*r.cols {
		sq = append(sq, cur)
		n := r.next[cur]
		next := n[0]
		if next == prev {
			next = n[1]
		}
		prev, cur = cur, next
	}
	return sq
}

// isMove reports whether a and b are a knight's move apart.
func (r *refCycle) isMove(a, b int32) bool {
	bd := board.Board{Rows: r.rows, Cols: r.cols}
	ra, ca := bd.RowCol(int(a))
	rb, cb := bd.RowCol(int(b))
	return (ra-rb)*(ra-rb)+(ca-cb)*(ca-cb) == 5
}

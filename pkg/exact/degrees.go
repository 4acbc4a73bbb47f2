package exact

import (
	"math/bits"
	"unsafe"

	"knightsweep/pkg/board"
)

// degrees holds every square's degree (its unvisited neighbours) modulo
// 8, bit-sliced: bit s of plane p is bit p of square s's degree. Modulo 8
// is exact where it is read: a candidate is next to the walk's square, so
// at most 7 of its neighbours are unvisited. A step
// subtracts one from the degrees of the square's neighbours, all at once
// (visit), and the least degree among the candidates is found plane by
// plane (tiedDeg): the walk's degree test costs a few word operations a
// step, with no loop over the candidates' neighbours. A visited square's
// degree is never read, and whatever it comes to is left there.
type degrees[K set] [3]K

// degreesOf counts the degrees of the squares v leaves unvisited, all at
// once: for each of the eight moves, the unvisited squares shifted back by
// the move (a square's bit set where its move lands on one) are added to
// the planes, a bit-sliced adder.
func (g *graph[K]) degreesOf(v *K) degrees[K] {
	switch {
	case len(*v) == 1:
		return g.degreesOf1(v)
	case len(*v) == 2 && g.nearShifts:
		return g.degreesOf2(v)
	}
	var u K
	for w := range len(u) {
		u[w] = g.all[w] &^ (*v)[w]
	}
	var dg degrees[K]
	for i := range g.shifts {
		sh := &g.shifts[i]
		x := shiftSet(&u, sh.by)
		for w := range len(x) {
			a := x[w] & sh.from[w]
			c := dg[0][w] & a
			dg[0][w] ^= a
			a, c = c, dg[1][w]&c
			dg[1][w] ^= a
			dg[2][w] ^= c
		}
	}
	return dg
}

// degreesOf1 is degreesOf on a board of one word, without a loop over the
// words (len is a constant in each compiled shape).
func (g *graph[K]) degreesOf1(v *K) degrees[K] {
	u := g.all[0] &^ (*v)[0]
	var d0, d1, d2 uint64
	for i := range g.shifts {
		sh := &g.shifts[i]
		a := u >> sh.right << sh.left & sh.from[0]
		c := d0 & a
		d0 ^= a
		d2 ^= d1 & c
		d1 ^= c
	}
	var dg degrees[K]
	dg[0][0], dg[1][0], dg[2][0] = d0, d1, d2
	return dg
}

// degreesOf2 is degreesOf on a board of two words (to 11x11) whose moves
// shift by less than a word (nearShifts), from g.near: each move a shift
// of one direction by a count the compiler sees is below 64, so that it
// neither masks the count nor shifts the other way by 0.
func (g *graph[K]) degreesOf2(v *K) degrees[K] {
	all, x := (*[2]uint64)(unsafe.Pointer(&g.all)), (*[2]uint64)(unsafe.Pointer(v))
	u0, u1 := all[0]&^x[0], all[1]&^x[1]
	var p00, p01, p10, p11, p20, p21 uint64 // plane, word
	for i := range g.near.n {
		sh := &g.near.s[i&7]
		var a0, a1 uint64
		if n := sh.n & 63; sh.up {
			a0, a1 = (u0>>n|u1<<((64-n)&63))&sh.from[0], u1>>n&sh.from[1]
		} else {
			a0, a1 = u0<<n&sh.from[0], (u1<<n|u0>>((64-n)&63))&sh.from[1]
		}
		c0, c1 := p00&a0, p01&a1
		p00 ^= a0
		p01 ^= a1
		p20 ^= p10 & c0
		p21 ^= p11 & c1
		p10 ^= c0
		p11 ^= c1
	}
	var dg degrees[K]
	d := (*[3][2]uint64)(unsafe.Pointer(&dg))
	d[0][0], d[0][1], d[1][0], d[1][1], d[2][0], d[2][1] = p00, p01, p10, p11, p20, p21
	return dg
}

// nearMoves are a board of two words' moves that reach a square, each
// less than a word, for degreesOf2.
type nearMoves struct {
	n int
	s [8]nearShift
}

// A nearShift is a move of n squares (1..63), up (to a higher square) or
// down: the square s reaches s+n or s-n, when s is in from.
type nearShift struct {
	n    uint
	up   bool
	from [2]uint64
}

// nearOf lays out shs, each less than a word, on a board of two words;
// the moves that no square takes are left out.
func nearOf[K set](shs []shift[K]) nearMoves {
	var ns nearMoves
	for _, sh := range shs {
		if len(sh.from) != 2 {
			return nearMoves{}
		}
		from := *(*[2]uint64)(unsafe.Pointer(&sh.from))
		if from == [2]uint64{} {
			continue
		}
		ns.s[ns.n] = nearShift{n: uint(max(sh.by, -sh.by)), up: sh.by > 0, from: from}
		ns.n++
	}
	return ns
}

// A shift is one of the knight's moves as the sets see it: the square s
// reaches s+by, when s is in from.
type shift[K set] struct {
	by   int
	from K
	// right and left: by or -by, the other 0, where the move is less
	// than a word.
	right, left uint
}

// shifts lists b's knight moves as shifts of its sets, and says if each
// is less than a word.
func shifts[K set](b board.Board) ([]shift[K], bool) {
	near := true
	var out []shift[K]
	for _, m := range board.DefaultOrder {
		sh := shift[K]{by: m.DRow*b.Cols + m.DCol}
		if sh.by >= 0 {
			sh.right = uint(sh.by)
		} else {
			sh.left = uint(-sh.by)
		}
		for s := range b.Squares() {
			r, c := b.RowCol(s)
			if b.Contains(r+m.DRow, c+m.DCol) {
				add(&sh.from, s)
			}
		}
		near = near && sh.right < 64 && sh.left < 64
		out = append(out, sh)
	}
	return out, near
}

// shiftSet returns the set whose square s holds u's square s+by.
func shiftSet[K set](u *K, by int) K {
	var x K
	n := len(x)
	if by >= 0 {
		q, r := by>>6, uint(by&63)
		for w := 0; w+q < n; w++ {
			x[w] = (*u)[w+q] >> r
			if r != 0 && w+q+1 < n {
				x[w] |= (*u)[w+q+1] << (64 - r)
			}
		}
		return x
	}
	q, r := (-by)>>6, uint(-by&63)
	for w := q; w < n; w++ {
		x[w] = (*u)[w-q] << r
		if r != 0 && w-q-1 >= 0 {
			x[w] |= (*u)[w-q-1] >> (64 - r)
		}
	}
	return x
}

// visit takes one from the degrees of x's neighbours: x is visited.
func (g *graph[K]) visit(dg *degrees[K], x int) {
	nb := &g.nbr[x]
	if len(*nb) == 2 {
		// The sets of boards to 11x11, without a loop over the words
		// (len is a constant in each compiled shape).
		n, d := (*[2]uint64)(unsafe.Pointer(nb)), (*[3][2]uint64)(unsafe.Pointer(dg))
		b0, b1 := n[0], n[1]
		o0, o1 := d[0][0], d[0][1]
		d[0][0], d[0][1] = o0^b0, o1^b1
		b0, b1 = b0&^o0, b1&^o1
		o0, o1 = d[1][0], d[1][1]
		d[1][0], d[1][1] = o0^b0, o1^b1
		b0, b1 = b0&^o0, b1&^o1
		d[2][0], d[2][1] = d[2][0]^b0, d[2][1]^b1
		return
	}
	for w := range len(*nb) {
		b := (*nb)[w]
		for p := range dg {
			old := dg[p][w]
			dg[p][w] = old ^ b
			b &^= old
		}
	}
}

// least returns the squares of nb that v leaves unvisited and, of those,
// the ones of least degree by dg, with how many they are.
func least[K set](nb, v *K, dg *degrees[K]) (c K, n int) {
	switch len(c) {
	case 1:
		c0 := (*nb)[0] &^ (*v)[0]
		for p := 2; p >= 0; p-- {
			z := c0 &^ dg[p][0]
			c0 = z | c0&^-uint64(b2i(z != 0))
		}
		c[0] = c0
		return c, bits.OnesCount64(c0)
	}
	for w := range len(c) {
		c[w] = (*nb)[w] &^ (*v)[w]
	}
	for p := 2; p >= 0; p-- {
		var z K
		var nz uint64
		for w := range len(c) {
			z[w] = c[w] &^ dg[p][w]
			nz |= z[w]
		}
		if nz != 0 {
			c = z
		}
	}
	for w := range len(c) {
		n += bits.OnesCount64(c[w])
	}
	return c, n
}

// tiedDeg is tied with the degrees of v's unvisited squares in dg.
func (g *graph[K]) tiedDeg(v *K, dg *degrees[K], cur int, out *[8]int16) int {
	var c K
	var n int
	if len(c) == 2 {
		// least on a board of two words, in line: most steps are forced.
		a, x := (*[2]uint64)(unsafe.Pointer(&g.nbr[cur])), (*[2]uint64)(unsafe.Pointer(v))
		d := (*[3][2]uint64)(unsafe.Pointer(dg))
		c0, c1 := a[0]&^x[0], a[1]&^x[1]
		z0, z1 := c0&^d[2][0], c1&^d[2][1]
		keep := -uint64(b2i(z0|z1 != 0))
		c0, c1 = z0|c0&^keep, z1|c1&^keep
		z0, z1 = c0&^d[1][0], c1&^d[1][1]
		keep = -uint64(b2i(z0|z1 != 0))
		c0, c1 = z0|c0&^keep, z1|c1&^keep
		z0, z1 = c0&^d[0][0], c1&^d[0][1]
		keep = -uint64(b2i(z0|z1 != 0))
		c0, c1 = z0|c0&^keep, z1|c1&^keep
		n = bits.OnesCount64(c0) + bits.OnesCount64(c1)
		if n <= 1 {
			out[0] = int16(bits.TrailingZeros64(c0) + bits.TrailingZeros64(c1)*b2i(c0 == 0))
			return n
		}
		cc := (*[2]uint64)(unsafe.Pointer(&c))
		cc[0], cc[1] = c0, c1
	} else {
		c, n = least(&g.nbr[cur], v, dg)
		if n <= 1 {
			if n == 1 {
				out[0] = int16(first(&c))
			}
			return n
		}
	}
	// The ties in move order.
	m := &g.moves[cur]
	t := 0
	for i := range m.n & 15 {
		i &= 7
		out[t&7] = m.to[i]
		t += b2i(c[m.w[i]]&m.bit[i] != 0)
	}
	if g.refine != refineNone {
		t = g.refineTies(v, out, t)
	}
	if !g.rule.Randomised() {
		t = 1
	}
	return t
}

// first is the lowest square of a set that has one.
func first[K set](c *K) int {
	if len(*c) == 1 {
		return bits.TrailingZeros64((*c)[0])
	}
	for w := range len(*c) {
		if (*c)[w] != 0 {
			return w<<6 | bits.TrailingZeros64((*c)[w])
		}
	}
	return -1
}

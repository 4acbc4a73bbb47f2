package exact

import (
	"math/bits"
	"unsafe"
)

// degrees holds every square's degree (its unvisited neighbours, 0 to 8)
// bit-sliced: bit s of plane p is bit p of square s's degree. A step
// subtracts one from the degrees of the square's neighbours, all at once
// (visit), and the least degree among the candidates is found plane by
// plane (tiedDeg): the walk's degree test costs a few word operations a
// step, with no loop over the candidates' neighbours. A visited square's
// degree is never read, and whatever it comes to is left there.
type degrees[K set] [4]K

// degreesOf counts the degrees of the squares v leaves unvisited.
func (g *graph[K]) degreesOf(v *K) degrees[K] {
	var dg degrees[K]
	for w := range len(*v) {
		for b := g.all[w] &^ (*v)[w]; b != 0; b &= b - 1 {
			bit := b & -b
			d := uint64(free(&g.nbr[w<<6|bits.TrailingZeros64(b)], v))
			dg[0][w] |= bit & -(d & 1)
			dg[1][w] |= bit & -(d >> 1 & 1)
			dg[2][w] |= bit & -(d >> 2 & 1)
			dg[3][w] |= bit & -(d >> 3)
		}
	}
	return dg
}

// visit takes one from the degrees of x's neighbours: x is visited.
func (g *graph[K]) visit(dg *degrees[K], x int) {
	nb := &g.nbr[x]
	if len(*nb) == 2 {
		// The sets of boards to 11x11, without a loop over the words
		// (len is a constant in each compiled shape).
		b, d := *(*[2]uint64)(unsafe.Pointer(nb)), (*[4][2]uint64)(unsafe.Pointer(dg))
		for p := range d {
			o0, o1 := d[p][0], d[p][1]
			d[p][0], d[p][1] = o0^b[0], o1^b[1]
			b[0], b[1] = b[0]&^o0, b[1]&^o1
		}
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
// the ones of least degree by dg, with how many they are. A square next to
// the walk's has at most 7 unvisited neighbours, so the highest plane
// (8) is never one of theirs.
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
	case 2:
		a, x := (*[2]uint64)(unsafe.Pointer(nb)), (*[2]uint64)(unsafe.Pointer(v))
		d := (*[4][2]uint64)(unsafe.Pointer(dg))
		c0, c1 := a[0]&^x[0], a[1]&^x[1]
		for p := 2; p >= 0; p-- {
			z0, z1 := c0&^d[p][0], c1&^d[p][1]
			keep := -uint64(b2i(z0|z1 != 0))
			c0, c1 = z0|c0&^keep, z1|c1&^keep
		}
		cc := (*[2]uint64)(unsafe.Pointer(&c))
		cc[0], cc[1] = c0, c1
		return c, bits.OnesCount64(c0) + bits.OnesCount64(c1)
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
	c, n := least(&g.nbr[cur], v, dg)
	if n <= 1 {
		if n == 1 {
			out[0] = int16(first(&c))
		}
		return n
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
	if len(*c) == 2 {
		cc := (*[2]uint64)(unsafe.Pointer(c))
		t := bits.TrailingZeros64(cc[0])
		return t + bits.TrailingZeros64(cc[1])*b2i(cc[0] == 0)
	}
	for w := range len(*c) {
		if (*c)[w] != 0 {
			return w<<6 | bits.TrailingZeros64((*c)[w])
		}
	}
	return -1
}

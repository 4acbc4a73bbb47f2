package exact

import (
	"math/bits"
	"slices"
	"unsafe"

	"knightsweep/pkg/board"
)

// A randomised rule treats the board's directions alike: the degree test
// counts unvisited neighbours, Pohl's sum adds degrees, Roth's distance is
// from the centre, and the draw among the squares left tied is uniform, so
// none of them depends on the move order. A symmetry of the board that
// fixes the start square (one of its stabilizer) therefore carries a
// state, visited squares and current square, to one whose future is the
// same in every figure this package gives: the same tours and walks, the
// same probability of each, ending at the same lengths, a closed tour
// closing back onto the same start. So the walk keys a tie point by the
// least of its images under the stabilizer (canon): two tie points that
// are images of each other meet in one entry of the memo, or one key of
// the frontier, and their futures are walked once. Starts on a mirror line
// or a diagonal have a stabilizer of two, the centre of an odd square
// board eight; the other starts, and the deterministic rules (whose ties
// fall in move order), walk as before at no cost.
//
// Merging only ever adds up walks whose futures are equal, so a walk is
// right whichever of a state's images it is keyed by: records of an
// earlier build (checkpoints keyed by the state itself) merged with these
// give the same figures, with some images walked twice.

// symmetry is a start's stabilizer, less the identity, as image tables.
type symmetry[K set] struct {
	// perm[g][s] is the image of square s under the g-th symmetry.
	perm [][]int16
	// tab[(g*bytes+i)<<8|b] is the image under the g-th symmetry of the
	// squares 8i..8i+7 whose bits in a set are b: a set's image is the
	// union of its bytes' images, one table look-up a byte. A symmetry's
	// tables take n/8 * 256 sets: 64 KiB on 11x11 (two words a set), 3.8
	// MiB on 31x31 (sixteen).
	tab   []K
	bytes int
	// tab1 and tab2 are tab where a set is one or two words.
	tab1 [][1]uint64
	tab2 [][2]uint64
}

// newSymmetry returns the stabilizer of start on b for rule, or nil if
// the rule is not randomised (its ties fall in move order) or no symmetry
// other than the identity fixes start.
func newSymmetry[K set](b board.Board, start int, rule Rule) *symmetry[K] {
	if !rule.Randomised() {
		return nil
	}
	n := b.Squares()
	s := &symmetry[K]{bytes: (n + 7) / 8, perm: stabilizer(b, start)}
	if len(s.perm) == 0 {
		return nil
	}
	s.tab = make([]K, len(s.perm)*s.bytes*256)
	for g, p := range s.perm {
		for i := range s.bytes {
			t := s.tab[(g*s.bytes+i)<<8:][:256]
			for x := 1; x < 256; x++ {
				lo := bits.TrailingZeros(uint(x))
				t[x] = t[x&(x-1)]
				if sq := 8*i + lo; sq < n {
					add(&t[x], int(p[sq]))
				}
			}
		}
	}
	switch len(s.tab[0]) {
	case 1:
		s.tab1 = unsafe.Slice((*[1]uint64)(unsafe.Pointer(&s.tab[0])), len(s.tab))
	case 2:
		s.tab2 = unsafe.Slice((*[2]uint64)(unsafe.Pointer(&s.tab[0])), len(s.tab))
	}
	return s
}

// stabilizer returns the symmetries of b other than the identity that fix
// square start, each once.
func stabilizer(b board.Board, start int) [][]int16 {
	var out [][]int16
	for _, p := range b.Symmetries()[1:] {
		if p[start] != start {
			continue
		}
		q := make([]int16, len(p))
		for i, t := range p {
			q[i] = int16(t)
		}
		if !isIdentity(q) && !slices.ContainsFunc(out, func(o []int16) bool { return slices.Equal(o, q) }) {
			out = append(out, q)
		}
	}
	return out
}

// isIdentity reports whether p fixes every square: on a board of one row
// some of Symmetries' permutations are the identity, and others repeat.
func isIdentity(p []int16) bool {
	for s, t := range p {
		if s != int(t) {
			return false
		}
	}
	return true
}

// image returns the image of v under the g-th symmetry. Sets of one and
// two words (the boards to 11x11) take their bytes word by word, without
// a loop over the words (len is a constant in each compiled shape).
func (s *symmetry[K]) image(g int, v *K) K {
	var x K
	switch len(x) {
	case 1:
		t := s.tab1[g*s.bytes<<8:]
		w := (*v)[0]
		var x0 uint64
		for i := range min(s.bytes, 8) {
			x0 |= t[i<<8|int(w&0xFF)][0]
			w >>= 8
		}
		x[0] = x0
		return x
	case 2:
		t := s.tab2[g*s.bytes<<8:]
		vv := (*[2]uint64)(unsafe.Pointer(v))
		var x0, x1 uint64
		w := vv[0]
		for i := range min(s.bytes, 8) {
			y := &t[i<<8|int(w&0xFF)]
			x0, x1 = x0|y[0], x1|y[1]
			w >>= 8
		}
		w = vv[1]
		for i := 8; i < s.bytes; i++ {
			y := &t[i<<8|int(w&0xFF)]
			x0, x1 = x0|y[0], x1|y[1]
			w >>= 8
		}
		xx := (*[2]uint64)(unsafe.Pointer(&x))
		xx[0], xx[1] = x0, x1
		return x
	}
	t := s.tab[g*s.bytes<<8:]
	for i := range s.bytes {
		y := &t[i<<8|int((*v)[i>>3]>>(8*(i&7))&0xFF)]
		for w := range len(x) {
			x[w] |= (*y)[w]
		}
	}
	return x
}

// canon returns the least of the images of the state (v, cur) under the
// stabilizer, the state itself among them, in lessState's order (any
// total order of states would do: every image of a state picks the
// same). The square comes first, so that only the images whose square is
// the least are computed: one, unless the square lies on a mirror line.
func (s *symmetry[K]) canon(v *K, cur int) (K, int) {
	mc := cur
	for _, p := range s.perm {
		mc = min(mc, int(p[cur]))
	}
	best, found := *v, mc == cur
	for g, p := range s.perm {
		if int(p[cur]) != mc {
			continue
		}
		if x := s.image(g, v); !found || lessSet(&x, &best) {
			best, found = x, true
		}
	}
	return best, mc
}

// lessState orders states by their square, then by their squares' words
// from the highest.
func lessState[K set](a *K, ac int, b *K, bc int) bool {
	if ac != bc {
		return ac < bc
	}
	return lessSet(a, b)
}

func lessSet[K set](a, b *K) bool {
	for i := len(*a) - 1; i >= 0; i-- {
		if (*a)[i] != (*b)[i] {
			return (*a)[i] < (*b)[i]
		}
	}
	return false
}

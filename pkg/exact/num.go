package exact

import (
	"math"
	"math/big"
	"math/bits"
)

// On boards of up to 64 squares a walk's probability is kept exactly: a
// walk at depth d (d moves made) has probability x/840^d for a whole x,
// since every step divides by the number of tied squares, 1 to 8, and each
// divides 840. A state's x is a fixed number of words (numWords), enough
// for 840^(squares-1); a forced step multiplies it by 840, a step among k
// tied squares by 840/k.

const lcm = 840 // lcm(1..8)

// pow840[j] is 840^j, j <= 6 (840^6 < 2^64).
var pow840 = [7]uint64{1, 840, 840 * 840, 840 * 840 * 840, 840 * 840 * 840 * 840, 840 * 840 * 840 * 840 * 840, 840 * 840 * 840 * 840 * 840 * 840}

// numWords returns the words of a numerator over 840^(squares-1).
func numWords(squares int) int {
	b := math.Log2(lcm) * float64(max(squares-1, 0))
	return int(b)/64 + 1
}

// mulSmall sets dst = src*f; dst may be src. The product must fit (the
// numerator of a probability at most 1 over 840^d fits numWords).
func mulSmall(dst, src []uint64, f uint64) {
	var carry uint64
	for i, x := range src {
		hi, lo := bits.Mul64(x, f)
		lo, c := bits.Add64(lo, carry, 0)
		dst[i] = lo
		carry = hi + c
	}
	if carry != 0 {
		panic("exact: numerator overflow")
	}
}

// scale sets dst = src * f * 840^j.
func scale(dst, src []uint64, f uint64, j int) {
	c := min(j, 6-factorsOf840(f))
	mulSmall(dst, src, f*pow840[c])
	for j -= c; j > 0; j -= min(j, 6) {
		mulSmall(dst, dst, pow840[min(j, 6)])
	}
}

// factorsOf840 returns how many of a word's six factors of 840 f takes
// up: 1 if f > 1 (f is 840/k, below 840), else 0, so that f*840^c fits in
// 64 bits.
func factorsOf840(f uint64) int {
	if f > 1 {
		return 1
	}
	return 0
}

// addTo sets dst += src.
func addTo(dst, src []uint64) {
	var c uint64
	for i := range dst {
		dst[i], c = bits.Add64(dst[i], src[i], c)
	}
	if c != 0 {
		panic("exact: numerator overflow")
	}
}

// ratio returns x/840^d.
func ratio(x []uint64, d int) *big.Rat {
	num := new(big.Int)
	for i := len(x) - 1; i >= 0; i-- {
		num.Lsh(num, 64)
		num.Or(num, new(big.Int).SetUint64(x[i]))
	}
	den := new(big.Int).Exp(big.NewInt(lcm), big.NewInt(int64(d)), nil)
	return new(big.Rat).SetFrac(num, den)
}

// fsum adds float64s exactly: each is split into its 53-bit significand
// and its exponent, and significands of one exponent add as 128-bit
// integers, so no addition rounds (a superaccumulator).
type fsum struct {
	hi, lo []uint64 // by exponent + fsumBias
	used   bool
}

const fsumBias = 1100

// fsumBytes is what an fsum's words take once it holds a sum.
const fsumBytes = 2 * 8 * (fsumBias + 2)

func (s *fsum) add(x float64) {
	if x == 0 {
		return
	}
	if s.lo == nil {
		s.hi, s.lo = make([]uint64, fsumBias+2), make([]uint64, fsumBias+2)
	}
	s.used = true
	frac, exp := math.Frexp(x) // x = frac * 2^exp, frac in [0.5, 1)
	m := uint64(math.Ldexp(frac, 53))
	e := exp + fsumBias
	var c uint64
	s.lo[e], c = bits.Add64(s.lo[e], m, 0)
	s.hi[e] += c
}

func (s *fsum) merge(o *fsum) {
	if !o.used {
		return
	}
	if s.lo == nil {
		s.hi, s.lo = make([]uint64, fsumBias+2), make([]uint64, fsumBias+2)
	}
	s.used = true
	for e := range o.lo {
		var c uint64
		s.lo[e], c = bits.Add64(s.lo[e], o.lo[e], 0)
		s.hi[e] += o.hi[e] + c
	}
}

// rat returns the exact sum.
func (s *fsum) rat() *big.Rat {
	sum := new(big.Int)
	for e := range s.lo {
		if s.lo[e] == 0 && s.hi[e] == 0 {
			continue
		}
		v := new(big.Int).SetUint64(s.hi[e])
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(s.lo[e]))
		sum.Add(sum, v.Lsh(v, uint(e)))
	}
	den := new(big.Int).Lsh(big.NewInt(1), fsumBias+53)
	return new(big.Rat).SetFrac(sum, den)
}

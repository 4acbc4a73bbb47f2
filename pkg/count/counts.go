package count

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
)

// The frontier method keeps two widths of count. A state's count is a u128:
// a side adds half the board or so, so its counts stay near the square
// root of the board's tours, and the states are most of a count's memory.
// A pass's total is a u256: the join multiplies a state's count by the sum
// of the counts of the other side's states that complete it, and boards
// such as 5 x 32 and 6 x 24 have more than 2^128 tours. Arithmetic in
// either width reports overflow (ErrOverflow) instead of wrapping.

// u128 is an unsigned 128-bit count: a frontier state's.
type u128 struct{ hi, lo uint64 }

// add returns a+b and whether the sum overflowed 128 bits.
func (a u128) add(b u128) (u128, bool) {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	hi, over := bits.Add64(a.hi, b.hi, carry)
	return u128{hi, lo}, over != 0
}

// Big returns the count as a big.Int.
func (a u128) Big() *big.Int { return wide(a).Big() }

// or returns the bitwise or of a and b: or-ing counts together gives one
// with the bits of the largest.
func (a u128) or(b u128) u128 { return u128{a.hi | b.hi, a.lo | b.lo} }

// bitLen returns the bits the count needs.
func (a u128) bitLen() int {
	if a.hi != 0 {
		return 64 + bits.Len64(a.hi)
	}
	return bits.Len64(a.lo)
}

// MarshalJSON writes the count as a decimal string: JSON numbers lose
// precision past 2^53 in most readers.
func (a u128) MarshalJSON() ([]byte, error) { return wide(a).MarshalJSON() }

// UnmarshalJSON reads a decimal string that MarshalJSON wrote.
func (a *u128) UnmarshalJSON(b []byte) error {
	var w u256
	if err := w.unmarshal(b, 128); err != nil {
		return err
	}
	*a = u128{hi: w[1], lo: w[0]}
	return nil
}

// u256 is an unsigned 256-bit count, its words least significant first: a
// pass's total.
type u256 [4]uint64

// wide returns a as a u256.
func wide(a u128) u256 { return u256{a.lo, a.hi} }

// add returns a+b and whether the sum overflowed 256 bits.
func (a u256) add(b u256) (u256, bool) {
	var c uint64
	for i := range a {
		a[i], c = bits.Add64(a[i], b[i], c)
	}
	return a, c != 0
}

// mul returns a*b and whether the product overflowed 256 bits.
func (a u256) mul(b u128) (u256, bool) {
	if a[1]|a[2]|a[3]|b.hi == 0 {
		hi, lo := bits.Mul64(a[0], b.lo) // the join's usual case
		return u256{lo, hi}, false
	}
	// Schoolbook: p accumulates a times each word of b, shifted by a word.
	var p [6]uint64
	for j, bw := range [2]uint64{b.lo, b.hi} {
		var carry uint64
		for i, aw := range a {
			hi, lo := bits.Mul64(aw, bw)
			var c uint64
			lo, c = bits.Add64(lo, p[i+j], 0)
			hi += c
			lo, c = bits.Add64(lo, carry, 0)
			hi += c // a full product plus two words still fits 128 bits
			p[i+j], carry = lo, hi
		}
		p[j+4] = carry
	}
	return u256{p[0], p[1], p[2], p[3]}, p[4]|p[5] != 0
}

// Big returns the count as a big.Int.
func (a u256) Big() *big.Int {
	v := new(big.Int)
	for i := len(a) - 1; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(a[i]))
	}
	return v
}

// MarshalJSON writes the count as a decimal string: JSON numbers lose
// precision past 2^53 in most readers.
func (a u256) MarshalJSON() ([]byte, error) { return []byte(`"` + a.Big().String() + `"`), nil }

// UnmarshalJSON reads a decimal string that MarshalJSON wrote, or a
// u128's: any count below 2^256.
func (a *u256) UnmarshalJSON(b []byte) error { return a.unmarshal(b, 256) }

// unmarshal reads a decimal string of a count below 2^width.
func (a *u256) unmarshal(b []byte, width int) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() < 0 || v.BitLen() > width {
		return fmt.Errorf("count %q: want a decimal number below 2^%d", s, width)
	}
	word := new(big.Int).SetUint64(^uint64(0))
	for i := range a {
		a[i] = new(big.Int).And(v, word).Uint64()
		v.Rsh(v, 64)
	}
	return nil
}

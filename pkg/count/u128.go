package count

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
)

// u128 is an unsigned 128-bit count: the frontier method adds up partial
// counts that can pass 2^64 on boards whose totals fit in it. Arithmetic
// reports overflow instead of wrapping.
type u128 struct{ hi, lo uint64 }

// add returns a+b and whether the sum overflowed 128 bits.
func (a u128) add(b u128) (u128, bool) {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	hi, over := bits.Add64(a.hi, b.hi, carry)
	return u128{hi, lo}, over != 0
}

// double returns 2a and whether it overflowed.
func (a u128) double() (u128, bool) { return a.add(a) }

// Big returns the count as a big.Int.
func (a u128) Big() *big.Int {
	v := new(big.Int).SetUint64(a.hi)
	v.Lsh(v, 64)
	return v.Or(v, new(big.Int).SetUint64(a.lo))
}

// uint64 returns the count and whether it fits in 64 bits.
func (a u128) uint64() (uint64, bool) { return a.lo, a.hi == 0 }

// MarshalJSON writes the count as a decimal string: JSON numbers lose
// precision past 2^53 in most readers.
func (a u128) MarshalJSON() ([]byte, error) { return []byte(`"` + a.Big().String() + `"`), nil }

// UnmarshalJSON reads a decimal string that MarshalJSON wrote.
func (a *u128) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() < 0 || v.BitLen() > 128 {
		return fmt.Errorf("count %q: want a decimal number below 2^128", s)
	}
	lo := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0)))
	a.lo, a.hi = lo.Uint64(), new(big.Int).Rsh(v, 64).Uint64()
	return nil
}

package count

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"knightsweep/pkg/board"
)

// Counts never wrap: past 2^128 in a state and past 2^256 in a total are
// errors, and a result is exact however large.
func TestCountOverflow(t *testing.T) {
	max128 := u128{^uint64(0), ^uint64(0)}
	if _, over := max128.add(u128{lo: 1}); !over {
		t.Error("2^128-1 + 1 did not overflow")
	}
	if s, over := (u128{0, ^uint64(0)}).add(u128{lo: 1}); over || s != (u128{1, 0}) {
		t.Errorf("2^64-1 + 1 = %v, %v", s, over)
	}
	max256 := u256{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	if _, over := max256.add(u256{1}); !over {
		t.Error("2^256-1 + 1 did not overflow")
	}
	if s, over := wide(max128).add(u256{1}); over || s != (u256{0, 0, 1}) {
		t.Errorf("2^128-1 + 1 in 256 bits = %v, %v", s, over)
	}
	if p, over := (u256{1 << 63}).mul(u128{lo: 6}); over || p != (u256{0, 3}) {
		t.Errorf("2^63 x 6 = %v, %v", p, over)
	}
	if p, over := (u256{0, 1}).mul(u128{hi: 1}); over || p != (u256{0, 0, 1}) {
		t.Errorf("2^64 x 2^64 = %v, %v", p, over)
	}
	if _, over := (u256{0, 0, 1}).mul(u128{hi: 1 << 63}); over {
		t.Error("2^128 x 2^127 overflowed")
	}
	if _, over := (u256{0, 0, 2}).mul(u128{hi: 1 << 63}); !over {
		t.Error("2^129 x 2^127 did not overflow")
	}
	if _, over := (u256{0, 0, 0, 1}).mul(u128{lo: 1 << 63}); over {
		t.Error("2^192 x 2^63 overflowed")
	}
	if _, over := (u256{0, 0, 0, 1}).mul(u128{hi: 1}); !over {
		t.Error("2^192 x 2^64 did not overflow")
	}
	// A pass counts undirected closed tours: each is two directed ones.
	if got := directed(u256{0, 0, 0, 1 << 63}, true); got.Cmp(new(big.Int).Lsh(big.NewInt(1), 256)) != 0 {
		t.Errorf("2^255 closed tours: %v directed", got)
	}
	if got := directed(u256{0, 0, 1}, false); got.Cmp(new(big.Int).Lsh(big.NewInt(1), 128)) != 0 {
		t.Errorf("2^128 open tours: %v directed", got)
	}
}

// randomWide returns a count of random words, each word at times zero or
// all ones, where carries start and stop.
func randomWide(r *rand.Rand, words int) u256 {
	var a u256
	for i := range words {
		switch r.IntN(4) {
		case 0:
		case 1:
			a[i] = ^uint64(0)
		default:
			a[i] = r.Uint64()
		}
	}
	return a
}

// The 256-bit arithmetic agrees with math/big on sums and products of every
// size, overflowing exactly where the true value needs more than 256 bits.
func TestWideArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	limit := new(big.Int).Lsh(big.NewInt(1), 256)
	for i := range 20000 {
		a, b := randomWide(r, 1+i%4), randomWide(r, 1+i/4%4)
		b128 := u128{hi: b[1], lo: b[0]}
		want := new(big.Int).Add(a.Big(), b.Big())
		got, over := a.add(b)
		if over != (want.Cmp(limit) >= 0) || (!over && got.Big().Cmp(want) != 0) {
			t.Fatalf("%v + %v = %v, overflow %v; want %v", a, b, got.Big(), over, want)
		}
		want.Mul(a.Big(), b128.Big())
		got, over = a.mul(b128)
		if over != (want.Cmp(limit) >= 0) || (!over && got.Big().Cmp(want) != 0) {
			t.Fatalf("%v x %v = %v, overflow %v; want %v", a, b128, got.Big(), over, want)
		}
	}
}

// Counts are written in JSON as the decimal strings math/big writes, and
// read back to the same words; a string too wide for the type is refused.
func TestCountJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 200 {
		a := randomWide(r, 1+i%4)
		b, err := a.MarshalJSON()
		if want := `"` + a.Big().String() + `"`; err != nil || string(b) != want {
			t.Fatalf("%v: %s, %v; want %s", a, b, err, want)
		}
		var back u256
		if err := back.UnmarshalJSON(b); err != nil || back != a {
			t.Fatalf("%s read back as %v, %v", b, back, err)
		}
		var narrow u128
		err = narrow.UnmarshalJSON(b)
		if fits := a[2]|a[3] == 0; fits != (err == nil) || (fits && narrow != (u128{hi: a[1], lo: a[0]})) {
			t.Fatalf("%s read as 128 bits: %v, %v", b, narrow, err)
		}
	}
	for _, s := range []string{`"-1"`, `"1e3"`, `12`, fmt.Sprintf(`"%s"`, new(big.Int).Lsh(big.NewInt(1), 256))} {
		var a u256
		if err := a.UnmarshalJSON([]byte(s)); err == nil {
			t.Errorf("%s read as %v", s, a)
		}
	}
}

// A count's bits, which decide when a side leaves the steps to the other:
// those of its low word below 2^64, 64 and those of its high word from
// 2^64 on.
func TestCountBitLenPast64Bits(t *testing.T) {
	for _, tc := range []struct {
		n    u128
		bits int
	}{
		{u128{}, 0}, {u128{lo: 1}, 1}, {u128{lo: 1 << 63}, 64}, {u128{lo: ^uint64(0)}, 64},
		{u128{hi: 1}, 65}, {u128{hi: 1, lo: ^uint64(0)}, 65}, {u128{hi: 1 << 40, lo: 5}, 105}, {u128{hi: 1 << 63}, 128},
	} {
		if got := tc.n.bitLen(); got != tc.bits || got != tc.n.Big().BitLen() {
			t.Errorf("%v: %d bits, want %d", tc.n.Big(), got, tc.bits)
		}
	}
}

// A pass's total is kept in 256 bits: with each side starting from a
// count of 2^100 instead of 1, every tour is counted 2^200 times, and the
// totals of small boards, known by enumeration, pass 2^128 by far, through
// the join's sums and products, wherever the sides meet. -short leaves out
// 5x6's open paths (a second each).
func TestFrontierWideTotals(t *testing.T) {
	one := u128{hi: 1 << 36} // 2^100
	scale := new(big.Int).Lsh(big.NewInt(1), 200)
	for _, b := range []board.Board{{Rows: 3, Cols: 10}, {Rows: 4, Cols: 5}, {Rows: 5, Cols: 5}, {Rows: 5, Cols: 6}} {
		for _, closed := range []bool{false, true} {
			if testing.Short() && b.Rows == 5 && b.Cols == 6 && !closed {
				continue
			}
			want := enumerated(t, b, closed)
			// One pass counts undirected paths, or cycles.
			per := int64(2)
			if closed {
				per = int64(2 * b.Squares())
			}
			undirected := new(big.Int).Quo(want.Total, big.NewInt(per))
			wantWide := new(big.Int).Mul(undirected, scale)
			p := newFrontierPlan(b)
			t.Run(fmt.Sprintf("%v/closed=%v", b, closed), func(t *testing.T) {
				for _, cut := range []int{p.n / 3, p.n / 2, 2 * p.n / 3} {
					got, _, err := p.count(context.Background(), frontierTask{closed: closed, start: -1}, 2, frontierHooks{cut: &cut, one: one})
					if err != nil || got.Big().Cmp(wantWide) != 0 {
						t.Errorf("cut %d: %v, %v; want %v (%v x 2^200)", cut, got.Big(), err, wantWide, undirected)
					}
				}
			})
		}
	}
	// 2^100 squared times 6x6's 3,318,960 undirected open paths still fits
	// 256 bits; 2^127 squared times any count past 4 does not.
	b := board.Board{Rows: 3, Cols: 4}
	p := newFrontierPlan(b)
	if _, _, err := p.count(context.Background(), frontierTask{start: -1}, 1, frontierHooks{one: u128{hi: 1 << 63}}); !errors.Is(err, ErrOverflow) {
		t.Errorf("3x4's 8 paths times 2^254: %v, want ErrOverflow", err)
	}
}

// A side whose counts near 2^128 leaves the steps to the other. On 5x16
// the front side's layer is the smaller one at every square from the
// 28th on, so it would take 52 of the 80 squares, its counts growing
// about a bit a square (44 bits); started from 2^90 they would pass 2^128
// there. With the rule the back side takes over and the count is
// exact: the board's paths times 2^180.
func TestFrontierSidesShareWideCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("two counts of 5x16: 5 s")
	}
	b := board.Board{Rows: 5, Cols: 16}
	p := newFrontierPlan(b)
	task := frontierTask{start: -1}
	plain, _, err := p.count(context.Background(), task, 2, frontierHooks{})
	if err != nil {
		t.Fatal(err)
	}
	var m *meeting
	hooks := frontierHooks{one: u128{hi: 1 << 26}, save: func(mm *meeting, _ bool) error { m = mm; return nil }}
	got, _, err := p.count(context.Background(), task, 2, hooks)
	want := new(big.Int).Lsh(plain.Big(), 180)
	if err != nil || got.Big().Cmp(want) != 0 {
		t.Fatalf("5x16 from 2^90: %v, %v; want %v", got.Big(), err, want)
	}
	if m.front.done >= 52 || m.front.high > 128 || m.back.high > 128 {
		t.Errorf("the front side took %d squares (%d bits), the back %d (%d bits)", m.front.done, m.front.high, m.back.done, m.back.high)
	}
}

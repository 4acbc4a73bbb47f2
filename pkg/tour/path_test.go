package tour

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Squares in, the same squares out, for tours of boards of every width
// class (narrow, table, wide), and the stream is 3 bits a move.
func TestPathRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, b := range [][2]int{{1, 1}, {3, 4}, {4, 3}, {5, 5}, {8, 8}, {6, 70}, {70, 6}} {
		var tr []int32
		if b[0]*b[1] == 1 {
			tr = []int32{0}
		} else {
			tr = randomTour(b[0], b[1], rng)
		}
		var p Path
		if err := p.SetSquares(b[0], b[1], tr); err != nil {
			t.Fatalf("%v: %v", b, err)
		}
		if got := p.Squares(nil); !slices.Equal(got, tr) {
			t.Errorf("%v: squares %v, want %v", b, got, tr)
		}
		if p.Len() != len(tr) || p.First() != tr[0] || p.Last() != tr[len(tr)-1] {
			t.Errorf("%v: len %d first %d last %d", b, p.Len(), p.First(), p.Last())
		}
		if got, want := len(p.Packed()), (3*(len(tr)-1)+7)/8; got != want {
			t.Errorf("%v: %d bytes packed, want %d", b, got, want)
		}
		if err := new(Checker).Check(&p, int(tr[0]), false); err != nil {
			t.Errorf("%v: %v", b, err)
		}
		c := p.Clone()
		if !slices.Equal(c.Squares(nil), tr) || !slices.Equal(c.Packed(), p.Packed()) {
			t.Errorf("%v: the clone differs", b)
		}
	}
}

// The stream's layout is the documented one: move i in bits 3i..3i+2, least
// significant first. (8x8 from (0,0): moves 3 (+2,+1), 2 (+1,+2), 7 (-2,-1).)
func TestPathLayout(t *testing.T) {
	var p Path
	if err := p.SetSquares(8, 8, []int32{0, 17, 27, 10}); err != nil {
		t.Fatal(err)
	}
	// 3 | 2<<3 | 7<<6 = 0b1_1101_0011: bytes 0xd3, 0x01.
	if got := p.Packed(); !slices.Equal(got, []byte{0xd3, 0x01}) {
		t.Errorf("packed % x, want d3 01", got)
	}
}

// Eight moves fill three bytes: Encodes of disjoint runs of moves that
// start at multiples of 8 write disjoint bytes (go test -race checks it).
func TestPathConcurrentEncode(t *testing.T) {
	tr := randomTour(30, 30, rand.New(rand.NewPCG(7, 8)))
	var p Path
	p.Reset(30, 30, tr[0])
	const part = 8 * 13
	var wg sync.WaitGroup
	for from := 0; from < len(tr)-1; from += part {
		to := min(from+part, len(tr)-1)
		wg.Go(func() {
			if bad := p.Encode(from, tr[from], tr[from+1:to+1]); bad >= 0 {
				t.Errorf("step %d refused", from+bad+1)
			}
		})
	}
	wg.Wait()
	p.SetLen(len(tr))
	if !slices.Equal(p.Squares(nil), tr) {
		t.Error("squares differ")
	}
}

// Moves that leave the board are refused by Check, which names the step;
// so are revisits and a wrong length or start.
func TestCheckPath(t *testing.T) {
	var p Path
	p.Reset(5, 5, 0)
	p.Push(7) // (-2,-1) from (0,0): off the board
	if err := new(Checker).Check(&p, 0, false); err == nil || !strings.Contains(err.Error(), "tour has 2 squares") {
		t.Errorf("short: %v", err)
	}
	tr := randomTour(5, 5, rand.New(rand.NewPCG(9, 9)))
	for _, tt := range []struct {
		name string
		edit func(p *Path)
		want string
	}{
		{"leaves", func(p *Path) { p.set(3, (p.Code(3)+4)%8) }, ""}, // reversed move: a revisit or off the board
		{"off", func(p *Path) {
			p.Reset(5, 5, 0)
			p.Push(0) // (-2,+1) from the top row
			p.SetLen(25)
		}, "step 1: the move from 0 (0,0) leaves the 5x5 board"},
	} {
		var q Path
		if err := q.SetSquares(5, 5, tr); err != nil {
			t.Fatal(err)
		}
		tt.edit(&q)
		err := new(Checker).Check(&q, int(q.First()), false)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	var q Path
	if err := q.SetSquares(5, 5, tr); err != nil {
		t.Fatal(err)
	}
	if err := new(Checker).Check(&q, int(tr[0])+1, false); err == nil || !strings.Contains(err.Error(), "starts at") {
		t.Errorf("wrong start: %v", err)
	}
}

// SetCodes packs what Push packs, from any first move, and in parallel
// from multiples of 8.
func TestSetCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	codes := make([]uint8, 1000)
	for i := range codes {
		codes[i] = uint8(rng.IntN(8))
	}
	var want Path
	want.Reset(40, 40, 0)
	for _, c := range codes {
		want.Push(c)
	}
	for _, from := range []int{0, 1, 5, 8, 13} {
		var got Path
		got.Reset(40, 40, 0)
		for i := range from {
			got.Push(codes[i])
		}
		got.SetCodes(from, codes[from:])
		got.SetLen(len(codes) + 1)
		if !slices.Equal(got.Packed(), want.Packed()) {
			t.Errorf("from %d: packed differently", from)
		}
	}
	var par Path
	par.Reset(40, 40, 0)
	var wg sync.WaitGroup
	for from := 0; from < len(codes); from += 8 * 7 {
		wg.Go(func() { par.SetCodes(from, codes[from:min(len(codes), from+8*7)]) })
	}
	wg.Wait()
	par.SetLen(len(codes) + 1)
	if !slices.Equal(par.Packed(), want.Packed()) {
		t.Error("in parallel: packed differently")
	}
}

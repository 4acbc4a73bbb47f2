package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// plainWalk is an independent walk of a rule's whole tie tree, written
// without the package's sets, tables or numerators: a board of booleans,
// degrees counted afresh at every step, and each walk's probability kept
// as the exponents of 2, 3, 5 and 7 in its denominator.
type plainWalk struct {
	b       board.Board
	rule    Rule
	closed  bool
	start   int
	visited []bool
	// ends[len] counts walks of len squares by their denominator's
	// exponents; len 0 collects the tours.
	ends  map[int]map[[4]int]int64
	tours int64
	walks int64
}

func (p *plainWalk) moves(s int) []int {
	r, c := p.b.RowCol(s)
	var out []int
	for _, m := range board.DefaultOrder {
		if p.b.Contains(r+m.DRow, c+m.DCol) {
			out = append(out, p.b.Index(r+m.DRow, c+m.DCol))
		}
	}
	return out
}

func (p *plainWalk) degree(s int) int {
	d := 0
	for _, t := range p.moves(s) {
		if !p.visited[t] {
			d++
		}
	}
	return d
}

// choices returns the squares the rule may take from cur, in move order.
func (p *plainWalk) choices(cur int) []int {
	var cand []int
	best := 99
	for _, t := range p.moves(cur) {
		if p.visited[t] {
			continue
		}
		d := p.degree(t)
		if d < best {
			best, cand = d, nil
		}
		if d == best {
			cand = append(cand, t)
		}
	}
	score := func(t int) int { return 0 }
	switch p.rule {
	case Pohl, PohlRandom:
		score = func(t int) int {
			sum := 0
			for _, u := range p.moves(t) {
				if !p.visited[u] {
					sum += p.degree(u)
				}
			}
			return sum
		}
	case Roth, RothRandom:
		score = func(t int) int {
			r, c := p.b.RowCol(t)
			x, y := float64(r)-float64(p.b.Rows-1)/2, float64(c)-float64(p.b.Cols-1)/2
			return -int(math.Round(4 * (x*x + y*y)))
		}
	}
	var out []int
	least := math.MaxInt
	for _, t := range cand {
		least = min(least, score(t))
	}
	for _, t := range cand {
		if score(t) == least {
			out = append(out, t)
		}
	}
	if !p.rule.Randomised() && len(out) > 1 {
		out = out[:1]
	}
	return out
}

func (p *plainWalk) walk(cur, squares int, exp [4]int) {
	next := p.choices(cur)
	if len(next) == 0 {
		p.walks++
		l := squares
		if squares == p.b.Squares() && (!p.closed || p.b.KnightMove(cur, p.start)) {
			p.tours++
			l = 0
		}
		if p.ends[l] == nil {
			p.ends[l] = map[[4]int]int64{}
		}
		p.ends[l][exp]++
		return
	}
	e := exp
	switch len(next) {
	case 2:
		e[0]++
	case 3:
		e[1]++
	case 4:
		e[0] += 2
	case 5:
		e[2]++
	case 6:
		e[0]++
		e[1]++
	case 7:
		e[3]++
	case 8:
		e[0] += 3
	}
	for _, t := range next {
		p.visited[t] = true
		p.walk(t, squares+1, e)
		p.visited[t] = false
	}
}

func (p *plainWalk) sum(l int) *big.Rat {
	s := new(big.Rat)
	for e, n := range p.ends[l] {
		den := big.NewInt(1)
		for i, base := range []int64{2, 3, 5, 7} {
			den.Mul(den, new(big.Int).Exp(big.NewInt(base), big.NewInt(int64(e[i])), nil))
		}
		s.Add(s, new(big.Rat).SetFrac(big.NewInt(n), den))
	}
	return s
}

func walkPlain(b board.Board, start board.Square, rule Rule, closed bool) *plainWalk {
	p := &plainWalk{b: b, rule: rule, closed: closed, start: b.Index(start.Row, start.Col),
		visited: make([]bool, b.Squares()), ends: map[int]map[[4]int]int64{}}
	p.visited[p.start] = true
	p.walk(p.start, 1, [4]int{})
	return p
}

// agree checks r against the plain walk of its tie tree.
func agree(t *testing.T, r Result, p *plainWalk) {
	t.Helper()
	if want := p.sum(0); r.Fraction.Cmp(want) != 0 {
		t.Errorf("%v from %v: probability %v, the plain walk %v", r.Board, r.Start, r.Fraction, want)
	}
	if r.Tours != uint64(p.tours) || r.Walks != uint64(p.walks) {
		t.Errorf("%v from %v: %d tours of %d walks, the plain walk %d of %d", r.Board, r.Start, r.Tours, r.Walks, p.tours, p.walks)
	}
	fails := 0
	for l := range p.ends {
		if l > 0 {
			fails++
		}
	}
	if len(r.FailLength) != fails {
		t.Errorf("%v from %v: walks stop at %d lengths, the plain walk's at %d", r.Board, r.Start, len(r.FailLength), fails)
	}
	for _, f := range r.FailLength {
		if want := p.sum(f.Length); f.Fraction.Cmp(want) != 0 {
			t.Errorf("%v from %v: walks of %d squares %v, the plain walk's %v", r.Board, r.Start, f.Length, f.Fraction, want)
		}
	}
}

// TestAgainstPlainWalk holds the memoised walk to the independent plain
// walk of the whole tie tree, on every start of 5x5 to 8x8 (-short: 5x5,
// 6x6 and the corner and centre of 7x7).
func TestAgainstPlainWalk(t *testing.T) {
	type tc struct {
		b      board.Board
		rule   Rule
		closed bool
		only   []board.Square // nil: every start
	}
	cases := []tc{
		{board.Board{Rows: 5, Cols: 5}, Random, false, nil},
		{board.Board{Rows: 6, Cols: 6}, Random, false, nil},
		{board.Board{Rows: 6, Cols: 6}, Random, true, nil},
		{board.Board{Rows: 5, Cols: 5}, PohlRandom, false, nil},
		{board.Board{Rows: 6, Cols: 6}, RothRandom, false, nil},
		{board.Board{Rows: 6, Cols: 6}, First, false, nil},
		{board.Board{Rows: 4, Cols: 7}, Random, false, nil},
		{board.Board{Rows: 7, Cols: 7}, Random, false, []board.Square{{Row: 0, Col: 0}, {Row: 3, Col: 3}}},
		{board.Board{Rows: 7, Cols: 7}, PohlRandom, false, []board.Square{{Row: 0, Col: 0}, {Row: 3, Col: 3}}},
	}
	if !testing.Short() {
		for n := 7; n <= 8; n++ {
			for _, r := range []Rule{Random, PohlRandom, RothRandom, Pohl} {
				cases = append(cases, tc{board.Board{Rows: n, Cols: n}, r, false, nil})
			}
			cases = append(cases, tc{board.Board{Rows: n, Cols: n}, Random, true, nil})
		}
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/%v/closed=%v", c.b, c.rule, c.closed), func(t *testing.T) {
			starts := c.only
			if starts == nil {
				for s := range c.b.Squares() {
					r, col := c.b.RowCol(s)
					starts = append(starts, board.Square{Row: r, Col: col})
				}
			}
			for _, st := range starts {
				r, err := From(context.Background(), c.b, st, Options{Rule: c.rule, Closed: c.closed, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				agree(t, r, walkPlain(c.b, st, c.rule, c.closed))
			}
		})
	}
}

// TestEightByEightCorner: the tie tree of warnsdorff -tiebreak random
// from the corner of 8x8 has 144,104 leaves (issue 29's count, from a walk
// written to size the issue).
func TestEightByEightCorner(t *testing.T) {
	r, err := From(context.Background(), board.Board{Rows: 8, Cols: 8}, board.Square{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Walks != 144104 {
		t.Errorf("8x8 corner: %d walks, want 144104", r.Walks)
	}
	if r.Tours != 137300 {
		t.Errorf("8x8 corner: %d tours, want 137300", r.Tours)
	}
	want, _ := new(big.Rat).SetString("11232021923/11466178560")
	if r.Fraction.Cmp(want) != 0 {
		t.Errorf("8x8 corner: probability %v, want %v", r.Fraction, want)
	}
	// The failing walks and the tours share out all the probability.
	sum := new(big.Rat).Set(r.Fraction)
	for _, f := range r.FailLength {
		sum.Add(sum, f.Fraction)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("8x8 corner: tours and failing walks add up to %v", sum)
	}
}

// TestMemLimit: with no room for the memo, the walk goes on without it
// and gets the same answer; what the memo holds and the workers' buffers
// stay within the limit, and with no room at all the memo holds nothing
// and the peak is the buffers alone, which count (a float walk's
// superaccumulators, 17.6 KB a length its walks may end at, had not: a
// 10x10 walk's peak RSS passed -mem-limit by 2 MB of them).
func TestMemLimit(t *testing.T) {
	b := board.Board{Rows: 7, Cols: 7}
	full, err := From(context.Background(), b, board.Square{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// A float walk's sums may take 52 x 17.6 KB, its memo 589 KB more.
	for _, c := range []struct {
		lim   int64
		float bool
	}{{1, false}, {100 << 10, false}, {1, true}, {1200 << 10, true}} {
		{
			lim, float := c.lim, c.float
			r, err := From(context.Background(), b, board.Square{}, Options{MemLimit: lim, Float: float, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if r.Walks != full.Walks || r.Tours != full.Tours || !float && r.Fraction.Cmp(full.Fraction) != 0 ||
				float && math.Abs(r.Probability-full.Probability) > r.ErrorBound {
				t.Errorf("-mem-limit %d float %v: %v ± %g, %d walks; with room %v, %d", lim, float, r.Probability, r.ErrorBound, r.Walks, full.Fraction, full.Walks)
			}
			if r.Unmemoised == 0 {
				t.Errorf("-mem-limit %d float %v: every tie point memoised", lim, float)
			}
			if lim > 1 && r.PeakBytes > lim {
				t.Errorf("-mem-limit %d float %v: peak %d bytes", lim, float, r.PeakBytes)
			}
			if lim == 1 && r.States != 0 {
				t.Errorf("-mem-limit 1 float %v: %d tie points in a memo with no room", float, r.States)
			}
			if sums := int64(b.Squares()+3) * fsumBytes; float && r.PeakBytes < sums {
				t.Errorf("-mem-limit %d float: peak %d bytes, less than the %d the sums may take", lim, r.PeakBytes, sums)
			}
		}
	}
}

// TestMemoGrowthHeld: while a shard's table doubles, the old table and
// the new are both alive, and the memory held counts both; it counted
// the new one alone, so that a memo at its limit passed it by half its
// biggest shard.
func TestMemoGrowthHeld(t *testing.T) {
	type K = [1]uint64
	wk := newWalker[K](context.Background(), board.Board{Rows: 8, Cols: 8}, board.Square{}, Options{})
	wk.layers = []*layer[K]{new(layer[K])}
	w := wk.newWorker()
	base := wk.held.Load()
	e := wk.lays[0].entryBytes()
	p := make([]uint64, wk.w)
	// Tie points that fall in shard 0, until the 33rd doubles its 64
	// slots.
	stored := 0
	for v := (K{1}); stored <= minShard/2; v[0]++ {
		if hash(&v, 0)>>(64-shardBits) != 0 {
			continue
		}
		if !w.remember(&v, 0, 0, p, 1, 0) {
			t.Fatal("no room in a memo without a limit")
		}
		stored++
	}
	if s := &wk.layers[0].shards[0]; s.size != 2*minShard || s.n != stored {
		t.Fatalf("shard of %d slots holding %d, want %d holding %d", s.size, s.n, 2*minShard, stored)
	}
	if got, want := wk.held.Load()-base, 2*minShard*e; got != want {
		t.Errorf("held %d bytes after the growth, want the new table's %d", got, want)
	}
	if got, want := wk.peakHeld.Load()-base, 3*minShard*e; got != want {
		t.Errorf("peak %d bytes, want both tables' %d", got, want)
	}
}

// TestCancelWithoutMemo: a walk without the memo (-plain, or a memo
// full at -mem-limit) heeds ctx within a moment, not at the end of the
// walk: the 10x10 corner without the memo took 285 s to stop on Ctrl-C.
func TestCancelWithoutMemo(t *testing.T) {
	b := board.Board{Rows: 10, Cols: 10}
	for _, o := range []Options{{Plain: true}, {MemLimit: 1, Workers: 2}} {
		t.Run(fmt.Sprintf("plain=%v", o.Plain), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			t0 := time.Now()
			_, err := From(ctx, b, board.Square{}, o)
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("From = %v, want the context's error", err)
			}
			if d := time.Since(t0); d > 5*time.Second {
				t.Errorf("cancelled after 50ms, returned after %v", d)
			}
		})
	}
}

// TestFloatBound: the float64 sums lie within their bound of the exact
// fractions.
func TestFloatBound(t *testing.T) {
	for _, n := range []int{6, 7, 8} {
		b := board.Board{Rows: n, Cols: n}
		for _, st := range []board.Square{{Row: 0, Col: 0}, {Row: 1, Col: 2}, {Row: n / 2, Col: n / 2}} {
			ex, err := From(context.Background(), b, st, Options{})
			if err != nil {
				t.Fatal(err)
			}
			fl, err := From(context.Background(), b, st, Options{Float: true})
			if err != nil {
				t.Fatal(err)
			}
			if fl.Fraction != nil || fl.ErrorBound <= 0 && ex.Probability != 0 {
				t.Fatalf("%v from %v: float mode gave a fraction or no bound", b, st)
			}
			diff := new(big.Rat).Sub(new(big.Rat).SetFloat64(fl.Probability), ex.Fraction)
			if d, _ := diff.Abs(diff).Float64(); d > fl.ErrorBound {
				t.Errorf("%v from %v: float %v is %g from %v, past its bound %g", b, st, fl.Probability, d, ex.Fraction, fl.ErrorBound)
			}
		}
	}
}

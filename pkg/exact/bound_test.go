package exact

import (
	"context"
	"math"
	"math/big"
	"testing"

	"knightsweep/pkg/board"
)

// tieWalks walks warnsdorff -tiebreak random's tie tree on b from (r, c)
// by brute force, apart from this package's walk: it returns the exact
// probability of a tour and the most divisions by 3, 5, 6 or 7 (the ones
// that round in float64) along any walk.
func tieWalks(b board.Board, r, c int) (*big.Rat, int) {
	moves := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	seen := make([]bool, b.Squares())
	free := func(r, c int) []int {
		var out []int
		for _, m := range moves {
			nr, nc := r+m[0], c+m[1]
			if nr >= 0 && nr < b.Rows && nc >= 0 && nc < b.Cols && !seen[nr*b.Cols+nc] {
				out = append(out, nr*b.Cols+nc)
			}
		}
		return out
	}
	tours, most := new(big.Rat), 0
	var walk func(r, c, depth, rounds int, p *big.Rat)
	walk = func(r, c, depth, rounds int, p *big.Rat) {
		seen[r*b.Cols+c] = true
		defer func() { seen[r*b.Cols+c] = false }()
		next := free(r, c)
		if len(next) == 0 {
			if depth == b.Squares() {
				tours.Add(tours, p)
			}
			most = max(most, rounds)
			return
		}
		var tied []int
		fewest := 9
		for _, s := range next {
			switch d := len(free(s/b.Cols, s%b.Cols)); {
			case d < fewest:
				fewest, tied = d, []int{s}
			case d == fewest:
				tied = append(tied, s)
			}
		}
		k := len(tied)
		if k&(k-1) != 0 {
			rounds++
		}
		share := new(big.Rat).Mul(p, big.NewRat(1, int64(k)))
		for _, s := range tied {
			walk(s/b.Cols, s%b.Cols, depth+1, rounds, share)
		}
	}
	walk(r, c, 1, 0, big.NewRat(1, 1))
	return tours, most
}

// The float mode's bound itself, not only that the error lies under it:
// walked plainly (no memo, so no sum of two walks rounds), the bound is
// that of the most divisions by 3, 5, 6 or 7 any walk takes, which a brute
// force counts (and whose probability of a tour matches the exact
// fraction, so that it walks the same rule): Higham's γ_r/(1-γ_r) of the
// float, plus half an ulp. Leaving those divisions uncounted gives a
// bound of 0.
func TestFloatBoundCountsDivisions(t *testing.T) {
	for _, tc := range []struct {
		b    board.Board
		r, c int
	}{{board.Board{Rows: 5, Cols: 6}, 1, 2}, {board.Board{Rows: 6, Cols: 6}, 0, 0}, {board.Board{Rows: 6, Cols: 6}, 2, 2}, {board.Board{Rows: 5, Cols: 7}, 0, 0}} {
		st := board.Square{Row: tc.r, Col: tc.c}
		p, most := tieWalks(tc.b, tc.r, tc.c)
		ex, err := From(context.Background(), tc.b, st, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ex.Fraction.Cmp(p) != 0 {
			t.Fatalf("%v from %v: brute force %v, exact %v", tc.b, st, p, ex.Fraction)
		}
		fl, err := From(context.Background(), tc.b, st, Options{Float: true, Plain: true})
		if err != nil {
			t.Fatal(err)
		}
		u := math.Ldexp(1, -53)
		g := float64(most) * u / (1 - float64(most)*u)
		want := bound(fl.Probability, g/(1-g))
		if most == 0 || fl.Probability == 0 || fl.ErrorBound != want {
			t.Errorf("%v from %v: bound %g, want %g (%d roundings, probability %g)", tc.b, st, fl.ErrorBound, want, most, fl.Probability)
		}
	}
}

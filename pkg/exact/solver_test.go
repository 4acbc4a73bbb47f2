package exact

import (
	"context"
	"fmt"
	"math"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
)

// inTree reports the first step of squares that the rule could not take,
// or -1: the solver's walk must be one of the tie tree's.
func inTree(g *graph[[1]uint64], squares []int32, det bool) int {
	var v [1]uint64
	add(&v, int(squares[0]))
	var out [8]int16
	for i := 1; i < len(squares); i++ {
		t := g.tied(&v, int(squares[i-1]), &out)
		ok := false
		for _, s := range out[:t] {
			ok = ok || int(s) == int(squares[i])
		}
		if det && out[0] != int16(squares[i]) {
			ok = false
		}
		if !ok {
			return i
		}
		add(&v, int(squares[i]))
	}
	return -1
}

// TestSolverSameRule: the solver's warnsdorff takes, at every step, a
// square of the tie set walked here (random: any of them; first, pohl,
// roth: the first of them in move order, and pohl-random's and
// roth-random's sets hold pohl's and roth's choice), and its deterministic
// runs end as the exact walk says.
func TestSolverSameRule(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 20
	}
	for r, name := range map[Rule]string{Random: strategies.TieRandom, First: strategies.TieFirst, Pohl: solver.TiePohl, Roth: solver.TieRoth} {
		if r.String() != name || r.Sampled() != name {
			t.Errorf("rule %v: the solver calls it %q", r, name)
		}
	}
	for _, c := range []struct {
		b      board.Board
		closed bool
	}{{board.Board{Rows: 8, Cols: 8}, false}, {board.Board{Rows: 7, Cols: 7}, false}, {board.Board{Rows: 6, Cols: 6}, true}, {board.Board{Rows: 5, Cols: 8}, false}} {
		for _, st := range []board.Square{{Row: 0, Col: 0}, {Row: 1, Col: 2}, {Row: c.b.Rows / 2, Col: c.b.Cols / 2}} {
			t.Run(fmt.Sprintf("%v/%v/closed=%v", c.b, st, c.closed), func(t *testing.T) {
				for _, tc := range []struct {
					tie       string
					rule, set Rule
				}{{"random", Random, Random}, {"first", First, Random}, {"pohl", Pohl, PohlRandom}, {"roth", Roth, RothRandom}} {
					det := tc.rule != Random
					n := seeds
					if det {
						n = 1
					}
					found := 0
					for seed := range n {
						res, err := solver.Solve(context.Background(), solver.Problem{Board: c.b, Start: st, Closed: c.closed,
							Strategy: "warnsdorff", Tiebreak: tc.tie, Seed: uint64(seed)})
						if err != nil {
							t.Fatal(err)
						}
						if res.Status == status.Found {
							found++
							sq := res.Tour.Squares(nil)
							if i := inTree(newGraph[[1]uint64](c.b, tc.rule), sq, det); i >= 0 {
								t.Fatalf("-tiebreak %s seed %d: the solver's step %d is not the rule's", tc.tie, seed, i)
							}
							if i := inTree(newGraph[[1]uint64](c.b, tc.set), sq, false); i >= 0 {
								t.Fatalf("-tiebreak %s seed %d: the solver's step %d is outside %v's tie set", tc.tie, seed, i, tc.set)
							}
						}
						if !det {
							continue
						}
						ex, err := From(context.Background(), c.b, st, Options{Rule: tc.rule, Closed: c.closed})
						if err != nil {
							t.Fatal(err)
						}
						if ex.Walks != 1 || (ex.Probability == 1) != (res.Status == status.Found) {
							t.Fatalf("-tiebreak %s: exact %v (%d walks), the solver %s", tc.tie, ex.Probability, ex.Walks, res.Status)
						}
						if res.Status != status.Found && (len(ex.FailLength) != 1 || int64(ex.FailLength[0].Length) != res.Nodes) {
							t.Fatalf("-tiebreak %s: the solver stopped after %d squares, the exact walk %+v", tc.tie, res.Nodes, ex.FailLength)
						}
					}
					if !det && found == 0 {
						ex, _ := From(context.Background(), c.b, st, Options{Closed: c.closed})
						if ex.Probability > 0.1 {
							t.Errorf("-tiebreak random: no tour in %d seeds, exact probability %v", n, ex.Probability)
						}
					}
				}
			})
		}
	}
}

// TestMonteCarlo: the solver's sampled rate of warnsdorff -tiebreak random
// covers the exact probability within its 99.9% Wilson interval on the
// corners and centres of 7x7 and 8x8 (the seeds are fixed, so the test is
// repeatable; a wrong tie set moves the rate by more than the interval on
// these starts). make test-all runs 20,000 trials a start, -short 2,000.
func TestMonteCarlo(t *testing.T) {
	trials := 20000
	if testing.Short() {
		trials = 2000
	}
	for _, n := range []int{7, 8} {
		b := board.Board{Rows: n, Cols: n}
		for _, st := range []board.Square{{Row: 0, Col: 0}, {Row: n / 2, Col: n / 2}} {
			ex, err := From(context.Background(), b, st, Options{})
			if err != nil {
				t.Fatal(err)
			}
			found := 0
			for seed := range trials {
				res, err := solver.Solve(context.Background(), solver.Problem{Board: b, Start: st, Strategy: "warnsdorff", Tiebreak: "random", Seed: uint64(seed)})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status == status.Found {
					found++
				}
			}
			lo, hi := wilson(found, trials, 3.29)
			t.Logf("%v from %v: sampled %d/%d = %.4f [%.4f, %.4f], exact %.6f", b, st, found, trials, float64(found)/float64(trials), lo, hi, ex.Probability)
			if ex.Probability < lo || ex.Probability > hi {
				t.Errorf("%v from %v: exact %v outside the sampled interval [%v, %v]", b, st, ex.Probability, lo, hi)
			}
		}
	}
}

func wilson(k, n int, z float64) (float64, float64) {
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return mid - half, mid + half
}

// TestSolverDeterministicEveryStart: from every start of boards up to 64
// squares, open and closed, the solver's first, pohl and roth take the
// exact walk's one path step for step, and stop where it stops.
func TestSolverDeterministicEveryStart(t *testing.T) {
	boards := []board.Board{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 7, Cols: 7}, {Rows: 8, Cols: 8}, {Rows: 5, Cols: 8}, {Rows: 6, Cols: 7}, {Rows: 4, Cols: 9}, {Rows: 3, Cols: 12}}
	for _, b := range boards {
		for _, closed := range []bool{false, true} {
			for _, tc := range []struct {
				tie  string
				rule Rule
			}{{"first", First}, {"pohl", Pohl}, {"roth", Roth}} {
				g := newGraph[[1]uint64](b, tc.rule)
				for s := range b.Squares() {
					r, c := b.RowCol(s)
					st := board.Square{Row: r, Col: c}
					res, err := solver.Solve(context.Background(), solver.Problem{Board: b, Start: st, Closed: closed, Strategy: "warnsdorff", Tiebreak: tc.tie})
					if err != nil {
						t.Fatal(err)
					}
					ex, err := From(context.Background(), b, st, Options{Rule: tc.rule, Closed: closed, Workers: 1})
					if err != nil {
						t.Fatal(err)
					}
					found := res.Status == status.Found
					if ex.Walks != 1 || (ex.Probability == 1) != found {
						t.Fatalf("%v from %v -tiebreak %s closed=%v: exact %v, the solver %s", b, st, tc.tie, closed, ex.Probability, res.Status)
					}
					if found {
						if i := inTree(g, res.Tour.Squares(nil), true); i >= 0 {
							t.Fatalf("%v from %v -tiebreak %s: the solver's step %d is not the rule's", b, st, tc.tie, i)
						}
					} else if len(ex.FailLength) != 1 || int64(ex.FailLength[0].Length) != res.Nodes {
						t.Fatalf("%v from %v -tiebreak %s closed=%v: the solver stopped after %d squares, the exact walk %+v", b, st, tc.tie, closed, res.Nodes, ex.FailLength)
					}
				}
			}
		}
	}
}

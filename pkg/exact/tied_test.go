package exact

import (
	"fmt"
	"slices"
	"testing"

	"knightsweep/internal/splitmix"
	"knightsweep/pkg/board"
)

// tiedByDefinition is the rule's tie set as its definition reads, square
// by square in move order: a candidate's degree counts its unvisited
// neighbours one by one, and the candidates of least degree tie; Pohl's
// and Roth's refinements and the deterministic rules are graph.tied's own.
func tiedByDefinition[K set](g *graph[K], v *K, cur int, out *[8]int16) int {
	t, least := 0, 1<<30
	for _, s := range g.list[cur] {
		if has(v, int(s)) {
			continue
		}
		d := 0
		for _, u := range g.list[s] {
			if !has(v, int(u)) {
				d++
			}
		}
		if d < least {
			least, t = d, 0
		}
		if d == least {
			out[t] = s
			t++
		}
	}
	if t > 1 && g.refine != refineNone {
		t = g.refineTies(v, out, t)
	}
	if t > 1 && !g.rule.Randomised() {
		t = 1
	}
	return t
}

// walkStates returns the states (visited squares, current square) of
// walks random rule takes from random starts of b, every step of each.
func walkStates[K set](g *graph[K], walks int, seed uint64) ([]K, []int) {
	var vs []K
	var curs []int
	var out [8]int16
	for range walks {
		var v K
		cur := int(splitmix.Next(&seed) % uint64(g.n))
		add(&v, cur)
		for {
			vs, curs = append(vs, v), append(curs, cur)
			t := tiedByDefinition(g, &v, cur, &out)
			if t == 0 {
				break
			}
			cur = int(out[splitmix.Next(&seed)%uint64(t)])
			add(&v, cur)
		}
	}
	return vs, curs
}

// TestTiedByDefinition: the bit-sliced degrees give the tie sets of the
// definition, in move order, at every step of random walks of every rule
// on boards of one, two and four words: counted afresh from the visited
// squares (tied), and kept step by step along the walk (tiedDeg, visit).
func TestTiedByDefinition(t *testing.T) {
	for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 8, Cols: 8}, {Rows: 3, Cols: 10}, {Rows: 11, Cols: 11}, {Rows: 13, Cols: 14}, {Rows: 3, Cols: 40}, {Rows: 3, Cols: 70}, {Rows: 1, Cols: 9}} {
		for r := range Rule(len(ruleNames)) {
			t.Run(fmt.Sprintf("%v/%v", b, r), func(t *testing.T) {
				switch n := b.Squares(); {
				case n <= 64:
					checkTied[[1]uint64](t, b, r)
				case n <= 128:
					checkTied[[2]uint64](t, b, r)
				default:
					checkTied[[4]uint64](t, b, r)
				}
			})
		}
	}
}

func checkTied[K set](t *testing.T, b board.Board, r Rule) {
	checkTiedFrom[K](t, b, r)
	checkTiedAlong[K](t, b, r)
}

// checkTiedAlong walks random walks keeping the degrees step by step, as
// follow does, and holds each step's ties to the definition.
func checkTiedAlong[K set](t *testing.T, b board.Board, r Rule) {
	g := newGraph[K](b, r)
	seed := uint64(b.Squares())*131 + uint64(r)
	var got, want [8]int16
	for range 200 {
		var v K
		cur := int(splitmix.Next(&seed) % uint64(g.n))
		add(&v, cur)
		dg := g.degreesOf(&v)
		for step := 0; ; step++ {
			n := g.tiedDeg(&v, &dg, cur, &got)
			m := tiedByDefinition(g, &v, cur, &want)
			if !slices.Equal(got[:n], want[:m]) {
				t.Fatalf("step %d (on %d): ties %v with degrees kept, by definition %v", step, cur, got[:n], want[:m])
			}
			if m == 0 {
				break
			}
			cur = int(want[splitmix.Next(&seed)%uint64(m)])
			add(&v, cur)
			g.visit(&dg, cur)
		}
	}
}

func checkTiedFrom[K set](t *testing.T, b board.Board, r Rule) {
	g := newGraph[K](b, r)
	vs, curs := walkStates(g, 200, uint64(b.Squares())*31+uint64(r))
	var got, want [8]int16
	for i := range vs {
		n := g.tied(&vs[i], curs[i], &got)
		m := tiedByDefinition(g, &vs[i], curs[i], &want)
		if !slices.Equal(got[:n], want[:m]) {
			t.Fatalf("state %d (on %d): tied %v, by definition %v", i, curs[i], got[:n], want[:m])
		}
	}
}

// BenchmarkTied is the degree test alone, over the states of random walks
// of the 11x11 board (ns/op is a state's).
func BenchmarkTied(b *testing.B) {
	g := newGraph[[2]uint64](board.Board{Rows: 11, Cols: 11}, Random)
	vs, curs := walkStates(g, 50, 1)
	var out [8]int16
	i := 0
	for b.Loop() {
		g.tied(&vs[i], curs[i], &out)
		if i++; i == len(vs) {
			i = 0
		}
	}
}

// TestDegreesOfTwoWords: degreesOf on boards of two words (degreesOf2,
// each move a shift one way) gives every square's unvisited neighbours,
// counted one by one, on random sets of visited squares; among the boards
// one of two columns, two of whose moves shift by 0 and reach no square.
func TestDegreesOfTwoWords(t *testing.T) {
	for _, b := range []board.Board{{Rows: 9, Cols: 9}, {Rows: 10, Cols: 10}, {Rows: 11, Cols: 11}, {Rows: 4, Cols: 20}, {Rows: 33, Cols: 2}, {Rows: 5, Cols: 13}} {
		t.Run(b.String(), func(t *testing.T) {
			g := newGraph[[2]uint64](b, 0)
			if !g.nearShifts {
				t.Fatal("the board's moves are not all less than a word")
			}
			seed := uint64(b.Squares())
			for range 500 {
				var v [2]uint64
				keep := splitmix.Next(&seed) % 8
				for s := range g.n {
					if splitmix.Next(&seed)%8 < keep {
						add(&v, s)
					}
				}
				dg := g.degreesOf(&v)
				for s := range g.n {
					want := 0
					for _, x := range g.list[s] {
						want += b2i(!has(&v, int(x)))
					}
					got := 0
					for p := range dg {
						got |= b2i(has(&dg[p], s)) << p
					}
					if got != want%8 {
						t.Fatalf("square %d of %v: degree %d, counted %d", s, v, got, want)
					}
				}
			}
		})
	}
}

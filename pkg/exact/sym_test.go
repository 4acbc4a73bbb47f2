package exact

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/internal/splitmix"
	"knightsweep/pkg/board"
)

// The stabilizer holds each symmetry that fixes the start once, never the
// identity; the image tables give, for every key width, the image of a
// set that moving its squares one by one gives; and canon picks the same
// state, the least, from every image of a state.
func TestSymmetryImages(t *testing.T) {
	for _, tc := range []struct {
		b     board.Board
		start board.Square
		syms  int
	}{
		{board.Board{Rows: 1, Cols: 1}, board.Square{Row: 0, Col: 0}, 0}, // every symmetry the identity
		{board.Board{Rows: 1, Cols: 5}, board.Square{Row: 0, Col: 2}, 1}, // the half turn repeats the mirror
		{board.Board{Rows: 6, Cols: 6}, board.Square{Row: 0, Col: 1}, 0},
		{board.Board{Rows: 8, Cols: 8}, board.Square{Row: 0, Col: 0}, 1},   // [1]uint64
		{board.Board{Rows: 11, Cols: 11}, board.Square{Row: 5, Col: 5}, 7}, // [2]uint64
		{board.Board{Rows: 11, Cols: 11}, board.Square{Row: 1, Col: 5}, 1},
		{board.Board{Rows: 9, Cols: 20}, board.Square{Row: 4, Col: 3}, 1},    // [4]uint64
		{board.Board{Rows: 21, Cols: 21}, board.Square{Row: 3, Col: 3}, 1},   // [8]uint64
		{board.Board{Rows: 31, Cols: 31}, board.Square{Row: 15, Col: 15}, 7}, // [16]uint64
	} {
		t.Run(fmt.Sprintf("%v from %v", tc.b, tc.start), func(t *testing.T) {
			n := tc.b.Squares()
			switch {
			case n <= 64:
				checkImages[[1]uint64](t, tc.b, tc.start, tc.syms)
			case n <= 128:
				checkImages[[2]uint64](t, tc.b, tc.start, tc.syms)
			case n <= 256:
				checkImages[[4]uint64](t, tc.b, tc.start, tc.syms)
			case n <= 512:
				checkImages[[8]uint64](t, tc.b, tc.start, tc.syms)
			default:
				checkImages[[16]uint64](t, tc.b, tc.start, tc.syms)
			}
		})
	}
}

func checkImages[K set](t *testing.T, b board.Board, start board.Square, syms int) {
	n := b.Squares()
	st := b.Index(start.Row, start.Col)
	s := newSymmetry[K](b, st, Random)
	got := 0
	if s != nil {
		got = len(s.perm)
	}
	if got != syms {
		t.Fatalf("a stabilizer of %d symmetries besides the identity, want %d", got, syms)
	}
	if s == nil {
		return
	}
	seed := uint64(n)
	for range 200 {
		var v K
		cur := st
		add(&v, st)
		for sq := range n {
			if splitmix.Next(&seed)%3 == 0 {
				add(&v, sq)
				cur = sq
			}
		}
		cv, cc := s.canon(&v, cur)
		for g, p := range s.perm {
			var want K
			for sq := range n {
				if has(&v, sq) {
					add(&want, int(p[sq]))
				}
			}
			got := s.image(g, &v)
			if got != want {
				t.Fatalf("symmetry %d: image %x, want %x", g, got, want)
			}
			if gv, gc := s.canon(&got, int(p[cur])); gv != cv || gc != cc {
				t.Fatalf("symmetry %d: the image's least image differs from the state's", g)
			}
		}
		if lessState(&v, cur, &cv, cc) {
			t.Fatal("canon is not the least image")
		}
	}
}

// figures holds got to want in every figure but the tie points kept and
// the squares entered, which merging images changes.
func sameFigures(t *testing.T, got, want Result) {
	t.Helper()
	got.States, got.Nodes = want.States, want.Nodes
	sameResult(t, got, want)
}

// A start that a symmetry of the board fixes (on a mirror line, a
// diagonal, or the centre) gives the same figures with tie points merged
// with their images as without, for every randomised rule, open and
// closed, by either method, exact and float64, from fewer tie points.
func TestSymmetryMergeSameFigures(t *testing.T) {
	type tc struct {
		rows, cols, r, c int
		rule             Rule
		closed, float    bool
	}
	cases := []tc{
		{6, 6, 0, 0, Random, false, false},     // the diagonal
		{6, 6, 0, 0, PohlRandom, false, false}, // its secondary key symmetric
		{7, 7, 0, 0, RothRandom, false, false},
		{6, 6, 0, 0, Random, true, false},
		{6, 6, 0, 0, Random, false, true},
		{5, 5, 2, 2, Random, false, false}, // the centre: eight symmetries
		{5, 5, 2, 2, PohlRandom, true, false},
		{7, 7, 0, 3, Random, false, false}, // the middle column
		{7, 7, 0, 3, RothRandom, false, true},
		{5, 8, 2, 1, Random, false, false}, // the middle row of an oblong
		{7, 8, 3, 1, PohlRandom, false, false},
		{7, 8, 3, 1, RothRandom, true, true},
	}
	if !testing.Short() {
		cases = append(cases, tc{8, 8, 0, 0, Random, false, false}, tc{7, 7, 3, 3, PohlRandom, false, false},
			tc{8, 8, 3, 3, RothRandom, true, false})
	}
	for _, c := range cases {
		for _, m := range []Method{MethodMemo, MethodFrontier} {
			b := board.Board{Rows: c.rows, Cols: c.cols}
			s := board.Square{Row: c.r, Col: c.c}
			t.Run(fmt.Sprintf("%v from %v %v closed=%v float=%v %v", b, s, c.rule, c.closed, c.float, m), func(t *testing.T) {
				got, want := withAndWithoutMerge(t, b, s, Options{Rule: c.rule, Closed: c.closed, Float: c.float, Method: m, Workers: 2})
				sameFigures(t, got, want)
				if got.States >= want.States {
					t.Errorf("%d tie points merged with their images, %d without: want fewer", got.States, want.States)
				}
			})
		}
	}
}

// A start no symmetry fixes but the identity, and a deterministic rule
// from any start, walk the very same tie points with and without the
// merge.
func TestSymmetryTrivialStabilizer(t *testing.T) {
	for _, c := range []struct {
		rows, cols, r, c int
		rule             Rule
	}{
		{6, 6, 0, 1, Random},
		{7, 7, 1, 2, PohlRandom},
		{5, 6, 0, 0, Random},
		{6, 6, 0, 0, Pohl},
		{7, 7, 3, 3, First},
		{5, 5, 2, 2, Roth},
	} {
		for _, m := range []Method{MethodMemo, MethodFrontier} {
			b := board.Board{Rows: c.rows, Cols: c.cols}
			s := board.Square{Row: c.r, Col: c.c}
			t.Run(fmt.Sprintf("%v from %v %v %v", b, s, c.rule, m), func(t *testing.T) {
				got, want := withAndWithoutMerge(t, b, s, Options{Rule: c.rule, Method: m, Workers: 2})
				sameResult(t, got, want)
			})
		}
	}
}

// withAndWithoutMerge walks s on b with o, its tie points merged with
// their images (got) and kept apart (want, Options.NoSymmetry).
func withAndWithoutMerge(t *testing.T, b board.Board, s board.Square, o Options) (got, want Result) {
	t.Helper()
	got, err := From(context.Background(), b, s, o)
	if err != nil {
		t.Fatal(err)
	}
	o.NoSymmetry = true
	want, err = From(context.Background(), b, s, o)
	if err != nil {
		t.Fatal(err)
	}
	return got, want
}

// A checkpoint whose records are keyed by the states themselves (an
// earlier build's, as NoSymmetry keys them) goes on, merged with records
// keyed by their least images, to the figures of a walk not interrupted.
func TestSymmetryResumeUnmergedCheckpoint(t *testing.T) {
	b := board.Board{Rows: 7, Cols: 7}
	start := board.Square{}
	o := Options{Workers: 2, Method: MethodFrontier, MemLimit: 64 << 10}
	want, err := From(context.Background(), b, start, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Work = t.TempDir()
	old := o
	old.NoSymmetry = true
	walkTo(t, b, start, old, 20)
	if err := CheckWork(b, start, o); err != nil {
		t.Fatalf("CheckWork = %v", err)
	}
	got, err := From(context.Background(), b, start, o)
	if err != nil {
		t.Fatal(err)
	}
	sameFigures(t, got, want)
}

package parberry

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/tour"
)

// tourOf builds the cycle of a rows x cols board and walks it from start.
func tourOf(t testing.TB, rows, cols, start, workers int) []int32 {
	t.Helper()
	c, err := New(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	c.Build(workers)
	sq := make([]int32, rows*cols)
	c.Walk(start).Fill(sq)
	return sq
}

// structured reports the first structure move a closed tour lacks.
func structured(rows, cols int, sq []int32) error {
	n := len(sq)
	pos := make([]int, n)
	for i, s := range sq {
		pos[s] = i
	}
	adjacent := func(a, b [2]int) bool {
		d := pos[a[0]*cols+a[1]] - pos[b[0]*cols+b[1]]
		return d == 1 || d == -1 || d == n-1 || d == 1-n
	}
	for _, m := range [][2][2]int{{{0, 0}, {1, 2}}, {{0, 0}, {2, 1}}, {{0, 1}, {2, 0}}, {{1, 0}, {0, 2}}} {
		for _, flip := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
			var e [2][2]int
			for i, s := range m {
				r, c := s[0], s[1]
				if flip[0] {
					r = rows - 1 - r
				}
				if flip[1] {
					c = cols - 1 - c
				}
				e[i] = [2]int{r, c}
			}
			if !adjacent(e[0], e[1]) {
				return fmt.Errorf("move %v-%v missing", e[0], e[1])
			}
		}
	}
	return nil
}

func TestTilesAreStructuredClosedTours(t *testing.T) {
	want := []string{"6x6", "6x8", "8x6", "8x8", "8x10", "10x8", "10x10", "10x12", "12x10"}
	var got []string
	for _, tt := range tileTours {
		got = append(got, fmt.Sprintf("%dx%d", tt.rows, tt.cols))
		sq := make([]int32, len(tt.tour))
		for i, s := range tt.tour {
			sq[i] = int32(s)
		}
		if err := tour.Validate(tt.rows, tt.cols, 0, sq, true); err != nil {
			t.Errorf("tile %dx%d: %v", tt.rows, tt.cols, err)
		}
		if err := structured(tt.rows, tt.cols, sq); err != nil {
			t.Errorf("tile %dx%d is not structured: %v", tt.rows, tt.cols, err)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("tiles %v, want %v", got, want)
	}
}

func TestCheck(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int
		ok         bool
	}{
		{6, 6, true}, {6, 8, true}, {8, 6, true}, {12, 10, true}, {1000, 1002, true}, {10000, 10000, true},
		{4, 4, false}, {4, 6, false}, {5, 5, false}, {7, 9, false}, {6, 10, false}, {8, 7, false}, {3, 3, false}, {1, 1, false},
	} {
		err := Check(tt.rows, tt.cols)
		if (err == nil) != tt.ok {
			t.Errorf("Check(%d, %d) = %v, want ok=%v", tt.rows, tt.cols, err, tt.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "n x (n+2)") {
			t.Errorf("Check(%d, %d): %v does not say what is accepted", tt.rows, tt.cols, err)
		}
	}
}

// boards lists every board the tests build: every even n x n from 6 to 60
// and n x (n+2), (n+2) x n for a spread of n, covering both residues of n
// mod 4 at every level of splitting.
func boards() [][2]int {
	var bs [][2]int
	for n := 6; n <= 60; n += 2 {
		bs = append(bs, [2]int{n, n})
		if n <= 30 || n%8 == 2 || n%8 == 4 {
			bs = append(bs, [2]int{n, n + 2}, [2]int{n + 2, n})
		}
	}
	return bs
}

func TestClosedStructuredTours(t *testing.T) {
	for _, b := range boards() {
		rows, cols := b[0], b[1]
		for _, workers := range []int{1, 4} {
			sq := tourOf(t, rows, cols, 0, workers)
			if err := tour.Validate(rows, cols, 0, sq, true); err != nil {
				t.Errorf("%dx%d workers=%d: %v", rows, cols, workers, err)
				continue
			}
			if err := structured(rows, cols, sq); err != nil {
				t.Errorf("%dx%d: %v", rows, cols, err)
			}
		}
	}
}

// The walk may start anywhere and the tour it gives is the same cycle,
// rotated.
func TestWalkFromEverySquare(t *testing.T) {
	rows, cols := 14, 16
	ref := tourOf(t, rows, cols, 0, 1)
	pos := make([]int, len(ref))
	for i, s := range ref {
		pos[s] = i
	}
	c, _ := New(rows, cols)
	c.Build(1)
	sq := make([]int32, rows*cols)
	for start := range rows * cols {
		w := c.Walk(start)
		// Fill in uneven pieces: the walker must resume where it stopped.
		w.Fill(sq[:7])
		w.Fill(sq[7:100])
		w.Fill(sq[100:])
		if err := tour.Validate(rows, cols, start, sq, true); err != nil {
			t.Fatalf("from %d: %v", start, err)
		}
		n := len(sq)
		fwd, back := true, true
		for i, s := range sq {
			fwd = fwd && int(s) == int(ref[(pos[start]+i)%n])
			back = back && int(s) == int(ref[(pos[start]-i+n)%n])
		}
		if !fwd && !back {
			t.Fatalf("from %d: not the reference cycle rotated", start)
		}
	}
}

// The tour does not depend on how many goroutines build it.
func TestBuildIsDeterministic(t *testing.T) {
	for _, n := range []int{514, 1026} { // one and two levels of parallel quadrants
		a := tourOf(t, n, n+2, 0, 1)
		b := tourOf(t, n, n+2, 0, runtime.GOMAXPROCS(0)+2)
		if !slices.Equal(a, b) {
			t.Errorf("%dx%d: the parallel build differs", n, n+2)
		}
	}
}

// The Walker gives the reference construction's cycle, from any start and
// in pieces of any size.
func TestWalkerMatchesReference(t *testing.T) {
	for _, b := range boards() {
		ref := newRef(b[0], b[1])
		c, _ := New(b[0], b[1])
		c.Build(1)
		n := b[0] * b[1]
		got := make([]int32, n)
		for _, start := range []int{0, n - 1, n / 2, b[1]*(b[0]/2-1) + b[1]/2 - 1, 3*b[1] + 2, b[1]*(b[0]/2) - 3} {
			w := c.Walk(start)
			w.Fill(got[:1])
			w.Fill(got[1:17])
			w.Skip(0)
			w.Fill(got[17:])
			if !ref.isMove(got[n-1], got[0]) {
				t.Fatalf("%dx%d from %d: not closed", b[0], b[1], start)
			}
			want := ref.walk(int32(start), got[1])
			if !slices.Equal(got, want) {
				t.Fatalf("%dx%d from %d: the walker leaves the reference cycle", b[0], b[1], start)
			}
		}
	}
}

// Skip moves the walker as Fill does.
func TestSkip(t *testing.T) {
	c, _ := New(30, 32)
	c.Build(1)
	all := make([]int32, 30*32)
	c.Walk(100).Fill(all)
	for _, k := range []int{0, 1, 5, 37, 500, 959} {
		w := c.Walk(100)
		w.Skip(k)
		got := make([]int32, 30*32-k)
		w.Fill(got)
		if !slices.Equal(got, all[k:]) {
			t.Errorf("skip %d: the rest differs", k)
		}
	}
}

func TestLargeBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("1000x1000 and 1000x1002 under -short")
	}
	for _, b := range [][2]int{{1000, 1000}, {1002, 1000}} {
		sq := tourOf(t, b[0], b[1], 12345, 2)
		if err := tour.Validate(b[0], b[1], 12345, sq, true); err != nil {
			t.Errorf("%dx%d: %v", b[0], b[1], err)
		}
	}
}

// FillParallel gives what Fill gives, and leaves the walker where Fill does.
func TestFillParallel(t *testing.T) {
	c, _ := New(1026, 1024)
	c.Build(3)
	n := 1026 * 1024
	want := make([]int32, n+5)
	c.Walk(777).Fill(want)
	for _, workers := range []int{1, 2, 3, 7} {
		got := make([]int32, n+5)
		w := c.Walk(777)
		w.FillParallel(got[:n-3], workers)
		w.Fill(got[n-3:])
		if !slices.Equal(got, want) {
			t.Errorf("%d workers: the tour differs", workers)
		}
	}
}

func TestTour(t *testing.T) {
	sq, err := Tour(12, 14, 50, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := tour.Validate(12, 14, 50, sq, true); err != nil {
		t.Error(err)
	}
	if _, err := Tour(12, 14, 12*14, 1); err == nil {
		t.Error("start off the board accepted")
	}
	if _, err := Tour(7, 7, 0, 1); err == nil {
		t.Error("7x7 accepted")
	}
}

// FillCodes writes the moves between the squares Fill writes, in pieces of
// any length, from any start.
func TestFillCodesMatchesFill(t *testing.T) {
	for _, b := range [][2]int{{6, 6}, {8, 10}, {12, 10}, {30, 30}, {40, 42}} {
		c, err := New(b[0], b[1])
		if err != nil {
			t.Fatal(err)
		}
		c.Build(2)
		n := b[0] * b[1]
		for _, start := range []int{0, n / 3, n - 1} {
			squares := make([]int32, n)
			c.Walk(start).Fill(squares)
			var want tour.Path
			if err := want.SetSquares(b[0], b[1], squares); err != nil {
				t.Fatalf("%v from %d: %v", b, start, err)
			}
			var got tour.Path
			got.Reset(b[0], b[1], int32(start))
			w := c.Walk(start)
			w.Skip(1)
			prev := int32(start)
			codes := make([]uint8, n-1)
			for at, piece := 0, 1; at < n-1; at, piece = at+piece, piece*2+1 {
				part := codes[at:min(n-1, at+piece)]
				if prev = w.FillCodes(part, prev); prev < 0 {
					t.Fatalf("%v from %d: FillCodes refused a step", b, start)
				}
				got.SetCodes(at, part)
			}
			got.SetLen(n)
			if !slices.Equal(got.Packed(), want.Packed()) || prev != squares[n-1] {
				t.Errorf("%v from %d: the codes differ from the squares' moves", b, start)
			}
		}
	}
}

package tour

import (
	"math/rand/v2"
	"testing"
)

// randomTour finds an open tour of a rows x cols board by Warnsdorff's rule
// with random ties, retrying until one succeeds.
func randomTour(rows, cols int, rng *rand.Rand) []int32 {
	moves := [8][2]int{{-2, 1}, {-1, 2}, {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}}
	on := func(r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols }
	for {
		seen := make([]bool, rows*cols)
		r, c := rng.IntN(rows), rng.IntN(cols)
		path := []int32{int32(r*cols + c)}
		seen[r*cols+c] = true
		for len(path) < rows*cols {
			best, bestDeg, ties := -1, 9, 0
			for k, m := range moves {
				nr, nc := r+m[0], c+m[1]
				if !on(nr, nc) || seen[nr*cols+nc] {
					continue
				}
				deg := 0
				for _, m2 := range moves {
					if on(nr+m2[0], nc+m2[1]) && !seen[(nr+m2[0])*cols+nc+m2[1]] {
						deg++
					}
				}
				switch {
				case deg < bestDeg:
					best, bestDeg, ties = k, deg, 1
				case deg == bestDeg:
					ties++
					if rng.IntN(ties) == 0 {
						best = k
					}
				}
			}
			if best < 0 {
				break
			}
			r, c = r+moves[best][0], c+moves[best][1]
			seen[r*cols+c] = true
			path = append(path, int32(r*cols+c))
		}
		if len(path) == rows*cols {
			return path
		}
	}
}

// fast reports whether squares make a Path (every step a knight's move)
// that Check accepts: the division-free way.
func fast(rows, cols int, squares []int32) bool {
	var p Path
	if p.SetSquares(rows, cols, squares) != nil || p.Len() != rows*cols {
		return false
	}
	return new(Checker).Check(&p, int(squares[0]), false) == nil
}

// The division-free pass and the plain one agree on tours and on every kind
// of broken tour, including steps whose index change is a knight's but
// which wrap round the board's edge.
func TestCheckAgreesWithExplain(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	faults := 0
	for _, b := range [][2]int{{5, 5}, {4, 5}, {5, 4}, {6, 6}, {5, 7}, {8, 8}, {7, 10}, {10, 5}} {
		rows, cols := b[0], b[1]
		n := rows * cols
		for trial := range 300 {
			tr := randomTour(rows, cols, rng)
			switch trial % 6 {
			case 1: // swap two steps
				i, j := rng.IntN(n), rng.IntN(n)
				tr[i], tr[j] = tr[j], tr[i]
			case 2: // any value, on or off the board
				tr[rng.IntN(n)] = int32(rng.IntN(n+10) - 5)
			case 3: // shift a square sideways: often a wrapped "knight's move"
				i := rng.IntN(n)
				tr[i] += int32(rng.IntN(5) - 2)
			case 4: // move the tour one column over: every step is still the same index change
				for i := range tr {
					tr[i]++
				}
			case 5: // rotate: a valid path unless the jump between its ends is a move
				k := rng.IntN(n)
				tr = append(tr[k:], tr[:k]...)
			}
			want := explain(rows, cols, tr, false) == nil
			if !want {
				faults++
			}
			if got := fast(rows, cols, tr); got != want {
				t.Fatalf("%dx%d trial %d: fast %v, plain %v: %v", rows, cols, trial, got, want, tr)
			}
		}
	}
	if faults < 1000 {
		t.Errorf("only %d broken tours tried", faults)
	}
}

// A step that wraps round the edge has a knight's index change but is not a
// knight's move: (0,7) to (3,0) on 8 columns differs by 17 = 2*8+1, the
// index change of the move (2,1).
func TestEncodeWrap(t *testing.T) {
	tr := randomTour(8, 8, rand.New(rand.NewPCG(3, 4)))
	if !fast(8, 8, tr) {
		t.Fatal("a Warnsdorff tour fails")
	}
	var p Path
	if p.SetSquares(8, 8, []int32{7, 24}) == nil || p.SetSquares(8, 8, []int32{6, 23}) != nil {
		t.Error("wrapped step passed")
	}
}

// A Checker reuses its buffers: checking tour after tour, of boards of
// every width, allocates nothing once they are large enough, and gives the
// answers of fresh ones.
func TestCheckerReuse(t *testing.T) {
	var c Checker
	rng := rand.New(rand.NewPCG(1, 2))
	tours := [][3]int{{8, 8, 0}, {5, 5, 0}, {6, 8, 0}}
	var paths [][]int32
	for _, b := range tours {
		paths = append(paths, randomTour(b[0], b[1], rng))
	}
	for i, p := range paths {
		if err := c.Validate(tours[i][0], tours[i][1], int(p[0]), p, false); err != nil {
			t.Fatalf("%v: %v", tours[i], err)
		}
	}
	allocs := testing.AllocsPerRun(100, func() {
		for i, p := range paths {
			if err := c.Validate(tours[i][0], tours[i][1], int(p[0]), p, false); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations a round", allocs)
	}
	// A faulty tour after good ones is still caught: the buffers were
	// cleared.
	bad := append([]int32(nil), paths[0]...)
	bad[10], bad[11] = bad[11], bad[10]
	if c.Validate(8, 8, int(bad[0]), bad, false) == nil {
		t.Error("a bad tour passed a reused Checker")
	}
}

package count

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// Counting by halves gives every square's count and the total that the
// walk with reverses gives (the walk runs when a checkpoint is asked for),
// with one worker and with several, on the square boards it is used for:
// 4x4 (no tour), 5x5 (an odd number of squares: halves of 13 and 12) and
// 6x6. Total, which keeps one column, gives the same total. -short leaves
// out 6x6 (its walk enters 28.9M squares); the known totals below still
// hold its halves.
func TestHalvesMatchTheWalk(t *testing.T) {
	for _, n := range []int{4, 5, 6} {
		if testing.Short() && n == 6 {
			continue
		}
		b := board.Board{Rows: n, Cols: n}
		walked := walked(t, b)
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%v/workers=%d", b, workers), func(t *testing.T) {
				halved, err := All(context.Background(), b, Options{Workers: workers})
				if err != nil || !halved.AllComplete {
					t.Fatal(err)
				}
				if halved.Nodes == walked.Nodes && n > 4 {
					t.Errorf("the halves entered %d squares, as many as the walk: not counted by halves", halved.Nodes)
				}
				for r := range b.Rows {
					for c := range b.Cols {
						if halved.Tours[r][c].Cmp(walked.Tours[r][c]) != 0 {
							t.Errorf("%d,%d: %v by halves, %v walked", r, c, halved.Tours[r][c], walked.Tours[r][c])
						}
					}
				}
				total, err := Total(context.Background(), b, Options{Workers: workers})
				if err != nil || total.Total.Cmp(walked.Total) != 0 || halved.Total.Cmp(walked.Total) != 0 {
					t.Errorf("total %v (grid %v), walked %v: %v", total.Total, halved.Total, walked.Total, err)
				}
			})
		}
	}
	// The known totals: 1,728 directed open tours of 5x5 and 6,637,920 of
	// 6x6 (OEIS A165134).
	for n, want := range map[int]int64{5: 1728, 6: 6637920} {
		g, err := Total(context.Background(), board.Board{Rows: n, Cols: n}, Options{})
		if err != nil || g.Total.Cmp(big.NewInt(want)) != 0 {
			t.Errorf("%dx%d: %v, want %d (%v)", n, n, g.Total, want, err)
		}
	}
}

// A count by halves stopped early has no partial counts: every square's
// count is 0 and incomplete.
func TestHalvesStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, err := All(ctx, board.Board{Rows: 6, Cols: 6}, Options{})
	if err != nil || g.AllComplete || g.Total.Sign() != 0 || g.Complete[0][0] || g.Tours[0][0].Sign() != 0 {
		t.Errorf("stopped count: %v, complete %v, total %v", err, g.AllComplete, g.Total)
	}
}

// Below the memory of one worker's tables, the walk counts instead.
func TestHalvesMemLimit(t *testing.T) {
	g := newGraph(board.Board{Rows: 6, Cols: 6})
	need := halfTableBytes(36, 6)
	if need != 7*8<<18 {
		t.Errorf("6x6's table by class: %d bytes, want 7 columns of 8 bytes in 2^18 slots", need)
	}
	if !g.useHalves(Options{MemLimit: need}, 6) || g.useHalves(Options{MemLimit: need - 1}, 6) || !g.useHalves(Options{}, 6) {
		t.Error("the halves do not keep to the memory limit")
	}
	if g.useHalves(Options{Closed: true}, 1) || newGraph(board.Board{Rows: 5, Cols: 6}).useHalves(Options{}, 1) {
		t.Error("halves for closed tours, or for a board that is not square")
	}
}

// The halves count rectangles too, with their four symmetries, though All
// walks them (faster there): every class's count equals the walk's, on
// boards of an even and an odd number of squares, both ways round.
func TestHalvesOnRectangles(t *testing.T) {
	for _, b := range []board.Board{{Rows: 3, Cols: 8}, {Rows: 4, Cols: 5}, {Rows: 5, Cols: 4}, {Rows: 4, Cols: 7}, {Rows: 3, Cols: 9}, {Rows: 5, Cols: 6}} {
		t.Run(b.String(), func(t *testing.T) {
			walked, err := All(context.Background(), b, Options{})
			if err != nil || !walked.AllComplete {
				t.Fatal(err)
			}
			g := newGraph(b)
			rep := b.Representatives()
			var searched []int
			rank := make([]int, g.n)
			for s, r := range rep {
				if r == s {
					searched = append(searched, s)
				}
				rank[s] = rank[r]
				if r == s {
					rank[s] = len(searched) - 1
				}
			}
			halved, err := g.allByHalves(context.Background(), Options{Workers: 2}, searched, rank, true, time.Now())
			if err != nil || !halved.AllComplete {
				t.Fatal(err)
			}
			for r := range b.Rows {
				for c := range b.Cols {
					if halved.Tours[r][c].Cmp(walked.Tours[r][c]) != 0 {
						t.Errorf("%d,%d: %v by halves, %v walked", r, c, halved.Tours[r][c], walked.Tours[r][c])
					}
				}
			}
			if walked.Total.Sign() == 0 {
				t.Errorf("%v has no open tour: a weak test", b)
			}
		})
	}
}

// A table of halves keeps exact counts: packed with its key in one word,
// counts that outgrow their bits move to the map beside; it grows and
// merges without losing any.
func TestHalfTable(t *testing.T) {
	for _, tc := range []struct {
		name          string
		cols, keyBits int
	}{
		{"packed, 16 bits a count", 1, packedKeyBits},
		{"packed, 22 bits a count", 1, 42},
		{"a word a count", 1, packedKeyBits + 1},
		{"three columns", 3, 42},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := newHalfTable(2, tc.cols, tc.keyBits), newHalfTable(3, tc.cols, tc.keyBits)
			want := map[[2]uint64]uint64{}
			for i := range uint64(200) {
				key := 1 + i%37*977 // 37 keys, none 0
				col := int(i % uint64(tc.cols))
				a.add(key, col, 1000*i)
				b.add(key, col, 3*i+1)
				want[[2]uint64{key, uint64(col)}] += 1000*i + 3*i + 1
			}
			a.merge(b)
			if a.used != 37 {
				t.Errorf("%d keys, want 37", a.used)
			}
			for k, n := range want {
				j := a.find(k[0])
				if a.slots[j] == 0 || a.keyAt(j) != k[0] || a.count(j, int(k[1])) != n {
					t.Errorf("key %d column %d: %d, want %d", k[0], k[1], a.count(j, int(k[1])), n)
				}
			}
			// A key's count reaches 1000 (36 + 73 + ... + 184) and more,
			// past the 2^16 of a 48-bit key's count.
			packed := tc.cols == 1 && tc.keyBits <= packedKeyBits
			if packed != (a.stride == 1) || tc.keyBits == packedKeyBits && len(a.over) == 0 {
				t.Errorf("stride %d, %d keys outgrown", a.stride, len(a.over))
			}
		})
	}
}

package theory_test

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
	"knightsweep/pkg/theory"
)

// Every start of every board with both sides from 1 to 41, either way
// round, open and closed, is settled (yes or no) by a theorem, a count or a
// certificate; the planner's shapes rule out exactly the No starts. The
// tallies are the figures docs/strategies.md quotes.
func TestZeroUnknown(t *testing.T) {
	type tally struct{ starts, yes, no, theorem, count, certificate int }
	var upTo20, upTo41 tally
	for rows := 1; rows <= theory.MaxSettled; rows++ {
		for cols := 1; cols <= theory.MaxSettled; cols++ {
			for _, closed := range []bool{false, true} {
				e := theory.ExcludedOn(rows, cols, closed)
				for r := range rows {
					for c := range cols {
						v := theory.Settle(rows, cols, r, c, closed)
						if v.Answer == theory.Unknown || v.Kind == theory.KindNone {
							t.Fatalf("%dx%d from %d,%d closed=%v: %s", rows, cols, r, c, closed, v.Backing())
						}
						if got, want := e.Excludes(rows, cols, r, c, closed), v.Answer == theory.No; got != want {
							t.Fatalf("%dx%d closed=%v %d,%d: shape %d excludes=%v, Settle says no=%v", rows, cols, closed, r, c, e, got, want)
						}
						if closed || rows > cols || rows < 3 {
							continue
						}
						for _, tl := range []*tally{&upTo20, &upTo41} {
							if tl == &upTo20 && cols > 20 {
								continue
							}
							tl.starts++
							if v.Answer == theory.Yes {
								tl.yes++
							} else {
								tl.no++
							}
							switch v.Kind {
							case theory.KindTheorem:
								tl.theorem++
							case theory.KindCount:
								tl.count++
							case theory.KindCertificate:
								tl.certificate++
							}
						}
					}
				}
			}
		}
	}
	// The boards m x n, 3 <= m <= n, open tours: 22,857 starts up to 20
	// and 379,990 up to 41 (the sums of m*n). Worked out apart from
	// Settle: the theorems settle every square of a board with a closed
	// tour, the minority colour of odd boards, 4 x n's inner ranks and the
	// corner colour of odd n x n, n >= 7; the counts every other square of
	// 3 x n, 4 x n, 5x5, 5x7 and 5x9, of which 48 are no (3x3: 5, 3x4: 6,
	// 3x5: 8, 3x6: 18, 3x7: 1, 3x8: 2, 4x4: 8); certificates the rest.
	want20 := tally{22857, 19641, 3216, 20241, 669, 1947}
	want41 := tally{379990, 326852, 53138, 332798, 2488, 44704}
	if upTo20 != want20 || upTo41 != want41 {
		t.Errorf("3 <= m <= n <= 20: %+v, want %+v; up to 41: %+v, want %+v", upTo20, want20, upTo41, want41)
	}
}

// Beyond 41 a start that no theorem settles is Unknown, and says why.
func TestUnknownBeyond(t *testing.T) {
	for _, b := range [][4]int{{3, 43, 0, 0}, {4, 42, 0, 5}, {43, 4, 5, 0}, {7, 45, 0, 0}, {5, 43, 2, 2}} {
		v := theory.Settle(b[0], b[1], b[2], b[3], false)
		if v.Answer != theory.Unknown || !strings.Contains(v.Why, "up to 41") {
			t.Errorf("%dx%d from %d,%d: %v, %q", b[0], b[1], b[2], b[3], v.Answer, v.Why)
		}
	}
	// Where a theorem settles a start, beyond 41 too.
	for _, tt := range []struct {
		rows, cols, row, col int
		want                 theory.Answer
		theorem              string
	}{
		{4, 100, 1, 7, theory.No, theory.TheoremOuterRank},
		{3, 101, 0, 1, theory.No, theory.TheoremColour},
		{43, 43, 2, 2, theory.Yes, theory.TheoremConrad},
		{42, 43, 2, 3, theory.Yes, theory.TheoremSchwenk},
		{2, 100, 0, 0, theory.No, theory.TheoremNarrow},
	} {
		v := theory.Settle(tt.rows, tt.cols, tt.row, tt.col, false)
		if v.Answer != tt.want || v.Theorem != tt.theorem {
			t.Errorf("%dx%d from %d,%d: %s, want %v by %s", tt.rows, tt.cols, tt.row, tt.col, v.Backing(), tt.want, tt.theorem)
		}
	}
}

// The stored counts are the frontier counter's, square by square: every
// board under make test-long, a few under make test. countsFile's boards
// are m x n, m <= n.
func TestStoredCounts(t *testing.T) {
	boards, err := theory.ReadCounts(bytes.NewReader(theory.CountsFile))
	if err != nil {
		t.Fatal(err)
	}
	sample := map[string]bool{"3x7": true, "3x8": true, "3x13": true, "4x4": true, "4x10": true, "5x7": true}
	for _, cb := range boards {
		b := board.Board{Rows: cb.Rows, Cols: cb.Cols}
		if testing.Short() && !sample[b.String()] {
			continue
		}
		t.Run(b.String(), func(t *testing.T) {
			t.Parallel()
			for r := range b.Rows {
				for c := range b.Cols {
					stored := cb.Counts[r][c]
					_, settled := theory.ByTheorem(b.Rows, b.Cols, r, c, false)
					if (stored == nil) != settled {
						t.Fatalf("from %d,%d: stored %v, settled by a theorem %v", r, c, stored, settled)
					}
					if stored == nil || !canonical(b, r, c) {
						continue
					}
					res, err := count.From(context.Background(), b, board.Square{Row: r, Col: c}, count.Options{Workers: 1})
					if err != nil {
						t.Fatal(err)
					}
					if res.Tours.Cmp(stored) != 0 {
						t.Errorf("from %d,%d: counted %v, stored %v", r, c, res.Tours, stored)
					}
					for _, img := range b.Images(b.Index(r, c)) {
						ir, ic := b.RowCol(img)
						if cb.Counts[ir][ic].Cmp(stored) != 0 {
							t.Errorf("%d,%d: stored %v, its image %d,%d %v", r, c, stored, ir, ic, cb.Counts[ir][ic])
						}
					}
				}
			}
		})
	}
}

// canonical reports whether (r, c) is the first square of its class.
func canonical(b board.Board, r, c int) bool {
	return b.Representatives()[b.Index(r, c)] == b.Index(r, c)
}

// The literature's per-square facts that the counts re-derive: 5x5 (the
// grid of the reference counts), 3x4's total, and the 3 x n totals of
// OEIS A169696 (twice its undirected counts).
func TestStoredCountsKnown(t *testing.T) {
	total := func(rows, cols int) *big.Int {
		sum := new(big.Int)
		for r := range rows {
			for c := range cols {
				if v := theory.Settle(rows, cols, r, c, false); v.Kind == theory.KindCount {
					sum.Add(sum, v.Count)
				}
			}
		}
		return sum
	}
	for _, tt := range []struct {
		rows, cols int
		want       string
	}{{3, 4, "16"}, {3, 7, "104"}, {3, 8, "792"}, {3, 9, "1120"}, {3, 11, "21344"}, {3, 13, "257728"}, {4, 5, "164"}, {4, 8, "62176"}, {5, 5, "1728"}} {
		if got := total(tt.rows, tt.cols); got.String() != tt.want {
			t.Errorf("%dx%d: the stored counts add up to %v, want %s", tt.rows, tt.cols, got, tt.want)
		}
	}
	if v := theory.Settle(5, 5, 2, 2, false); v.Count.Int64() != 64 {
		t.Errorf("5x5 from the centre: %s, want count 64", v.Backing())
	}
}

// The 4 x n outer-rank rule's consequence: no open tour of 4 x n starts on
// an inner rank; the frontier counter finds none from any inner square of
// 4x5 to 4x9 (4x5 and 4x6 under make test), either way round.
func TestOuterRankCounts(t *testing.T) {
	last := 9
	if testing.Short() {
		last = 6
	}
	for n := 5; n <= last; n++ {
		for _, b := range []board.Board{{Rows: 4, Cols: n}, {Rows: n, Cols: 4}} {
			for sq := range b.Squares() {
				r, c := b.RowCol(sq)
				i := r
				if b.Rows != 4 {
					i = c
				}
				if i != 1 && i != 2 {
					continue
				}
				res, err := count.From(context.Background(), b, board.Square{Row: r, Col: c}, count.Options{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if res.Tours.Sign() != 0 {
					t.Errorf("%v from %d,%d: %v tours", b, r, c, res.Tours)
				}
			}
		}
	}
}

// The files read back to what they hold: writing what was read gives the
// same bytes (past the comment lines, which the generator writes).
func TestDataRoundTrip(t *testing.T) {
	boards, err := theory.ReadCounts(bytes.NewReader(theory.CountsFile))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := theory.WriteCounts(&buf, "", boards); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), uncommented(theory.CountsFile); got != want {
		t.Errorf("counts rewritten differ")
	}
	certs, err := theory.ReadCertificates(bytes.NewReader(theory.CertificatesFile))
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := theory.WriteCertificates(&buf, "", certs); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), uncommented(theory.CertificatesFile); got != want {
		t.Errorf("certificates rewritten differ")
	}
}

func uncommented(b []byte) string {
	var sb strings.Builder
	for l := range strings.Lines(string(b)) {
		if !strings.HasPrefix(l, "#") {
			sb.WriteString(l)
		}
	}
	return sb.String()
}

// Malformed files are refused, naming the line.
func TestReadRefuses(t *testing.T) {
	for _, tt := range []struct{ counts, certs, want string }{
		{counts: "3x4\n1 2 3\n", want: "line 2: 3 counts on a row of 3x4, want 4"},
		{counts: "3x4\n1 2 3 x\n", want: `line 2: "x" is not a count`},
		{counts: "3x4\n1 2 3 4\n", want: "3x4: 1 rows of counts, want 3"},
		{counts: "3x99\n", want: `line 1: "3x99" is not a board`},
		{certs: "7x9 0-62:3 1-2\n", want: `line 1: "1-2" is not START-END:SEED`},
		{certs: "7x9 0-63:3\n", want: `"0-63:3": a square is off the 7x9 board`},
	} {
		var err error
		if tt.counts != "" {
			_, err = theory.ReadCounts(strings.NewReader(tt.counts))
		} else {
			_, err = theory.ReadCertificates(strings.NewReader(tt.certs))
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q%q: %v, want %q", tt.counts, tt.certs, err, tt.want)
		}
	}
}

// Settle allocates nothing once the data are read: the planner asks it
// for every job of a sweep, up to every start of a 20000 x 20000 board.
func TestSettleAllocates(t *testing.T) {
	theory.Settle(9, 11, 0, 0, false) // read the data
	for _, q := range [][4]int{{9, 11, 0, 2}, {4, 10, 0, 3}, {100, 101, 0, 0}, {20000, 20000, 5, 7}, {7, 7, 0, 1}} {
		if n := testing.AllocsPerRun(100, func() { theory.Settle(q[0], q[1], q[2], q[3], false) }); n != 0 {
			t.Errorf("%dx%d from %d,%d: %v allocations", q[0], q[1], q[2], q[3], n)
		}
	}
}

func BenchmarkSettle(b *testing.B) {
	for _, q := range [][4]int{{9, 11, 0, 2}, {4, 10, 0, 3}, {100, 101, 0, 0}} {
		b.Run(fmt.Sprintf("%dx%d", q[0], q[1]), func(b *testing.B) {
			for b.Loop() {
				theory.Settle(q[0], q[1], q[2], q[3], false)
			}
		})
	}
}

// UnknownOn counts what Settle leaves Unknown, square by square, on boards
// either side of MaxSettled and of each shape.
func TestUnknownOn(t *testing.T) {
	for _, b := range [][2]int{{1, 50}, {2, 50}, {3, 41}, {3, 42}, {3, 43}, {4, 42}, {43, 4}, {5, 43}, {6, 43},
		{41, 41}, {41, 43}, {42, 43}, {43, 45}, {45, 43}, {45, 45}, {44, 45}} {
		for _, closed := range []bool{false, true} {
			want := 0
			for r := range b[0] {
				for c := range b[1] {
					if theory.Settle(b[0], b[1], r, c, closed).Answer == theory.Unknown {
						want++
					}
				}
			}
			if got := theory.UnknownOn(b[0], b[1], closed); got != want {
				t.Errorf("theory.UnknownOn(%d, %d, %v) = %d, want %d", b[0], b[1], closed, got, want)
			}
		}
	}
	// 43x45's corner colour, 4x43's outer ranks: worked out by hand.
	if theory.UnknownOn(43, 45, false) != 968 || theory.UnknownOn(4, 43, false) != 86 {
		t.Errorf("43x45: %d, 4x43: %d; want 968 and 86", theory.UnknownOn(43, 45, false), theory.UnknownOn(4, 43, false))
	}
}

package main

import (
	"bytes"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/theory"
)

// counts returns the table at path without the columns that depend on the
// machine's timing (peak states do not, but seconds do and follow them).
func counts(t *testing.T, path string) string {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for i, line := range bytes.Split(bytes.TrimSpace(got), []byte("\n")) {
		if i == 0 {
			b.Write(line)
		} else {
			f := bytes.Split(line, []byte(","))
			b.Write(bytes.Join(f[:4], []byte(",")))
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// An existing table is extended: boards not counted again are kept, the
// rest replaced, in order; a file that is no such table is left as it was.
func TestExtend(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.csv")
	// An earlier table: 3x4's count is wrong, so that the recount must
	// replace it; 4x5 is not counted again and must stay as written.
	earlier := strings.Join(header, ",") + "\n3,4,99,0,26,0.00\n4,5,164,0,1569,7.25\n"
	if err := os.WriteFile(out, []byte(earlier), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-rows", "3-3", "-max-cols", "5"},
		{"-rows", "3-3", "-min-cols", "6", "-max-cols", "7"},
	} {
		if err := run(append(args, "-out", out), io.Discard); err != nil {
			t.Fatal(args, err)
		}
	}
	want := `rows,cols,open_directed,closed_undirected,peak_states,seconds
3,3,0,0,
3,4,16,0,
3,5,0,0,
3,6,0,0,
3,7,104,0,
4,5,164,0,
`
	if got := counts(t, out); got != want {
		t.Errorf("extended table:\n%s\nwant\n%s", got, want)
	}
	if got, _ := os.ReadFile(out); !strings.HasSuffix(string(got), "\n4,5,164,0,1569,7.25\n") {
		t.Errorf("the board kept was rewritten:\n%s", got)
	}

	for name, text := range map[string]string{
		"other header": "board,open\n3x4,16\n",
		"no board":     strings.Join(header, ",") + "\nthree,4,16,0,26,0.00\n",
		"empty":        "",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "notes.csv")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			err := run([]string{"-rows", "3-3", "-max-cols", "4", "-out", path}, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "not a table of rectangles") {
				t.Errorf("err = %v, want a refusal", err)
			}
			if got, _ := os.ReadFile(path); string(got) != text {
				t.Errorf("the file became %q", got)
			}
		})
	}
}

// The first rows of the table, by hand from published counts: 3x3..3x8 open
// (0, 16, 0, 0, 104, 792 directed; OEIS A169696 halves them) and no closed
// tour on 3 x n for n < 10; 4 x n has no closed tour at all.
func TestTable(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.csv")
	var log bytes.Buffer
	if err := run([]string{"-rows", "3-4", "-max-cols", "8", "-out", out}, &log); err != nil {
		t.Fatal(err)
	}
	want := `rows,cols,open_directed,closed_undirected,peak_states,seconds
3,3,0,0,
3,4,16,0,
3,5,0,0,
3,6,0,0,
3,7,104,0,
3,8,792,0,
4,4,0,0,
4,5,164,0,
4,6,1488,0,
4,7,12756,0,
4,8,62176,0,
`
	if got := counts(t, out); got != want {
		t.Errorf("table:\n%s\nwant\n%s", got, want)
	}
	for _, bad := range [][]string{{"-rows", "9"}, {"-rows", "x"}, {"-mem-limit", "lots"}, {"-budget", "soon"}} {
		if err := run(bad, &log); !input.Is(err) || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%q: %v, want a usage error naming the flag", bad, err)
		}
	}
	// 6x6's count takes some 100 MB: a bound of 4 MiB ends row 6 before
	// its first board, and the log says why.
	small := filepath.Join(t.TempDir(), "small.csv")
	log.Reset()
	if err := run([]string{"-rows", "6-6", "-mem-limit", "4MiB", "-out", small}, &log); err != nil {
		t.Fatal(err)
	}
	if got := counts(t, small); got != strings.Join(header, ",")+"\n" || !strings.Contains(log.String(), "6x6: the frontier count needs about") {
		t.Errorf("6x6 under 4 MiB: table %q, log %q", got, log.String())
	}
}

// The committed table (docs/rectangles.csv) against what is known without
// it: Schwenk's theorem (package theory) decides which boards have closed
// tours, and the published counts of the reference notes.
func TestCommittedTable(t *testing.T) {
	recs, err := readTable("../../../docs/rectangles.csv")
	if err != nil || recs == nil {
		t.Fatal("no table", err)
	}
	published := map[[2]int]uint64{{3, 4}: 16, {3, 11}: 21344, {3, 12}: 114496, {3, 13}: 257728, {4, 6}: 1488, {4, 7}: 12756, {4, 8}: 62176, {5, 5}: 1728, {5, 6}: 37568, {6, 6}: 6637920, {7, 7}: 165575218320}
	closedPublished := map[[2]int]uint64{{3, 10}: 16, {6, 6}: 9862}
	seen := 0
	for _, r := range recs {
		m, n, _ := boardOf(r)
		open, ok1 := new(big.Int).SetString(r[2], 10)
		closed, ok2 := new(big.Int).SetString(r[3], 10)
		if !ok1 || !ok2 {
			t.Fatalf("row %v: not integers", r)
		}
		if exists := theory.ClosedExists(m, n) == theory.Yes; (closed.Sign() > 0) != exists {
			t.Errorf("%dx%d: %v closed tours; Schwenk's theorem says some: %v", m, n, closed, exists)
		}
		if want, ok := published[[2]int{m, n}]; ok && open.Cmp(new(big.Int).SetUint64(want)) != 0 {
			t.Errorf("%dx%d: %v open tours, published %d", m, n, open, want)
		}
		if want, ok := closedPublished[[2]int{m, n}]; ok && closed.Cmp(new(big.Int).SetUint64(want)) != 0 {
			t.Errorf("%dx%d: %v closed tours, published %d", m, n, closed, want)
		}
		least := new(big.Int).Mul(closed, big.NewInt(int64(2*m*n)))
		if open.Cmp(least) < 0 {
			// Dropping one of a cycle's m*n edges leaves an open tour,
			// two directed ones, and distinct (cycle, edge) pairs leave
			// distinct paths.
			t.Errorf("%dx%d: %v open tours, fewer than the %v that the closed ones make", m, n, open, least)
		}
		seen++
	}
	if seen < 70 {
		t.Errorf("only %d boards in the table", seen)
	}
	// Counts by a transfer matrix grow by its largest eigenvalue: the
	// closed tours of 5 x n (n even) by 328.3456... every two columns, to
	// six digits from 5 x 26 on, and those of 6 x n by 64.08... a column,
	// to four digits from 6 x 20 on, through the counts past 2^128 that
	// only 256-bit totals hold. A count off by 2^128 where it is not much
	// larger (5 x 36, 5 x 38, 6 x 26, 6 x 27) would show here.
	closed := map[[2]int]*big.Float{}
	for _, r := range recs {
		m, n, _ := boardOf(r)
		closed[[2]int{m, n}], _ = new(big.Float).SetString(r[3])
	}
	for _, tc := range []struct {
		rows, from, step, last int
		lo, hi, within         float64
	}{
		{5, 26, 2, 40, 328, 329, 1e-5},
		{6, 20, 1, 29, 64, 64.2, 3e-4},
	} {
		var first float64
		for n := tc.from; n+tc.step <= tc.last; n += tc.step {
			a, b := closed[[2]int{tc.rows, n}], closed[[2]int{tc.rows, n + tc.step}]
			if a == nil || b == nil {
				t.Errorf("the table has no %d x %d or %d x %d", tc.rows, n, tc.rows, n+tc.step)
				break
			}
			ratio, _ := new(big.Float).Quo(b, a).Float64()
			if first == 0 {
				first = ratio
			}
			if math.Abs(ratio/first-1) > tc.within || ratio < tc.lo || ratio > tc.hi {
				t.Errorf("%d x %d's closed tours are %.7f times %d x %d's, where the first ratio was %.7f",
					tc.rows, n+tc.step, ratio, tc.rows, n, first)
			}
		}
	}
}

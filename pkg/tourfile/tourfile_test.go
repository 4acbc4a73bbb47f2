package tourfile

import (
	"bytes"
	"encoding/binary"
	"flag"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/parberry"
	"knightsweep/pkg/tour"
)

var update = flag.Bool("update", false, "rewrite golden files")

// seed003 is seed 003's published 8x8 tour as step numbers by square.
var seed003 = [64]int32{
	0, 59, 38, 33, 30, 17, 8, 63,
	37, 34, 31, 60, 9, 62, 29, 16,
	58, 1, 36, 39, 32, 27, 18, 7,
	35, 48, 41, 26, 61, 10, 15, 28,
	42, 57, 2, 49, 40, 23, 6, 19,
	47, 50, 45, 54, 25, 20, 11, 14,
	56, 43, 52, 3, 22, 13, 24, 5,
	51, 46, 55, 44, 53, 4, 21, 12,
}

func seedTour() Tour {
	t := Tour{Rows: 8, Cols: 8, Squares: make([]int32, 64)}
	for sq, step := range seed003 {
		t.Squares[step] = int32(sq)
	}
	return t
}

func parberryTour(t testing.TB, rows, cols, start int) Tour {
	t.Helper()
	sq, err := parberry.Tour(rows, cols, start, 1)
	if err != nil {
		t.Fatal(err)
	}
	return Tour{Rows: rows, Cols: cols, Closed: true, Squares: sq}
}

// randomPath is a self-avoiding random knight's walk of up to max squares:
// a path, not a tour, on any board, narrow ones included.
func randomPath(rows, cols, max int, rng *rand.Rand) Tour {
	b := board.Board{Rows: rows, Cols: cols}
	seen := make([]bool, rows*cols)
	s := rng.IntN(rows * cols)
	p := []int32{int32(s)}
	seen[s] = true
	for len(p) < max {
		r, c := b.RowCol(s)
		var next []int
		for _, m := range board.DigitMoves {
			if b.Contains(r+m.DRow, c+m.DCol) && !seen[b.Index(r+m.DRow, c+m.DCol)] {
				next = append(next, b.Index(r+m.DRow, c+m.DCol))
			}
		}
		if len(next) == 0 {
			break
		}
		s = next[rng.IntN(len(next))]
		seen[s] = true
		p = append(p, int32(s))
	}
	return Tour{Rows: rows, Cols: cols, Squares: p}
}

func roundTrip(t *testing.T, tr Tour, text bool) {
	t.Helper()
	var buf bytes.Buffer
	write, read := Write, Read
	if text {
		write, read = WriteText, ReadText
	}
	if err := write(&buf, tr); err != nil {
		t.Fatalf("%dx%d: %v", tr.Rows, tr.Cols, err)
	}
	got, err := read(&buf)
	if err != nil {
		t.Fatalf("%dx%d: %v", tr.Rows, tr.Cols, err)
	}
	if got.Rows != tr.Rows || got.Cols != tr.Cols || got.Closed != tr.Closed || !slices.Equal(got.Squares, tr.Squares) {
		t.Fatalf("%dx%d: round trip changed the tour", tr.Rows, tr.Cols)
	}
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tours := []Tour{seedTour(), parberryTour(t, 6, 6, 0), parberryTour(t, 30, 32, 77), parberryTour(t, 102, 100, 5000)}
	for _, b := range [][2]int{{1, 1}, {3, 4}, {4, 3}, {2, 3}, {3, 7}, {1, 5}, {5, 5}, {9, 4}, {20, 33}} {
		for range 20 {
			tours = append(tours, randomPath(b[0], b[1], 1+rng.IntN(b[0]*b[1]), rng))
		}
	}
	for _, tr := range tours {
		roundTrip(t, tr, false)
		roundTrip(t, tr, true)
	}
}

// The format at the byte level: a 3-square path on 5x5 from (0,0) by the
// moves (+1,+2) and (+2,-1), codes 2 and 4.
func TestBinaryLayout(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, Tour{Rows: 5, Cols: 5, Squares: []int32{0, 7, 16}}); err != nil {
		t.Fatal(err)
	}
	want := []byte{'K', 'T', 'O', 'U', 1, 0, 0, 0, 5, 0, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		2 | 4<<3}
	want = binary.LittleEndian.AppendUint32(want, crc32.ChecksumIEEE(want))
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("got  % x\nwant % x", buf.Bytes(), want)
	}
}

// testdata/seed003.ktour pins the format: seed 003's tour as written by
// version 1.
func TestGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, seedTour()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "seed003.ktour")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Error("Write's output differs from testdata/seed003.ktour")
	}
	// 28 header bytes, 63 moves in 24 bytes, 4 checksum bytes.
	if len(want) != 28+24+4 {
		t.Errorf("%d bytes, want 56", len(want))
	}
}

// withCRC replaces the checksum at the end of b by the right one.
func withCRC(b []byte) []byte {
	b = slices.Clone(b)
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	return b
}

func TestReadRejects(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, Tour{Rows: 5, Cols: 5, Squares: []int32{0, 7, 16}}); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	mod := func(f func(b []byte)) []byte {
		b := slices.Clone(good)
		f(b)
		return b
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "unexpected EOF"},
		{"magic", withCRC(mod(func(b []byte) { b[0] = 'X' })), "not a tour file"},
		{"version", withCRC(mod(func(b []byte) { b[4] = 2 })), "version 2"},
		{"flags", withCRC(mod(func(b []byte) { b[5] = 4 })), "unknown flags"},
		{"rows", withCRC(mod(func(b []byte) { b[8] = 0 })), "each side"},
		{"length", withCRC(mod(func(b []byte) { b[16] = 26 })), "length 26"},
		{"first square", withCRC(mod(func(b []byte) { b[24] = 25 })), "off the 5x5 board"},
		{"off the board", withCRC(mod(func(b []byte) { b[28] = 0 | 4<<3 })), "leaves the 5x5 board"},
		{"padding", withCRC(mod(func(b []byte) { b[28] |= 0x80 })), "padding"},
		{"closed flag", withCRC(mod(func(b []byte) { b[5] = 1 })), "not a knight's move"},
		{"damaged", mod(func(b []byte) { b[28] ^= 1 }), "checksum"},
		{"truncated", good[:len(good)-2], "unexpected EOF"},
		{"trailing", append(slices.Clone(good), 0), "after the checksum"},
	}
	for _, tt := range tests {
		_, err := Read(bytes.NewReader(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

func TestWriteRejects(t *testing.T) {
	tests := []struct {
		name string
		t    Tour
		want string
	}{
		{"no board", Tour{Rows: 0, Cols: 5, Squares: []int32{0}}, "each side"},
		{"empty", Tour{Rows: 5, Cols: 5}, "path of 0 squares"},
		{"not a move", Tour{Rows: 5, Cols: 5, Squares: []int32{0, 7, 8}}, "step 2"},
		{"wraps", Tour{Rows: 5, Cols: 5, Squares: []int32{4, 11}}, "step 1"},
		{"off", Tour{Rows: 5, Cols: 5, Squares: []int32{0, 7, 30}}, "step 2"},
		{"not closed", Tour{Rows: 5, Cols: 5, Closed: true, Squares: []int32{0, 7, 16}}, "marked closed"},
	}
	for _, tt := range tests {
		for _, write := range []func(io.Writer, Tour) error{Write, WriteText} {
			err := write(io.Discard, tt.t)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: %v, want an error containing %q", tt.name, err, tt.want)
			}
		}
	}
}

// TestClosedRule: every way in and out of the binary form refuses a tour
// marked closed that does not close, with the same words.
func TestClosedRule(t *testing.T) {
	const msg = "tour marked closed but its last square is not a knight's move from its first"
	open := Tour{Rows: 5, Cols: 5, Squares: []int32{0, 7, 16}}
	var p tour.Path
	if err := p.SetSquares(open.Rows, open.Cols, open.Squares); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WritePath(&buf, &p, false); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	b[5] = flagClosed
	_, readErr := Read(bytes.NewReader(withCRC(b)))
	closed := open
	closed.Closed = true
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"Write", Write(io.Discard, closed), "write tour: " + msg},
		{"WritePath", WritePath(io.Discard, &p, true), "write tour: " + msg},
		{"Read", readErr, "read tour: " + msg},
	} {
		if tt.err == nil || tt.err.Error() != tt.want {
			t.Errorf("%s: %v, want %q", tt.name, tt.err, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	var buf bytes.Buffer
	tr := seedTour()
	if err := WriteText(&buf, tr); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	if lines[0] != "# knightsweep tour 8x8 open" || lines[1] != " 0 59 38 33 30 17  8 63" {
		t.Errorf("text starts %q, %q", lines[0], lines[1])
	}
	for _, bad := range []struct{ text, want string }{
		{"", "no header"},
		{"# knightsweep tour 8x8 sideways\n", "want # knightsweep tour RxC"},
		{"# knightsweep tour 2x2 open\n0\n", "row 0 has 1 entries"},
		{"# knightsweep tour 2x3 open\n0 1 .\n. . .\n", "not a knight's move"},
		{"# knightsweep tour 2x3 open\n0 . .\n. . 0\n", "twice"},
		{"# knightsweep tour 2x3 open\n0 . .\n. . 2\n", "step 1 is missing"},
		{"# knightsweep tour 2x3 open\n0 . .\n", "row 1 missing"},
		{"# knightsweep tour 2x3 open\n0 . x\n. . 1\n", "\"x\""},
	} {
		_, err := ReadText(strings.NewReader(bad.text))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want an error containing %q", bad.text, err, bad.want)
		}
	}
	if err := WriteText(io.Discard, parberryTour(t, 1002, 1000, 0)); err == nil || !strings.Contains(err.Error(), "up to 1000") {
		t.Errorf("text of 1002x1000: %v", err)
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	tr := parberryTour(t, 10, 12, 3)
	for _, name := range []string{"t.ktour", "t.txt", "t.TXT", "t"} {
		path := filepath.Join(dir, name)
		if err := WriteFile(path, tr); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := tour.Validate(got.Rows, got.Cols, 3, got.Squares, got.Closed); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		data, _ := os.ReadFile(path)
		if IsText(name) != bytes.HasPrefix(data, []byte("#")) {
			t.Errorf("%s: wrong form", name)
		}
	}
	// A failed write leaves neither the file nor a temporary behind, and
	// does not touch an existing file.
	if err := os.WriteFile(filepath.Join(dir, "keep.ktour"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := Tour{Rows: 5, Cols: 5, Squares: []int32{0, 1}}
	for _, name := range []string{"bad.ktour", "keep.ktour"} {
		if err := WriteFile(filepath.Join(dir, name), bad); err == nil {
			t.Errorf("%s: bad tour written", name)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "keep.ktour")); string(data) != "old" {
		t.Error("a failed write changed an existing file")
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"keep.ktour", "t", "t.TXT", "t.ktour", "t.txt"}; !slices.Equal(names, want) {
		t.Errorf("directory holds %v, want %v", names, want)
	}
}

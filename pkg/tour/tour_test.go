package tour

import (
	"fmt"
	"strings"
	"testing"
)

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

func seedTour() []int32 {
	t := make([]int32, 64)
	for sq, step := range seed003 {
		t[step] = int32(sq)
	}
	return t
}

func TestValidate(t *testing.T) {
	good := seedTour()
	mod := func(f func([]int32) []int32) []int32 {
		return f(append([]int32(nil), good...))
	}
	tests := []struct {
		name    string
		rows    int
		cols    int
		start   int
		tour    []int32
		closed  bool
		wantErr string
	}{
		{"seed 003", 8, 8, 0, good, false, ""},
		{"seed 003 is open", 8, 8, 0, good, true, "not closed"},
		{"short", 8, 8, 0, good[:63], false, "has 63 squares"},
		{"long", 8, 8, 0, append(append([]int32(nil), good...), 17), false, "has 65 squares"},
		{"repeat", 8, 8, 0, mod(func(t []int32) []int32 { t[63] = t[61]; return t }), false, "visited twice"},
		{"wrong step", 8, 8, 0, mod(func(t []int32) []int32 { t[10], t[20] = t[20], t[10]; return t }), false, "not a knight's move"},
		{"off board", 8, 8, 0, mod(func(t []int32) []int32 { t[63] = 64; return t }), false, "off the 8x8 board"},
		{"negative", 8, 8, 0, mod(func(t []int32) []int32 { t[5] = -1; return t }), false, "off the 8x8 board"},
		{"wrong start", 8, 8, 1, good, false, "starts at square 0"},
		// Column wrap: 0 -> 10 is a knight's move on 8 columns, 7 -> 9 is not (it wraps a row).
		{"wrap", 1, 2, 0, []int32{0, 1}, false, "not a knight's move"},
		{"1x1", 1, 1, 0, []int32{0}, false, ""},
		{"1x1 closed", 1, 1, 0, []int32{0}, true, "not closed"},
		{"no board", 0, 4, 0, nil, false, "no squares"},
	}
	for _, tt := range tests {
		err := Validate(tt.rows, tt.cols, tt.start, tt.tour, tt.closed)
		if tt.wantErr == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.wantErr)
		}
	}
}

// Validate never panics, and what it accepts is a tour by the definition,
// checked here the plain way: every square once, from start, each step a
// knight's move within the board, the last a move from the first if
// closed. The seeds are seed 003's tour (accepted), the same marked closed,
// with a square repeated and started elsewhere, and a step that wraps a
// row (all refused).
func FuzzValidate(f *testing.F) {
	enc := func(squares []int32) []byte {
		raw := make([]byte, len(squares))
		for i, s := range squares {
			raw[i] = byte(s + 8)
		}
		return raw
	}
	good := seedTour()
	repeat := append([]int32(nil), good...)
	repeat[63] = repeat[61]
	f.Add(8, 8, 0, []byte{1, 2, 3}, false)
	f.Add(8, 8, 0, enc(good), false)
	f.Add(8, 8, 0, enc(good), true)
	f.Add(8, 8, 0, enc(repeat), false)
	f.Add(8, 8, 1, enc(good), false)
	f.Add(1, 2, 0, enc([]int32{0, 1}), false)
	f.Add(1, 1, 0, enc([]int32{0}), false)
	f.Fuzz(func(t *testing.T, rows, cols, start int, raw []byte, closed bool) {
		if rows < 1 || cols < 1 || rows > 30 || cols > 30 {
			return
		}
		tour := make([]int32, len(raw))
		for i, b := range raw {
			tour[i] = int32(b) - 8
		}
		if Validate(rows, cols, start, tour, closed) != nil {
			return
		}
		if why := notATour(rows, cols, start, tour, closed); why != "" {
			t.Fatalf("Validate(%d, %d, %d, %v, %v) accepted a path that %s", rows, cols, start, tour, closed, why)
		}
	})
}

// notATour says why squares is not a knight's tour of rows x cols from
// start ("" if it is one), by the definition and nothing else.
func notATour(rows, cols, start int, squares []int32, closed bool) string {
	n := rows * cols
	if len(squares) != n || int(squares[0]) != start {
		return "has the wrong length or start"
	}
	seen := make([]bool, n)
	for i, s := range squares {
		if s < 0 || int(s) >= n || seen[s] {
			return fmt.Sprintf("is off the board or repeats a square at step %d", i)
		}
		seen[s] = true
		if i > 0 && !move(cols, squares[i-1], s) {
			return fmt.Sprintf("takes a step that is not a knight's move at step %d", i)
		}
	}
	if closed && n > 1 && !move(cols, squares[n-1], squares[0]) || closed && n == 1 {
		return "does not close"
	}
	return ""
}

// move reports whether a and b are a knight's move apart on a board of cols
// columns.
func move(cols int, a, b int32) bool {
	dr, dc := int(a)/cols-int(b)/cols, int(a)%cols-int(b)%cols
	return dr*dr+dc*dc == 5
}

// A closed tour of 5x6 (30 squares), and every rotation of it, validates as
// closed; reversing it keeps it a closed tour.
func TestValidateClosedTour(t *testing.T) {
	cycle := []int32{0, 13, 24, 20, 28, 17, 4, 15, 11, 3, 7, 18, 26, 22, 9, 5, 16, 29, 21, 25, 12, 1, 14, 27, 23, 10, 2, 6, 19, 8}
	for k := range cycle {
		rot := append(append([]int32(nil), cycle[k:]...), cycle[:k]...)
		if err := Validate(5, 6, int(rot[0]), rot, true); err != nil {
			t.Fatalf("rotation %d: %v", k, err)
		}
	}
	rev := make([]int32, len(cycle))
	for i, s := range cycle {
		rev[len(cycle)-1-i] = s
	}
	if err := Validate(5, 6, int(rev[0]), rev, true); err != nil {
		t.Errorf("reversed: %v", err)
	}
	if err := Validate(5, 6, 0, append(append([]int32(nil), cycle[:29]...), cycle[5]), true); err == nil {
		t.Error("a repeated square passed")
	}
}

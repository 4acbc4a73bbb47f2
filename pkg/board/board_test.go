package board

import (
	"slices"
	"strings"
	"testing"
)

func TestParseOrder(t *testing.T) {
	tests := []struct {
		in      string
		want    Order
		wantErr string
	}{
		{"", DefaultOrder, ""},
		{"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", ClassicDFS, ""},
		{"34261578", Order{{1, 2}, {2, 1}, {-1, 2}, {1, -2}, {-2, 1}, {2, -1}, {-1, -2}, {-2, -1}}, ""},
		{"12345678", Clockwise, ""},
		{"2,1 2,-1 -2,1 -2,-1 1,2 1,-2 -1,2 -1,-2", VerticalFirst, ""},
		{"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2", Order{}, "got 7 moves"},
		{"2,1 2,1 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", Order{}, "appears twice"},
		{"1,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", Order{}, "not a knight's move"},
		{"12345677", Order{}, "appears twice"},
		{"12345679", Order{}, "character '9'"},
		{"1234567", Order{}, "got 7 characters"},
		{"garbage", Order{}, "want 8 offsets"},
		{"a,b 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", Order{}, `move "a,b"`},
	}
	for _, tt := range tests {
		got, err := ParseOrder(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseOrder(%q) error = %v, want it to mention %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseOrder(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestOrderRoundTrip(t *testing.T) {
	for _, o := range []Order{VerticalFirst, Clockwise, ClassicDFS} {
		for _, s := range []string{o.String(), o.Digits()} {
			got, err := ParseOrder(s)
			if err != nil || got != o {
				t.Errorf("ParseOrder(%q) = %v, %v; want %v", s, got, err, o)
			}
		}
	}
	if d := Clockwise.Digits(); d != "12345678" {
		t.Errorf("Clockwise.Digits() = %q", d)
	}
}

// The n x n knight graph has 4n^2 - 12n + 8 edges.
func TestGraphEdges(t *testing.T) {
	for n := 3; n <= 12; n++ {
		g := NewGraph(Board{n, n}, DefaultOrder)
		sum := 0
		for s := range n * n {
			sum += len(g.Neighbours(s))
			for _, v := range g.Neighbours(s) {
				r, c := g.Board.RowCol(s)
				vr, vc := g.Board.RowCol(int(v))
				if !(Move{vr - r, vc - c}).isKnight() {
					t.Fatalf("%dx%d: %d-%d is not a knight's move", n, n, s, v)
				}
			}
		}
		if want := 4*n*n - 12*n + 8; sum/2 != want {
			t.Errorf("%dx%d: %d edges, want %d", n, n, sum/2, want)
		}
	}
}

func TestGraphMoveOrder(t *testing.T) {
	g := NewGraph(Board{8, 8}, ClassicDFS)
	// From (3,3) every move is on the board, so neighbours follow the order.
	s := g.Board.Index(3, 3)
	for i, v := range g.Neighbours(s) {
		want := g.Board.Index(3+ClassicDFS[i].DRow, 3+ClassicDFS[i].DCol)
		if int(v) != want {
			t.Errorf("neighbour %d = %d, want %d", i, v, want)
		}
	}
	// From the corner only (2,1) and (1,2) stay on the board, in that order.
	if got := g.Neighbours(0); len(got) != 2 || got[0] != 17 || got[1] != 10 {
		t.Errorf("corner neighbours = %v, want [17 10]", got)
	}
}

func TestNewAndParseSquare(t *testing.T) {
	if _, err := New(0, 5); err == nil {
		t.Error("New(0,5) succeeded")
	}
	if _, err := New(5, MaxSide+1); err == nil {
		t.Error("New(5, MaxSide+1) succeeded")
	}
	if b, err := New(3, 4); err != nil || b.Squares() != 12 || b.String() != "3x4" {
		t.Errorf("New(3,4) = %v, %v", b, err)
	}
	sq, err := ParseSquare(" 2, 3")
	if err != nil || sq != (Square{2, 3}) {
		t.Errorf("ParseSquare = %v, %v", sq, err)
	}
	for _, bad := range []string{"", "1", "a,b", "1;2"} {
		if _, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) succeeded", bad)
		}
	}
}

func TestCompare(t *testing.T) {
	// By squares, then rows: the order of -sizes and of every report table.
	want := []Board{{1, 1}, {2, 3}, {3, 2}, {1, 8}, {2, 4}, {4, 2}, {3, 3}, {4, 5}, {5, 4}, {4, 6}, {6, 4}, {5, 5}}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortFunc(got, Compare)
	if !slices.Equal(got, want) {
		t.Errorf("sorted by Compare: %v, want %v", got, want)
	}
	if c := Compare(Board{4, 6}, Board{4, 6}); c != 0 {
		t.Errorf("Compare(4x6, 4x6) = %d, want 0", c)
	}
}

func TestCorners(t *testing.T) {
	tests := []struct {
		b    Board
		want []Square
	}{
		{Board{1, 1}, []Square{{0, 0}}},
		{Board{1, 5}, []Square{{0, 0}, {0, 4}}},
		{Board{5, 1}, []Square{{0, 0}, {4, 0}}},
		{Board{2, 2}, []Square{{0, 0}, {0, 1}, {1, 0}, {1, 1}}},
		{Board{3, 4}, []Square{{0, 0}, {0, 3}, {2, 0}, {2, 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.b.String(), func(t *testing.T) {
			if got := tt.b.Corners(); !slices.Equal(got, tt.want) {
				t.Errorf("Corners() = %v, want %v", got, tt.want)
			}
		})
	}
}

package theory

import "testing"

func TestOpenExists(t *testing.T) {
	yes := map[[2]int]bool{}
	for _, b := range [][2]int{{1, 1}, {3, 4}, {3, 7}, {3, 8}, {3, 20}, {4, 5}, {4, 9}, {5, 5}, {5, 6}, {6, 6}, {8, 8}, {7, 30}} {
		yes[b] = true
	}
	no := [][2]int{{1, 2}, {1, 8}, {2, 2}, {2, 9}, {3, 3}, {3, 5}, {3, 6}, {4, 4}}
	for b := range yes {
		for _, bb := range [][2]int{b, {b[1], b[0]}} {
			if got := OpenExists(bb[0], bb[1]); got != Yes {
				t.Errorf("OpenExists(%dx%d) = %v, want yes", bb[0], bb[1], got)
			}
		}
	}
	for _, b := range no {
		for _, bb := range [][2]int{b, {b[1], b[0]}} {
			if got := OpenExists(bb[0], bb[1]); got != No {
				t.Errorf("OpenExists(%dx%d) = %v, want no", bb[0], bb[1], got)
			}
		}
	}
}

func TestClosedExists(t *testing.T) {
	tests := []struct {
		m, n int
		want Answer
	}{
		{1, 1, No}, {2, 8, No}, {3, 4, No}, {3, 6, No}, {3, 8, No}, {3, 10, Yes}, {3, 12, Yes},
		{4, 4, No}, {4, 10, No}, {5, 5, No}, {5, 7, No}, {5, 6, Yes}, {6, 6, Yes}, {8, 8, Yes},
		{7, 7, No}, {6, 7, Yes}, {10, 3, Yes}, {3, 7, No},
	}
	for _, tt := range tests {
		if got := ClosedExists(tt.m, tt.n); got != tt.want {
			t.Errorf("ClosedExists(%dx%d) = %v, want %v", tt.m, tt.n, got, tt.want)
		}
	}
}

func TestOpenFrom(t *testing.T) {
	// 5x5: exactly the 13 corner-coloured squares.
	yes := 0
	for r := range 5 {
		for c := range 5 {
			got := OpenFrom(5, 5, r, c)
			want := answer((r+c)%2 == 0)
			if got != want {
				t.Errorf("OpenFrom(5x5, %d,%d) = %v, want %v", r, c, got, want)
			}
			if got == Yes {
				yes++
			}
		}
	}
	if yes != 13 {
		t.Errorf("5x5 has %d start squares, want 13", yes)
	}
	tests := []struct {
		rows, cols, r, c int
		want             Answer
	}{
		{8, 8, 3, 4, Yes},     // closed tours exist
		{4, 4, 0, 0, No},      // no tour at all
		{5, 7, 0, 1, No},      // odd board, wrong colour
		{5, 7, 0, 0, Unknown}, // odd board, corner colour, no theorem here
		{3, 4, 0, 0, Unknown},
		{4, 5, 1, 1, Unknown}, // 20 squares: colour rule silent, no closed tour
		{1, 1, 0, 0, Yes},
		{8, 8, 8, 0, No}, // off the board
	}
	for _, tt := range tests {
		if got := OpenFrom(tt.rows, tt.cols, tt.r, tt.c); got != tt.want {
			t.Errorf("OpenFrom(%dx%d, %d,%d) = %v, want %v", tt.rows, tt.cols, tt.r, tt.c, got, tt.want)
		}
	}
	if got := From(6, 6, 2, 2, true); got != Yes {
		t.Errorf("From(6x6 closed) = %v", got)
	}
	if got := From(5, 5, 0, 0, true); got != No {
		t.Errorf("From(5x5 closed) = %v", got)
	}
}

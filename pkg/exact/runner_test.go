package exact

import (
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// TestShares: the memo's share of -mem-limit is never 0 (no bound) for a
// limit, and the runtime's limit leaves the code's pages room, so that
// peak RSS stays under -mem-limit; the memo gets three quarters of the
// runtime's, which leaves the collector room (nine tenths did not: -mem-limit
// 16MiB peaked at 34.5 MB of RSS on the 10x10 corner).
func TestShares(t *testing.T) {
	for _, c := range []struct{ limit, runtime, memo int64 }{
		{0, 0, 0},
		{1, 1, 1},
		{9, 9, 6},
		{100, 100, 75},
		{64 << 20, 64 << 20, 48 << 20},
		{200 << 20, 184 << 20, 138 << 20},
	} {
		rt, memo := Shares(c.limit)
		if rt != c.runtime || memo != c.memo {
			t.Errorf("Shares(%d) = %d, %d; want %d, %d", c.limit, rt, memo, c.runtime, c.memo)
		}
	}
}

// TestTimeLeft: the time left says "estimating" for the first depths and
// then moves smoothly, each estimate moving the end 3/10 of the way.
func TestTimeLeft(t *testing.T) {
	p := Progress{Frontier: true, Board: board.Board{Rows: 10, Cols: 10}, Start: board.Square{Row: 4, Col: 5},
		Depth: 20, Squares: 100}
	var e timeLeft
	now := time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)
	for i := range 4 {
		p.Left = 142 * time.Minute
		if w := e.words(p, now.Add(time.Duration(i)*time.Second)); w != "estimating" {
			t.Errorf("depth estimate %d: %q, want estimating", i+1, w)
		}
	}
	if w := e.words(p, now.Add(4*time.Second)); w != "~2h22m left" {
		t.Errorf("the fifth estimate of 2h22m: %q", w)
	}
	p.Left = 39 * time.Minute
	if w := e.words(p, now.Add(16*time.Second)); w != "~1h51m left" {
		t.Errorf("an estimate of 39m after five of 2h22m: %q, want the end moved 3/10 of the way (~1h51m left)", w)
	}
	if e.words(Progress{Board: p.Board, Depth: 3, Squares: 100, Left: -1, Frontier: true}, now) != "" {
		t.Error("a depth without an estimate shows one")
	}
}

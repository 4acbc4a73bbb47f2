package solver

import (
	"context"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// wbt64 and the table-driven warnsdorff-bt must walk the same tree: same
// outcome, nodes, backtracks and tour, open and closed, under node limits.
func TestWBT64MatchesWarnsdorffBT(t *testing.T) {
	ctx := context.Background()
	for _, bd := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 1, Cols: 1}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 7}, {Rows: 7, Cols: 7}, {Rows: 8, Cols: 8}, {Rows: 4, Cols: 16}, {Rows: 3, Cols: 20}, {Rows: 6, Cols: 10}} {
		for sq := range bd.Squares() {
			for _, closed := range []bool{false, true} {
				for _, limit := range []int64{0, 1, 2, 777, 50000} {
					if limit == 0 && bd.Squares() >= 36 && (sq%5 != 0 || closed) {
						continue // a search from a start without a tour can be long
					}
					if testing.Short() && (sq%3 != 0 || limit > 777 || limit == 0 && bd.Squares() >= 25 || bd.Squares() > 36) {
						continue // -race -short
					}
					for _, o := range []board.Order{board.DefaultOrder, board.VerticalFirst} {
						p := Problem{Board: bd, Start: board.Square{Row: sq / bd.Cols, Col: sq % bd.Cols}, Strategy: "warnsdorff-bt", Order: o, Closed: closed, MaxNodes: limit, Threads: 1}
						if limit == 0 && bd.Squares() > 25 {
							p.MaxNodes = 300_000
						}
						s, err := New(p)
						if err != nil {
							t.Fatal(err)
						}
						if _, ok := s.search.(*wbt64); !ok {
							t.Fatalf("%v: not wbt64", bd)
						}
						a := s.search.Run(ctx)
						if a.Status != status.Found {
							a.squares = nil
						}
						q := p
						if err := q.normalize(); err != nil {
							t.Fatal(err)
						}
						ref := newWarnsdorffBT(q, tieFirst)
						b := ref.Run(ctx)
						if b.Status != status.Found {
							b.squares = nil
						}
						if g, w := describe(a), describe(b); g != w {
							t.Errorf("%v from %d order %s closed=%v limit=%d: wbt64 %s, warnsdorffBT %s", bd, sq, o.Digits(), closed, p.MaxNodes, g, w)
						}
					}
				}
			}
		}
	}
}

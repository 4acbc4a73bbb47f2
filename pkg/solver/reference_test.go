package solver

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// referenceDFS is seed 003's search written plainly: recursion, a visited
// grid, bounds checked at each move, a node counted at each square entered
// and a backtrack at each square left. It stops, like the strategies, before
// entering node limit+1. It shares nothing with dfs and dfs64.
func referenceDFS(b board.Board, start board.Square, o board.Order, closed bool, limit int64) (st status.Status, nodes, backtracks int64, tour []int32) {
	visited := make([]bool, b.Squares())
	path := []int32{int32(b.Index(start.Row, start.Col))}
	visited[path[0]] = true
	nodes = 1
	stopped := false
	var rec func(r, c int) bool
	rec = func(r, c int) bool {
		if len(path) == b.Squares() {
			if !closed {
				return true
			}
			dr, dc := r-start.Row, c-start.Col
			return dr*dr+dc*dc == 5
		}
		for _, m := range o {
			nr, nc := r+m.DRow, c+m.DCol
			if !b.Contains(nr, nc) || visited[b.Index(nr, nc)] {
				continue
			}
			if limit > 0 && nodes == limit {
				stopped = true
				return true
			}
			nodes++
			visited[b.Index(nr, nc)] = true
			path = append(path, int32(b.Index(nr, nc)))
			if rec(nr, nc) {
				return true
			}
			path = path[:len(path)-1]
			visited[b.Index(nr, nc)] = false
			backtracks++
		}
		return false
	}
	switch {
	case b.Squares() == 1 && closed:
		return status.Exhausted, 1, 0, nil
	case !rec(start.Row, start.Col):
		return status.Exhausted, nodes, backtracks, nil
	case stopped:
		return status.NodeLimit, nodes, backtracks, nil
	}
	return status.Found, nodes, backtracks, path
}

// Both dfs implementations (the bitboard one and the general one) agree
// with the plain reference: outcome, nodes, backtracks and tour, open and
// closed, under node limits.
func TestDFSMatchesReference(t *testing.T) {
	ctx := context.Background()
	boards := []board.Board{{Rows: 5, Cols: 5}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 5}, {Rows: 3, Cols: 7}, {Rows: 7, Cols: 3}, {Rows: 1, Cols: 1}, {Rows: 2, Cols: 3}, {Rows: 6, Cols: 6}, {Rows: 4, Cols: 16}, {Rows: 9, Cols: 9}, {Rows: 5, Cols: 14}}
	for _, bd := range boards {
		for sq := range bd.Squares() {
			start := board.Square{Row: sq / bd.Cols, Col: sq % bd.Cols}
			for _, closed := range []bool{false, true} {
				for _, limit := range []int64{0, 1, 2, 777, 50000} {
					if testing.Short() && limit == 50000 {
						continue
					}
					long := limit == 0 && bd.Squares() >= 25 // up to 10^7 nodes
					if long && (bd.Squares() > 25 || sq%6 != 0 || testing.Short()) ||
						bd.Squares() > 25 && sq > 2 || testing.Short() && sq%3 != 0 {
						continue
					}
					for i, o := range []board.Order{board.ClassicDFS, board.Clockwise} {
						if long && i > 0 {
							continue
						}
						st, nodes, backtracks, tour := referenceDFS(bd, start, o, closed, limit)
						want := fmt.Sprintf("%s %d/%d %v", st, nodes, backtracks, tour)
						p := Problem{Board: bd, Start: start, Strategy: "dfs", Order: o, Closed: closed, MaxNodes: limit}
						fast := solveT(t, p)
						general := generalDFS(p).Run(ctx)
						for name, r := range map[string]Result{"dfs": fast, "general dfs": general} {
							if r.Status != status.Found {
								r.Tour, r.squares = nil, nil
							}
							if got := fmt.Sprintf("%s %d/%d %v", r.Status, r.Nodes, r.Backtracks, tourOf(r)); got != want {
								t.Errorf("%v from %v order %s closed=%v limit %d: %s %s, reference %s", bd, start, o.Digits(), closed, limit, name, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// Both dfs implementations match the plain reference on random boards,
// starts, orders and node limits.
func FuzzDFS(f *testing.F) {
	f.Add(uint8(8), uint8(8), uint8(0), uint8(0), false, "34261578", uint16(5000))
	f.Add(uint8(3), uint8(20), uint8(1), uint8(4), true, "12345678", uint16(777))
	f.Fuzz(func(t *testing.T, rows, cols, r, c uint8, closed bool, order string, limit uint16) {
		b := board.Board{Rows: int(rows%12) + 1, Cols: int(cols%24) + 1}
		o, err := board.ParseOrder(order)
		if err != nil {
			return
		}
		start := board.Square{Row: int(r) % b.Rows, Col: int(c) % b.Cols}
		lim := int64(limit) + 1
		st, nodes, backtracks, tour := referenceDFS(b, start, o, closed, lim)
		want := fmt.Sprintf("%s %d/%d %v", st, nodes, backtracks, tour)
		p := Problem{Board: b, Start: start, Strategy: "dfs", Order: o, Closed: closed, MaxNodes: lim}
		fast, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		general := generalDFS(p).Run(context.Background())
		for name, res := range map[string]Result{"dfs": fast, "general dfs": general} {
			if res.Status != status.Found {
				res.Tour, res.squares = nil, nil
			}
			if got := fmt.Sprintf("%s %d/%d %v", res.Status, res.Nodes, res.Backtracks, tourOf(res)); got != want {
				t.Fatalf("%v from %v order %s closed=%v limit %d: %s %s, reference %s", b, start, o.Digits(), closed, lim, name, got, want)
			}
		}
	})
}

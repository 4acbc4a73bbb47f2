package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/tour"
)

// pruneCase is one search to run with and without pruning.
type pruneCase struct {
	b        board.Board
	start    board.Square
	strategy string
	order    board.Order
	closed   bool
}

func (c pruneCase) String() string {
	return fmt.Sprintf("%v from %v %s order %s closed=%v", c.b, c.start, c.strategy, c.order.Digits(), c.closed)
}

func (c pruneCase) problem(prune bool, limit int64) Problem {
	return Problem{Board: c.b, Start: c.start, Strategy: c.strategy, Order: c.order, Closed: c.closed, Prune: prune, MaxNodes: limit}
}

// pruneCases lists searches whose unpruned form ends within a second or so:
// on 5x5 every start (dfs), on 3x7 and 4x5 every start open and closed, on
// 6x6 and 5x6 corners and inner squares in three move orders, open and
// closed, and boards without closed tours. Short mode keeps the cheap ones.
func pruneCases(short bool) []pruneCase {
	sq := func(r, c int) board.Square { return board.Square{Row: r, Col: c} }
	b := func(r, c int) board.Board { return board.Board{Rows: r, Cols: c} }
	cases := []pruneCase{
		{b(5, 5), sq(2, 0), "dfs", board.ClassicDFS, false},
		{b(5, 5), sq(1, 3), "dfs", board.ClassicDFS, false},
		{b(5, 5), sq(3, 3), "warnsdorff-bt", board.ClassicDFS, false},
		{b(3, 8), sq(0, 0), "dfs", board.ClassicDFS, true},
		{b(3, 8), sq(1, 1), "warnsdorff-bt", board.Clockwise, true},
		{b(6, 6), sq(0, 0), "dfs", board.ClassicDFS, false},
		{b(6, 6), sq(0, 0), "dfs", board.Clockwise, false},
		{b(6, 6), sq(2, 2), "warnsdorff-bt", board.ClassicDFS, true},
		{b(5, 6), sq(0, 1), "dfs", board.ClassicDFS, false},
		{b(5, 6), sq(0, 0), "warnsdorff-bt", board.ClassicDFS, true},
	}
	for _, bd := range []board.Board{b(3, 7), b(4, 5)} {
		for s := range bd.Squares() {
			for _, closed := range []bool{false, true} {
				if !short || s%3 == 0 {
					cases = append(cases, pruneCase{bd, sq(s/bd.Cols, s%bd.Cols), []string{"dfs", "warnsdorff-bt"}[s%2], board.ClassicDFS, closed})
				}
			}
		}
	}
	if short {
		return cases
	}
	for s := range 25 {
		cases = append(cases, pruneCase{b(5, 5), sq(s/5, s%5), "dfs", board.ClassicDFS, false})
	}
	for _, s := range []board.Square{sq(0, 0), sq(0, 1), sq(2, 2)} {
		cases = append(cases,
			pruneCase{b(5, 5), s, "dfs", board.ClassicDFS, true},
			pruneCase{b(5, 5), s, "warnsdorff-bt", board.ClassicDFS, false})
	}
	for _, o := range []board.Order{board.ClassicDFS, board.VerticalFirst, board.Clockwise} {
		for _, s := range []board.Square{sq(0, 0), sq(0, 1), sq(1, 1)} {
			cases = append(cases, pruneCase{b(6, 6), s, "dfs", o, false})
		}
		cases = append(cases, pruneCase{b(5, 6), sq(0, 1), "dfs", o, false})
	}
	return append(cases,
		pruneCase{b(6, 6), sq(0, 0), "dfs", board.Clockwise, true},
		pruneCase{b(6, 6), sq(1, 1), "dfs", board.ClassicDFS, true},
		pruneCase{b(6, 6), sq(1, 1), "dfs", board.Clockwise, true},
		pruneCase{b(5, 6), sq(1, 1), "warnsdorff-bt", board.Clockwise, true},
		pruneCase{b(4, 7), sq(1, 1), "dfs", board.ClassicDFS, false},
		pruneCase{b(3, 8), sq(0, 0), "warnsdorff-bt", board.ClassicDFS, true},
	)
}

// A pruned search only skips dead subtrees: it ends the same way with the
// same tour, entering no more nodes, and fewer whenever the unpruned search
// had real work to do.
func TestPruneFindsTheSameTour(t *testing.T) {
	ctx := context.Background()
	var saved, total int64
	for _, c := range pruneCases(testing.Short()) {
		plain, err := Solve(ctx, c.problem(false, 0))
		if err != nil {
			t.Fatal(err)
		}
		plainTour := slices.Clone(tourOf(plain))
		pruned, err := Solve(ctx, c.problem(true, 0))
		if err != nil {
			t.Fatal(err)
		}
		if pruned.Status != plain.Status || !slices.Equal(tourOf(pruned), plainTour) {
			t.Errorf("%v: pruned %s, plain %s, or the tours differ", c, pruned.Status, plain.Status)
			continue
		}
		if pruned.Status == status.Found && !pruned.Verified {
			t.Errorf("%v: pruned tour not verified", c)
		}
		if pruned.Nodes > plain.Nodes || plain.Nodes >= 1000 && pruned.Nodes >= plain.Nodes {
			t.Errorf("%v: pruned %d nodes, plain %d", c, pruned.Nodes, plain.Nodes)
		}
		want := map[status.Status]int64{status.Found: int64(c.b.Squares()), status.Exhausted: 1}[pruned.Status]
		if pruned.Nodes-pruned.Backtracks != want {
			t.Errorf("%v: pruned nodes-backtracks = %d, want %d", c, pruned.Nodes-pruned.Backtracks, want)
		}
		if os.Getenv("PRUNE_LOG") != "" {
			t.Logf("%v: %d -> %d %v", c, plain.Nodes, pruned.Nodes, plain.Elapsed)
		}
		saved += plain.Nodes - pruned.Nodes
		total += plain.Nodes
	}
	t.Logf("pruning saved %d of %d nodes", saved, total)
}

// Pruned searches honour node limits exactly, and a limit at the pruned
// search's own node count still finds the tour.
func TestPruneNodeLimit(t *testing.T) {
	for _, strategy := range []string{"dfs", "warnsdorff-bt"} {
		c := pruneCase{board.Board{Rows: 6, Cols: 6}, board.Square{Row: 0, Col: 1}, strategy, board.ClassicDFS, true}
		full := solveT(t, c.problem(true, 0))
		for _, limit := range []int64{1, 2, full.Nodes / 2, full.Nodes - 1, full.Nodes} {
			res := solveT(t, c.problem(true, limit))
			switch {
			case limit < full.Nodes && (res.Status != status.NodeLimit || res.Nodes != limit):
				t.Errorf("%v limit %d: %s after %d nodes", c, limit, res.Status, res.Nodes)
			case limit == full.Nodes && (res.Status != full.Status || res.Nodes != full.Nodes):
				t.Errorf("%v limit %d: %s after %d nodes, want %s", c, limit, res.Status, res.Nodes, full.Status)
			}
		}
	}
}

// The strategies that prune say so; the others refuse Prune.
func TestPruneRefused(t *testing.T) {
	_, err := New(Problem{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "warnsdorff", Prune: true})
	if err == nil {
		t.Error("warnsdorff accepted Prune")
	}
	if got := strategies.Builtins().Pruning(); !slices.Equal(got, []string{"dfs", "warnsdorff-bt"}) {
		t.Errorf("Pruning() = %v", got)
	}
}

// completable reports by brute force whether the unvisited squares can all
// be covered by a path from cur (ending next to start when closed).
func completable(g *board.Graph, visited []bool, left int, cur, start int32, closed bool) bool {
	if left == 0 {
		return !closed || g.IsMove(cur, start)
	}
	for _, v := range g.Neighbours(int(cur)) {
		if !visited[v] {
			visited[v] = true
			ok := completable(g, visited, left-1, v, start, closed)
			visited[v] = false
			if ok {
				return true
			}
		}
	}
	return false
}

// coverage never cuts a path that can be completed, and it does cut dead
// ones: every prefix of random deep walks, with few squares left, checked
// by brute force.
func TestCoverageIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 5}, {Rows: 3, Cols: 8}, {Rows: 6, Cols: 6}, {Rows: 3, Cols: 12}} {
		g := board.NewGraph(b, board.ClassicDFS)
		n := b.Squares()
		cuts, dead := 0, 0
		for range 300 {
			start := int32(rng.IntN(n))
			closed := rng.IntN(2) == 0
			cov := newCoverage(g, start, closed)
			cov.reset()
			visited := make([]bool, n)
			walk := []int32{start}
			visited[start] = true
			cov.visit(start)
			for {
				// Prefer squares with few free neighbours, so the walk goes deep.
				best, bestFree := int32(-1), 99
				for _, v := range g.Neighbours(int(walk[len(walk)-1])) {
					if visited[v] {
						continue
					}
					free := rng.IntN(2)
					for _, w := range g.Neighbours(int(v)) {
						if !visited[w] {
							free++
						}
					}
					if free < bestFree {
						best, bestFree = v, free
					}
				}
				if best < 0 {
					break
				}
				walk = append(walk, best)
				visited[best] = true
				cov.visit(best)
			}
			// Retreat along the walk, checking each prefix.
			for i := len(walk) - 1; i >= 0; i-- {
				left := n - 1 - i
				if left <= 13 {
					cur := walk[i]
					ok := completable(g, visited, left, cur, start, closed)
					v := cov.viable(cur)
					if ok && !v {
						t.Fatalf("%v start %d closed %v walk %v: completable but cut", b, start, closed, walk[:i+1])
					}
					if !ok {
						dead++
						if !v {
							cuts++
						}
					}
				}
				if i > 0 {
					visited[walk[i]] = false
					cov.leave(walk[i])
				}
			}
			// Back at the start, the coverage is what visiting the start
			// alone makes: every square's key, the histogram and the count.
			want := newCoverage(g, start, closed)
			want.reset()
			want.visit(start)
			if cov.left != want.left || cov.hist != want.hist || !slices.Equal(cov.key, want.key) {
				t.Fatalf("coverage not restored: left %d, histogram %v; want %d, %v", cov.left, cov.hist, want.left, want.hist)
			}
		}
		t.Logf("%v: cut %d of %d dead states", b, cuts, dead)
		if cuts == 0 {
			t.Errorf("%v: cut none of %d dead states", b, dead)
		}
	}
}

// Whatever the board, start, order and strategy, pruning never changes the
// outcome of a search that ends within the budget, nor adds nodes.
func FuzzPrune(f *testing.F) {
	f.Add(uint8(5), uint8(5), uint8(0), uint8(0), false, false, "34261578")
	f.Add(uint8(6), uint8(6), uint8(1), uint8(1), true, true, "12345678")
	f.Add(uint8(3), uint8(7), uint8(0), uint8(2), false, true, "")
	f.Fuzz(func(t *testing.T, rows, cols, r, c uint8, bt, closed bool, order string) {
		b := board.Board{Rows: int(rows%7) + 1, Cols: int(cols%7) + 1}
		o, err := board.ParseOrder(order)
		if err != nil {
			return
		}
		strategy := "dfs"
		if bt {
			strategy = "warnsdorff-bt"
		}
		pc := pruneCase{b, board.Square{Row: int(r) % b.Rows, Col: int(c) % b.Cols}, strategy, o, closed}
		const limit = 300_000
		plain, err := Solve(context.Background(), pc.problem(false, limit))
		if err != nil {
			t.Fatal(err)
		}
		plainTour := slices.Clone(tourOf(plain))
		pruned, err := Solve(context.Background(), pc.problem(true, limit))
		if err != nil {
			t.Fatal(err)
		}
		if pruned.Status == status.Error {
			t.Fatalf("%v: %s", pc, pruned.Err)
		}
		if pruned.Status == status.Found {
			p := pc.problem(true, 0)
			if err := tour.Validate(b.Rows, b.Cols, p.StartIndex(), tourOf(pruned), closed); err != nil {
				t.Fatalf("%v: %v", pc, err)
			}
		}
		if pruned.Status == status.NodeLimit && plain.Status != status.NodeLimit {
			t.Fatalf("%v: pruned hit the node limit, plain ended %s after %d nodes", pc, plain.Status, plain.Nodes)
		}
		if plain.Status == status.NodeLimit {
			return
		}
		if pruned.Status != plain.Status || !slices.Equal(tourOf(pruned), plainTour) || pruned.Nodes > plain.Nodes {
			t.Fatalf("%v: pruned %s %d nodes, plain %s %d nodes, same tour %v", pc, pruned.Status, pruned.Nodes,
				plain.Status, plain.Nodes, slices.Equal(tourOf(pruned), plainTour))
		}
	})
}

// With the deterministic tie rules warnsdorff-bt lists children the same way
// with and without pruning, so pruning keeps the first tour.
func TestPruneKeepsTieRules(t *testing.T) {
	for _, tie := range []string{"pohl", "roth"} {
		for _, c := range []pruneCase{
			{board.Board{Rows: 6, Cols: 6}, board.Square{Row: 0, Col: 1}, "warnsdorff-bt", board.ClassicDFS, true},
			{board.Board{Rows: 5, Cols: 6}, board.Square{}, "warnsdorff-bt", board.ClassicDFS, true},
			{board.Board{Rows: 4, Cols: 5}, board.Square{Row: 1, Col: 2}, "warnsdorff-bt", board.Clockwise, false},
			{board.Board{Rows: 3, Cols: 8}, board.Square{}, "warnsdorff-bt", board.ClassicDFS, true},
		} {
			p := c.problem(false, 0)
			p.Tiebreak = tie
			plain := solveT(t, p)
			plainTour := slices.Clone(tourOf(plain))
			p.Prune = true
			pruned := solveT(t, p)
			if pruned.Status != plain.Status || !slices.Equal(tourOf(pruned), plainTour) || pruned.Nodes > plain.Nodes {
				t.Errorf("%v tie %s: pruned %s %d nodes, plain %s %d nodes", c, tie, pruned.Status, pruned.Nodes, plain.Status, plain.Nodes)
			}
		}
	}
}

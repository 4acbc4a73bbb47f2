package solver

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/strategies"
)

// A Solver restarted at another start square, with another seed, gives
// exactly what a Solver prepared afresh for that problem gives, for every
// strategy, tie-break rule, pruning and tour kind; and runs allocate
// nothing once prepared.
func TestRestartMatchesNew(t *testing.T) {
	ctx := context.Background()
	for _, name := range strategies.Builtins().Names() {
		info, _ := Lookup(name)
		for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 6, Cols: 8}, {Rows: 10, Cols: 10}} {
			if info.Boards != nil && info.Boards(b) != nil {
				continue
			}
			starts := []board.Square{{Row: 0, Col: 0}, {Row: 1, Col: 2}, {Row: b.Rows - 1, Col: b.Cols - 1}, {Row: 2, Col: 1}}
			if info.Starts != nil {
				starts = info.Starts(b)
			}
			for _, tb := range info.TiebreakRules() {
				for _, prune := range []bool{false, true} {
					if prune && !info.Prunes {
						continue
					}
					for _, closed := range []bool{false, true} {
						base := Problem{Board: b, Start: starts[0], Strategy: name, Tiebreak: tb, Prune: prune, Closed: closed,
							MaxNodes: 20_000, Seed: 1}
						s, err := New(base)
						if err != nil {
							t.Fatal(err)
						}
						s.Run(ctx)
						for i, st := range append(starts[1:], starts[0]) {
							label := fmt.Sprintf("%s/%s prune=%v closed=%v %v from %v", name, tb, prune, closed, b, st)
							if err := s.Restart(st, uint64(i+7)); err != nil {
								t.Fatalf("%s: %v", label, err)
							}
							got := s.Run(ctx)
							p := base
							p.Start, p.Seed = st, uint64(i+7)
							want, err := Solve(ctx, p)
							if err != nil {
								t.Fatal(err)
							}
							if got.Status != want.Status || got.Nodes != want.Nodes || got.Backtracks != want.Backtracks ||
								!slices.Equal(tourOf(got), tourOf(want)) || got.Verified != want.Verified {
								t.Fatalf("%s: restarted %v %d nodes, fresh %v %d nodes", label, got.Status, got.Nodes, want.Status, want.Nodes)
							}
						}
					}
				}
			}
		}
	}
}

// A prepared Solver runs start after start without allocating: the
// validator's buffers and the timeout's context are its own.
func TestRestartAllocatesNothing(t *testing.T) {
	for _, tt := range []struct {
		strategy, tiebreak string
		b                  board.Board
	}{
		{"warnsdorff", TieFirst, board.Board{Rows: 8, Cols: 8}},
		{"warnsdorff", TieRandom, board.Board{Rows: 20, Cols: 20}},
		{"dfs", TieFirst, board.Board{Rows: 6, Cols: 6}},
		{"dfs", TieFirst, board.Board{Rows: 9, Cols: 9}},
		{"warnsdorff-bt", TiePohl, board.Board{Rows: 8, Cols: 8}},
	} {
		p := Problem{Board: tt.b, Strategy: tt.strategy, Tiebreak: tt.tiebreak, MaxNodes: 5000, Timeout: time.Minute}
		if allocs := allocsPerStart(t, p, 50); allocs != 0 {
			t.Errorf("%s/%s on %v: %.1f allocations a run", tt.strategy, tt.tiebreak, tt.b, allocs)
		}
	}
}

// allocsPerStart returns the allocations of a start of a Solver of p once
// it has run: Restart on another start and seed, and Run, as a sweep
// does, averaged over runs starts.
func allocsPerStart(t *testing.T, p Problem, runs int) float64 {
	t.Helper()
	s, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	s.Run(context.Background())
	i := 0
	return testing.AllocsPerRun(runs, func() {
		i++
		if err := s.Restart(board.Square{Row: i % p.Board.Rows, Col: (i * 3) % p.Board.Cols}, uint64(i)); err != nil {
			t.Fatal(err)
		}
		s.Run(context.Background())
	})
}

// Problem.Timeout stops a run like a context's deadline, status timeout.
func TestTimeout(t *testing.T) {
	res, err := Solve(context.Background(), Problem{Board: board.Board{Rows: 30, Cols: 30}, Strategy: "dfs", Timeout: 20 * time.Millisecond})
	if err != nil || res.Status != "timeout" || res.Elapsed > 2*time.Second {
		t.Errorf("%+v, %v", res, err)
	}
}

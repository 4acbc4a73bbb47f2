package solver

import (
	"fmt"

	"knightsweep/pkg/board"
	"knightsweep/pkg/strategies"
)

func init() {
	Register(Info{Strategy: squirrelCullStrategy{}, Info: strategies.Info{
		Name:     "squirrel-cull",
		OwnOrder: true,
		Cost:     strategies.Cost{NsPerNode: 7}, // BenchmarkSquirrelCull: 6.3 ns a node
		Summary:  "Warnsdorff's rule with Squirrel & Cull's switching move orders (Ganzfried 2004), n x n boards from a corner, linear time",
		Bytes:    linearBytes,
		Boards:   squareBoards,
		Starts:   board.Board.Corners,
	}})
}

func squareBoards(b board.Board) error {
	if b.Rows != b.Cols {
		return fmt.Errorf("the board must be square (n x n)")
	}
	return nil
}

type squirrelCullStrategy struct{}

// Prepare accepts square boards and a corner start. Table 1 is written for
// a walk from (0,0); from another corner the walk is its mirror image: the
// move orders and switch squares are reflected, so the same tour appears
// reflected. Problem.Order is ignored: the orders are the algorithm's own.
// Boards below 5 x 5 are walked too (the table's formulas put most switch
// squares off such boards); they end in dead_end except 1 x 1.
func (squirrelCullStrategy) Prepare(p Problem) (Search, error) {
	n := p.Board.Rows
	if err := squareBoards(p.Board); err != nil {
		return nil, err
	}
	flipRows, flipCols := p.Start.Row != 0, p.Start.Col != 0
	if flipRows && p.Start.Row != n-1 || flipCols && p.Start.Col != n-1 {
		return nil, fmt.Errorf("the start must be a corner (0,0 0,%d %d,0 or %d,%d), not %v", n-1, n-1, n-1, n-1, p.Start)
	}
	plan := squirrelCullPlan(n)
	phases := make([]phase, 0, len(plan))
	for _, st := range plan {
		o, err := board.ParseOrder(st.order)
		if err != nil {
			panic(err) // the table is wrong: a programming error
		}
		until := int32(-1)
		if st.row >= 1 && st.row <= n && st.col >= 1 && st.col <= n {
			r, c := st.row-1, st.col-1
			if flipRows {
				r = n - 1 - r
			}
			if flipCols {
				c = n - 1 - c
			}
			until = int32(p.Board.Index(r, c))
		}
		for i := range o {
			if flipRows {
				o[i].DRow = -o[i].DRow
			}
			if flipCols {
				o[i].DCol = -o[i].DCol
			}
		}
		phases = append(phases, newPhase(o, until))
	}
	g := newGreedy(p, tieFirst, phases)
	g.ownStart = true
	return g, nil
}

// scStage is one row entry of Ganzfried's Table 1: a move order in digits
// (board.DigitMoves) and the 1-indexed (row, col) square on which the walk
// changes to the next stage's order. The last stage has no square (0, 0).
type scStage struct {
	order    string
	row, col int
}

// squirrelCullPlan returns the stages for an m x m board: Squirrel & Cull's
// orderings by m mod 8 as tabulated by Ganzfried (2004, Table 1), with his
// fix for m = 74 (21345678 alone). The walk starts at (1,1) with the first
// order; a switch square off the board is never reached, so its order lasts
// to the end.
func squirrelCullPlan(m int) []scStage {
	if m == 74 {
		return []scStage{{"21345678", 0, 0}}
	}
	return squirrelCullTable(m)
}

// squirrelCullTable is Table 1's row for m mod 8, without the fix for 74.
func squirrelCullTable(m int) []scStage {
	type s = scStage
	switch m % 8 {
	case 0:
		return []s{{"34261578", m - 1, m - 2}, {"87642135", 2, 2}, {"51867342", m - 8, 1}, {"51342678", 7, m - 3}, {"21435678", 0, 0}}
	case 1:
		return []s{{"34261578", m - 1, m - 2}, {"87642135", 2, 2}, {"51324678", m - 6, (m + 9) / 2}, {"32481765", 0, 0}}
	case 2:
		return []s{{"34261578", 6, 1}, {"87642135", 3, 1}, {"54132678", m - 15, 4}, {"52431678", 10, m - 2}, {"85647123", 5, (m - 6) / 2}, {"15746823", 0, 0}}
	case 3:
		return []s{{"34625718", m - 1, m - 2}, {"42681357", m - 6, m}, {"86512347", 2, 5}, {"51867342", m - 10, 3}, {"61825437", (m + 1) / 2, m - 2}, {"71642538", 0, 0}}
	case 4:
		return []s{{"34261578", m - 1, m - 2}, {"87642135", 2, 2}, {"51867342", m - 8, 1}, {"51342678", 10, m - 5}, {"86753421", 13, (m + 2) / 2}, {"78563421", 0, 0}}
	case 5:
		col := (m - 13) / 2
		if m%16 == 5 {
			col = (m - 5) / 2
		}
		return []s{{"34261578", m - 1, m - 2}, {"87642135", 2, 2}, {"51324678", m - 2, col}, {"15234678", 0, 0}}
	case 6:
		return []s{{"34261578", 6, 1}, {"87642135", 3, 1}, {"54132678", m - 10, 1}, {"52431678", 10, m - 2}, {"85647123", 3, (m + 8) / 2}, {"12453678", 0, 0}}
	default: // 7
		return []s{{"34625718", m - 1, m - 2}, {"42681357", m - 6, m}, {"86512347", 2, 5}, {"51867342", m - 6, 3}, {"61825437", (m + 1) / 2, m - 2}, {"61357284", 0, 0}}
	}
}

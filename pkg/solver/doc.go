// Package solver searches for knight's tours with interchangeable strategies.
//
// A Problem names a board, a start square, a move order, a strategy and the
// budget the search may spend. New prepares a Solver for it (allocating every
// buffer the search needs, once); Solver.Run searches, times the search and
// checks any tour it finds with package tour, which shares no code with the
// strategies. Nothing is reported Found unless that check passes.
//
//	s, err := solver.New(solver.Problem{
//		Board:    board.Board{Rows: 8, Cols: 8},
//		Strategy: "warnsdorff-bt",
//	})
//	if err != nil { ... }
//	res := s.Run(ctx)
//	fmt.Println(res.Status, res.Nodes)
//
// # Strategies
//
//   - dfs: plain depth-first backtracking, children tried in move order
//     (seed 003).
//   - warnsdorff: Warnsdorff's greedy rule without backtracking: go to the
//     free neighbour with the fewest free onward moves, ties to the first in
//     move order (seed 002).
//   - warnsdorff-bt: depth-first backtracking whose children are tried in
//     ascending onward degree, ties in move order (seeds 000 and 001).
//   - parberry: Parberry's divide and conquer (package parberry): a closed
//     tour of an n x n or n x (n+2) board, n even and at least 6, read from
//     the start square; its nodes are the squares placed.
//
// Strategies register themselves (see Register), so new ones slot in without
// touching the others.
//
// # Counting
//
// A node is a square entered by the search, the start included: a tour found
// without backtracking costs rows*cols nodes. Backtracks count squares left by
// retreat (the start is never left). For every searching strategy, when a
// search ends, Nodes - Backtracks is the length of the path it holds.
//
// # Budgets
//
// Problem.MaxNodes caps the nodes a search may enter and the context passed
// to Run carries its deadline and cancellation. Both are checked together
// once every CheckInterval nodes, so the inner loop pays a single comparison
// per node.
package solver

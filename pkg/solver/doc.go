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
//     (the classic depth-first program, order board.ClassicDFS).
//   - warnsdorff: Warnsdorff's greedy rule without backtracking: go to the
//     free neighbour with the fewest free onward moves, ties to the first in
//     move order (the classic greedy program) or by Problem.Tiebreak.
//     Linear time and about 5 bytes a square, so it walks 10^8-square
//     boards.
//   - warnsdorff-bt: depth-first backtracking whose children are tried in
//     ascending onward degree, ties in move order (the classic
//     Warnsdorff-ordered backtracking programs) or by Problem.Tiebreak.
//   - squirrel-cull: Warnsdorff's rule whose move order switches at set
//     squares, by n mod 8 (Squirrel & Cull 1996, Ganzfried 2004): n x n
//     boards from a corner, linear time, a tour for every n >= 5 tried.
//   - parberry: Parberry's divide and conquer (package parberry): a closed
//     tour of an n x n or n x (n+2) board, n even and at least 6, read from
//     the start square; its nodes are the squares placed.
//
// Strategies register themselves from their init functions (see Register),
// so new ones slot in without touching the others; a command adds the
// external solvers it declares to a Set of its own (Builtins, Set.With): their facts (what they take, whether they are
// randomised or complete, what a node costs) go to package strategies,
// which the planner and the report read without linking any search.
//
// A dfs, or a warnsdorff-bt with the first tie rule, of a board of up to 64
// squares without pruning runs on Problem.Threads cores and still reports
// what the walk on one core reports, at any node limit: each core walks a segment of that walk's
// order, a core without work takes over the rest of the order from a
// running walk, and the first segment not exhausted decides.
//
// # Tie-break rules
//
// Problem.Tiebreak decides between neighbours with equally few onward moves
// in warnsdorff and warnsdorff-bt (see Tiebreaks): first (the first in move
// order), random (uniform, from a PCG stream seeded by Problem.Seed), pohl
// (the least sum of the tied square's free neighbours' onward moves) and
// roth (the farthest from the centre ((rows-1)/2, (cols-1)/2)); pohl and
// roth leave remaining ties to move order.
//
// # Random move order and restarts
//
// Problem.RandomOrder makes the strategies that take it (Info.RandomOrder:
// dfs) try the untried moves of every square in a uniformly random order,
// drawn from Seed (see randomorder.go): a run is a function of its seed,
// and a search that exhausts enters the same nodes as in move order, since
// the tree of paths is the same.
//
// Problem.Restarts gives a randomised backtracking search (Info.Restartable:
// dfs in a random order, warnsdorff-bt with the random tie rule) a restart
// policy (package restart): attempt i is cut after the policy's i-th cutoff
// and the search starts afresh from the start square with seed
// restart.Seed(Seed, i+1) (attempt 0 uses Seed itself). MaxNodes and the
// run's deadline bound all attempts together; Result.Restarts counts the
// restarts, and Nodes, Backtracks and Elapsed add up over the attempts (every
// square of an abandoned attempt counts as left). A restart allocates
// nothing and resets the search's state in at most O(squares) steps. An
// attempt that exhausts proves that no tour starts at the square; a fixed
// cutoff never lets one exhaust.
//
// # Pruning
//
// Problem.Prune makes the searching strategies (those whose Info.Prunes is
// set: dfs and warnsdorff-bt) cut a branch as soon as the unvisited squares
// cannot all be covered: an unvisited square without an unvisited neighbour,
// more squares with a single one than the rest of the path has ends, ends
// that fit neither the path's head nor (closed tours) the start; and, at the
// start, the colour rule. The test is necessary, never wrong, so a pruned
// search finds the same first tour as the unpruned one, or proves there is
// none, with fewer nodes; a pruned square counts as a node entered and left.
// Pruned dfs is its own search (dfsprune.go); pruned warnsdorff-bt is
// warnsdorff-bt's walk with the test on. The rule is board.Bits's, run on
// boards of any size by prune.go.
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

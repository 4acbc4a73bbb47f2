// Package count enumerates knight's tours exhaustively: it counts every
// directed open (or closed) tour of a board from a start square, or from
// every start square.
//
// A directed tour is a sequence of squares; a tour and its reverse count
// twice, and a closed tour is counted once for each of its two directions
// from the start (so From gives twice the number of undirected closed tours,
// or Hamiltonian cycles, when it counts closed tours).
//
//	res, err := count.From(ctx, board.Board{Rows: 5, Cols: 5}, board.Square{}, count.Options{})
//	// res.Tours == 304
//
// # Method
//
// The search is a depth-first walk on bitboards (boards of at most
// MaxSquares = 64 squares), with the pruning test of package solver's
// Problem.Prune: a branch is cut as soon as the unvisited squares cannot all
// be covered (a square with no unvisited neighbour; more squares with a single
// one than the path has ends; ends that fit neither the path's head nor, for
// closed tours, the start), and a start is cut at once when the colours of
// the squares cannot alternate along a tour (the colour rule). Every square
// the walk enters counts as a node, pruned ones included.
//
// To use every core, the search tree of each start is split breadth first at
// the shallowest depth that yields enough independent subtrees (about 256 a
// worker), and the workers walk the subtrees in parallel (errgroup). The
// counts and node totals do not depend on the number of workers or on the
// split depth.
//
// All uses the board's symmetries: reflections and the half turn (and, on
// square boards, the quarter turns and diagonal reflections) map tours from a
// square onto tours from its image, so it searches one square of each class.
// For closed tours it searches one square in all: a closed tour passes every
// square, so rotating it to start elsewhere is a bijection.
//
// # Stopping early
//
// A count whose context ends (deadline or cancellation) returns what it has
// found so far with Complete false: then the counts are lower bounds.
package count

// Package count counts knight's tours exactly: every directed open (or
// closed) tour of a board from a start square, from every start square, or
// from all of them together.
//
// A directed tour is a sequence of squares; a tour and its reverse count
// twice, and a closed tour is counted once for each of its two directions
// from the start (so From gives twice the number of undirected closed tours,
// or Hamiltonian cycles, when it counts closed tours).
//
//	res, err := count.From(ctx, board.Board{Rows: 5, Cols: 5}, board.Square{}, count.Options{})
//	// res.Tours == 304
//
// There are two methods (Options.Method); Auto enumerates boards of up to
// EnumerateUpTo = 36 squares and counts larger ones by their frontier. Both
// give the same counts on every board both can do (every board of up to 36
// squares, from every start, is tested).
//
// # Enumeration
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
// To use every core, the search trees are split breadth first at the
// shallowest depth that yields about 4,096 independent subtrees in all,
// whatever the number of workers (so that a checkpoint, which records the
// subtrees finished, resumes on any machine), and the workers walk the
// subtrees in parallel (errgroup). The counts and node totals do not depend
// on the number of workers or on the split depth. With Options.Checkpoint
// the subtrees finished and what they found are saved at most once a
// second, and a subtree stopped halfway is walked again on resuming.
//
// All uses the board's symmetries: reflections and the half turn (and, on
// square boards, the quarter turns and diagonal reflections) map tours from a
// square onto tours from its image, so it searches one square of each class.
// For closed tours it searches one square in all: a closed tour passes every
// square, so rotating it to start elsewhere is a bijection. For open tours
// it also uses reversal (a tour from s to e is one from e to s, reversed):
// the search from a class keeps only the tours that end in a class ranked as
// high or higher, the pruning test cutting paths whose forced last square is
// ranked lower, and counts them by their last square; each square's count
// is put together from those (on 6x6, 28.9M squares entered instead of
// 47.4M).
//
// # The frontier method
//
// The frontier method never lists a tour. It decides the knight's-move
// edges square by square in a fixed order and keeps, after each square, only
// what the rest of the board needs to know, the frontier state, with the
// number of ways of reaching it; ways that reach the same state are added.
//
// The board is turned so that its rows are the shorter side, and squares
// are added row by row. When square t is added, each of its edges to the
// squares before it (at most four knight's moves go back) is taken or not,
// every square keeping at most two edges. The frontier before t is the
// squares before t that still have a neighbour at t or later. A state gives
// each frontier square a code: free (no edge yet), full (two edges: no more),
// an end whose fragment's other end has left the frontier (a tour's end),
// or a pair label shared with the frontier square at its fragment's other
// end; and it counts the tour ends that have left (at most two). A square
// leaves the frontier after its last neighbour is added, and must then be
// full, or an end of the tour. States die as soon as they cannot complete: a
// cycle closed before the last square (open tours: any cycle), a third tour
// end, a square that leaves free, a free square with one neighbour left when
// no end is to spare, or, for a count from a start, the start taking two
// edges or two ends being made elsewhere. A tour is counted when the last
// edge joins everything into one path (or one cycle, for closed tours) and
// every square is full or an end. The states are packed into 64-bit keys
// (pair labels renumbered in order, so equal states are one key), which fit
// boards up to MaxFrontierSide = 8 squares across; the states' counts are
// 128-bit (ErrOverflow past that, never a wrap), and Grid.Total is exact.
//
// Worked example: 3x4 is turned into 4 rows of 3, squares 0..11 row by row.
// Square 7 (the middle of the third row) has back neighbours 0 and 2, two
// rows up and one across, and none after it; it is also the last neighbour
// of 0 and of 2, so after it all three leave, and the frontier goes from
// squares 0..6 to 1, 3, 4, 5, 6. The live states after each square are
// 1 1 1 2 2 4 11 12 26 21 2 0, and 8 undirected paths are completed: the 16
// directed open tours of 3x4. (TestWorkedExample checks these figures.)
//
// Counts from a start mark the start square: it must end with one edge.
// All makes a pass for each class of symmetric squares (and skips squares
// the colour rule rules out: on a board of an odd number of squares both
// ends of an open tour are of the colour that has one square more); Total
// makes one pass with no start marked and doubles it. For closed tours one
// pass counts the undirected cycles C, and every square has 2C directed
// tours.
//
// The states of a square are expanded by the workers in parallel: they take
// chunks of the layer in turn and add what they make into 16 hash tables
// shared by all (a key's table is fixed by its bits), through small buffers
// so that each table's lock is taken once for 256 states. Each table is
// turned into a slice as soon as the square is done, so a layer is held
// once, at 24 bytes a state, and the tables at most twice that. Memory grows with
// the states: Options.MemLimit stops a count with a *MemoryError before a
// square whose estimate (from the memory the last square took a state)
// passes it, and Options.Checkpoint saves the states of the last finished
// square so that a count that is stopped resumes from there.
//
// # Stopping early
//
// A count whose context ends (deadline or cancellation) returns what it has
// found so far with Complete false: then the counts are lower bounds (the
// frontier method's are 0 for a pass that did not finish).
package count

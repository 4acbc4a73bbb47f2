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
//	// res.Tours is 304
//
// There are two methods (Options.Method); Auto enumerates boards of up to
// EnumerateUpTo = 36 squares that are 5 or more squares across (5x5, 5x6,
// 5x7, 6x6) and boards of up to EnumerateAll = 30 squares, and counts the
// others by their frontier, whichever is faster. Both give the same counts
// on every board both can do (every board of up to 36 squares, from every
// start, is tested).
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
// shallowest depth that yields at least 4,096 independent subtrees in all,
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
// # Halves
//
// All and Total count the open tours of a square board of 16 to
// HalvesUpTo = 36 squares by their halves, unless they are to keep a
// checkpoint. A directed tour of n squares is its first a = ceil(n/2)
// squares, a path from its start, and its last b = n-a squares, which read
// backwards are a path from its end. The walks from one start of each class
// go only as deep as a front half, pruned as above (every part of a tour
// passes the test, read one way or the other), and add up the paths of a
// and of b squares by their set of squares and last square, taken up to the
// board's symmetries: the key of a path is the least of its images' keys.
// The paths from a class's start and their images are the paths from every
// square of the class, so adding the class's size for each path walked
// adds up F over the images of a key, |orbit| F, where F(U, f) counts the
// paths of b squares from any start that cover U and end on f. The tours
// from a start r are then the sum, over the front halves (S, e) from r, of
// F(rest, f) over the squares f next to e off S: the back halves that
// cover the rest and end next to e. A start that a symmetry fixes walks
// only one first move of each set the symmetries fixing it map onto each
// other, for all of them (no symmetry but the identity fixes a path of
// two squares or more). On 6x6 the walks enter 5.1M squares, and the
// halves of 18 squares have 141,407 keys: 86 ms on 2 cores for every
// tour together (BenchmarkTotal6x6), where walking every tour with
// reverses takes 255 ms. The tables hold a column of counts for each class
// (All) or one (Total), a table a worker, within Options.MemLimit; on
// rectangles, with four symmetries instead of eight, the tables are larger
// and walking is faster, so All walks them.
//
// # The frontier method
//
// The frontier method never lists a tour. It decides the knight's-move
// edges square by square in a fixed order and keeps, after each square,
// only what the rest of the board needs to know, the frontier state, with
// the number of ways of reaching it; ways that reach the same state are
// added. It works from both ends of the board at once and meets in the
// middle: one side alone would carry, past the middle, millions of states
// that the squares still to come rule out (on 6x6, nine in ten at the
// peak), where two sides meeting halfway each stay small.
//
// The board is turned so that its rows are the shorter side, and its
// squares are numbered row by row. The front side takes squares 0, 1, 2,
// ... in turn and decides each one's edges to the squares after it; its
// frontier is the squares after the last one taken that already have an
// edge decided (taken or not) to a square before. The back side takes
// squares n-1, n-2, ... and decides each one's edges to the squares it has
// taken before it; its frontier is the squares it has taken that still
// have a neighbour it has not. The side with fewer states takes the next
// square, until between them they have taken every square; then both
// frontiers are the same squares, the cut: those the back side has taken
// that have a neighbour the front side has.
//
// A state gives each frontier square a code: free (no edge yet), full (two
// edges: no more), an end whose fragment's other end is a tour's end
// already made (term), or a pair label shared with the frontier square at
// its fragment's other end; and it counts the tour ends made (at most
// two). A square leaves a side's frontier full or as a tour's end. States
// die as soon as they cannot complete: a cycle closed too early (open
// tours: any cycle), a third tour end, a square that leaves free, a free
// square with one neighbour left when no end is to spare, a count from a
// start that gives the start two edges or makes two other ends, or a
// colour imbalance: a knight's move joins the two colours, so the edges
// still to be added must meet as many square ends of one colour as of the
// other, up to the tour ends still to be made.
//
// The join pairs the two layers. A front state and a back state make
// exactly one tour when every cut square has two edges in all (one, if it
// is a tour's end), the tour has two ends in all (none, if closed), and
// the fragments meet at the cut into one path (or one cycle). The smaller
// layer is sorted by its states' degrees at the cut (a counting sort);
// each state of the larger one looks up the states whose degrees
// complete its own, for each way of placing the tour ends it still lacks
// on cut squares, and follows the fragments through each candidate. The
// counts of the pairs that join are multiplied and added.
//
// Worked example: 3x4 is turned into 4 rows of 3, squares 0..11 row by
// row. The front side takes squares 0, 1 and 2 (its states after each: 3,
// 9, 15); the back side takes 11 down to 3 (1, 1, 1, 2, 2, 4, 11, 12, 26
// states). The cut is squares 5, 7, 6, 8 and 3, the squares from 3 up with
// a neighbour among 0, 1, 2. Take the tour 9 4 11 6 1 8 3 10 5 0 7 2. The
// front side decided 0-5, 0-7, 1-6, 1-8 and 2-7, and made 2 a tour's end:
// its state is 5 term (5-0-7-2 leads to that end), 7 full, 6 and 8 a pair
// (6-1-8), 3 free, one end made. The back side decided 9-4, 4-11, 11-6,
// 8-3, 3-10 and 10-5, and made 9 an end: 5 and 8 a pair (5-10-3-8), 7
// free, 6 term (6-11-4-9), 3 full, one end made. Every cut square has two
// edges in all (5: 1+1, 7: 2+0, 6: 1+1, 8: 1+1, 3: 0+2), two ends in all,
// and from 5, whose front fragment leads to a tour's end, the back
// fragment leads to 8, the front one to 6, and the back one from 6 to the
// other end, having passed the three cut squares with an edge from each
// side: one path. Of the 15 x 26 pairs of states, 8 join: the 8
// undirected paths, or 16 directed open tours, of 3x4. (TestWorkedExample
// checks these figures.)
//
// Counts from a start mark the start square: it must end with one edge,
// on whichever side takes it, or, on the cut, be one of the tour ends the
// join places there. All makes a pass for each class of symmetric squares
// (and skips squares the colour rule rules out: on a board of an odd
// number of squares both ends of an open tour are of the colour that has
// one square more); Total makes one pass with no start marked and doubles
// it. For closed tours one pass counts the undirected cycles C, and every
// square has 2C directed tours.
//
// The states are packed into 64-bit keys (the codes as digits in base 11,
// pair labels renumbered in order, so that equal states are one key),
// which fit boards up to MaxFrontierSide = 8 squares across. Their counts
// are 128-bit, and a pass's total, the join's sum of products of a count
// from each side, is 256-bit: 5 x 32 and 6 x 24 are the first boards of
// up to 6 rows with more than 2^128 tours. A side's counts grow by about a
// bit a square, and the join adds the two sides' widths; so a side whose
// largest count passes 2^112 leaves the rest of the board to the other
// (on long boards the front side's layer is the smaller at every square
// and would otherwise take all but a few columns). ErrOverflow past either
// width, never a wrap. Grid.Total is exact. A side's next layer is built by the workers in parallel: they
// take chunks of the layer in turn and add what they make into 16 hash
// tables shared by all (a key's table is fixed by its bits), through small
// buffers so that each table's lock is taken once for 256 states. Each
// table is turned into a slice as soon as the square is done, so a layer
// is held once, at 24 bytes a state, and the tables at most twice that.
// Memory grows with the states: Options.MemLimit stops a count with a
// *MemoryError before a square, or a join, whose estimate passes it (a
// square's from the memory the side's last took a state; when one side's
// next square would pass it, the other side takes it if it can), and
// Options.Checkpoint saves both sides' layers, and the parts of a join
// done, so that a count that is stopped resumes from there. Every
// checkpoint, both methods', ends in a CRC-32C of all it holds
// (internal/durable), checked when it is read: one damaged, or of another
// count, is refused with an *UnusableError, never resumed.
//
// # Stopping early
//
// A count whose context ends (deadline or cancellation) returns what it has
// found so far with Complete false: then the counts are lower bounds (the
// frontier method's are 0 for a pass that did not finish).
//
// Request is experiment count's work from its flags: the count, within
// its timeout, resumed from and saved to its checkpoint, with the garbage
// collector set for its memory limit; Answer is what it prints.
package count

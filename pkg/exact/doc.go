// Package exact computes what a randomised greedy rule does from a start
// square, exactly: its success probability, the number of distinct tours
// and walks it can make, and where its failing walks stop.
//
// Warnsdorff's rule with random tie-breaking (warnsdorff -tiebreak random)
// goes, at every step, to one of the free neighbours with the fewest free
// onward moves, uniformly at random. It is a finite random process: the
// probability that it makes a tour is the sum, over every way its ties can
// fall, of the product of 1/(number tied) along the way. This package
// walks every one of those ways (the tie tree) and adds them up; a
// sampled rate from a sweep estimates the same number.
//
// # Rules
//
// The rules (Rule, ParseRule) are Warnsdorff's with a tie-break: random
// (uniform among the squares of fewest onward moves), pohl-random and
// roth-random (Pohl's and Roth's rules, whose own remaining ties are broken
// uniformly), and the deterministic first, pohl and roth of the solver
// (the first remaining square in move order: one walk, probability 0 or
// 1). The tie sets are the solver's, test for test (pkg/solver's
// warnsdorff; TestSolverSameRule holds every step of the solver's walks to
// them).
//
// # Method
//
// The state after any step is the set of visited squares and the square
// the walk stands on: everything after depends on nothing else. Walks that
// reach the same state are merged. Steps with a single choice are walked
// straight through; only tie points (states where the rule has two or more
// choices) are remembered, each keyed by its whole state (a bitboard of
// 1, 2, 4, 8 or 16 words and the square; a hash only picks the slot, so
// two states are merged only when equal). The tie points are taken depth
// by depth: the memo of depth d holds every tie point at d squares walked
// with the number of walks that reach it and their probability; its tie
// points are walked on (each tied square in turn, through forced steps to
// the next tie point, which joins a deeper depth's memo, or to the walk's
// end), then it is freed. Going forward this way gives the probability of
// ending at each length at no extra cost, and holds only the tie points
// not yet walked from. The workers share a depth's memo, split in 64
// shards with a lock each.
//
// A randomised rule treats the board's directions alike, so a symmetry
// of the board that fixes the start carries a state to one with the same
// future: tours, walks, fail lengths and probability. A tie point is
// therefore keyed by the least of its images under those symmetries (the
// start's stabilizer: two for a start on a mirror line or a diagonal,
// eight for the centre of an odd square board, else none), and images
// are walked once: the 8x8 corner keeps 14,003 tie points, not 27,965.
// The deterministic rules, whose ties fall in move order, and starts no
// symmetry fixes key tie points by themselves (Options.NoSymmetry does so
// for every start). A checkpoint of a build that keyed them by themselves
// goes on correctly: merging images only adds up walks whose futures are
// equal, so a state met under two keys is walked twice, never wrongly.
//
// When a tie point would take the memo past Options.MemLimit, the walk
// goes on from it without the memo, every tie in turn: slower, never
// wrong. Options.Plain walks the whole tree that way.
//
// # The frontier method
//
// Options.Method MethodFrontier walks the same tie points depth by depth
// with no table, so that its memory is bounded by Options.MemLimit
// whatever the board: a tie point reached is appended as a record (the
// visited squares, the square, the count of walks and the probability: 40
// bytes on 11x11) to its worker's buffer of its depth, and when a depth's
// turn comes its records are sorted by key and the records of a key added
// up. Past the limit a worker sorts its buffers, adds up their equal keys
// and writes each as a run, a file of one depth sorted by key; a depth is
// then the merge of its runs and buffers, each key once. With Options.Work
// every depth boundary is a checkpoint the walk goes on from (CheckWork).
// Float64s of a key are added pairwise, so the error bounds are tighter
// than the memo's. MethodAuto chooses between the two.
//
// # What exact means
//
// On boards of up to 64 squares (MaxExactSquares) a walk's probability at
// depth d is kept as a whole number over 840^d (840 = lcm(1..8)), so
// every sum is exact and Result.Fraction is the probability as a reduced
// fraction; Result.Probability is its nearest float64. Beyond 64 squares
// the probabilities are float64s: each walk's probability is rounded at
// most once a tie and once a merge, and the sums of ends are exact
// (significands added by exponent), so |Probability - p| <= ErrorBound, a
// bound from the most roundings any walk took (Higham's gamma) plus the
// final rounding.
//
// Tours and Walks are counts of leaves of the tie tree (walks with
// different tie choices, never merged): Walks = Tours + failing walks.
//
// # The command's work
//
// Runner is experiment exact's work from its flags to its rows: the CSV
// of -out (resumed from, replaced whole as each walk ends), the work
// directory of -work (locked against a second process, its command.json
// checked), the split of the memory limit between the memo and the
// runtime, and each walk's time left.
package exact

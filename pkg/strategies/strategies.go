// Package strategies is what is known of the search strategies without
// running them: their names and the order every list, table and chart
// shows them in, their tie-break rules, their facts (Info: randomised,
// restartable, complete, what they cost) and the sets of them a command
// runs (Set: the built-in strategies, which package solver registers here
// from its init functions, and the external solvers a command declares,
// each read from its declaration, Decl). The planner, its cost model, the
// statistics and the report ask this package, so that they depend on no
// search code; only the sweep and the solve command run searches.
package strategies

import "slices"

// Builtin lists the built-in strategies in the order they are shown: plain
// backtracking, the greedy rule, the rule with backtracking, then the
// constructions. A strategy registered under a name not listed here (an
// external solver's, a test's) comes after them, alphabetically.
var Builtin = []string{"dfs", "warnsdorff", "warnsdorff-bt", "parberry", "squirrel-cull"}

// Rank returns name's place in Builtin, or len(Builtin) when it is not
// there.
func Rank(name string) int {
	if i := slices.Index(Builtin, name); i >= 0 {
		return i
	}
	return len(Builtin)
}

// OrderRandom is the move order column's word (and -order's) for a search
// that tries each square's untried moves in a uniformly random order drawn
// from the job's seed.
const OrderRandom = "random"

// The tie-break rules: how Warnsdorff's rule chooses among free neighbours
// with the same, smallest, number of free onward moves.
const (
	// TieFirst takes the first tied square in move order (the seeds' rule).
	TieFirst = "first"
	// TieRandom takes one of the tied squares uniformly at random, from a
	// stream seeded by the job's seed.
	TieRandom = "random"
	// TiePohl takes the tied square whose free neighbours have the smallest
	// sum of free onward moves (Pohl 1967); remaining ties in move order.
	TiePohl = "pohl"
	// TieRoth takes the tied square farthest from the board's centre
	// (Roth); remaining ties in move order. The centre is exactly
	// ((rows-1)/2, (cols-1)/2), a half-integer on even sides.
	TieRoth = "roth"
)

// Tiebreaks lists every tie-break rule, the default first: the order they
// are shown in.
var Tiebreaks = []string{TieFirst, TieRandom, TiePohl, TieRoth}

// TiebreakRank returns rule's place in Tiebreaks, or len(Tiebreaks).
func TiebreakRank(rule string) int {
	if i := slices.Index(Tiebreaks, rule); i >= 0 {
		return i
	}
	return len(Tiebreaks)
}

// RandomTiebreak reports whether rule draws random numbers.
func RandomTiebreak(rule string) bool { return rule == TieRandom }

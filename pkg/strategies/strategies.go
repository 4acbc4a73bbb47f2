// Package strategies names the search strategies and their tie-break
// rules, in the order every list, table and chart shows them. It is the one
// place both the solver (which registers a search under each name) and the
// statistics (which sort and label series by them) ask, so that a report
// depends on no search code.
package strategies

import "slices"

// Names lists the strategies in the order they are shown: plain
// backtracking, the greedy rule, the rule with backtracking, then the
// constructions. A strategy registered under a name not listed here (a
// test's) comes after them, alphabetically.
var Names = []string{"dfs", "warnsdorff", "warnsdorff-bt", "parberry", "squirrel-cull"}

// Rank returns name's place in Names, or len(Names) when it is not there.
func Rank(name string) int {
	if i := slices.Index(Names, name); i >= 0 {
		return i
	}
	return len(Names)
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

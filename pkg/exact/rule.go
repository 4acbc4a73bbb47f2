package exact

import (
	"fmt"
	"math/bits"
	"strings"
	"unsafe"

	"knightsweep/pkg/strategies"
)

// Rule is a greedy rule whose every step this package walks: Warnsdorff's
// (go to a free neighbour with the fewest free onward moves) with one way
// of choosing among the squares that tie.
type Rule uint8

// The rules, as -tiebreak names them. Each random rule picks uniformly
// among the squares its deterministic namesake would still call tied; each
// deterministic one takes the first of them in move order, as the solver
// does.
const (
	// Random is warnsdorff -tiebreak random: uniform among the squares of
	// fewest onward moves.
	Random Rule = iota
	// PohlRandom is Pohl's rule with the ties it leaves broken uniformly:
	// among the tied squares, those whose free neighbours have the least
	// sum of free onward moves.
	PohlRandom
	// RothRandom is Roth's rule with the ties it leaves broken uniformly:
	// among the tied squares, those farthest from the board's centre.
	RothRandom
	// First is warnsdorff -tiebreak first (deterministic).
	First
	// Pohl is warnsdorff -tiebreak pohl (deterministic).
	Pohl
	// Roth is warnsdorff -tiebreak roth (deterministic).
	Roth
)

// ruleNames are the rules' names: those the solver has are its -tiebreak
// names, as package strategies spells them (it imports no search code:
// the report, which never runs a solver, uses this package).
var ruleNames = [...]string{
	Random:     strategies.TieRandom,
	PohlRandom: strategies.TiePohl + "-random",
	RothRandom: strategies.TieRoth + "-random",
	First:      strategies.TieFirst,
	Pohl:       strategies.TiePohl,
	Roth:       strategies.TieRoth,
}

// Rules lists the rules' names, the default first.
func Rules() []string { return ruleNames[:] }

// ParseRule reads a rule's name.
func ParseRule(s string) (Rule, error) {
	for i, n := range ruleNames {
		if n == s {
			return Rule(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rule %q: want one of %s", s, strings.Join(ruleNames[:], ", "))
}

func (r Rule) String() string { return ruleNames[r] }

// Randomised reports whether the rule draws among tied squares; the others
// take one walk, of probability 0 or 1.
func (r Rule) Randomised() bool { return r <= RothRandom }

// Sampled returns the -tiebreak of warnsdorff that samples this rule in a
// sweep, or "" if no solver rule does: the solver breaks what Pohl's and
// Roth's rules leave tied in move order, never at random.
func (r Rule) Sampled() string {
	switch r {
	case Random, First, Pohl, Roth:
		return ruleNames[r]
	}
	return ""
}

// refine is the criterion applied after the fewest onward moves: none,
// Pohl's or Roth's.
func (r Rule) refine() uint8 {
	switch r {
	case PohlRandom, Pohl:
		return refinePohl
	case RothRandom, Roth:
		return refineRoth
	}
	return refineNone
}

const (
	refineNone uint8 = iota
	refinePohl
	refineRoth
)

// set is a set of squares, one bit each: the visited squares of a walk.
// Boards of up to 64 squares take one word.
type set interface {
	~[1]uint64 | ~[2]uint64 | ~[4]uint64 | ~[8]uint64 | ~[16]uint64
}

// MaxSquares is the largest board this package walks: 16 words of set.
const MaxSquares = 16 * 64

func has[K set](k *K, sq int) bool { return (*k)[sq>>6]>>(sq&63)&1 != 0 }

func add[K set](k *K, sq int) { (*k)[sq>>6] |= 1 << (sq & 63) }

// free counts the squares of nb not in v. A set of one or two words (the
// boards to 11x11) is counted without a loop: len(*v) is a constant in
// each of the compiled shapes, so the switch is resolved when compiled.
func free[K set](nb, v *K) int {
	switch len(*v) {
	case 1:
		return bits.OnesCount64((*nb)[0] &^ (*v)[0])
	case 2:
		a, b := (*[2]uint64)(unsafe.Pointer(nb)), (*[2]uint64)(unsafe.Pointer(v))
		return bits.OnesCount64(a[0]&^b[0]) + bits.OnesCount64(a[1]&^b[1])
	}
	n := 0
	for i := range len(*nb) {
		n += bits.OnesCount64((*nb)[i] &^ (*v)[i])
	}
	return n
}

// graph is a board's knight graph for one rule.
type graph[K set] struct {
	n      int
	rule   Rule
	refine uint8
	// nbr[s] is the set of squares a knight's move from s.
	nbr []K
	// list[s] holds those squares in move order (board.DefaultOrder),
	// which the deterministic rules follow.
	list [][]int16
	// moves[s] is list[s] laid out for the degree test.
	moves []moves
	// all is the board's squares; shifts its moves as shifts of a set,
	// each less than a word if nearShifts.
	all        K
	shifts     []shift[K]
	nearShifts bool
	near       nearMoves // the shifts on two words, if nearShifts
	// dist[s] is four times the squared distance from the centre (Roth).
	dist []int32
}

// moves are a square's knight moves in move order: the square each
// reaches (to), and the word of a set that holds it and its bit there.
type moves struct {
	n   int
	to  [8]int16
	w   [8]uint8
	bit [8]uint64
}

// tied writes to out the squares the rule may take from cur, where v holds
// every visited square (cur among them), in move order, and returns how
// many there are: 0 at the end of the walk. The same tests as the
// solver's warnsdorff (pkg/solver): a candidate's degree counts its
// unvisited neighbours; Pohl's sum adds the degrees of the candidate's
// unvisited neighbours, each of which counts the candidate as unvisited;
// Roth's distance is from ((rows-1)/2, (cols-1)/2).
//
// It counts the degrees of v's unvisited squares first; a walk keeps
// them as it goes (degrees), and asks tiedDeg.
func (g *graph[K]) tied(v *K, cur int, out *[8]int16) int {
	dg := g.degreesOf(v)
	return g.tiedDeg(v, &dg, cur, out)
}

// b2i is 1 for true, 0 for false, without a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (g *graph[K]) refineTies(v *K, out *[8]int16, t int) int {
	var score [8]int
	best := 1 << 30
	for i := range t {
		s := int(out[i])
		if g.refine == refineRoth {
			score[i] = -int(g.dist[s]) // farthest first
		} else {
			sum := 0
			nb := g.nbr[s]
			for w := range len(nb) {
				for b := nb[w] &^ (*v)[w]; b != 0; b &= b - 1 {
					sum += free(&g.nbr[w<<6|bits.TrailingZeros64(b)], v)
				}
			}
			score[i] = sum
		}
		best = min(best, score[i])
	}
	k := 0
	for i := range t {
		if score[i] == best {
			out[k] = out[i]
			k++
		}
	}
	return k
}

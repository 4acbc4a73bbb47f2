package solver

import "knightsweep/pkg/board"

// Pruning (Problem.Prune) cuts a branch as soon as the squares not yet
// visited cannot all be covered by the rest of the path, by the rule
// board.Bits states; a pruned search finds the same first tour as the
// unpruned one. coverage runs it on boards of any size by counting degrees
// (TestCoverageIsBitsRule checks it against board.Bits.Viable).
//
// At the start the search also applies the colour rule: a knight's move
// changes colour, so on a board with an odd number of squares an open tour
// starts on the corner's colour, and a closed tour needs an even number of
// squares.
//
// The search enters a square, applies the test, and retreats at once if it
// fails: a pruned square counts as a node and a backtrack, so Nodes -
// Backtracks stays the length of the path held.

// coverage tracks, for the pruning test, each square's number of unvisited
// neighbours, and how many unvisited squares have none and exactly one. It
// works on boards of any size.
type coverage struct {
	g *board.Graph
	// key[s] is the number of unvisited neighbours of s, plus visitedKey
	// once s is visited, so that the histogram of keys below visitedKey
	// counts unvisited squares only, without a branch.
	key []uint8
	// hist[k] counts the squares whose key is k.
	hist  [2 * visitedKey]int32
	left  int // unvisited squares
	start int32
	// closed asks for the closed-tour test.
	closed bool
}

// visitedKey is added to a visited square's key; above the largest degree.
const visitedKey = 16

func newCoverage(g *board.Graph, start int32, closed bool) *coverage {
	return &coverage{g: g, key: isolated[uint8](len(g.Deg)), start: start, closed: closed}
}

// reset marks every square unvisited.
func (c *coverage) reset() {
	copy(c.key, c.g.Deg)
	c.hist = [2 * visitedKey]int32{}
	for _, d := range c.g.Deg {
		c.hist[d]++
	}
	c.left = len(c.key)
}

func (c *coverage) visit(s int32) {
	c.hist[c.key[s]]--
	c.key[s] += visitedKey
	c.hist[c.key[s]]++
	c.left--
	for _, v := range c.g.Neighbours(int(s)) {
		c.hist[c.key[v]]--
		c.key[v]--
		c.hist[c.key[v]]++
	}
}

func (c *coverage) leave(s int32) {
	c.hist[c.key[s]]--
	c.key[s] -= visitedKey
	c.hist[c.key[s]]++
	c.left++
	for _, v := range c.g.Neighbours(int(s)) {
		c.hist[c.key[v]]--
		c.key[v]++
		c.hist[c.key[v]]++
	}
}

// viable reports whether the unvisited squares may still be covered by a
// path continuing from cur, the square just entered (see the rule above).
func (c *coverage) viable(cur int32) bool {
	if c.left == 0 {
		return true
	}
	// toCur counts unvisited neighbours of cur; endsCur those that are end
	// squares (deg <= 1).
	toCur, endsCur := 0, 0
	for _, v := range c.g.Neighbours(int(cur)) {
		if k := c.key[v]; k < visitedKey {
			toCur++
			if k <= 1 {
				endsCur++
			}
		}
	}
	if toCur == 0 {
		return false
	}
	if c.left == 1 {
		// The one square left neighbours cur; a closed tour also needs it
		// to neighbour the start.
		return !c.closed || c.endsNear(c.start) == 1
	}
	if c.hist[0] != 0 {
		return false
	}
	ends := int(c.hist[1])
	if ends > 2 {
		return false
	}
	if !c.closed {
		return ends-endsCur <= 1
	}
	if ends == 0 {
		return true
	}
	endsStart := c.endsNear(c.start)
	both := endsStart
	if cur != c.start {
		both = 0
		for _, v := range c.g.Neighbours(int(c.start)) {
			if c.key[v] <= 1 && c.g.IsMove(v, cur) {
				both++
			}
		}
	}
	reached := endsCur + endsStart - both
	if ends == 1 {
		return reached == 1
	}
	return reached == 2 && endsCur >= 1 && endsStart >= 1
}

// endsNear counts the unvisited neighbours of s with at most one unvisited
// neighbour themselves.
func (c *coverage) endsNear(s int32) int {
	n := 0
	for _, v := range c.g.Neighbours(int(s)) {
		if c.key[v] <= 1 {
			n++
		}
	}
	return n
}

// colourAllows reports whether the colour rule lets a tour start at start.
func colourAllows(b board.Board, start board.Square, closed bool) bool {
	n := b.Squares()
	if closed {
		return n%2 == 0
	}
	return n%2 == 0 || (start.Row+start.Col)%2 == 0
}

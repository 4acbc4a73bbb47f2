package count

import (
	"context"
	"math/bits"
	"sync/atomic"
)

// path is the state of a partial tour: its end, its squares as a set and its
// length in moves.
type path struct {
	at      int8
	depth   int8
	visited uint64
}

// tally is what a walk found: tours, nodes entered, and whether it ran to the
// end.
type tally struct {
	tours    uint64
	nodes    int64
	complete bool
}

// search is what a walk looks for: tours from start, closed or open, and,
// for open ones, ending on one of the squares of ends. If found is not nil,
// walks add the tours they find to it as they go (Options.Found).
type search struct {
	start  int
	closed bool
	ends   uint64
	found  *atomic.Uint64
}

// checkEvery is how many nodes a walk enters between looks at its context.
const checkEvery = 1 << 16

// walk counts the tours that extend p, entering every square a depth-first
// search would enter below it, less the subtrees that fail the pruning test.
// Every square entered counts as a node (p's end is not: its walk's caller
// entered it).
// If byEnd is not nil, it adds the tours ending on each square to it.
func (g *graph) walk(ctx context.Context, p path, sr search, byEnd *[MaxSquares]uint64) tally {
	var (
		kids [MaxSquares]uint64 // untried next squares at each depth
		at   [MaxSquares]int8   // the square at each depth
	)
	start, closed, ends := sr.start, sr.closed, sr.ends
	last := int8(g.n - 1)
	startNbr := g.Nbr[start]
	if closed {
		ends = startNbr
	}
	visited := p.visited
	d := p.depth
	at[d&63], kids[d&63] = p.at, g.Nbr[p.at&63]&^visited
	var t tally
	countdown := checkEvery
	var told uint64 // tours added to sr.found
	defer func() {
		if sr.found != nil {
			sr.found.Add(t.tours - told)
		}
	}()
	for {
		k := kids[d&63]
		if k == 0 {
			if d == p.depth {
				t.complete = true
				return t
			}
			visited &^= 1 << (at[d&63] & 63)
			d--
			continue
		}
		kids[d&63] = k & (k - 1)
		sq := bits.TrailingZeros64(k)
		t.nodes++
		if countdown--; countdown == 0 {
			if ctx.Err() != nil {
				return t
			}
			if sr.found != nil {
				sr.found.Add(t.tours - told)
				told = t.tours
			}
			countdown = checkEvery
		}
		if d+1 == last {
			if ends>>sq&1 != 0 {
				t.tours++
				if byEnd != nil {
					byEnd[sq]++
				}
			}
			continue
		}
		v := visited | 1<<sq
		if !g.Viable(g.All&^v, sq, start, closed, ends) {
			continue
		}
		d++
		visited = v
		at[d&63], kids[d&63] = int8(sq), g.Nbr[sq]&^v
	}
}

// split enters the search tree from start breadth first, one depth at a
// time, until it holds at least want partial tours (or the tours are too
// short to split further). It returns them with the tally of the squares it
// entered and the tours it completed on the way. Walking each returned path
// to the end then counts every tour from start exactly once, and the nodes
// add up to those of one depth-first walk, however deep the split.
func (g *graph) split(sr search, want int) ([]path, tally) {
	return g.splitTo(sr, want, int8(g.n-3), g.All)
}

// splitTo is split, with paths no deeper than deepest, and only those whose
// first move is to a square of first.
func (g *graph) splitTo(sr search, want int, deepest int8, first uint64) ([]path, tally) {
	start, closed := sr.start, sr.closed
	t := tally{nodes: 1, complete: true}
	root := path{at: int8(start), visited: 1 << start}
	u := g.All &^ root.visited
	if g.n == 1 {
		if !closed {
			t.tours = 1
		}
		return nil, t
	}
	if !g.balanced(u, start, closed) || !g.Viable(u, start, start, closed, sr.ends) {
		return nil, t
	}
	frontier := []path{root}
	for len(frontier) < want && len(frontier) > 0 && frontier[0].depth < deepest {
		var next []path
		for _, p := range frontier {
			k := g.Nbr[p.at] &^ p.visited
			if p.depth == 0 {
				k &= first
			}
			for ; k != 0; k &= k - 1 {
				sq := bits.TrailingZeros64(k)
				t.nodes++
				v := p.visited | 1<<sq
				if g.Viable(g.All&^v, sq, start, closed, sr.ends) {
					next = append(next, path{at: int8(sq), depth: p.depth + 1, visited: v})
				}
			}
		}
		frontier = next
	}
	return frontier, t
}

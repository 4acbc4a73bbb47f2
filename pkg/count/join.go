package count

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// The join puts the two sides of a count together once they meet: the
// front side has decided every edge of the squares below the cut, the back
// side every edge between the squares above it, and both layers describe
// the same squares, the cut: those above it with a neighbour below. A
// front state gives each cut square the edges it has from below and how
// they are joined through the squares below; a back state the edges it
// has from above, likewise. A pair of states makes tours (exactly one way)
// when every cut square has two edges in all (one if it is a tour's end),
// the tour has two ends in all (none if closed), and the fragments of the
// two sides, joined at the cut, make one path (or one cycle).
//
// The smaller layer is indexed by its states' degrees at the cut (and
// their ends), a counting sort; each state of the larger looks up the
// states whose degrees complete its own, for each way of placing the tour
// ends still missing on cut squares, and checks each candidate's fragments
// against its own.

// joinIndex is a layer sorted by group: the degrees of its cut squares,
// read as a number in base 3, and, for open tours, its ends. Its states
// are kept as the join reads them, not as keys.
type joinIndex struct {
	// present has a bit for each group with a state; the states of group
	// g are entries[first[g]:first[g+1]].
	present []uint64
	first   []uint32
	entries []joinEntry
}

// joinEntry is a state of an indexed layer: the other end of each cut
// square's fragment (linkBits bits a square, in the front side's order: a
// cut position, wordEnd for a tour's end, wordNone for a square with no
// edge or two from this side), and its count.
type joinEntry struct {
	links [2]uint64
	n     u128
}

const (
	linkBits = 5
	perWord  = 64 / linkBits
	wordEnd  = 30
	wordNone = 31
)

// link returns cut square i's link in w: a position, linkEnd or linkNone.
func link(w *[2]uint64, i int) int8 {
	switch v := rawLink(w, i); v {
	case wordEnd:
		return linkEnd
	case wordNone:
		return linkNone
	default:
		return int8(v)
	}
}

// rawLink returns cut square i's link in w as stored: a position, wordEnd
// or wordNone.
func rawLink(w *[2]uint64, i int) int {
	return int(w[linkWord[i]] >> linkShift[i] & (1<<linkBits - 1))
}

// linkWord[i] and linkShift[i] locate cut square i's link in link words:
// tables, not a division, in the join's innermost loop.
var linkWord, linkShift = func() (w, s [24]uint8) {
	for i := range w {
		w[i], s[i] = uint8(i/perWord), uint8(linkBits*(i%perWord))
	}
	return w, s
}()

// words packs links into link words.
func words(l *[24]int8, k int) (w [2]uint64) {
	for i := range k {
		v := uint64(l[i])
		switch l[i] {
		case linkEnd:
			v = wordEnd
		case linkNone:
			v = wordNone
		}
		w[i/perWord] |= v << (linkBits * uint(i%perWord))
	}
	return w
}

// joinPlan is what the join needs besides the layers.
type joinPlan struct {
	k      int    // cut squares
	pow3   []uint // 3^i
	top    uint   // 3^k
	groups uint   // top, times 3 for open tours (their ends)
	closed bool
	// start is the position of the start among the cut squares, or -1.
	start int
	// pos[i] is the position in the front side's order of the back
	// side's cut square i.
	pos []int
	// chunkStates is how many states of the larger layer the join takes
	// at once.
	chunkStates int
}

// joinEntryBytes is the memory of a state an index holds.
const joinEntryBytes = 32

// joinBytes estimates the memory a join adds to its layers when it
// indexes n states (the index's entries, less nothing: the layer they
// replace is freed only as they are made).
func joinBytes(k int, closed bool, n int) int64 {
	g := int64(1)
	for range k {
		g *= 3
	}
	if !closed {
		g *= 3
	}
	return g*4 + g/8 + int64(n)*(joinEntryBytes+4)
}

// newJoinPlan returns the join of front and back, or an error if their cut
// squares differ (a bug) or the cut is too wide to index.
func newJoinPlan(front, back *side, task frontierTask) (*joinPlan, error) {
	fs, bs := front.squares(), back.squares()
	if len(fs) != len(bs) || len(fs) > maxLive {
		return nil, fmt.Errorf("count: the sides meet on %d and %d squares", len(fs), len(bs))
	}
	j := &joinPlan{k: len(fs), closed: task.closed, start: -1}
	for _, u := range bs {
		i := slices.Index(fs, u)
		if i < 0 {
			return nil, fmt.Errorf("count: cut square %d is not on both sides", u)
		}
		j.pos = append(j.pos, i)
	}
	if task.start >= 0 {
		j.start = slices.Index(fs, task.start)
	}
	p := uint(1)
	for range j.k {
		j.pow3 = append(j.pow3, p)
		p *= 3
	}
	j.top, j.groups = p, p
	if !task.closed {
		j.groups *= 3
	}
	return j, nil
}

// decode unpacks key, a state of the front side (back false: the back
// side) into codes in the front side's order of the cut squares, and
// returns its group.
func (j *joinPlan) decode(key uint64, back bool, codes *[24]uint8) (group uint, ends int) {
	var s state
	s.unpack(key, j.k)
	if back {
		for i := range j.k {
			codes[j.pos[i]] = s.codes[i]
		}
	} else {
		*codes = s.codes
	}
	for i := range j.k {
		group += uint(degree(codes[i])) * j.pow3[i]
	}
	return group + uint(s.ends)*j.top, s.ends
}

// index sorts the layer of sd by group (a counting sort) into the index
// that replaces it: the states a candidate is checked against then lie
// together, in the order they are read, already decoded. The workers take
// the layer's parts in turn, and free each as soon as its states are
// placed; the order of a group's states is whichever they were placed in.
func (j *joinPlan) index(ctx context.Context, sd *side, workers int) (*joinIndex, error) {
	n := sd.size()
	if uint64(n) >= 1<<32 {
		return nil, fmt.Errorf("count: %d states are too many to join", n)
	}
	ix := &joinIndex{present: make([]uint64, j.groups/64+1), first: make([]uint32, j.groups+1)}
	groups := make([]uint32, n) // the states' groups, in layer order
	starts := make([]int, len(sd.states))
	for p := 1; p < len(starts); p++ {
		starts[p] = starts[p-1] + len(sd.states[p-1])
	}
	// parts runs fn on every part of the layer, the workers taking them in
	// turn, until ctx ends.
	parts := func(ctx context.Context, fn func(p int)) error {
		var next atomic.Int64
		g, gctx := errgroup.WithContext(ctx)
		for range workers {
			g.Go(func() error {
				for {
					p := int(next.Add(1) - 1)
					if p >= len(sd.states) {
						return nil
					}
					if err := gctx.Err(); err != nil {
						return err
					}
					fn(p)
				}
			})
		}
		return g.Wait()
	}
	err := parts(ctx, func(p int) {
		var codes [24]uint8
		for i, e := range sd.states[p] {
			g, _ := j.decode(e.key, !sd.front, &codes)
			groups[starts[p]+i] = uint32(g)
			atomic.AddUint32(&ix.first[g+1], 1)
		}
	})
	if err != nil {
		return nil, err
	}
	for g := range j.groups {
		if ix.first[g+1] > 0 {
			ix.present[g/64] |= 1 << (g % 64)
		}
		ix.first[g+1] += ix.first[g]
	}
	fill := slices.Clone(ix.first[:j.groups])
	ix.entries = make([]joinEntry, n)
	// The layer's parts are freed as they are placed: once begun, this
	// runs to its end (seconds), so that a stop never saves half a layer.
	err = parts(context.Background(), func(p int) {
		var codes [24]uint8
		var ls [24]int8
		for i, e := range sd.states[p] {
			j.decode(e.key, !sd.front, &codes)
			links(&codes, j.k, &ls)
			at := atomic.AddUint32(&fill[groups[starts[p]+i]], 1) - 1
			ix.entries[at] = joinEntry{words(&ls, j.k), e.n}
		}
		sd.states[p] = nil
	})
	if err != nil {
		return nil, err
	}
	sd.states, sd.index, sd.joinPlan = nil, ix, j
	return ix, nil
}

// keys calls fn with each state of the index as a key of side sd (the
// index replaced its layer): a checkpoint saved during a join holds
// layers, not indexes.
func (ix *joinIndex) keys(j *joinPlan, back bool, fn func(entry) error) error {
	// at[i] is the position in the front side's order of the side's cut
	// square i.
	at := make([]int, j.k)
	for i := range at {
		at[i] = i
		if back {
			at[i] = j.pos[i]
		}
	}
	keep := make([]int, j.k)
	for i := range keep {
		keep[i] = i
	}
	sign := make([]int8, j.k)
	var s state
	s.n = j.k
	for g := uint(0); g < j.groups; g++ {
		if ix.first[g] == ix.first[g+1] {
			continue
		}
		s.ends = int(g / j.top)
		for _, e := range ix.entries[ix.first[g]:ix.first[g+1]] {
			// Pair labels in order of first appearance in the side's order,
			// as pack would number them.
			var label [24]uint8
			next := uint8(codePair)
			for i := range j.k {
				f := at[i]
				switch d := g / j.pow3[f] % 3; {
				case d == 0:
					s.codes[i] = codeFree
				case d == 2:
					s.codes[i] = codeFull
				default:
					switch l := link(&e.links, f); {
					case l == linkEnd:
						s.codes[i] = codeTerm
					case label[l] != 0:
						s.codes[i] = label[l]
					default:
						label[f] = next
						s.codes[i] = next
						next++
					}
				}
			}
			key, _ := s.pack(keep, sign)
			if err := fn(entry{key, e.n}); err != nil {
				return err
			}
		}
	}
	return nil
}

// links returns, for each cut square of codes, the other end of its
// fragment: a cut position, linkEnd for a tour's end, or linkNone for a
// square with no edge from that side or two.
func links(codes *[24]uint8, k int, out *[24]int8) {
	var seen [radix]int8
	for i := range seen {
		seen[i] = -1
	}
	for i := range k {
		c := codes[i]
		switch {
		case c == codeTerm:
			out[i] = linkEnd
		case c >= codePair:
			if o := seen[c]; o >= 0 {
				out[i], out[o] = o, int8(i)
			} else {
				seen[c] = int8(i)
			}
		default:
			out[i] = linkNone
		}
	}
}

const (
	linkNone = -1
	linkEnd  = -2
)

// opens reports whether the fragments of two states of an open count, whose
// degrees complete each other, make one path: a the links of one, w the
// link words of the other. The walk starts at startAt, the path's end
// where a's fragment leads to a tour's end or where a cut square is one
// (viaA: leaving by w's link), and passes nodes cut squares with an edge
// from each side or a tour's end; when a knows no end (startAt < 0), both
// are where w's fragments lead, at one of the squares in ones.
func opens(a *[24]int8, w *[2]uint64, startAt int, viaA bool, nodes int, ones []int) bool {
	if startAt < 0 {
		for _, i := range ones {
			if rawLink(w, i) == wordEnd {
				startAt, viaA = i, false
				break
			}
		}
		if startAt < 0 {
			return false
		}
	}
	seen, x := 0, startAt
	for {
		if seen++; seen > nodes {
			return false // a cycle
		}
		next := int(a[x])
		if viaA {
			if next = rawLink(w, x); next >= wordEnd {
				break
			}
		} else if next < 0 {
			break // the path's other end
		}
		x, viaA = next, !viaA
	}
	return seen == nodes
}

// closes reports whether the fragments of two states of a closed count,
// whose degrees complete each other, make one cycle: a the links of one,
// in which nodes cut squares have one edge, the first at startAt; w the
// link words of the other. Following a link of a, then one of w, from
// startAt must come back to it only after passing every such square.
func closes(a *[24]int8, w *[2]uint64, startAt, nodes int) bool {
	x, seen := startAt, 0
	for {
		z := rawLink(w, int(a[x]))
		seen += 2
		if z == startAt {
			return seen == nodes
		}
		if z >= wordEnd || seen >= nodes {
			return false
		}
		x = z
	}
}

// joinProgress is a join's state between chunks: which chunks of the
// larger layer are done, and the tours they made.
type joinProgress struct {
	chunks int
	done   []bool
	tours  []u256
}

// defaultJoinChunk is how many states of the larger layer a join takes at
// once.
const defaultJoinChunk = 1 << 16

// run joins the two layers and returns the tours they make together.
// prog, if not nil, holds the chunks already done (a checkpoint's) and is
// updated as chunks complete; onChunk is called after each.
func (j *joinPlan) run(ctx context.Context, front, back *side, workers int, prog *joinProgress, onChunk func()) (u256, error) {
	if j.k == 0 || front.size() == 0 || back.size() == 0 {
		return u256{}, nil
	}
	// The smaller layer is indexed: its index takes more memory a state
	// than a layer, and the larger one's states are read once each.
	small, big := front, back
	if back.size() < front.size() {
		small, big = back, front
	}
	ix, err := j.index(ctx, small, workers)
	if err != nil {
		return u256{}, err
	}
	// A chunk is a range of the larger layer's states in their order, the
	// order a checkpoint keeps them in, so that a resumed join's chunks are
	// the same.
	chunks := ranges(big.states, j.chunkStates)
	if prog.chunks != len(chunks) {
		if prog.chunks > 0 {
			return u256{}, fmt.Errorf("count: a join of %d parts resumed as one of %d", prog.chunks, len(chunks))
		}
		*prog = joinProgress{chunks: len(chunks), done: make([]bool, len(chunks)), tours: make([]u256, len(chunks))}
	}
	var next atomic.Int64
	var mu sync.Mutex // prog, and onChunk's calls
	g, gctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(chunks) {
					return nil
				}
				if prog.done[i] {
					continue
				}
				if err := gctx.Err(); err != nil {
					return err
				}
				n, err := j.chunk(chunks[i], !big.front, ix)
				if err != nil {
					return err
				}
				mu.Lock()
				prog.tours[i], prog.done[i] = n, true
				if onChunk != nil {
					onChunk()
				}
				mu.Unlock()
			}
		})
	}
	err = g.Wait()
	var total u256
	for i, n := range prog.tours {
		if prog.done[i] {
			var over bool
			if total, over = total.add(n); over {
				return total, ErrOverflow
			}
		}
	}
	return total, err
}

// ranges cuts the states of a layer, in order, into ranges of n (the last
// shorter), each a list of pieces of the layer's parts.
func ranges(l [][]entry, n int) [][][]entry {
	var out [][][]entry
	var cur [][]entry
	left := n
	for _, part := range l {
		for len(part) > 0 {
			take := min(left, len(part))
			cur = append(cur, part[:take])
			part, left = part[take:], left-take
			if left == 0 {
				out, cur, left = append(out, cur), nil, n
			}
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// chunk joins the states of pieces (of the back side if back) with the
// indexed layer ix: each state, with every group of states that can
// complete it, adds its count times the counts of those that do.
func (j *joinPlan) chunk(pieces [][]entry, back bool, ix *joinIndex) (u256, error) {
	var tours u256
	var st joinState
	var ps []partner
	for _, piece := range pieces {
		for _, e := range piece {
			st.read(j, e.key, back)
			ps = j.partners(&st, ps)
			for _, p := range ps {
				sum, carries := j.completing(ix, &st, p)
				if sum == (u128{}) && carries == 0 {
					continue // no state completes this one
				}
				n, over := u256{sum.lo, sum.hi, carries}.mul(e.n)
				if !over {
					tours, over = tours.add(n)
				}
				if over {
					return tours, ErrOverflow
				}
			}
		}
	}
	return tours, nil
}

// joinState is a state of the larger layer as the join reads it.
type joinState struct {
	codes [24]uint8 // in the front side's order of the cut squares
	links [24]int8  // the other end of each cut square's fragment (links)
	ends  int       // the tour ends the state has made
	// want is the group of the states whose degrees complete this one's:
	// 2 - degree on every cut square (before any tour end is placed).
	want uint
	// cands are the cut squares that can be tour ends: those with at most
	// one edge from this side; ones those with one.
	cands, ones []int
}

// read decodes key, a state of the front side (back false: the back side).
func (s *joinState) read(j *joinPlan, key uint64, back bool) {
	_, s.ends = j.decode(key, back, &s.codes)
	links(&s.codes, j.k, &s.links)
	s.want = 0
	s.cands, s.ones = s.cands[:0], s.ones[:0]
	for i := range j.k {
		d := degree(s.codes[i])
		s.want += uint(2-d) * j.pow3[i]
		if d <= 1 {
			s.cands = append(s.cands, i)
		}
		if d == 1 {
			s.ones = append(s.ones, i)
		}
	}
}

// partner is a group of the indexed layer that may complete a state, and
// the cut squares that are then tour ends (a bit each): the group's
// degrees are one less on those.
type partner struct {
	group   uint
	cutEnds uint32
}

// partners returns, in out's room, the groups that may complete s: for a
// closed count, the one whose degrees complete its own; for an open count,
// one for each way of placing the tour ends neither side has made on cut
// squares, the start among them if it is a cut square.
func (j *joinPlan) partners(s *joinState, out []partner) []partner {
	out = out[:0]
	if j.closed {
		return append(out, partner{s.want, 0})
	}
	// The other side's ends, and the rest of the two on cut squares.
	for theirEnds := 0; theirEnds <= 2-s.ends; theirEnds++ {
		base := s.want + uint(theirEnds)*j.top
		switch onCut := 2 - s.ends - theirEnds; onCut {
		case 0:
			if j.start < 0 {
				out = append(out, partner{base, 0})
			}
		case 1:
			for _, a := range s.cands {
				if j.start < 0 || a == j.start {
					out = append(out, partner{base - j.pow3[a], 1 << a})
				}
			}
		case 2:
			for x, a := range s.cands {
				for _, b := range s.cands[x+1:] {
					if j.start < 0 || a == j.start || b == j.start {
						out = append(out, partner{base - j.pow3[a] - j.pow3[b], 1<<a | 1<<b})
					}
				}
			}
		}
	}
	return out
}

// completing returns the sum of the counts of the states of p's group
// whose fragments join s's into one tour, kept in 128 bits and the carries
// out of them, which a group of many states of large counts can make.
func (j *joinPlan) completing(ix *joinIndex, s *joinState, p partner) (sum u128, carries uint64) {
	g := p.group
	if g >= j.groups || ix.present[g/64]&(1<<(g%64)) == 0 {
		return sum, 0
	}
	group := ix.entries[ix.first[g]:ix.first[g+1]]
	if j.closed {
		return closing(group, &s.links, j.k)
	}
	return opening(group, s, j.k, p.cutEnds)
}

// closing sums the counts of the states of group whose fragments close
// with links, a closed count's state, into one cycle.
func closing(group []joinEntry, links *[24]int8, k int) (sum u128, carries uint64) {
	startAt, nodes := -1, 0
	for i := range k {
		if links[i] >= 0 {
			nodes++
			if startAt < 0 {
				startAt = i
			}
		}
	}
	if startAt < 0 {
		return sum, 0 // no edge crosses the cut
	}
	var over bool
	for _, o := range group {
		if closes(links, &o.links, startAt, nodes) {
			if sum, over = sum.add(o.n); over {
				carries++
			}
		}
	}
	return sum, carries
}

// opening sums the counts of the states of group whose fragments join s,
// an open count's state, into one path, with tour ends on the cut squares
// of cutEnds.
func opening(group []joinEntry, s *joinState, k int, cutEnds uint32) (sum u128, carries uint64) {
	// The squares with an edge from each side, or a tour's end: those with
	// one edge here, and the cut ends with none. The walk starts at a
	// tour's end this side knows of, if any: a cut end (left by its one
	// link) or where a fragment here leads to one (left by the other
	// side's link).
	nodes, startAt, viaA := len(s.ones), -1, false
	for i := range k {
		cutEnd := cutEnds&(1<<i) != 0
		if cutEnd && s.links[i] == linkNone {
			nodes++
		}
		if startAt < 0 && (cutEnd || s.links[i] == linkEnd) {
			startAt, viaA = i, !(cutEnd && s.links[i] >= 0)
		}
	}
	var over bool
	for _, o := range group {
		if opens(&s.links, &o.links, startAt, viaA, nodes, s.ones) {
			if sum, over = sum.add(o.n); over {
				carries++
			}
		}
	}
	return sum, carries
}

package count

import (
	"errors"
	"fmt"
	"math/bits"

	"knightsweep/pkg/board"
)

// The frontier method counts tours without listing them: dynamic
// programming over the board's squares in a fixed order, the state being
// what the squares already added leave open for the rest (the package doc
// explains it with a worked example).

// Slot codes of a frontier state, four bits a live square.
const (
	codeFree = 0 // no edge yet: a fragment of one square
	codeFull = 1 // two edges: done
	codeTerm = 2 // one edge, and the other end of its fragment is a tour's end that has left the frontier
	codePair = 3 // 3+k: one edge, and the other end of its fragment is the other live square coded 3+k
)

// frontierPlan is what a frontier count needs besides its states: the
// board in processing order, and for each step where its squares sit.
type frontierPlan struct {
	// rows x cols is the board as processed: turned, if need be, so that
	// its rows are the shorter side (the frontier spans about two rows).
	rows, cols int
	// transposed is true when the board was turned.
	transposed bool
	n          int
	// live[t] lists the squares below t that still have a neighbour at t
	// or above: the frontier before step t, in increasing order.
	live [][]int32
	// back[t] holds the positions in live[t] of t's neighbours below t.
	back [][]int
	// final[t] holds the positions, in live[t] with t appended, of the
	// squares whose last neighbour is t (t itself if it has none above);
	// keep[t] the others, which make live[t+1].
	final, keep [][]int
	// leaves[u] is the step at which u leaves the frontier.
	leaves []int
	// single[t] holds the positions in live[t+1] of the squares with one
	// neighbour left above t: a free one there can only be a tour's end.
	single [][]int
	// width is the longest frontier, in squares.
	width int
}

// newFrontierPlan lays out b for the frontier method.
func newFrontierPlan(b board.Board) *frontierPlan {
	p := &frontierPlan{rows: b.Rows, cols: b.Cols}
	if p.cols > p.rows {
		p.rows, p.cols, p.transposed = p.cols, p.rows, true
	}
	p.n = p.rows * p.cols
	// last[u] is u's highest neighbour, or -1.
	last := make([]int, p.n)
	nbrs := func(u int) []int {
		r, c := u/p.cols, u%p.cols
		var out []int
		for _, m := range board.DigitMoves {
			if rr, cc := r+m.DRow, c+m.DCol; rr >= 0 && rr < p.rows && cc >= 0 && cc < p.cols {
				out = append(out, rr*p.cols+cc)
			}
		}
		return out
	}
	for u := range p.n {
		last[u] = -1
		for _, v := range nbrs(u) {
			last[u] = max(last[u], v)
		}
	}
	p.leaves = make([]int, p.n)
	for u := range p.n {
		p.leaves[u] = max(u, last[u])
	}
	var live []int32
	for t := range p.n {
		p.live = append(p.live, live)
		p.width = max(p.width, len(live))
		pos := map[int]int{}
		for i, u := range live {
			pos[int(u)] = i
		}
		var back []int
		for _, v := range nbrs(t) {
			if v < t {
				back = append(back, pos[v])
			}
		}
		p.back = append(p.back, back)
		ext := append(append([]int32(nil), live...), int32(t))
		var final, keep []int
		var next []int32
		for i, u := range ext {
			if last[u] <= t {
				final = append(final, i)
			} else {
				keep = append(keep, i)
				next = append(next, u)
			}
		}
		p.final = append(p.final, final)
		p.keep = append(p.keep, keep)
		var single []int
		for i, u := range next {
			left := 0
			for _, v := range nbrs(int(u)) {
				if v > t {
					left++
				}
			}
			if left == 1 {
				single = append(single, i)
			}
		}
		p.single = append(p.single, single)
		live = next
	}
	return p
}

// vertex returns the processing index of square sq of the board as given.
func (p *frontierPlan) vertex(b board.Board, sq board.Square) int {
	if p.transposed {
		return sq.Col*p.cols + sq.Row
	}
	return sq.Row*p.cols + sq.Col
}

// frontierTask is one frontier count: open or closed tours, and, for open
// tours, the square that must be one of the tour's ends (-1: any).
type frontierTask struct {
	closed bool
	start  int
}

// ErrOverflow reports a frontier count past 2^128, the most its states
// hold: an error, never a wrap.
var ErrOverflow = errors.New("a count passed 2^128")

// state is a decoded frontier state: the code of each live square, the
// square being added last, and the tour ends that have left the frontier.
type state struct {
	// codes holds a frontier of up to 17 squares (8 across) and the
	// square being added; kept small, since a state is copied for every
	// set of edges tried.
	codes [24]uint8
	n     int // codes in use
	ends  int
	// label is a pair code no square uses: unpack sets it past the
	// labels it decodes, and each new pair takes it and moves it on.
	label uint8
}

// partner returns the position of the other end of the fragment whose end
// is at i: i itself for a free square, -1 for an end that has left.
func (s *state) partner(i int) int {
	switch c := s.codes[i]; {
	case c == codeFree:
		return i
	case c == codeTerm:
		return -1
	case c >= codePair:
		for j := 0; j < s.n; j++ {
			if j != i && s.codes[j] == c {
				return j
			}
		}
	}
	panic(fmt.Sprintf("count: no partner for code %d", s.codes[i]))
}

// freeLabel returns a pair code no square of s uses.
func (s *state) freeLabel() uint8 {
	l := s.label
	s.label++
	return l
}

// outcome of a transition.
const (
	dead = iota
	alive
	done // the tour is complete: count it
)

// What an edge makes of the fragments it joins.
const (
	joinedNone  = iota // two fragments became one
	joinedCycle        // the two ends of one fragment: a cycle
	joinedPath         // a path whose two ends have both left the frontier
)

// join adds the edge between the squares at positions a and b of s, and
// reports whether the state survives and what the edge completed.
func (s *state) join(a, b int) (ok bool, made int) {
	if s.codes[a] == codeFull || s.codes[b] == codeFull {
		return false, joinedNone
	}
	pa, pb := s.partner(a), s.partner(b)
	if pa == b {
		s.codes[a], s.codes[b] = codeFull, codeFull
		return true, joinedCycle
	}
	// The ends of the joined fragment: a's other end (a itself if it was
	// free), b's likewise; a and b become full unless they were free.
	endA, endB := pa, pb
	if s.codes[a] != codeFree {
		s.codes[a] = codeFull
	}
	if s.codes[b] != codeFree {
		s.codes[b] = codeFull
	}
	switch {
	case endA < 0 && endB < 0:
		return true, joinedPath
	case endA < 0:
		s.codes[endB] = codeTerm
	case endB < 0:
		s.codes[endA] = codeTerm
	default:
		l := s.freeLabel()
		s.codes[endA], s.codes[endB] = l, l
	}
	return true, joinedNone
}

// step applies step t to s with the edges to t's back neighbours in mask
// (bit i: back[t][i]), and returns the outcome: dead, alive, or done (the
// tour is complete).
func (p *frontierPlan) step(s *state, t int, mask uint, task frontierTask) int {
	back := p.back[t]
	if t == task.start && bits.OnesCount(mask) > 1 {
		return dead // the start is a tour's end: one edge
	}
	pos := s.n // t's position, appended
	s.codes[pos] = codeFree
	s.n++
	completed := 0
	for i, j := range back {
		if mask&(1<<i) == 0 {
			continue
		}
		if int(p.live[t][j]) == task.start && s.codes[j] != codeFree {
			return dead // the start is a tour's end: one edge
		}
		ok, made := s.join(pos, j)
		switch {
		case !ok:
			return dead
		case made == joinedCycle && task.closed, made == joinedPath && !task.closed:
			completed++
		case made != joinedNone:
			return dead // a cycle in an open tour
		}
	}
	// Squares whose last neighbour is t leave the frontier.
	for _, f := range p.final[t] {
		c := s.codes[f]
		u := t
		if f != pos {
			u = int(p.live[t][f])
		}
		switch {
		case c == codeFull:
			if u == task.start {
				return dead // the start must be an end
			}
		case c == codeFree || task.closed:
			return dead // a square left out, or an end in a closed tour
		default:
			s.ends++
			if s.ends > 2 {
				return dead
			}
			if c == codeTerm {
				completed++ // both ends have left: the path is complete
			} else {
				s.codes[s.partner(f)] = codeTerm
			}
		}
		s.codes[f] = codeFull
	}
	if task.start >= 0 && s.ends == 2 && t < p.leaves[task.start] {
		return dead // two ends, and the start, which must be one, still open
	}
	if completed > 0 {
		if completed > 1 || t != p.n-1 {
			return dead // a tour that misses squares
		}
		for i := 0; i < s.n; i++ {
			if s.codes[i] != codeFull {
				return dead
			}
		}
		return done
	}
	if t == p.n-1 {
		return dead
	}
	// A free square with one neighbour left can only be an end.
	forced := 0
	for _, i := range p.single[t] {
		if s.codes[p.keep[t][i]] == codeFree {
			forced++
		}
	}
	if forced > 0 && (task.closed || s.ends+forced > 2) {
		return dead
	}
	return alive
}

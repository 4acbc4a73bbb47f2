package count

import "math/bits"

// outcome of a step.
const (
	dead = iota
	alive
	done // the tour is complete: count it
)

// endsLeft returns the tour ends a state with made ends still has to place.
func (t frontierTask) endsLeft(made int) int {
	if t.closed {
		return 0
	}
	return 2 - made
}

// stepBack applies back step t to s, laid out on the step's live squares,
// with the edges to t's neighbours below it in mask (bit i: nbrs[i]). It
// returns the outcome and, for a state that lives on, its key.
func (p *frontierPlan) stepBack(s *state, t int, mask uint, task frontierTask) (int, uint64) {
	st := &p.back[t]
	if t == task.start && bits.OnesCount(mask) > 1 {
		return dead, 0 // the start is a tour's end: one edge
	}
	pos := s.n // t's position, after the live squares
	s.codes[pos] = codeFree
	s.n++
	completed := 0
	for i, j := range st.nbrs {
		if mask&(1<<i) == 0 {
			continue
		}
		if int(st.live[j]) == task.start && s.codes[j] != codeFree {
			return dead, 0
		}
		ok, made := s.join(pos, j)
		switch {
		case !ok:
			return dead, 0
		case made == joinedCycle && task.closed, made == joinedPath && !task.closed:
			completed++
		case made != joinedNone:
			return dead, 0 // a cycle in an open tour, or a path in a closed one
		}
	}
	// Squares whose last neighbour is t leave the frontier: full, or a
	// tour's end.
	for _, f := range st.final {
		u := t
		if f != pos {
			u = int(st.live[f])
		}
		switch s.codes[f] {
		case codeFull:
			if u == task.start {
				return dead, 0 // the start must be an end
			}
		case codeFree:
			return dead, 0 // a square left out
		default:
			ok, complete := s.end(f, task.closed)
			if !ok {
				return dead, 0
			}
			if complete {
				completed++
			}
		}
	}
	if task.start >= 0 && s.ends == 2 && t < p.leaves[task.start] {
		return dead, 0 // two ends, and the start, which must be one, still open
	}
	if completed > 0 {
		if completed > 1 || t != p.n-1 {
			return dead, 0 // a tour that misses squares
		}
		return done, 0
	}
	if t == p.n-1 {
		return dead, 0
	}
	// A free square with one neighbour left can only be an end.
	forced := 0
	for _, i := range st.single {
		if s.codes[st.keep[i]] == codeFree {
			forced++
		}
	}
	left := task.endsLeft(s.ends)
	if forced > left {
		return dead, 0
	}
	key, b := s.pack(st.keep, st.sign)
	if !balanced(st.balance-b, left) {
		return dead, 0
	}
	return alive, key
}

// stepFwd applies forward step v to s, laid out on the step's squares
// (those past its frontier free), with the edges to v's neighbours above
// it in mask (bit i: nbrs[i]). It returns the outcome and, for a state that
// lives on, its key.
func (p *frontierPlan) stepFwd(s *state, v int, mask uint, task frontierTask) (int, uint64) {
	st := &p.fwd[v]
	at := st.at
	deg := degree(s.codes[at]) + bits.OnesCount(mask)
	if deg == 0 || deg > 2 || (v == task.start && deg != 1) {
		return dead, 0
	}
	completed := 0
	for i, j := range st.nbrs {
		if mask&(1<<i) == 0 {
			continue
		}
		if int(st.squares[j]) == task.start && s.codes[j] != codeFree {
			return dead, 0 // the start is a tour's end: one edge
		}
		ok, made := s.join(at, j)
		switch {
		case !ok:
			return dead, 0
		case made == joinedCycle && task.closed, made == joinedPath && !task.closed:
			completed++
		case made != joinedNone:
			return dead, 0
		}
	}
	if deg == 1 {
		ok, complete := s.end(at, task.closed)
		if !ok {
			return dead, 0
		}
		if complete {
			completed++
		}
	}
	if task.start >= 0 && s.ends == 2 && v < task.start {
		return dead, 0 // two ends, and the start, which must be one, still to come
	}
	if completed > 0 {
		if completed > 1 || !st.whole {
			return dead, 0
		}
		for _, j := range st.keep {
			if s.codes[j] != codeFull {
				return dead, 0
			}
		}
		return done, 0
	}
	key, b := s.pack(st.keep, st.sign)
	if !balanced(st.balance-b, task.endsLeft(s.ends)) {
		return dead, 0
	}
	return alive, key
}

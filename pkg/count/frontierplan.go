package count

import (
	"slices"

	"knightsweep/pkg/board"
)

// frontierPlan is the board as the frontier method walks it: turned, if
// need be, so that its rows are the shorter side (a frontier spans about
// two rows), its squares numbered row by row, and for each square the
// layout of the two kinds of step.
//
// A back step adds square t to the squares below it and decides its edges
// to them; its frontier is the squares below t that still have a neighbour
// at t or above. A forward step decides square v's edges to the squares
// above it; its frontier is the squares above v that have a neighbour below
// it. The back side of a count makes back steps from the last square down
// (a half turn maps the board onto itself and the order onto its reverse,
// so it makes them on the turned numbering, n-1-u for square u, with the
// same layouts); the front side makes forward steps from square 0 up.
type frontierPlan struct {
	// rows x cols is the board as processed.
	rows, cols int
	// transposed is true when the board was turned.
	transposed bool
	n          int
	nbr        [][]int
	// sign is +1 on the squares of the corner's colour, -1 on the others.
	sign []int8
	// leaves[u] is the back step after which square u has left the
	// frontier.
	leaves []int
	back   []backStep
	fwd    []fwdStep
	// width is the longest frontier, in squares.
	width int
}

// backStep is the layout of the back step that adds square t.
type backStep struct {
	// live is the frontier before t, in increasing order; t takes the
	// position after them.
	live []int32
	// nbrs holds the positions in live of t's neighbours below t.
	nbrs []int
	// final holds the positions (in live with t appended) of the squares
	// whose last neighbour is t (t itself if it has none above); keep the
	// others, which make the next step's live, and sign their colours.
	final, keep []int
	sign        []int8
	// single holds the indexes into keep of the squares with one neighbour
	// left above t: a free one there can only be a tour's end.
	single []int
	// balance is twice the colour signs of the squares above t and of the
	// kept ones: the imbalance of a state is balance less pack's sum.
	balance int
}

// fwdStep is the layout of the forward step that decides square v's edges.
type fwdStep struct {
	// squares are the squares the step lays out: the frontier before v
	// (its first front squares, in the order of its states' codes), then
	// v if it is not among them, then v's neighbours above it that are
	// not (free).
	squares []int32
	front   int
	// at is v's position.
	at int
	// nbrs holds the positions of v's neighbours above it.
	nbrs []int
	// keep holds the positions other than v's (the next step's front, in
	// order) and sign their colours.
	keep []int
	sign []int8
	// balance is twice the colour signs of the squares above v.
	balance int
	// whole is true when every square above v is laid out: only then can
	// a tour be complete after v.
	whole bool
}

// newFrontierPlan lays out b for the frontier method.
func newFrontierPlan(b board.Board) *frontierPlan {
	p := &frontierPlan{rows: b.Rows, cols: b.Cols}
	if p.cols > p.rows {
		p.rows, p.cols, p.transposed = p.cols, p.rows, true
	}
	p.n = p.rows * p.cols
	last := p.squares()
	// above[t] is twice the colour signs of the squares above t.
	above := make([]int, p.n+1)
	for t := p.n - 1; t >= 0; t-- {
		above[t] = above[t+1] + 2*int(p.sign[t])
	}
	above = above[1:]
	p.leaves = make([]int, p.n)
	for u := range p.n {
		p.leaves[u] = max(u, last[u])
	}
	p.backSteps(last, above)
	p.fwdSteps(above)
	return p
}

// squares fills in each square's neighbours and colour sign, and returns
// each square's highest neighbour (-1 for none).
func (p *frontierPlan) squares() []int {
	p.nbr = make([][]int, p.n)
	p.sign = make([]int8, p.n)
	last := make([]int, p.n) // each square's highest neighbour, or -1
	g := board.NewGraph(board.Board{Rows: p.rows, Cols: p.cols}, board.DigitMoves)
	for u := range p.n {
		r, c := u/p.cols, u%p.cols
		p.sign[u] = 1
		if (r+c)%2 == 1 {
			p.sign[u] = -1
		}
		last[u] = -1
		for _, v := range g.Neighbours(u) {
			p.nbr[u] = append(p.nbr[u], int(v))
			last[u] = max(last[u], int(v))
		}
		slices.Sort(p.nbr[u])
	}
	return last
}

// backSteps lays out the backward pass: at each square t, the squares
// still live (a neighbour above t), given each square's highest neighbour
// last and the colour balance above each square.
func (p *frontierPlan) backSteps(last, above []int) {
	var live []int32
	for t := range p.n {
		st := backStep{live: live}
		p.width = max(p.width, len(live))
		ext := append(slices.Clone(live), int32(t))
		for _, v := range p.nbr[t] {
			if v < t {
				st.nbrs = append(st.nbrs, slices.Index(live, int32(v)))
			}
		}
		var next []int32
		st.balance = above[t]
		for i, u := range ext {
			if last[u] <= t {
				st.final = append(st.final, i)
				continue
			}
			st.keep = append(st.keep, i)
			st.sign = append(st.sign, p.sign[u])
			st.balance += 2 * int(p.sign[u])
			next = append(next, u)
			left := 0
			for _, v := range p.nbr[u] {
				if v > t {
					left++
				}
			}
			if left == 1 {
				st.single = append(st.single, len(st.keep)-1)
			}
		}
		p.back = append(p.back, st)
		live = next
	}
}

// fwdSteps lays out the forward pass: at each square v, the front of
// squares reached and not yet processed.
func (p *frontierPlan) fwdSteps(above []int) {
	var front []int32
	for v := range p.n {
		st := fwdStep{front: len(front), at: slices.Index(front, int32(v))}
		p.width = max(p.width, len(front))
		ext := slices.Clone(front)
		if st.at < 0 {
			st.at = len(ext)
			ext = append(ext, int32(v))
		}
		for _, u := range p.nbr[v] {
			if u <= v {
				continue
			}
			i := slices.Index(ext, int32(u))
			if i < 0 {
				i = len(ext)
				ext = append(ext, int32(u))
			}
			st.nbrs = append(st.nbrs, i)
		}
		st.squares = ext
		var next []int32
		for i, u := range ext {
			if i != st.at {
				st.keep = append(st.keep, i)
				st.sign = append(st.sign, p.sign[u])
				next = append(next, u)
			}
		}
		st.balance = above[v]
		st.whole = len(next) == p.n-1-v
		p.fwd = append(p.fwd, st)
		front = next
	}
}

// vertex returns the processing index of square sq of the board as given.
func (p *frontierPlan) vertex(sq board.Square) int {
	if p.transposed {
		return sq.Col*p.cols + sq.Row
	}
	return sq.Row*p.cols + sq.Col
}

// turned returns square u's number on the turned board, which the back
// side counts on.
func (p *frontierPlan) turned(u int) int {
	if u < 0 {
		return u
	}
	return p.n - 1 - u
}

package main

import (
	"fmt"
	"sort"
)

// knight lists the eight knight's moves as (drow, dcol).
var knight = [8][2]int{{-2, 1}, {-1, 2}, {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}}

// cornerMoves are the moves a structured tour must contain at the top-left
// corner, as pairs of (row, col) squares: the corner's own two moves (which
// every closed tour contains, the corner having only two neighbours) and
// Parberry's two structure moves (0,1)-(2,0) and (1,0)-(0,2). The other
// corners take their mirror images.
var cornerMoves = [4][2][2]int{
	{{0, 0}, {1, 2}},
	{{0, 0}, {2, 1}},
	{{0, 1}, {2, 0}},
	{{1, 0}, {0, 2}},
}

// required returns, for each square of a rows x cols board, the squares a
// structured closed tour must join it to.
func required(rows, cols int) [][]int {
	req := make([][]int, rows*cols)
	mirror := func(r, c, corner int) int {
		if corner&1 != 0 {
			c = cols - 1 - c
		}
		if corner&2 != 0 {
			r = rows - 1 - r
		}
		return r*cols + c
	}
	for corner := range 4 {
		for _, m := range cornerMoves {
			a := mirror(m[0][0], m[0][1], corner)
			b := mirror(m[1][0], m[1][1], corner)
			req[a] = append(req[a], b)
			req[b] = append(req[b], a)
		}
	}
	return req
}

// searcher looks for a closed structured tour by depth-first search from the
// top-left corner, trying moves in Warnsdorff's order (fewest free onward
// moves first) and cutting branches that strand a square.
type searcher struct {
	rows, cols, n int
	adj           [][]int
	req           [][]int
	visited       []bool
	free          []int // unvisited neighbours of each square
	path          []int
	end           int // the square the tour must end on: the corner's other neighbour
	nodes, limit  int
}

func newSearcher(rows, cols int) *searcher {
	n := rows * cols
	s := &searcher{rows: rows, cols: cols, n: n, adj: make([][]int, n), req: required(rows, cols),
		visited: make([]bool, n), free: make([]int, n), limit: 50_000_000}
	for r := range rows {
		for c := range cols {
			for _, m := range knight {
				if rr, cc := r+m[0], c+m[1]; rr >= 0 && rr < rows && cc >= 0 && cc < cols {
					s.adj[r*cols+c] = append(s.adj[r*cols+c], rr*cols+cc)
				}
			}
			s.free[r*cols+c] = len(s.adj[r*cols+c])
		}
	}
	return s
}

// solve returns a closed structured tour starting at square 0.
func (s *searcher) solve() ([]int, error) {
	start := 0
	first, end := s.req[start][0], s.req[start][1] // the corner's two moves
	s.end = end
	s.visit(start)
	s.path = append(s.path, start)
	if s.enter(first) && s.dfs(first, start) {
		return s.path, nil
	}
	return nil, fmt.Errorf("no structured tour of %dx%d within %d nodes", s.rows, s.cols, s.nodes)
}

func (s *searcher) visit(v int) {
	s.visited[v] = true
	for _, u := range s.adj[v] {
		s.free[u]--
	}
}

func (s *searcher) leave(v int) {
	s.visited[v] = false
	for _, u := range s.adj[v] {
		s.free[u]++
	}
}

// allowed reports whether the path may step from cur to t without breaking
// a required move: t's required partners must be cur or still free (or the
// start, for the end square).
func (s *searcher) allowed(cur, t int) bool {
	if s.visited[t] || (t == s.end && len(s.path) != s.n-1) {
		return false
	}
	others := 0
	for _, x := range s.req[t] {
		switch {
		case x == cur:
		case t == s.end && x == 0:
		case s.visited[x]:
			return false
		default:
			others++
		}
	}
	return others <= 1
}

// enter puts t on the path.
func (s *searcher) enter(t int) bool {
	s.nodes++
	s.visit(t)
	s.path = append(s.path, t)
	return true
}

func (s *searcher) retreat(t int) {
	s.leave(t)
	s.path = s.path[:len(s.path)-1]
}

// dead reports whether, with the path's head at cur, some free square next
// to the head can no longer be given its two tour moves (one for the end
// square, whose other move goes to the start).
func (s *searcher) dead(cur int) bool {
	forced := 0
	for _, u := range s.adj[cur] {
		if s.visited[u] {
			continue
		}
		need := 2
		if u == s.end {
			need = 1 // its other move goes to the start
		}
		switch {
		case s.free[u]+1 < need:
			return true
		case s.free[u]+1 == need:
			forced++
		}
	}
	// The head can feed only one of them.
	return forced > 1
}

func (s *searcher) dfs(cur, prev int) bool {
	if len(s.path) == s.n {
		return cur == s.end
	}
	if s.nodes >= s.limit || s.dead(cur) {
		return false
	}
	var cands []int
	pending := -1
	for _, x := range s.req[cur] {
		if x != prev {
			if pending >= 0 {
				return false
			}
			pending = x
		}
	}
	if pending >= 0 {
		if s.allowed(cur, pending) {
			cands = append(cands, pending)
		}
	} else {
		for _, t := range s.adj[cur] {
			if s.allowed(cur, t) {
				cands = append(cands, t)
			}
		}
		sort.SliceStable(cands, func(i, j int) bool { return s.free[cands[i]] < s.free[cands[j]] })
	}
	for _, t := range cands {
		s.enter(t)
		if s.dfs(t, cur) {
			return true
		}
		s.retreat(t)
	}
	return false
}

package count

import (
	"errors"
	"fmt"
)

// The frontier method counts tours without listing them: dynamic
// programming over the board's squares in a fixed order, the state being
// what the squares already added leave open for the rest. It runs from both
// ends of the board and meets in the middle (the package doc explains it
// with a worked example; meet.go drives it).

// Slot codes of a frontier state, one a frontier square.
const (
	codeFree = 0 // no edge yet: a fragment of one square
	codeFull = 1 // two edges: done
	codeTerm = 2 // one edge, and the other end of its fragment is a tour's end
	codePair = 3 // 3+k: one edge, and the other end of its fragment is the other square coded 3+k
)

// radix is the base in which a state's codes are packed into a uint64:
// free, full, term and one pair label for every two of the at most
// maxLive squares a frontier holds. A constant, so that unpacking divides
// by multiplying.
const radix = codePair + maxLive/2

// maxLive is the longest frontier of a board MaxFrontierSide across: two
// rows and a square.
const maxLive = 2*MaxFrontierSide + 1

// MaxFrontierSide is the widest board, in squares across (its shorter
// side), that the frontier method counts: its states fit in 64 bits
// (3 x 11^17 < 2^64).
const MaxFrontierSide = 8

// degree is the number of edges a square with code c has.
func degree(c uint8) int {
	switch c {
	case codeFree:
		return 0
	case codeFull:
		return 2
	}
	return 1
}

// frontierTask is one frontier count: open or closed tours, and, for open
// tours, the square that must be one of the tour's ends (-1: any), in the
// numbering of the side that counts it.
type frontierTask struct {
	closed bool
	start  int
}

// ErrOverflow reports a frontier count past what it keeps: 2^128 in a
// state, 2^256 in a pass's total. An error, never a wrap.
var ErrOverflow = errors.New("a count passed 2^128 in a state or 2^256 in a total")

// state is a decoded frontier state: the code of each square of the
// frontier (and of the squares a step adds), and the tour ends that have
// left the frontier.
type state struct {
	// codes is kept small, since a state is copied for every set of edges
	// tried: a frontier of up to 17 squares and the squares a step adds.
	codes [24]uint8
	n     int // codes in use
	ends  int
	// label is a pair code no square uses: unpack sets it past the
	// labels it decodes, and each new pair takes it and moves it on.
	label uint8
}

// partner returns the position of the other end of the fragment whose end
// is at i: i itself for a free square, -1 for a tour's end.
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

// What an edge makes of the fragments it joins.
const (
	joinedNone  = iota // two fragments became one
	joinedCycle        // the two ends of one fragment: a cycle
	joinedPath         // a path whose two ends are both tour ends
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
	if s.codes[a] != codeFree {
		s.codes[a] = codeFull
	}
	if s.codes[b] != codeFree {
		s.codes[b] = codeFull
	}
	switch {
	case pa < 0 && pb < 0:
		return true, joinedPath
	case pa < 0:
		s.codes[pb] = codeTerm
	case pb < 0:
		s.codes[pa] = codeTerm
	default:
		l := s.label
		s.label++
		s.codes[pa], s.codes[pb] = l, l
	}
	return true, joinedNone
}

// end makes the square at position i a tour's end: it has its one edge, and
// leaves. It reports whether the state survives and whether the path is
// complete (both its ends made).
func (s *state) end(i int, closed bool) (ok, complete bool) {
	if closed {
		return false, false
	}
	s.ends++
	if s.ends > 2 {
		return false, false
	}
	if s.codes[i] == codeTerm {
		complete = true
	} else {
		s.codes[s.partner(i)] = codeTerm
	}
	s.codes[i] = codeFull
	return true, complete
}

// pack returns the key of the state's codes at positions keep, in that
// order, as the digits of a number in base radix with the ends on top;
// pair labels are renumbered in order of first appearance, so that states
// that differ only in their labels are one key. It also returns the sum of
// sign[i] times the degree of each kept square (the colour balance that
// steps check). It has no branch on the codes: they follow no pattern a
// processor could predict, and a mispredicted branch a square cost more
// than the rest of the packing.
func (s *state) pack(keep []int, sign []int8) (key uint64, balance int) {
	// relabel[c] is 1 + the code label c packs as, 0 for a pair label not
	// met yet; the codes below codePair pack as themselves.
	relabel := [16]uint8{1 + codeFree, 1 + codeFull, 1 + codeTerm}
	next := uint8(codePair)
	key = uint64(s.ends)
	for j, pos := range keep {
		c := s.codes[pos] & 15
		balance += int(sign[j]) * int(degreeOf[c])
		r := relabel[c]
		fresh := b2u8(r == 0)
		r += fresh * (next + 1)
		next += fresh
		relabel[c] = r
		key = key*radix + uint64(r-1)
	}
	return key, balance
}

// degreeOf[c] is the number of edges of a square with code c.
var degreeOf = [16]int8{codeFree: 0, codeFull: 2, codeTerm: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1}

// b2u8 is 1 for true, 0 for false, without a branch.
func b2u8(b bool) uint8 {
	var u uint8
	if b {
		u = 1
	}
	return u
}

// unpack decodes key, a state of n squares, into positions 0..n-1.
func (s *state) unpack(key uint64, n int) {
	s.n = n
	s.label = codePair
	for i := n - 1; i >= 0; i-- {
		c := uint8(key % radix)
		s.codes[i] = c
		s.label = max(s.label, c+1)
		key /= radix
	}
	s.ends = int(key)
}

// validKey reports whether key, a state of n squares, is one a step can
// start from: every pair label on exactly two squares, at most two ends.
// A checkpoint's states are read from a file, and a damaged one must stop
// the count with an error, not a panic in a worker.
func validKey(key uint64, n int) bool {
	var s state
	s.unpack(key, n)
	if s.ends > 2 {
		return false
	}
	var uses [radix]int
	for _, c := range s.codes[:n] {
		uses[c]++
	}
	for c := codePair; c < radix; c++ {
		if uses[c] != 0 && uses[c] != 2 {
			return false
		}
	}
	return true
}

// balanced reports whether a state whose colour imbalance is d can still
// become a tour with r ends still to place: every knight's move joins the
// two colours, so the edges still to be added must meet as many square
// ends of one colour as of the other, each tour end making up one
// (|d| <= r, and of the same parity).
func balanced(d, r int) bool {
	return d <= r && -d <= r && (d-r)%2 == 0
}

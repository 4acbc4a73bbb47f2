package count

import (
	"fmt"
	"strings"

	"knightsweep/pkg/board"
)

// Method is how a count is made.
type Method int

const (
	// Auto enumerates boards of at most EnumerateUpTo squares that are
	// 5 or more squares across, and any board of at most EnumerateAll
	// squares; it counts the others by their frontier.
	Auto Method = iota
	// Enumerate walks every tour (boards of at most MaxSquares squares).
	Enumerate
	// Frontier adds up counts of frontier states, never listing a tour
	// (boards at most MaxFrontierSide squares across, any length).
	Frontier
)

// methodNames are the names ParseMethod takes and String gives, in the
// order of the constants.
var methodNames = []string{"auto", "enumerate", "frontier"}

// EnumerateUpTo and EnumerateAll are where Auto stops enumerating: up to
// 6x6 enumeration's pruning beats the frontier on boards 5 or more across
// (6x6 open: 0.26 s against 1.2 s), but on 3 x n and 4 x n the frontier's
// few states win from about 30 squares (4x9: 41 ms against 124 ms; 3x12:
// 5 ms against 21 ms), and past 36 squares everywhere (6x7: 6 s against
// 34 s).
const (
	EnumerateUpTo = 36
	EnumerateAll  = 30
)

func (m Method) String() string {
	if m >= 0 && int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod reads a method's name.
func ParseMethod(s string) (Method, error) {
	for i, n := range methodNames {
		if s == n {
			return Method(i), nil
		}
	}
	return 0, fmt.Errorf("unknown method %q: want %s", s, strings.Join(methodNames, ", "))
}

// For returns the method m stands for on board b: m itself, or for Auto
// the one it picks.
func (m Method) For(b board.Board) Method {
	if m != Auto {
		return m
	}
	across := min(b.Rows, b.Cols)
	if b.Squares() <= EnumerateAll || (b.Squares() <= EnumerateUpTo && across >= 5) || across > MaxFrontierSide {
		return Enumerate
	}
	return Frontier
}

// Check returns an error if m cannot count board b: a board over
// MaxSquares squares to enumerate, or over MaxFrontierSide squares across
// for the frontier.
func (m Method) Check(b board.Board) error {
	switch m.For(b) {
	case Enumerate:
		if b.Squares() > MaxSquares {
			return fmt.Errorf("board %v has %d squares: enumeration takes boards of at most %d (the frontier method, boards up to %d squares across)",
				b, b.Squares(), MaxSquares, MaxFrontierSide)
		}
	case Frontier:
		if min(b.Rows, b.Cols) > MaxFrontierSide {
			return fmt.Errorf("board %v is %d squares across: the frontier method takes boards up to %d across", b, min(b.Rows, b.Cols), MaxFrontierSide)
		}
	}
	return nil
}

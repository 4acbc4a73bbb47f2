package exact

import (
	"fmt"
	"strings"

	"knightsweep/pkg/board"
)

// Method is how a walk keeps the tie points it has yet to walk from.
type Method uint8

const (
	// MethodMemo keeps each depth's tie points in hash tables in memory
	// (walk.go, table.go): the fastest while they fit; past the memory
	// limit it walks on without them, which can take far longer.
	MethodMemo Method = iota
	// MethodFrontier keeps them as records sorted and merged a depth at a
	// time, spilled to disk in sorted runs past the memory limit
	// (frontier.go): memory bounded by the limit alone, and resumable
	// at every depth boundary with Options.Work.
	MethodFrontier
	// MethodAuto takes the frontier method with a work directory, or on a
	// board of more than MaxExactSquares (float64 probabilities, 9x9 and
	// up), where its radix-sorted records cost less CPU than the memo's
	// tables (the 10x10 corner: 28 s against 46 s, holding 2.5 GB
	// against 1.5); the memo otherwise: on the boards of exact fractions
	// its records are wide (up to 104 bytes) and the memo is the cheaper.
	MethodAuto
)

var methodNames = [...]string{MethodMemo: "memo", MethodFrontier: "frontier", MethodAuto: "auto"}

func (m Method) String() string { return methodNames[m] }

// ParseMethod reads a method's name.
func ParseMethod(s string) (Method, error) {
	for i, n := range methodNames {
		if n == s {
			return Method(i), nil
		}
	}
	return 0, fmt.Errorf("unknown method %q: want one of %s", s, strings.Join(methodNames[:], ", "))
}

// UsesFrontier says whether o walks b by the frontier method.
func (o Options) UsesFrontier(b board.Board) bool {
	if o.Plain {
		return false
	}
	switch o.Method {
	case MethodFrontier:
		return true
	case MethodAuto:
		return o.Work != "" || b.Squares() > MaxExactSquares
	}
	return false
}

package exact

import (
	"fmt"
	"strings"

	"knightsweep/internal/input"
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
	// MethodAuto takes the frontier method with a work directory or past
	// MaxExactSquares, the memo otherwise. Past 64 squares the frontier
	// takes about 0.6 times the memo's CPU time (every 9x9 start 6.2
	// against 9.0 s, the 10x10 corner 16.4 against 28.5 s), its float
	// bounds are some 300 times tighter and its memory is the limit's;
	// up to 64 squares, exact fractions, the two take about the same and
	// the memo holds less.
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

// ParseMethodFor reads -method's name as o's method, given o's work
// directory (-work) and Plain (-plain), which only some methods take. A
// refusal is an input.Error naming the flag.
func (o *Options) ParseMethodFor(name string) error {
	m, err := ParseMethod(name)
	switch {
	case err != nil:
		return input.Errorf("-method", "%v", err)
	case o.Work != "" && (m == MethodMemo || o.Plain):
		return input.Errorf("-work", "only the frontier method keeps a checkpoint; drop -method memo and -plain, or -work")
	case o.Plain && m == MethodFrontier:
		return input.Errorf("-method", "-plain walks without the memo or the frontier; drop one")
	}
	o.Method = m
	return nil
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

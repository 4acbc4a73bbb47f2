package solver

import (
	"testing"

	"knightsweep/pkg/strategies"
)

// Every strategy the solver registers has its place in package
// strategies, which orders lists and charts without asking the solver.
func TestNamesInStrategies(t *testing.T) {
	for _, n := range strategies.Names() {
		if strategies.Rank(n) == len(strategies.Builtin) {
			t.Errorf("strategy %s is registered but not listed in package strategies", n)
		}
	}
	for _, n := range strategies.Builtin {
		if _, err := Lookup(n); err != nil {
			t.Errorf("package strategies lists %s, which the solver does not register", n)
		}
	}
}

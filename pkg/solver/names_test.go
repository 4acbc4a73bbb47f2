package solver

import (
	"context"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
)

// Every strategy the solver registers has its place in package
// strategies, which orders lists and charts without asking the solver.
func TestNamesInStrategies(t *testing.T) {
	for _, n := range strategies.Builtins().Names() {
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

// exhaustedStrategy is a strategy of a test's own set: it ends at once,
// exhausted.
type exhaustedStrategy struct{}

func (exhaustedStrategy) Prepare(Problem) (Search, error) { return exhaustedStrategy{}, nil }

func (exhaustedStrategy) Run(context.Context) Result {
	return Result{Status: status.Exhausted, Nodes: 1}
}

// A strategy added to a set runs from that set alone: the built-in
// strategies, and the set it was added to, do not know it.
func TestSetWith(t *testing.T) {
	base := Builtins()
	set, err := base.With(Info{Info: strategies.Info{Name: "zz-set-test"}, Strategy: exhaustedStrategy{}})
	if err != nil {
		t.Fatal(err)
	}
	p := Problem{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "zz-set-test"}
	if res, err := set.Solve(context.Background(), p); err != nil || res.Status != status.Exhausted {
		t.Errorf("the set's own strategy: %+v, %v", res, err)
	}
	for name, s := range map[string]*Set{"Builtins": Builtins(), "the base set": base} {
		if _, err := s.New(p); err == nil || !strings.HasPrefix(err.Error(), `unknown strategy "zz-set-test"`) {
			t.Errorf("%s runs the strategy added to another set: %v", name, err)
		}
	}
	if !slices.Equal(set.Facts().Names(), append(strategies.Builtins().Names(), "zz-set-test")) {
		t.Errorf("the set's names: %v", set.Facts().Names())
	}
	if _, err := set.With(Info{Info: strategies.Info{Name: "dfs"}, Strategy: exhaustedStrategy{}}); err == nil {
		t.Error("a set took a second strategy called dfs")
	}
}

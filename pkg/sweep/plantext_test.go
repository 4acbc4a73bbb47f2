package sweep

import (
	"strings"
	"testing"

	"knightsweep/pkg/plan"
)

// A sweep of an external solver alone has no expected time the cost model
// knows: the plan says "unknown", not "about 0s", and advises a budget for
// its runs from the 24 starts of 7x7 where no tour exists.
func TestPlanUnknownTime(t *testing.T) {
	z, _ := plan.ParseSizes("7")
	all, _ := plan.ParseStarts("all")
	s := plan.Settings{Sizes: z, Starts: all, Strategies: []string{"mine"}, Solvers: []plan.Solver{{Name: "mine", Command: "./mine {row} {col}"}}}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	p, err := plan.New(s)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	printPlan(&b, p, Options{Workers: 2, Out: "o"}, nil, 0)
	for _, w := range []string{
		"expected: unknown on 2 worker(s): every run is of mine, and the cost model knows nothing of external solvers",
		"note: 24 runs of mine from starts where no tour exists have neither a node nor a time budget: a solver that tries every branch may not end there; -timeout D or -starts solvable bounds them\n",
	} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("the plan does not say %q:\n%s", w, b.String())
		}
	}
	if strings.Contains(b.String(), "about 0s") {
		t.Errorf("the plan expects about 0s:\n%s", b.String())
	}
}

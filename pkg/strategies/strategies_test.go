package strategies_test

import (
	"os/exec"
	"strings"
	"testing"

	"knightsweep/pkg/strategies"
)

// The statistics (and the charts drawn from them) sort and label series by
// these names alone: they depend on no search code.
func TestStatsDependOnNoSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("go list walks the build graph: make test-all runs it")
	}
	for _, pkg := range []string{"knightsweep/pkg/stats", "knightsweep/pkg/chart"} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), "knightsweep/pkg/solver\n") {
			t.Errorf("%s depends on knightsweep/pkg/solver", pkg)
		}
	}
}

func TestRank(t *testing.T) {
	for i, n := range strategies.Names {
		if got := strategies.Rank(n); got != i {
			t.Errorf("Rank(%q) = %d, want %d", n, got, i)
		}
	}
	if got := strategies.Rank("no-such"); got != len(strategies.Names) {
		t.Errorf("Rank of an unknown name = %d, want %d (after every known one)", got, len(strategies.Names))
	}
	if strategies.TiebreakRank(strategies.TieFirst) != 0 || strategies.TiebreakRank("x") != len(strategies.Tiebreaks) {
		t.Error("the default tie-break rule is not first, or an unknown one not last")
	}
}

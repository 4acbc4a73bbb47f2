package strategies_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/strategies"
)

// The statistics (and the charts drawn from them) sort and label series by
// these names alone, and the planner and its cost model read the facts of
// the registry: none of them depends on search code.
func TestFactsDependOnNoSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("go list walks the build graph: make test-all runs it")
	}
	for _, pkg := range []string{"knightsweep/pkg/stats", "knightsweep/pkg/chart", "knightsweep/pkg/plan", "knightsweep/pkg/report"} {
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
	for i, n := range strategies.Builtin {
		if got := strategies.Rank(n); got != i {
			t.Errorf("Rank(%q) = %d, want %d", n, got, i)
		}
	}
	if got := strategies.Rank("no-such"); got != len(strategies.Builtin) {
		t.Errorf("Rank of an unknown name = %d, want %d (after every known one)", got, len(strategies.Builtin))
	}
	if strategies.TiebreakRank(strategies.TieFirst) != 0 || strategies.TiebreakRank("x") != len(strategies.Tiebreaks) {
		t.Error("the default tie-break rule is not first, or an unknown one not last")
	}
}

// A strategy registered at run time (an external solver's) takes its
// place after the built-in ones, and every list of the registry sees it.
func TestRegister(t *testing.T) {
	for _, info := range []strategies.Info{
		{Name: "zz-external", Summary: "test: registered at run time", Complete: true, Tiebreaks: []string{strategies.TieFirst, strategies.TieRandom}},
		{Name: "warnsdorff", Default: true},
		{Name: "dfs", Default: true, Complete: true, Prunes: true, RandomOrder: true},
	} {
		if err := strategies.Register(info); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name      string
		got, want []string
	}{
		{"Names", strategies.Names(), []string{"dfs", "warnsdorff", "zz-external"}},
		{"Defaults", strategies.Defaults(), []string{"dfs", "warnsdorff"}},
		{"Pruning", strategies.Pruning(), []string{"dfs"}},
		{"RandomOrders", strategies.RandomOrders(), []string{"dfs"}},
		{"Accepting random", strategies.Accepting(strategies.TieRandom), []string{"zz-external"}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if got, want := strategies.RestartableList(), "dfs with -order random, zz-external with -tiebreak random"; got != want {
		t.Errorf("RestartableList = %q, want %q", got, want)
	}
	for _, bad := range []string{"dfs", "", "a,b", "a b"} {
		if err := strategies.Register(strategies.Info{Name: bad}); err == nil {
			t.Errorf("Register(%q) succeeded", bad)
		}
	}
	if _, err := strategies.Lookup("nope"); err == nil || err.Error() != `unknown strategy "nope": want one of dfs, warnsdorff, zz-external (or an external solver that -solver NAME=COMMAND declares)` {
		t.Errorf("Lookup of an unknown name: %v", err)
	}
	if in, err := strategies.Lookup("zz-external"); err != nil || !in.Restartable(strategies.TieRandom, false) || in.Restartable(strategies.TieFirst, false) {
		t.Errorf("Lookup(zz-external) = %+v, %v", in, err)
	}
}

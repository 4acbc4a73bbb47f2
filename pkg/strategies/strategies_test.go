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

// An external solver's strategy takes its place after the built-in ones,
// and every list of the set sees it; the set it was added to is left as
// it was.
func TestSet(t *testing.T) {
	base, err := strategies.NewSet(
		strategies.Info{Name: "warnsdorff", Default: true},
		strategies.Info{Name: "dfs", Default: true, Complete: true, Prunes: true, RandomOrder: true},
	)
	if err != nil {
		t.Fatal(err)
	}
	set, err := base.With(strategies.Info{Name: "zz-external", Summary: "test: declared", Complete: true, Tiebreaks: []string{strategies.TieFirst, strategies.TieRandom}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		got, want []string
	}{
		{"Names", set.Names(), []string{"dfs", "warnsdorff", "zz-external"}},
		{"Names of the base", base.Names(), []string{"dfs", "warnsdorff"}},
		{"Defaults", set.Defaults(), []string{"dfs", "warnsdorff"}},
		{"Pruning", set.Pruning(), []string{"dfs"}},
		{"RandomOrders", set.RandomOrders(), []string{"dfs"}},
		{"Accepting random", set.Accepting(strategies.TieRandom), []string{"zz-external"}},
		{"Accepting random in the base", base.Accepting(strategies.TieRandom), nil},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if got, want := set.RestartableList(), "dfs with -order random, zz-external with -tiebreak random"; got != want {
		t.Errorf("RestartableList = %q, want %q", got, want)
	}
	for _, bad := range []string{"dfs", "", "a,b", "a b"} {
		if _, err := set.With(strategies.Info{Name: bad}); err == nil {
			t.Errorf("With(%q) succeeded", bad)
		}
	}
	if _, err := set.Lookup("nope"); err == nil || err.Error() != `unknown strategy "nope": want one of dfs, warnsdorff, zz-external (or an external solver that -solver NAME=COMMAND declares)` {
		t.Errorf("Lookup of an unknown name: %v", err)
	}
	if in, err := set.Lookup("zz-external"); err != nil || !in.Restartable(strategies.TieRandom, false) || in.Restartable(strategies.TieFirst, false) {
		t.Errorf("Lookup(zz-external) = %+v, %v", in, err)
	}
	if base.Has("zz-external") || !set.Has("zz-external") {
		t.Error("With changed the set it was called on, or left its strategy out")
	}
}

// A declaration's name, mode and randomness are read from its prefixes
// and placeholders; the declaration reads back as written, trimmed.
func TestParseDecl(t *testing.T) {
	for _, tc := range []struct {
		decl string
		want strategies.Decl
		err  string
	}{
		{decl: " mine = ./x {rows} ", want: strategies.Decl{Name: "mine", Command: "./x {rows}", Program: "./x {rows}"}},
		{decl: "s=./x {seed}", want: strategies.Decl{Name: "s", Command: "./x {seed}", Program: "./x {seed}", Random: true}},
		{decl: "b=./x {{seed}}", want: strategies.Decl{Name: "b", Command: "./x {{seed}}", Program: "./x {{seed}}"}},
		{decl: "r=random:stdio:python3 r.py", want: strategies.Decl{Name: "r", Command: "random:stdio:python3 r.py", Program: "python3 r.py", Random: true, Stdio: true}},
		{decl: "p=stdio: python3 p.py", want: strategies.Decl{Name: "p", Command: "stdio: python3 p.py", Program: "python3 p.py", Stdio: true}},
		{decl: "q=stdio:random:./x", want: strategies.Decl{Name: "q"}, err: "q: write random:stdio:./x (random: goes before stdio:)"},
		{decl: "all=./x", want: strategies.Decl{Name: "all"}, err: `name "all" is a keyword of -strategies`},
		{decl: "1x=./x", want: strategies.Decl{Name: "1x"}, err: `name "1x": want an ASCII letter`},
		{decl: "mine", want: strategies.Decl{Name: "mine"}, err: `"mine": want NAME=COMMAND`},
	} {
		t.Run(tc.decl, func(t *testing.T) {
			d, err := strategies.ParseDecl(tc.decl)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)) {
				t.Fatalf("error %v, want %q", err, tc.err)
			}
			if d != tc.want {
				t.Errorf("ParseDecl = %+v, want %+v", d, tc.want)
			}
			if err != nil {
				return
			}
			in := d.Info()
			if in.Name != d.Name || *in.External != d || in.Random != d.Random || in.BytesOn(8, 8) != 0 {
				t.Errorf("Info = %+v", in)
			}
		})
	}
}

// TestDeclNameNonASCIILetter: a name starting with a letter outside ASCII
// (é) is refused as one that is not an ASCII letter, since é is a letter.
func TestDeclNameNonASCIILetter(t *testing.T) {
	_, err := strategies.ParseDecl("été=./x")
	if err == nil || !strings.Contains(err.Error(), "want an ASCII letter") {
		t.Errorf("ParseDecl(été=./x) = %v, want a refusal asking for an ASCII letter", err)
	}
}

package plan

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/strategies"
)

// A sweep's solvers are compared by what they resolve to: another
// spelling of the same files is the same solver; another word, or a file
// whose bytes changed, is another, and the difference names it. A
// manifest from before resolved commands compares its command as written.
func TestDiffSolvers(t *testing.T) {
	base := Solver{Name: "x", Command: "python3 s.py {rows}", Path: "/usr/bin/python3", RealPath: "/usr/bin/python3.12",
		SHA256: "aaaaaaaaaaaaaaaa", Script: "/w/s.py", ScriptSHA256: "bbbbbbbbbbbbbbbb",
		Files: []SolverFile{{Path: "/w/data.txt", SHA256: "cccccccccccccccc"}}, Resolved: "/usr/bin/python3 /w/s.py '{rows}'"}
	with := func(f func(*Solver)) []Solver {
		s := base
		s.Files = append([]SolverFile(nil), base.Files...)
		f(&s)
		return []Solver{s}
	}
	for _, tt := range []struct {
		name string
		now  []Solver
		want []string
	}{
		{"same", with(func(*Solver) {}), nil},
		{"another spelling", with(func(s *Solver) { s.Command = "python3 ./s.py {rows}" }), nil},
		{"another word", with(func(s *Solver) {
			s.Command, s.Resolved = "python3 s.py {cols}", "/usr/bin/python3 /w/s.py '{cols}'"
		}), []string{`-solver x: the command resolved to "/usr/bin/python3 /w/s.py '{rows}'", now to "/usr/bin/python3 /w/s.py '{cols}'"`}},
		{"script edited", with(func(s *Solver) { s.Command, s.ScriptSHA256 = "python3 ../w/s.py {rows}", "dddddddddddddddd" }),
			[]string{"-solver x: the script /w/s.py changed: sha256 was bbbbbbbbbbbb, now dddddddddddd"}},
		{"data edited", with(func(s *Solver) { s.Files[0].SHA256 = "eeeeeeeeeeeeeeee" }),
			[]string{"-solver x: the file /w/data.txt changed: sha256 was cccccccccccc, now eeeeeeeeeeee"}},
		{"interpreter upgraded", with(func(s *Solver) { s.RealPath, s.SHA256 = "/usr/bin/python3.13", "ffffffffffffffff" }),
			[]string{"-solver x: the program /usr/bin/python3 changed: sha256 was aaaaaaaaaaaa, now ffffffffffff",
				`-solver x: the program /usr/bin/python3 was a link to "/usr/bin/python3.12", now to "/usr/bin/python3.13"`}},
		{"an old manifest, the same command", with(func(s *Solver) { s.Resolved = "" }), nil},
		{"an old manifest, another spelling", with(func(s *Solver) { s.Resolved, s.Command = "", "python3 ./s.py {rows}" }),
			[]string{`-solver x: the command was "python3 s.py {rows}", now "python3 ./s.py {rows}" (compared as written: the sweep's manifest predates resolved commands)`}},
		{"gone", nil, []string{"-solver x: was declared (x=python3 s.py {rows}), now is not"}},
		{"renamed", with(func(s *Solver) { s.Name = "y" }), []string{"-solver x: was declared (x=python3 s.py {rows}), now is not",
			"-solver y: was not declared, now is (y=python3 s.py {rows})"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// The resolved command and the hashes are the sweep's: was is
			// the manifest's, where an old one has no resolved command.
			was := []Solver{base}
			if tt.now != nil && tt.now[0].Resolved == "" {
				was[0].Resolved, tt.now[0].Resolved = "", base.Resolved
			}
			if got := DiffSolvers(was, tt.now); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("DiffSolvers = %q\nwant %q", got, tt.want)
			}
			if got := (Settings{Solvers: was}).Diff(Settings{Solvers: tt.now}); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Settings.Diff = %q\nwant %q", got, tt.want)
			}
		})
	}
}

// -trials for a sweep of deterministic series says how to randomise
// each: an external solver by its declaration (random:, or {seed}), not
// by flags that do nothing to it; the message offered only -order random
// and -tiebreak random, even for a sweep of solvers alone.
func TestTrialsNameSolversRandomisation(t *testing.T) {
	z, _ := ParseSizes("5")
	for _, tt := range []struct {
		strategies []string
		want       string
	}{
		{[]string{"mine"}, "-trials: 3: only randomised jobs repeat, and this sweep has none: add random: before the COMMAND of -solver mine (-solver 'mine=random:COMMAND'), or {seed} in it"},
		{[]string{"warnsdorff", "mine", "theirs"}, "add -tiebreak random (for warnsdorff) or random: before the COMMAND of -solver mine or theirs (-solver 'mine=random:COMMAND'), or {seed} in it"},
	} {
		s := Settings{Sizes: z, Strategies: tt.strategies, Trials: 3,
			Solvers: []Solver{{Name: "mine", Command: "./mine {row} {col}"}, {Name: "theirs", Command: "stdio:./theirs"}}}
		err := s.Normalize()
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Flag != "-trials" || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want one naming -trials saying %q", tt.strategies, err, tt.want)
		}
	}
}

// A solver that one sweep's settings declare is a strategy of those
// settings alone: settings that do not declare it, checked after them in
// the same process (a second manifest, a second command of a test), do
// not know it, and the built-in strategies stay the solver's own.
func TestSolversKnownToTheirSettingsAlone(t *testing.T) {
	z, _ := ParseSizes("5")
	declared := Settings{Sizes: z, Strategies: []string{"mine", "warnsdorff"},
		Solvers: []Solver{{Name: "mine", Command: "random:./mine {row} {col}"}}}
	if err := declared.Normalize(); err != nil {
		t.Fatal(err)
	}
	set, err := declared.Known()
	if in, lerr := set.Lookup("mine"); err != nil || lerr != nil || !in.Random || in.External.String() != "mine=random:./mine {row} {col}" {
		t.Errorf("the declared solver's facts: %+v, %v, %v", in, err, lerr)
	}
	if strategies.Builtins().Has("mine") {
		t.Error("Normalize made the solver a built-in strategy")
	}
	other := Settings{Sizes: z, Strategies: []string{"mine"}}
	var ie *input.Error
	if err := other.Normalize(); !errors.As(err, &ie) || ie.Flag != "-strategies" || !strings.Contains(err.Error(), `unknown strategy "mine"`) {
		t.Errorf("settings that do not declare the solver: %v, want -strategies: unknown strategy", err)
	}
	for _, tt := range []struct {
		solvers []Solver
		want    string
	}{
		{[]Solver{{Name: "dfs", Command: "./x"}}, "-solver: dfs is a built-in strategy"},
		{[]Solver{{Name: "m", Command: "./x"}, {Name: "m", Command: "./y"}}, "-solver: m is declared twice (m=./x and m=./y)"},
		{[]Solver{{Name: "m", Command: "stdio:random:./x"}}, "-solver: m: write random:stdio:./x"},
	} {
		s := Settings{Sizes: z, Strategies: []string{"warnsdorff"}, Solvers: tt.solvers}
		if err := s.Normalize(); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want %q", tt.solvers, err, tt.want)
		}
	}
}

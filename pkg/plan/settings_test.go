package plan

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"knightsweep/internal/input"
)

// settings returns normalized settings for sizes, the given strategies and
// a node budget.
func settings(t testing.TB, sizes string, maxNodes int64, strategies ...string) Settings {
	t.Helper()
	z, err := ParseSizes(sizes)
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{Sizes: z, Strategies: strategies, MaxNodes: maxNodes}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNormalizeCanonical(t *testing.T) {
	a := settings(t, "5-6", 0, "warnsdorff", "dfs", "warnsdorff")
	b := settings(t, "6,5", 0, "dfs", "warnsdorff")
	if !reflect.DeepEqual(a, b) {
		t.Errorf("equal sweeps differ:\n%+v\n%+v", a, b)
	}
	if a.Trials != 1 || !reflect.DeepEqual(a.Tiebreaks, []string{"first"}) || a.Order != "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1" {
		t.Errorf("defaults: %+v", a)
	}
	// The literature's digits and offsets name the same order (1..8 are
	// (-2,+1) (-1,+2) (+1,+2) (+2,+1) (+2,-1) (+1,-2) (-1,-2) (-2,-1)).
	c, d := a, a
	c.Order, d.Order = "12345678", "-2,1 -1,2 1,2 2,1 2,-1 1,-2 -1,-2 -2,-1"
	if err := errors.Join(c.Normalize(), d.Normalize()); err != nil {
		t.Fatal(err)
	}
	if c.Order != d.Order || c.Diff(d) != nil {
		t.Errorf("digits give order %q, offsets %q", c.Order, d.Order)
	}
}

func TestNormalizeErrors(t *testing.T) {
	z, _ := ParseSizes("5")
	good := Settings{Sizes: z, Strategies: []string{"dfs"}}
	for _, tt := range []struct {
		change func(*Settings)
		flag   string
		want   string
	}{
		{func(s *Settings) { s.Sizes = nil }, "-sizes", "missing"},
		{func(s *Settings) { s.Strategies = nil }, "-strategies", "want some of dfs, warnsdorff, warnsdorff-bt"},
		{func(s *Settings) { s.Strategies = []string{"bfs"} }, "-strategies", `unknown strategy "bfs": want one of dfs, warnsdorff, warnsdorff-bt`},
		{func(s *Settings) { s.Order = "1234567" }, "-order", "want 8 offsets"},
		{func(s *Settings) { s.MaxNodes = -1 }, "-max-nodes", "want 0 (no limit) or a positive number"},
		{func(s *Settings) { s.Timeout = -time.Second }, "-timeout", "want 0 (no limit) or a positive duration"},
		{func(s *Settings) { s.Trials = -2 }, "-trials", "want a number of trials from 1 to"},
		{func(s *Settings) { s.Tiebreaks = []string{"random"} }, "-tiebreak", "no strategy"},
		{func(s *Settings) { s.Starts, _ = ParseStarts("4,4;5,5") }, "-starts", "5,5 is off the 5x5 board"},
	} {
		s := good
		s.Strategies = append([]string(nil), good.Strategies...)
		tt.change(&s)
		err := s.Normalize()
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Flag != tt.flag || !strings.HasPrefix(err.Error(), tt.flag+": ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v; want an input.Error naming %s and %q", tt.flag, err, tt.flag, tt.want)
		}
	}
}

func TestSettingsDiff(t *testing.T) {
	a := settings(t, "5-6", 1000, "dfs")
	if d := a.Diff(a); d != nil {
		t.Errorf("Diff with itself: %v", d)
	}
	b := settings(t, "5", 1000, "dfs")
	b.Timeout = time.Minute
	got := a.Diff(b)
	want := []string{`-sizes: was ["5x5","6x6"], now ["5x5"]`, "-timeout: was 0s, now 1m0s"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Diff = %q; want %q", got, want)
	}
}

// Settings survive manifest.json: a resumed sweep compares equal.
func TestSettingsJSON(t *testing.T) {
	a := settings(t, "5-6,3x4", 1000, "dfs", "warnsdorff-bt")
	a.Starts, _ = ParseStarts("0,0;1,2")
	a.Timeout, a.Closed, a.SaveTours = 3*time.Second, true, true
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var b Settings
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	if err := b.Normalize(); err != nil {
		t.Fatal(err)
	}
	if d := a.Diff(b); d != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("round trip through %s: %v", data, d)
	}
}

// The solvers are a set: declared in another order (a flag file's solver
// that the command line declares again comes after the file's others),
// they are the same settings, and a resume or a merge accepts them.
func TestNormalizeSolversOrder(t *testing.T) {
	solvers := []Solver{{Name: "zz-mine", Command: "./mine {row} {col}"}, {Name: "aa-theirs", Command: "stdio:./theirs"}}
	z, _ := ParseSizes("5")
	a := Settings{Sizes: z, Strategies: []string{"zz-mine", "aa-theirs"}, Solvers: slices.Clone(solvers)}
	b := Settings{Sizes: z, Strategies: []string{"aa-theirs", "zz-mine"}, Solvers: []Solver{solvers[1], solvers[0]}}
	for _, s := range []*Settings{&a, &b} {
		if err := s.Normalize(); err != nil {
			t.Fatal(err)
		}
	}
	if d := a.Diff(b); d != nil {
		t.Errorf("the same solvers in another order differ: %v", d)
	}
}

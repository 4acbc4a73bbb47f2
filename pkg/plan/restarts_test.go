package plan

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/strategies"
)

// -order random makes dfs a randomised series (its rows say order random,
// each trial has a seed); the strategies without a random order run the
// default order once. Each restart policy is a series of its own for the
// randomised backtracking runs only; the others run without restarts. Every
// job's row maps back to it.
func TestPlanRandomOrderAndRestarts(t *testing.T) {
	s := settings(t, "5", 100_000, "dfs", "warnsdorff", "warnsdorff-bt")
	s.Order, s.Trials, s.Seed = strategies.OrderRandom, 3, 7
	s.Tiebreaks = []string{"first", "random"}
	s.Restarts = []string{"luby:25", "none", "fixed:30", "luby:25"}
	s.Starts, _ = ParseStarts("corners")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.Settings().Restarts, " "); got != "none fixed:30 luby:25" {
		t.Errorf("restarts normalized to %q", got)
	}
	count := map[string]int{}
	seeds := map[uint64]bool{}
	base := map[string]uint64{} // a trial's seed without restarts, with
	withRestarts := map[string]uint64{}
	for j := range p.Jobs() {
		key := j.Strategy + "/" + j.Tiebreak + "/" + j.OrderText + "/" + j.Restarts.String()
		count[key]++
		randomised := j.RandomOrder || j.Tiebreak == strategies.TieRandom
		if randomised != (j.Seed != 0) || j.RandomOrder != (j.Strategy == "dfs") || (j.OrderText == strategies.OrderRandom) != j.RandomOrder {
			t.Errorf("job %+v", j)
		}
		if j.Seed != 0 {
			seeds[j.Seed] = true
			trial := fmt.Sprintf("%s/%s/%v/%d", j.Strategy, j.Tiebreak, j.Start, j.Trial)
			if j.Restarts.Kind == restart.None {
				base[trial] = j.Seed
			} else if s, ok := withRestarts[trial]; ok && s != j.Seed {
				t.Errorf("job %d (%s): seed %#x, another policy's %#x", j.Index, j.Restarts, j.Seed, s)
			} else {
				withRestarts[trial] = j.Seed
			}
		}
		r := j.Row()
		if r.RestartPolicy != j.Restarts.String() || r.Order != j.OrderText {
			t.Errorf("job %d's row: %+v", j.Index, r)
		}
		if idx, err := p.Index(&r); err != nil || idx != j.Index {
			t.Errorf("Index(row of job %d) = %d, %v", j.Index, idx, err)
		}
	}
	want := map[string]int{
		"dfs/first/random/none": 12, "dfs/first/random/fixed:30": 12, "dfs/first/random/luby:25": 12,
		"warnsdorff/first/" + board.DefaultOrder.String() + "/none":         4,
		"warnsdorff/random/" + board.DefaultOrder.String() + "/none":        12,
		"warnsdorff-bt/first/" + board.DefaultOrder.String() + "/none":      4,
		"warnsdorff-bt/random/" + board.DefaultOrder.String() + "/none":     12,
		"warnsdorff-bt/random/" + board.DefaultOrder.String() + "/fixed:30": 12,
		"warnsdorff-bt/random/" + board.DefaultOrder.String() + "/luby:25":  12,
	}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d jobs, want %d", k, count[k], n)
		}
	}
	if len(count) != len(want) || p.Len() != 92 {
		t.Errorf("%d jobs in %d series: %v", p.Len(), len(count), count)
	}
	// A run with restarts draws a seed of its own, the same for every
	// policy: its attempts are independent of the run without restarts,
	// which keeps its seed (JobSeed's without the mark: published rows).
	if len(seeds) != 12+12+12+12+12 || len(withRestarts) != 24 {
		t.Errorf("%d seeds, %d trials with restarts", len(seeds), len(withRestarts))
	}
	for trial, s := range withRestarts {
		if b, ok := base[trial]; !ok || b == s {
			t.Errorf("%s: seed %#x with restarts, %#x without", trial, s, b)
		}
	}
	// A row with another policy, or old files' empty one, maps to the
	// matching job or to none.
	j := p.Job(0)
	r := j.Row()
	r.RestartPolicy = "luby:26"
	if _, err := p.Index(&r); err == nil || !strings.Contains(err.Error(), "restarts luby:26") {
		t.Errorf("a row with luby:26: %v", err)
	}
	r.RestartPolicy = ""
	if idx, err := p.Index(&r); err != nil || p.Job(idx).Restarts != (restart.Policy{}) {
		t.Errorf("a row without a policy: %d, %v", idx, err)
	}
}

// Sweeps without -restarts, or with none alone, keep the settings of
// sweeps from before restarts: a resume compares them equal.
func TestRestartsNoneIsDefault(t *testing.T) {
	a := settings(t, "5", 0, "dfs")
	b := settings(t, "5", 0, "dfs")
	b.Restarts = []string{"none", "none"}
	if err := b.Normalize(); err != nil {
		t.Fatal(err)
	}
	if d := a.Diff(b); len(d) != 0 || b.Restarts != nil || runs.NoRestarts != (restart.Policy{}).String() {
		t.Errorf("diff %v, restarts %v", d, b.Restarts)
	}
}

func TestRestartsErrors(t *testing.T) {
	z, _ := ParseSizes("5-6")
	for _, tt := range []struct {
		change func(*Settings)
		flag   string
		want   string
	}{
		{func(s *Settings) { s.Restarts = []string{"luby:0"} }, "-restarts", "want none, fixed:C"},
		{func(s *Settings) { s.Restarts = []string{"luby:10"} }, "-restarts", "restarts apply only to randomised backtracking (dfs with -order random, warnsdorff-bt with -tiebreak random)"},
		{func(s *Settings) { s.Restarts, s.Strategies = []string{"luby:10"}, []string{"warnsdorff"} }, "-restarts", "this sweep runs none"},
		{func(s *Settings) {
			s.Restarts, s.Strategies, s.Tiebreaks = []string{"luby:10"}, []string{"warnsdorff", "warnsdorff-bt"}, []string{"random"}
			s.MaxNodes = 0
		}, "", ""},
		{func(s *Settings) { s.Restarts, s.Order, s.MaxNodes = []string{"fixed:100"}, "random", 0 }, "-restarts", "give -max-nodes or -timeout"},
		{func(s *Settings) { s.Restarts, s.Order = []string{"fixed:30"}, "random" }, "-restarts", "a tour of 6x6 enters 36 squares"},
		{func(s *Settings) { s.Order, s.Strategies = "random", []string{"warnsdorff-bt"} }, "-order", "no strategy of -strategies takes a random move order (dfs does)"},
		{func(s *Settings) { s.Trials = 5 }, "-trials", "only randomised jobs repeat"},
		{func(s *Settings) { s.Trials, s.Order = 5, " random" }, "", ""},
	} {
		s := Settings{Sizes: z, Strategies: []string{"dfs"}, MaxNodes: 1000}
		tt.change(&s)
		err := s.Normalize()
		if tt.flag == "" {
			if err != nil {
				t.Errorf("%+v: %v", s, err)
			}
			continue
		}
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Flag != tt.flag || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v; want an input.Error naming %s and %q", s, err, tt.flag, tt.want)
		}
	}
}

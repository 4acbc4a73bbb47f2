package plan

import (
	"slices"
	"strings"
	"testing"
	"time"

	"knightsweep/configs"
	"knightsweep/pkg/progress"
)

// The sweeps refused without -force, and those let through. 5..12 from
// every start with no budget (the sweep) holds warnsdorff-bt
// searches from the 24 starts of 7x7, 40 of 9x9 and 60 of 11x11 off the
// corners' colour, each an exhaustive search of 10^14 nodes or more; with
// -max-nodes 1000000 it takes seconds. Plain dfs on 5x5 from every start
// without a budget exhausts 5x5 in about 10^6 nodes a start: let through.
// Plain dfs on 8x8 from one start is priced by the median search, seconds;
// from every start, by the rare start that takes years. dfs on 10x10 from
// every start with a node budget of 10^12 is expected to take years: refused for its time alone, and -starts solvable, which
// would change nothing (every start of 10x10 has a tour), not advised.
// Every preset is let through.
func TestRunaway(t *testing.T) {
	all, err := ParseStarts("all")
	if err != nil {
		t.Fatal(err)
	}
	solvable, err := ParseStarts("solvable")
	if err != nil {
		t.Fatal(err)
	}
	corner, err := ParseStarts("0,0")
	if err != nil {
		t.Fatal(err)
	}
	one, err := ParseStarts("0,1")
	if err != nil {
		t.Fatal(err)
	}
	sweep := func(sizes string, starts Starts, maxNodes int64, timeout time.Duration, strategies ...string) Settings {
		s := settings(t, sizes, maxNodes, strategies...)
		s.Starts, s.Timeout = starts, timeout
		if err := s.Normalize(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	pruned := func(s Settings) Settings {
		s.Prune = true
		return s
	}
	closed := func(s Settings) Settings {
		s.Closed = true
		return s
	}
	for _, tt := range []struct {
		name string
		s    Settings
		want []string // in the refusal; none: let through
		not  []string // not in the refusal
	}{
		{"5..12 every start, no budget", sweep("5-12", all, 0, 0, "warnsdorff", "warnsdorff-bt"),
			[]string{"searches by warnsdorff-bt", "(on 7x7, 9x9, 11x11)", "-starts solvable", "-max-nodes", "-timeout", "-force", "more than 24 hours"}, nil},
		{"5..12 every start, 1M nodes", sweep("5-12", all, 1_000_000, 0, "warnsdorff", "warnsdorff-bt"), nil, nil},
		{"5..12 every start, a timeout", sweep("5-12", all, 0, 10*time.Millisecond, "warnsdorff", "warnsdorff-bt"), nil, nil},
		{"5..12 solvable starts, no budget", sweep("5-12", solvable, 0, 0, "warnsdorff", "warnsdorff-bt"), nil, nil},
		{"5x5 every start, dfs, no budget", sweep("5", all, 0, 0, "dfs"), nil, nil},
		{"10x10 every start, dfs, 10^12 nodes", sweep("10", all, 1_000_000_000_000, 0, "dfs"),
			[]string{"it is expected to take", "on 2 worker(s), more than 24 hours", "a lower -max-nodes than 1000000000000 or -timeout D", "-force"}, []string{"-max-nodes N", "-starts solvable"}},
		// The colour rule rules out the 24 starts of 7x7 off the corners'
		// colour, and every closed tour of 7x7: a pruned search ends each
		// at its first node (solve -sizes 7 -starts 0,1 -strategy dfs
		// -prune: exhausted, 1 node).
		{"7x7 every start, dfs, no budget", sweep("7", all, 0, 0, "dfs"),
			[]string{"24 searches by dfs", "each of which"}, nil},
		{"7x7 every start, pruned dfs, no budget", pruned(sweep("7", all, 0, 0, "dfs")), nil, nil},
		{"7x7 every start, pruned warnsdorff-bt, no budget", pruned(sweep("7", all, 0, 0, "warnsdorff-bt")), nil, nil},
		{"7x7 closed, pruned warnsdorff-bt, no budget", pruned(closed(sweep("7", all, 0, 0, "warnsdorff-bt"))), nil, nil},
		{"7x7 from 0,1, warnsdorff-bt, no budget", sweep("7", one, 0, 0, "warnsdorff-bt"),
			[]string{"it holds 1 search by warnsdorff-bt", "which ends only", "-starts solvable", "-max-nodes N or -timeout D"}, []string{"1 searches", "each of which"}},
		// Every start of 8x8 meets the rare start that takes years; 0,0
		// has a tour, so -starts solvable would change nothing.
		{"8x8 solvable starts, dfs, no budget", sweep("8", solvable, 0, 0, "dfs"),
			[]string{"on 2 worker(s), more than 24 hours", "-max-nodes N or -timeout D"}, []string{"-starts solvable"}},
		// One start is priced by the median search, seconds (the corner
		// takes 8,250,733 nodes): let through.
		{"8x8 from 0,0, dfs, no budget", sweep("8", corner, 0, 0, "dfs"), nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(tt.s)
			if err != nil {
				t.Fatal(err)
			}
			got := p.Runaway(nil, 2, 2)
			if len(tt.want) == 0 && got != "" {
				t.Errorf("refused: %s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("refusal %q does not say %q", got, w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(got, w) {
					t.Errorf("refusal %q says %q", got, w)
				}
			}
		})
	}
	for _, name := range configs.Names() {
		p, err := New(presetSettings(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if why := p.Runaway(nil, 2, 2); why != "" {
			t.Errorf("preset %s refused: %s", name, why)
		}
	}
}

// The refusal tests the figure the plan prints, at this machine's pace:
// 8x8 dfs from every start with 10^12 nodes a run is about 10.5 hours on 2
// workers at the model's pace, let through; on a machine 5 times slower
// (SetPace), 2.2 days, refused, on the workers given.
func TestRunawayAtPace(t *testing.T) {
	s := settings(t, "8", 1_000_000_000_000, "dfs")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, cost := p.Cost(nil); cost/2 < 8*3600 || cost/2 > 16*3600 {
		t.Fatalf("the model expects %.0f s on 2 workers, not about 10.5 hours", cost/2)
	}
	if why := p.Runaway(nil, 2, 2); why != "" {
		t.Fatalf("refused at the model's pace: %s", why)
	}
	p.SetPace(Pace{Default: 5})
	_, cost := p.Cost(nil)
	want := "it is expected to take " + strings.TrimPrefix(progress.Estimate(cost/2), "about ") + " on 4096 worker(s), more than 24 hours"
	if why := p.Runaway(nil, 4096, 2); !strings.Contains(why, want) {
		t.Errorf("at 5 times the model's time:\n%s\nwant it to say %q", why, want)
	}
}

// An external solver's runs without a budget from starts with no tour
// are not refused (the model knows nothing of their time) but named for
// the plan to advise: the 24 starts of 7x7 off the corners' colour.
func TestUnbounded(t *testing.T) {
	all, err := ParseStarts("all")
	if err != nil {
		t.Fatal(err)
	}
	z, _ := ParseSizes("7")
	for _, timeout := range []time.Duration{0, time.Second} {
		s := Settings{Sizes: z, Starts: all, Strategies: []string{"mine", "warnsdorff"}, Timeout: timeout,
			Solvers: []Solver{{Name: "mine", Command: "./mine {row} {col}"}}}
		if err := s.Normalize(); err != nil {
			t.Fatal(err)
		}
		p, err := New(s)
		if err != nil {
			t.Fatal(err)
		}
		n, names := p.Unbounded(nil)
		if want := map[bool]int64{true: 24, false: 0}[timeout == 0]; n != want || want > 0 && !slices.Equal(names, []string{"mine"}) {
			t.Errorf("timeout %v: %d runs of %v unbounded, want %d of mine", timeout, n, names, want)
		}
		if why := p.Runaway(nil, 2, 2); why != "" {
			t.Errorf("timeout %v: refused: %s", timeout, why)
		}
	}
}

// The refusal is decided at this machine's pace without other programs'
// load (Pace.Unloaded), while the estimate printed counts the load of the
// moment: 8x8 dfs from every start with 10^12 nodes a run, about 10.5
// hours on 2 workers at the model's pace, on a machine 1.2 times slower
// than the model, is let through whether the trial ran loaded (2.5 or 4
// times the machine's time: 26 or 42 hours printed) or not; on a machine
// 3 times slower, 31 hours however loaded, it is refused.
func TestRunawayStableUnderLoad(t *testing.T) {
	s := settings(t, "8", 1_000_000_000_000, "dfs")
	for _, tt := range []struct {
		name           string
		machine, trial float64 // the factors without load and in the loaded trial
		refused        bool
	}{
		{"unloaded", 1.2, 1.2, false},
		{"loaded 2.5x", 1.2, 3, false},
		{"loaded 4x", 1.2, 4.8, false},
		{"slow machine", 3, 3, true},
		{"slow machine, loaded", 3, 6, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(s)
			if err != nil {
				t.Fatal(err)
			}
			_, model := p.Cost(nil)
			key := PaceKey{Strategy: "dfs"}
			p.SetPace(Pace{Factor: map[PaceKey]float64{key: tt.trial}, Default: tt.trial,
				Unloaded: map[PaceKey]float64{key: tt.machine}, UnloadedDefault: tt.machine})
			if _, cost := p.Cost(nil); cost < 0.99*tt.trial*model || cost > 1.01*tt.trial*model {
				t.Errorf("the estimate printed is %.0f s, want the loaded trial's %g x the model's %.0f s", cost, tt.trial, model)
			}
			if why := p.Runaway(nil, 2, 2); (why != "") != tt.refused {
				t.Errorf("refused %v (%q), want %v", why != "", why, tt.refused)
			}
		})
	}
}

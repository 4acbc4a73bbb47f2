package plan

import (
	"strings"
	"testing"
	"time"

	"knightsweep/configs"
)

// The sweeps refused without -force, and those let through. 5..12 from
// every start with no budget (the sweep) holds warnsdorff-bt
// searches from the 24 starts of 7x7, 40 of 9x9 and 60 of 11x11 off the
// corners' colour, each an exhaustive search of 10^14 nodes or more; with
// -max-nodes 1000000 it takes seconds. Plain dfs on 5x5 from every start
// without a budget exhausts 5x5 in about 10^6 nodes a start: let through.
// dfs on 10x10 from every start with a node budget of 10^12 is expected to
// take years: refused for its time alone. Every preset is let through.
func TestRunaway(t *testing.T) {
	all, err := ParseStarts("all")
	if err != nil {
		t.Fatal(err)
	}
	solvable, err := ParseStarts("solvable")
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
	for _, tt := range []struct {
		name string
		s    Settings
		want []string // in the refusal; none: let through
	}{
		{"5..12 every start, no budget", sweep("5-12", all, 0, 0, "warnsdorff", "warnsdorff-bt"),
			[]string{"searches by warnsdorff-bt", "(on 7x7, 9x9, 11x11)", "-starts solvable", "-max-nodes", "-timeout", "-force", "more than 24 hours"}},
		{"5..12 every start, 1M nodes", sweep("5-12", all, 1_000_000, 0, "warnsdorff", "warnsdorff-bt"), nil},
		{"5..12 every start, a timeout", sweep("5-12", all, 0, 10*time.Millisecond, "warnsdorff", "warnsdorff-bt"), nil},
		{"5..12 solvable starts, no budget", sweep("5-12", solvable, 0, 0, "warnsdorff", "warnsdorff-bt"), nil},
		{"5x5 every start, dfs, no budget", sweep("5", all, 0, 0, "dfs"), nil},
		{"10x10 every start, dfs, 10^12 nodes", sweep("10", all, 1_000_000_000_000, 0, "dfs"),
			[]string{"the cost model expects it to take", "more than 24 hours", "-force"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(tt.s)
			if err != nil {
				t.Fatal(err)
			}
			got := p.Runaway(nil, 2)
			if len(tt.want) == 0 && got != "" {
				t.Errorf("refused: %s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("refusal %q does not say %q", got, w)
				}
			}
		})
	}
	for _, name := range configs.Names() {
		p, err := New(presetSettings(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if why := p.Runaway(nil, 2); why != "" {
			t.Errorf("preset %s refused: %s", name, why)
		}
	}
}

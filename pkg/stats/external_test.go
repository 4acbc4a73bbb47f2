package stats

import (
	"math"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// externalSweep is dfs, warnsdorff and warnsdorff-bt beside three users'
// solvers on 6x6 from 24 starts: c records no nodes and runs once a start,
// go-bt is randomised (two trials a start, seeded) and counts nodes, py
// runs once a start and counts nodes.
func externalSweep(t *testing.T) *Results {
	t.Helper()
	c := NewCollector(Options{})
	add := func(strategy string, start, trial int, seed uint64, nodes runs.Count) {
		t.Helper()
		err := c.Add(runs.Row{Rows: 6, Cols: 6, StartRow: start / 6, StartCol: start % 6, Strategy: strategy, Tiebreak: "first",
			Trial: trial, Seed: seed, Status: status.Found, Solvable: "yes", Nodes: nodes, Backtracks: runs.Unknown,
			TimeNS: int64(1000 + start), CPUNS: runs.Count(900 + start), Verified: true})
		if err != nil {
			t.Fatal(err)
		}
	}
	for start := range 24 {
		for _, s := range []string{"dfs", "warnsdorff", "warnsdorff-bt", "py"} {
			add(s, start, 0, 0, 36)
		}
		add("c", start, 0, 0, runs.Unknown)
		for trial := range 2 {
			add("go-bt", start, trial, uint64(1+start*2+trial), runs.Count(36+trial*start))
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Every strategy of a report has a look of its own: the built-in ones
// their places in package strategies, each user's solver a place no other
// strategy of the data holds. All three solvers had the place past the
// built-ins, one colour, marker and line for the three.
func TestExternalLooks(t *testing.T) {
	res := externalSweep(t)
	want := map[string]int{"dfs": 0, "warnsdorff": 1, "warnsdorff-bt": 2, "c": 3, "go-bt": 4, "py": 5}
	seen := map[int]string{}
	for _, s := range res.Series {
		name := s.Key.Strategy
		if got := s.Look.Strategy; got != want[name] || s.Look.Variant != 0 {
			t.Errorf("%s: look %+v, want strategy %d, variant 0", name, s.Look, want[name])
		}
		if other, ok := seen[s.Look.Strategy]; ok {
			t.Errorf("%s and %s look the same", other, name)
		}
		seen[s.Look.Strategy] = name
	}
	if len(res.Series) != len(want) {
		t.Errorf("%d series, want %d", len(res.Series), len(want))
	}
}

// A solver's runs without nodes have no measure in nodes (the ERT's nodes
// were -1 a run: -0.04 nodes on the page), its ERT in time stands, and the
// runs that found tours give no nodes to draw.
func TestNoNodesRunLengths(t *testing.T) {
	res := externalSweep(t)
	for _, g := range res.Groups {
		rl := g.RunLengths
		if rl == nil {
			t.Fatalf("%s: no run-length measures from %d runs", g.Series, g.Attempts)
		}
		nodes, times, _ := g.FoundNodes()
		if g.Key.Strategy != "c" {
			if rl.NoNodes || !(rl.ERT.Nodes >= 36) || len(nodes) != len(times) {
				t.Errorf("%s: NoNodes %v, ERT %v nodes, %d nodes of %d tours", g.Series, rl.NoNodes, rl.ERT.Nodes, len(nodes), len(times))
			}
			continue
		}
		if !rl.NoNodes || !math.IsNaN(rl.ERT.Nodes) || !math.IsNaN(float64(g.ERTNodes)) || !math.IsNaN(rl.ERT.NodesLo) {
			t.Errorf("c: NoNodes %v, ERT %v nodes (%v–%v), summary %v: want none", rl.NoNodes, rl.ERT.Nodes, rl.ERT.NodesLo, rl.ERT.NodesHi, g.ERTNodes)
		}
		if want := 1000 + 23/2.0; rl.ERT.TimeNS != want {
			t.Errorf("c: ERT %v ns, want %v (every run found a tour: the mean time)", rl.ERT.TimeNS, want)
		}
		if rl.Tail.OK || rl.Tail.Why != "the runs record no nodes" {
			t.Errorf("c: tail %+v", rl.Tail)
		}
		if nodes != nil || len(times) != 24 {
			t.Errorf("c: found-run nodes %v, %d times: want none, 24", nodes, len(times))
		}
	}
}

// The terminal table shows the ERT of a randomised user's solver (seeds,
// several trials a start), as of the built-in randomised series, where it
// showed "-".
func TestTableERTOfRandomisedSolver(t *testing.T) {
	res := externalSweep(t)
	var b strings.Builder
	if err := WriteTable(&b, res.Summaries()); err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "go-bt") {
			line = l
		}
	}
	// go-bt: 36 + trial*start nodes, every run a tour: per start the mean
	// of 36 and 36+start, averaged over the 24 starts: 36 + 23/4.
	if f := strings.Fields(line); len(f) != 8 || f[6] != "41.8" {
		t.Errorf("go-bt's line %q: want ERT 41.8\n%s", line, b.String())
	}
	for _, l := range strings.Split(b.String(), "\n") {
		if f := strings.Fields(l); len(f) == 8 && !strings.HasPrefix(f[0], "go-bt") && f[0] != "series" && f[6] != "-" {
			t.Errorf("a deterministic series with an ERT: %q", l)
		}
	}
}

package chart

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats/runlength"
)

// trialsSweep is 30 trials of warnsdorff-bt/random on 5x5 from 0,0 (a third
// stopped by a 5,000-node budget) and dfs from every start once.
func trialsSweep() string {
	var b strings.Builder
	b.WriteString(runs.Header(false))
	row := func(r, c int, strategy, tiebreak string, trial int, status string, nodes int) {
		fmt.Fprintf(&b, "5,5,%d,%d,%s,%s,false,%d,%d,%s,yes,%d,0,%d,%t,\"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1\",false,,5000,0,none,0,1,\n",
			r, c, strategy, tiebreak, trial, trial, status, nodes, nodes*10, status == "found")
	}
	for i := range 30 {
		if i%3 == 0 {
			row(0, 0, "warnsdorff-bt", "random", i, "node_limit", 5000)
		} else {
			row(0, 0, "warnsdorff-bt", "random", i, "found", 24+i*i*5)
		}
	}
	for r := range 5 {
		for c := range 5 {
			if (r+c)%2 == 0 {
				row(r, c, "dfs", "first", 0, "found", 100+r*1000+c*37)
			}
		}
	}
	return b.String()
}

// The survival chart draws every series with enough runs, labels trials
// and spreads apart, and marks the budget and the censored runs.
func TestSurvival(t *testing.T) {
	res := results(t, trialsSweep())
	f, err := Survival(res, board.Board{Rows: 5, Cols: 5})
	if err != nil {
		t.Fatal(err)
	}
	svg := render(t, f)
	for _, want := range []string{"warnsdorff-bt/random (30 trials from 1 start)", "budget: 5000 nodes", "P(nodes &gt; x)"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the survival chart lacks %q", want)
		}
	}
	// dfs ran 13 starts once each: fewer than 20 runs, no curve.
	if strings.Contains(svg, "dfs") {
		t.Error("a series with 13 runs has a survival curve")
	}
	if f.Name != "survival-5x5" {
		t.Errorf("name %q", f.Name)
	}
	if _, err := Survival(res, board.Board{Rows: 6, Cols: 6}); !errors.Is(err, ErrNoData) {
		t.Errorf("a board without runs: %v", err)
	}
}

// The curve's points: 1 from lo up to the first step, each step's share,
// a drop to 0 (every run found a tour) drawn to the floor a log axis can
// show, and a curve whose last run was censored beyond its last drop
// extended flat to that run, where the curve is still known.
func TestSurvivalSteps(t *testing.T) {
	for _, tc := range []struct {
		name string
		sv   runlength.Survival
		want plotter.XYs
	}{
		{"to the floor", runlength.Survival{Steps: []runlength.Step{{X: 10, S: 0.5}, {X: 20, S: 0}}},
			plotter.XYs{{X: 5, Y: 1}, {X: 10, Y: 0.5}, {X: 20, Y: 0.01}}},
		{"to the last censored run", runlength.Survival{Steps: []runlength.Step{{X: 10, S: 0.5}}, Censored: []runlength.Step{{X: 8, S: 1}, {X: 50, S: 0.5}}},
			plotter.XYs{{X: 5, Y: 1}, {X: 10, Y: 0.5}, {X: 50, Y: 0.5}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := survivalSteps(tc.sv, 5, 0.01); !slices.Equal(got, tc.want) {
				t.Errorf("points %v, want %v", got, tc.want)
			}
		})
	}
}

// tickPath is a censor tick in the SVG: a vertical stroke 10 points long
// (a radius of 5) in a series' colour.
var tickPath = regexp.MustCompile(`<path d="M([0-9.]+),([0-9.]+)L([0-9.]+),([0-9.]+)" style="fill:none;stroke:#[0-9a-f]{6}"/>`)

// The censored runs are marked: trialsSweep's 10 runs stopped at 5,000
// nodes draw ticks on the curve, at the budget's x.
func TestSurvivalCensorTicks(t *testing.T) {
	f, err := Survival(results(t, trialsSweep()), board.Board{Rows: 5, Cols: 5})
	if err != nil {
		t.Fatal(err)
	}
	ticks := 0
	for _, m := range tickPath.FindAllStringSubmatch(render(t, f), -1) {
		y1, _ := strconv.ParseFloat(m[2], 64)
		y2, _ := strconv.ParseFloat(m[4], 64)
		if m[1] == m[3] && math.Abs(y2-y1-10) < 1e-9 {
			ticks++
		}
	}
	if ticks == 0 {
		t.Error("the survival chart marks no censored run")
	}
}

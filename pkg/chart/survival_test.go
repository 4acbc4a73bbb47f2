package chart

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
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

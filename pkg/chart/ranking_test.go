package chart

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
)

// manySeries is four series over the starts of 5x5 and 6x6, ten trials
// each, a budget of 5,000 nodes: warnsdorff-bt/random always finds a tour
// in squares+trial nodes; warnsdorff/random (greedy, no backtracking)
// dies in one trial of three on 5x5 only; dfs/random needs 100 times
// warnsdorff-bt's nodes, stopped by the budget on 6x6; warnsdorff-bt/random
// with restarts fixed:49 needs one node more than plain warnsdorff-bt.
func manySeries() string {
	var b strings.Builder
	b.WriteString(runs.Header(false))
	row := func(n, r, c int, strategy, restarts string, trial int, status string, nodes int) {
		fmt.Fprintf(&b, "%d,%d,%d,%d,%s,random,false,%d,%d,%s,yes,%d,0,%d,%t,\"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1\",false,,5000,0,%s,0,%d,\n",
			n, n, r, c, strategy, trial, trial+1, status, nodes, nodes*10, status == "found", restarts, nodes*10)
	}
	for _, n := range []int{5, 6} {
		for r := range n {
			for c := range n {
				if n == 5 && (r+c)%2 == 1 {
					continue
				}
				for trial := range 10 {
					sq := n * n
					row(n, r, c, "warnsdorff-bt", "none", trial, "found", sq+trial)
					row(n, r, c, "warnsdorff-bt", "fixed:49", trial, "found", sq+trial+1)
					if n == 5 && trial%3 == 0 {
						row(n, r, c, "warnsdorff", "none", trial, "dead_end", 9)
					} else {
						row(n, r, c, "warnsdorff", "none", trial, "found", sq)
					}
					if n == 6 {
						row(n, r, c, "dfs", "none", trial, "node_limit", 5000)
					} else {
						row(n, r, c, "dfs", "none", trial, "found", 100*(sq+trial))
					}
				}
			}
		}
	}
	return b.String()
}

func rankings(t *testing.T) (success, cost *stats.Ranking) {
	t.Helper()
	res := results(t, manySeries())
	return stats.Rank(res, res.Series, stats.BySuccess), stats.Rank(res, res.Series, stats.CostMeasure(res, res.Series))
}

func ExampleRanking() {
	c := stats.NewCollector(stats.Options{})
	_ = c.Read(context.Background(), "runs.csv", strings.NewReader(manySeries()))
	res, _ := c.Finish()
	success := stats.Rank(res, res.Series, stats.BySuccess)
	cost := stats.Rank(res, res.Series, stats.ByNodes)
	f, err := Ranking(success, cost)
	if err != nil {
		panic(err)
	}
	fmt.Println(f.Name)
	fmt.Println(f.Title)
	// Output:
	// ranking
	// Critical-difference diagrams: Success: mean rank over 490 instances (1 = best); Friedman p<0.001 (chi-square 873); Iman–Davenport F's p<0.001; Nodes to a tour: mean rank over 490 instances (1 = best); Friedman p<0.001 (chi-square 1132); Iman–Davenport F's p<0.001
}

// The diagram names every series with its mean rank, draws a bar for each
// clique, and refuses rankings of different series.
func TestRanking(t *testing.T) {
	success, cost := rankings(t)
	f, err := Ranking(success, cost)
	if err != nil {
		t.Fatal(err)
	}
	svg := render(t, f)
	for _, r := range []*stats.Ranking{success, cost} {
		for i, s := range r.Series {
			if want := fmt.Sprintf("%s (%.2f)", cut(s.Label, 34), r.MeanRank[i]); !strings.Contains(svg, xmlEscape(want)) {
				t.Errorf("the diagram lacks %q", want)
			}
		}
	}
	// By success the two warnsdorff-bt series always find a tour: they
	// tie, and nothing else does. By nodes every two differ.
	if len(success.Cliques) != 1 || len(cost.Cliques) != 0 {
		t.Errorf("cliques %v by success, %v by cost; want one, none", success.Cliques, cost.Cliques)
	}
	if bars := strings.Count(svg, "stroke-width:2.5"); bars != 1 {
		t.Errorf("%d bars drawn, want 1", bars)
	}
	other := *cost
	other.Series = other.Series[:2]
	if _, err := Ranking(success, &other); err == nil {
		t.Error("rankings of different series drawn")
	}
	if _, err := Ranking(); !errors.Is(err, ErrNoData) {
		t.Errorf("no ranking: %v", err)
	}
}

// Each cell says who does better and by how much; its colour says which
// way and whether it holds.
func TestMatrix(t *testing.T) {
	success, cost := rankings(t)
	f, err := Matrix(success, cost)
	if err != nil {
		t.Fatal(err)
	}
	svg := render(t, f)
	for _, want := range []string{"Above the diagonal", "nodes to a tour", "† the verdict rests on one board"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the matrix lacks %q", want)
		}
	}
	idx := map[string]int{}
	for i, s := range cost.Series {
		idx[s.Key.Strategy+s.Key.Restarts] = i
	}
	bt, dfs, greedy := idx["warnsdorff-btnone"], idx["dfsnone"], idx["warnsdorffnone"]
	// warnsdorff-bt against dfs by success: 490 against 130 found of 490
	// (dfs finds all 130 runs of 5x5, 13 starts times 10 trials, and none
	// of the 360 of 6x6): +73.5 points, and only 6x6 tells them apart: the
	// verdict rests on it.
	p, _ := success.Pair(bt, dfs)
	if got := pairText(p, success); got != "+73 pt†" {
		t.Errorf("warnsdorff-bt against dfs by success: %q (%+v)", got, p)
	}
	if pairColor(p) != colorRowBetter {
		t.Errorf("colour %v, want the row's", pairColor(p))
	}
	// By nodes, greedy warnsdorff against dfs: greedy finds in 25 or 36
	// nodes where dfs needs 100 times warnsdorff-bt's.
	q, _ := cost.Pair(greedy, dfs)
	if !q.Significant() || pairColor(q) != colorRowBetter {
		t.Errorf("greedy against dfs by nodes: %+v", q)
	}
	back, _ := cost.Pair(dfs, greedy)
	if pairColor(back) != colorRowWorse {
		t.Errorf("dfs against greedy: colour %v", pairColor(back))
	}
	// Over the 490 instances, greedy needs less in 438: the 78 of 5x5
	// where both found a tour, dfs 100 to 136 times greedy's nodes, and
	// the 360 of 6x6, where dfs ran out of budget (∞); dfs in the 52
	// where greedy died (0). The median of dfs over greedy is ∞, not the
	// median of the 78 (112) where both found one; and 6x6 carries the
	// verdict (5x5's 78 to 52 alone, p = 0.028, times Holm's 3).
	if got := pairText(back, cost); got != "×∞†" {
		t.Errorf("dfs against greedy by nodes: %q (%+v)", got, back)
	}
	if got := pairText(q, cost); got != "×0†" {
		t.Errorf("greedy against dfs by nodes: %q (%+v)", got, q)
	}
	for r, i := range cost.Order {
		for c, j := range cost.Order[:r] {
			p, rk := matrixPair(success, cost, i, j, r < c)
			if text, colour := pairText(p, rk), pairColor(p); cellSide(t, text) != colourSide(colour) {
				t.Errorf("row %d column %d: %q in %v", r+1, c+1, text, colour)
			}
		}
	}
}

// cellSide reads a cost cell: -1 where it says the row needs less than
// the column, +1 more, 0 even.
func cellSide(t *testing.T, text string) int {
	t.Helper()
	text = strings.TrimPrefix(strings.TrimSuffix(text, "†"), "×")
	switch text {
	case "even":
		return 0
	case "0", "<1":
		return -1
	case "∞", ">1":
		return 1
	}
	scale := 1.0
	if k, ok := strings.CutSuffix(text, "k"); ok {
		text, scale = k, 1000
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		t.Fatalf("cell %q: %v", text, err)
	}
	return cmp.Compare(v*scale, 1)
}

// colourSide is the side a cell's colour says: -1 where the row does
// better (needs less), +1 worse, 0 even.
func colourSide(c color.Color) int {
	switch c {
	case colorRowBetter, colorRowBetterNS:
		return -1
	case colorRowWorse, colorRowWorseNS:
		return 1
	}
	return 0
}

// A cost cell's number and its colour never disagree: for medians on
// either side of 1 as stats.Rank makes them (above 1 exactly where the
// row needs less more often), however near 1, 0 or ∞, the cell's text
// is on the side of 1 that its colour says.
func TestMatrixCellAgreesWithColour(t *testing.T) {
	nodes := &stats.Ranking{Measure: stats.ByNodes}
	rng := rand.New(rand.NewPCG(39, 2))
	effects := func(side int) []float64 {
		// B's cost over A's: above 1 where A (the row) is better.
		near := []float64{math.Nextafter(1, 2), 1 + 1e-9, 1.004, 1.049, 1.05, 9.96, 999.9, 999_999, math.Inf(1)}
		for range 200 {
			near = append(near, math.Exp(rng.Float64()*30))
		}
		if side < 0 {
			for i, e := range near {
				near[i] = 1 / e
			}
		}
		return near
	}
	for _, counts := range [][2]int{{9, 2}, {3, 40}, {6, 6}} {
		for _, holm := range []float64{0.001, 0.5} {
			way := cmp.Compare(counts[0], counts[1])
			list := []float64{1}
			if way != 0 {
				list = effects(way)
			}
			for _, e := range list {
				p := stats.RankPair{ABetter: counts[0], BBetter: counts[1], Holm: holm, Effect: e}
				text, colour := pairText(p, nodes), pairColor(p)
				if cellSide(t, text) != colourSide(colour) || colourSide(colour) != -way {
					t.Errorf("%d:%d, median %v: %q in %v", counts[0], counts[1], e, text, colour)
				}
			}
		}
	}
}

// TestRankingPictures writes the diagram and the matrix of manySeries to
// $CHART_DIR, to look at.
func TestRankingPictures(t *testing.T) {
	dir := os.Getenv("CHART_DIR")
	if dir == "" {
		t.Skip("set CHART_DIR to write the pictures")
	}
	success, cost := rankings(t)
	f, err := Ranking(success, cost)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Matrix(success, cost)
	if err != nil {
		t.Fatal(err)
	}
	for _, fig := range []*Figure{f, m} {
		if err := fig.Save(filepath.Join(dir, fig.Name+".png")); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPairText(t *testing.T) {
	nodes := &stats.Ranking{Measure: stats.ByNodes}
	succ := &stats.Ranking{Measure: stats.BySuccess}
	for _, tt := range []struct {
		p    stats.RankPair
		r    *stats.Ranking
		want string
	}{
		{stats.RankPair{Effect: 0.123}, succ, "+12 pt"},
		{stats.RankPair{Effect: -0.004}, succ, "-0.4 pt"},
		// 30 to 5 in 100,000 instances: a difference, however small, is
		// no "+0.0" beside a colour that says the row does better.
		{stats.RankPair{Effect: 0.00025}, succ, "+0.03 pt"},
		{stats.RankPair{Effect: -0.0004}, succ, "-0.04 pt"},
		{stats.RankPair{Effect: 0}, succ, "0 pt"},
		{stats.RankPair{ABetter: 3, Effect: 4}, nodes, "×0.25"}, // the column needs 4 times the row's: the row 0.25 of the column's
		{stats.RankPair{BBetter: 9, Effect: 1.0 / 3000, RestsOn: "5x5"}, nodes, "×3k†"},
		{stats.RankPair{BBetter: 2, Effect: 1.0 / 45}, nodes, "×45"},
		// Only the column found a tour in the median instance, or only the row.
		{stats.RankPair{ABetter: 1, BBetter: 7, Effect: 0}, nodes, "×∞"},
		{stats.RankPair{ABetter: 7, BBetter: 1, Effect: math.Inf(1)}, nodes, "×0"},
		{stats.RankPair{ABetter: 4, BBetter: 4, Effect: 1}, nodes, "even"},
		{stats.RankPair{ABetter: 5, BBetter: 4, Effect: 1.001}, nodes, "×<1"},
		{stats.RankPair{Effect: math.NaN()}, nodes, "-"},
	} {
		if got := pairText(tt.p, tt.r); got != tt.want {
			t.Errorf("pairText(%v, %v) = %q, want %q", tt.p.Effect, tt.r.Measure, got, tt.want)
		}
	}
	// Significance is the strength of the colour, not its hue.
	for _, tt := range []struct {
		p    stats.RankPair
		want color.Color
	}{
		{stats.RankPair{ABetter: 5, BBetter: 1, Holm: 0.01}, colorRowBetter},
		{stats.RankPair{ABetter: 5, BBetter: 1, Holm: 0.2}, colorRowBetterNS},
		{stats.RankPair{ABetter: 1, BBetter: 5, Holm: 0.01}, colorRowWorse},
		{stats.RankPair{ABetter: 1, BBetter: 5, Holm: 0.2}, colorRowWorseNS},
		{stats.RankPair{ABetter: 3, BBetter: 3, Holm: 1}, colorLevel},
	} {
		if got := pairColor(tt.p); got != tt.want {
			t.Errorf("pairColor(%d:%d, Holm %v) = %v, want %v", tt.p.ABetter, tt.p.BBetter, tt.p.Holm, got, tt.want)
		}
	}
}

// Series that share no instance have no mean rank (Rank leaves them 0):
// a diagram would draw every series left of rank 1, off its axis, and a
// matrix of "-" cells, as if they had been compared. Both say there is
// nothing to draw.
func TestRankingNoSharedInstance(t *testing.T) {
	var b strings.Builder
	for i, line := range strings.SplitAfter(manySeries(), "\n") {
		// dfs on 5x5 only, the others on 6x6 only.
		if i == 0 || strings.HasPrefix(line, "5,5,") == strings.Contains(line, ",dfs,") {
			b.WriteString(line)
		}
	}
	res := results(t, b.String())
	success, cost := stats.Rank(res, res.Series, stats.BySuccess), stats.Rank(res, res.Series, stats.ByNodes)
	if len(res.Series) != 4 || success.Blocks != 0 {
		t.Fatalf("%d series, %d shared instances: want 4 and none", len(res.Series), success.Blocks)
	}
	if _, err := Ranking(success, cost); !errors.Is(err, ErrNoData) {
		t.Errorf("diagram of no instance: %v, want ErrNoData", err)
	}
	if _, err := Matrix(success, cost); !errors.Is(err, ErrNoData) {
		t.Errorf("matrix of no instance: %v, want ErrNoData", err)
	}
}

// The Friedman verdict in words: "0 instances", and the chi-square's p
// named "Friedman", the F's named Iman–Davenport's. Ranks 1 2 3, 1 3 2,
// 2 1 3 by hand: rank sums 4, 6, 8, chi-square 12/(3*3*4) (16+36+64) -
// 3*3*4 = 8/3 on 2 degrees of freedom, p = exp(-4/3) = 0.2636 (R's
// friedman.test on this matrix prints "Friedman chi-squared = 2.6667,
// df = 2, p-value = 0.2636"); F = 2 (8/3) / (6 - 8/3) = 1.6 on 2 and 4
// degrees of freedom, p = (1 + 2*1.6/4)^-2 = 0.3086.
func TestFriedmanVerdictWords(t *testing.T) {
	for _, tt := range []struct {
		f    stats.Friedman
		want string
	}{
		{stats.Friedman{Blocks: 0}, "not run: 0 instances that every series ran"},
		{stats.Friedman{Blocks: 1}, "not run: 1 instance that every series ran"},
		{stats.FriedmanTest([][]float64{{1, 2, 3}, {1, 3, 2}, {2, 1, 3}}), "p=0.264 (chi-square 2.67); Iman–Davenport F's p=0.309"},
		{stats.FriedmanTest([][]float64{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}), "p=0.0498 (chi-square 6); Iman–Davenport F's p<0.001"},
	} {
		if got := FriedmanVerdict(&stats.Ranking{Friedman: tt.f}); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.f, got, tt.want)
		}
	}
}

package stats

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// Demšar (2006, JMLR 7), table 6: the AUC of C4.5 with four settings
// (C4.5, C4.5+m, C4.5+cf, C4.5+m+cf) on 14 data sets; higher is better.
// Section 3.2.2 works the Friedman test on it from the average ranks it
// prints, 3.143, 2.000, 2.893 and 1.964: chi-square_F = 9.28 and F_F =
// 3.69 (without the correction for ties). Ranked from the table's AUCs
// as printed, the last two are 41/14 = 2.929 and 27/14 = 1.929: the
// paper's ranks put C4.5+cf half a rank better, and C4.5+m+cf half a rank
// worse, than its own AUCs do on one data set (the table as reprinted by
// scmamp, autorank and others has the same AUCs).
var demsar = [][4]float64{
	{0.763, 0.768, 0.771, 0.798},
	{0.599, 0.591, 0.590, 0.569},
	{0.954, 0.971, 0.968, 0.967},
	{0.628, 0.661, 0.654, 0.657},
	{0.882, 0.888, 0.886, 0.898},
	{0.936, 0.931, 0.916, 0.931},
	{0.661, 0.668, 0.609, 0.685},
	{0.583, 0.583, 0.563, 0.625},
	{0.775, 0.838, 0.866, 0.875},
	{1.000, 1.000, 1.000, 1.000},
	{0.940, 0.962, 0.965, 0.962},
	{0.619, 0.666, 0.614, 0.669},
	{0.972, 0.981, 0.975, 0.975},
	{0.957, 0.978, 0.946, 0.970},
}

func TestFriedmanDemsar(t *testing.T) {
	var ranks [][]float64
	for _, row := range demsar {
		r := make([]float64, 4)
		ranksOf(r, func(i, j int) int { return -cmpFloat(row[i], row[j]) })
		ranks = append(ranks, r)
	}
	f := FriedmanTest(ranks)
	// Rank sums from the AUCs: 44, 28, 41, 27 (n(k+1)/2 = 35).
	for j, sum := range []float64{44, 28, 41, 27} {
		if !near(f.MeanRank[j], sum/14) {
			t.Errorf("mean rank %d = %.4f, want %v/14", j, f.MeanRank[j], sum)
		}
	}
	// The formula without ties, 12/(nk(k+1)) sum (R_j - 35)^2, on the
	// paper's printed ranks gives its 9.28 and 3.69; on these, 12*230/280.
	paperSums := []float64{3.143 * 14, 2.000 * 14, 2.893 * 14, 1.964 * 14}
	plain := func(sums []float64) float64 {
		var s float64
		for _, r := range sums {
			s += (r - 35) * (r - 35)
		}
		return 12 * s / (14 * 4 * 5)
	}
	if x := plain(paperSums); !(math.Abs(x-9.28) <= 0.01) || !(math.Abs(13*x/(42-x)-3.69) <= 0.01) {
		t.Fatalf("uncorrected chi-square %.3f, F %.3f; Demšar prints 9.28 and 3.69", x, 13*x/(42-x))
	}
	// Ties: four settings tie on mushroom (t = 4: 60) and two on iris,
	// lung cancer, primary tumor and voting (t = 2: 6 each), 84 in all,
	// over n k (k^2 - 1) = 14*4*15 = 840: the corrected statistic is the
	// plain one over 1 - 84/840 = 0.9.
	if want := 12.0 * 230 / 280 / 0.9; !(math.Abs(f.ChiSquare-want) <= 1e-9) {
		t.Errorf("chi-square %.6f, want %.6f (12*230/280 corrected for ties)", f.ChiSquare, want)
	}
	// Three degrees of freedom: P(X > x) = erfc(sqrt(x/2)) +
	// sqrt(2x/pi) exp(-x/2).
	x := f.ChiSquare
	if want := math.Erfc(math.Sqrt(x/2)) + math.Sqrt(2*x/math.Pi)*math.Exp(-x/2); !(math.Abs(f.ChiSquareP-want) <= 1e-9) {
		t.Errorf("chi-square p %.6g, want %.6g", f.ChiSquareP, want)
	}
	if want := 13 * x / (42 - x); !(math.Abs(f.F-want) <= 1e-9) {
		t.Errorf("F %.6f, want %.6f", f.F, want)
	}
	// F = 13*10.952/(42-10.952) = 4.586, between F(3, 39)'s 1% point
	// (4.31, tables) and its 0.5% point (about 5.0).
	if !(f.FP < 0.01 && f.FP > 0.005) {
		t.Errorf("F's p = %.4g, want between 0.005 and 0.01", f.FP)
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestFriedmanByHand(t *testing.T) {
	t.Run("same order in every block", func(t *testing.T) {
		// Ranks 1, 2, 3 three times: chi-square = 12*3/(3*4) (1+4+9 -
		// 3*16/4) = 6; two degrees of freedom: p = exp(-3). F's
		// denominator n(k-1) - 6 is 0: F infinite.
		f := FriedmanTest([][]float64{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}})
		if f.ChiSquare != 6 || !(math.Abs(f.ChiSquareP-math.Exp(-3)) <= 1e-12) || !math.IsInf(f.F, 1) || f.FP != 0 {
			t.Errorf("got %+v", f)
		}
	})
	t.Run("all tie", func(t *testing.T) {
		f := FriedmanTest([][]float64{{2, 2, 2}, {2, 2, 2}})
		if f.ChiSquare != 0 || f.ChiSquareP != 1 || f.FP != 1 || !slices.Equal(f.MeanRank, []float64{2, 2, 2}) {
			t.Errorf("got %+v", f)
		}
	})
	t.Run("one swap in three blocks", func(t *testing.T) {
		// Ranks 1 2 3, 1 2 3, 2 1 3: rank sums 4, 5, 9 about n(k+1)/2
		// = 6, squares 4+1+9 = 14; spread 2 a block, 6: chi-square =
		// 2*14/6 = 14/3, p = exp(-7/3). F = 2 (14/3) / (6 - 14/3) = 7 on
		// 2 and 4 degrees of freedom: p = (1 + 2*7/4)^-2 = 1/20.25.
		f := FriedmanTest([][]float64{{1, 2, 3}, {1, 2, 3}, {2, 1, 3}})
		if !(math.Abs(f.ChiSquare-14.0/3) <= 1e-12) || !(math.Abs(f.ChiSquareP-math.Exp(-7.0/3)) <= 1e-12) ||
			!(math.Abs(f.F-7) <= 1e-12) || !(math.Abs(f.FP-1/20.25) <= 1e-12) {
			t.Errorf("got %+v", f)
		}
	})
	t.Run("one block", func(t *testing.T) {
		f := FriedmanTest([][]float64{{1, 2}})
		if f.FP != 1 || !math.IsNaN(f.F) {
			t.Errorf("got %+v, want no F from one block", f)
		}
	})
}

// Ranks of a partial order: a before b and c, b and c of unknown order,
// d last. a: b=0, w=3: 2.5 - 1.5 = 1; b and c: one better, one worse:
// 2.5; d: 4. Without any known order every rank is the mean.
func TestRanksOf(t *testing.T) {
	order := map[[2]int]int{{0, 1}: -1, {0, 2}: -1, {0, 3}: -1, {1, 3}: -1, {2, 3}: -1}
	r := make([]float64, 4)
	ranksOf(r, func(i, j int) int { return order[[2]int{i, j}] })
	if !slices.Equal(r, []float64{1, 2.5, 2.5, 4}) {
		t.Errorf("ranks %v, want [1 2.5 2.5 4]", r)
	}
	ranksOf(r, func(i, j int) int { return 0 })
	if !slices.Equal(r, []float64{2.5, 2.5, 2.5, 2.5}) {
		t.Errorf("ranks %v, want all 2.5", r)
	}
}

type rankRun struct {
	rows, cols, row, col, trial int
	strategy                    string
	st                          status.Status
	nodes                       int64
}

func rankResults(t *testing.T, rs []rankRun) *Results {
	t.Helper()
	return rankResultsCPU(t, rs, nil)
}

// rankResultsCPU is rankResults with cpu[i] the time and CPU time of run
// i, where rankResults gives ten times its nodes.
func rankResultsCPU(t *testing.T, rs []rankRun, cpu []int64) *Results {
	t.Helper()
	c := NewCollector(Options{})
	for i, r := range rs {
		tie := "first"
		if r.trial > 0 {
			tie = "random"
		}
		ns := r.nodes * 10
		if cpu != nil {
			ns = cpu[i]
		}
		err := c.Add(runs.Row{Rows: r.rows, Cols: r.cols, StartRow: r.row, StartCol: r.col, Strategy: r.strategy, Tiebreak: tie,
			Trial: r.trial, Status: r.st, Solvable: "yes", Nodes: runs.Count(r.nodes), TimeNS: ns, CPUNS: runs.Count(ns), Verified: r.st == status.Found,
			MaxNodes: 1000, TimeoutNS: 1, RestartPolicy: "none"}) // a budget for the timeout runs (runs.CheckTime)
		if err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Three series over five shared instances, worked by hand. A is
// warnsdorff, B warnsdorff-bt, C dfs; budget 1000 nodes.
//
//	instance   A            B          C             nodes ranks A B C
//	5x5 0,0    found 25     found 30   limit 1000    1   2   3
//	5x5 0,2    dead end 20  found 40   found 60      3   1   2
//	5x5 2,2    dead end 10  found 25   limit 1000    2.5 1   2.5 (a dead end against a run out of budget: unknown)
//	6x6 0,0    found 36     found 36   found 500     1.5 1.5 3
//	6x6 0,1    dead end 30  found 40   limit 1000    2.5 1   2.5
//
// B also ran 6x6 from 1,1, which the others did not: not shared, left out.
// Rank sums 10.5, 6.5, 13 (30 = 5*3*4/2); mean ranks 2.1, 1.3, 2.6.
// Chi-square: (k-1) sum (R_j - 10)^2 / sum (r - 2)^2 = 2 * 21.5 / 8.5.
// Pairs by nodes: A against B 1:3 (p = 2*5/16 = 0.625), A against C 2:1
// (p = 1), B against C 5:0 (p = 2/32 = 0.0625); Holm 1, 1, 0.1875: no
// pair differs, one clique B, A, C. Median ratios over the instances the
// sign test counts (the tie of 6x6 0,0 left out), a run without a tour
// against one with a tour infinitely costly: B/A 30/25, 0, 0, 0: 0; C/A
// +Inf, 0, 500/36: 500/36; C/B +Inf, 60/40, +Inf, 500/36, +Inf: +Inf.
// Success: found A 2, B 5, C 2; A against B 0:3 (p = 0.25).
func TestRank(t *testing.T) {
	f, d, l := status.Found, status.DeadEnd, status.NodeLimit
	res := rankResults(t, []rankRun{
		{5, 5, 0, 0, 0, "warnsdorff", f, 25}, {5, 5, 0, 0, 0, "warnsdorff-bt", f, 30}, {5, 5, 0, 0, 0, "dfs", l, 1000},
		{5, 5, 0, 2, 0, "warnsdorff", d, 20}, {5, 5, 0, 2, 0, "warnsdorff-bt", f, 40}, {5, 5, 0, 2, 0, "dfs", f, 60},
		{5, 5, 2, 2, 0, "warnsdorff", d, 10}, {5, 5, 2, 2, 0, "warnsdorff-bt", f, 25}, {5, 5, 2, 2, 0, "dfs", l, 1000},
		{6, 6, 0, 0, 0, "warnsdorff", f, 36}, {6, 6, 0, 0, 0, "warnsdorff-bt", f, 36}, {6, 6, 0, 0, 0, "dfs", f, 500},
		{6, 6, 0, 1, 0, "warnsdorff", d, 30}, {6, 6, 0, 1, 0, "warnsdorff-bt", f, 40}, {6, 6, 0, 1, 0, "dfs", l, 1000},
		{6, 6, 1, 1, 0, "warnsdorff-bt", f, 36},
	})
	series := make([]Series, 3)
	for _, s := range res.Series {
		switch s.Key.Strategy {
		case "warnsdorff":
			series[0] = s
		case "warnsdorff-bt":
			series[1] = s
		case "dfs":
			series[2] = s
		}
	}
	if m := CostMeasure(res, series); m != ByNodes {
		t.Fatalf("cost measure %v, want nodes", m)
	}
	r := Rank(res, series, ByNodes)
	if r.Blocks != 5 || len(r.Boards) != 2 {
		t.Fatalf("%d instances on %d boards, want 5 on 2", r.Blocks, len(r.Boards))
	}
	for j, want := range []float64{2.1, 1.3, 2.6} {
		if !near(r.MeanRank[j], want) {
			t.Errorf("mean rank of %s = %v, want %v", series[j].Label, r.MeanRank[j], want)
		}
	}
	if want := 2 * 21.5 / 8.5; !near(r.ChiSquare, want) || !near(r.ChiSquareP, math.Exp(-want/2)) {
		t.Errorf("chi-square %v (p %v), want %v (p %v)", r.ChiSquare, r.ChiSquareP, want, math.Exp(-want/2))
	}
	if !slices.Equal(r.Order, []int{1, 0, 2}) {
		t.Errorf("order %v, want B, A, C", r.Order)
	}
	for _, tt := range []struct {
		a, b, aBetter, bBetter int
		p, holm, effect        float64
	}{
		{0, 1, 1, 3, 0.625, 1, 0},
		{0, 2, 2, 1, 1, 1, 500.0 / 36},
		{1, 2, 5, 0, 0.0625, 0.1875, math.Inf(1)},
	} {
		p, _ := r.Pair(tt.a, tt.b)
		if p.ABetter != tt.aBetter || p.BBetter != tt.bBetter || !near(p.P, tt.p) || !near(p.Holm, tt.holm) || !near(p.Effect, tt.effect) {
			t.Errorf("pair %d-%d: %d:%d p %v Holm %v effect %v; want %d:%d p %v Holm %v effect %v", tt.a, tt.b,
				p.ABetter, p.BBetter, p.P, p.Holm, p.Effect, tt.aBetter, tt.bBetter, tt.p, tt.holm, tt.effect)
		}
	}
	if back, _ := r.Pair(1, 0); back.ABetter != 3 || !math.IsInf(back.Effect, 1) {
		t.Errorf("pair B-A: %+v, want 3 better, ratio +Inf", back)
	}
	if !slices.Equal(r.Cliques, [][2]int{{0, 2}}) {
		t.Errorf("cliques %v, want one of all three", r.Cliques)
	}

	s := Rank(res, series, BySuccess)
	if p, _ := s.Pair(0, 1); p.ABetter != 0 || p.BBetter != 3 || !near(p.P, 0.25) || !near(p.Effect, -0.6) {
		t.Errorf("success A-B: %+v, want 0:3, p 0.25, -0.6", p)
	}
}

// A verdict carried by one board says so; one that two boards carry
// does not. X (warnsdorff-bt) beats Y (dfs) in all ten trials on 5x5;
// on 6x6 they tie, or X wins again.
func TestRankRestsOnOneBoard(t *testing.T) {
	for _, tt := range []struct {
		name    string
		y6x6    int64
		restsOn string
	}{{"tie on 6x6", 36, "5x5"}, {"wins on both", 90, ""}} {
		t.Run(tt.name, func(t *testing.T) {
			var rs []rankRun
			for trial := 1; trial <= 10; trial++ {
				rs = append(rs,
					rankRun{5, 5, 0, 0, trial, "warnsdorff-bt", status.Found, 25}, rankRun{5, 5, 0, 0, trial, "dfs", status.Found, 50},
					rankRun{6, 6, 0, 0, trial, "warnsdorff-bt", status.Found, 36}, rankRun{6, 6, 0, 0, trial, "dfs", status.Found, tt.y6x6})
			}
			res := rankResults(t, rs)
			r := Rank(res, res.Series, ByNodes)
			p := r.Pairs[0]
			// 2^-10 * 2 for ten to nothing; twenty to nothing is 2^-19.
			if !p.Significant() || p.RestsOn != tt.restsOn {
				t.Errorf("%+v: want significant, resting on %q", p, tt.restsOn)
			}
			if len(r.Cliques) != 0 {
				t.Errorf("cliques %v, want none", r.Cliques)
			}
		})
	}
}

func TestCliques(t *testing.T) {
	// 0~1, 1~2, 0 !~ 2, 2~3: bars {0,1}, {1,2,3}... 1~3 too.
	same := map[[2]int]bool{{0, 1}: true, {1, 2}: true, {2, 3}: true, {1, 3}: true}
	got := cliques([]int{0, 1, 2, 3}, func(a, b int) bool { return same[[2]int{min(a, b), max(a, b)}] })
	if !slices.Equal(got, [][2]int{{0, 1}, {1, 3}}) {
		t.Errorf("cliques %v, want [0 1] [1 3]", got)
	}
}

// Where every series ran the same instances, each pair of a ranking is
// the head-to-head comparison over all boards: the same counts of
// successes and of which needed less, the same success difference, and a
// median ratio on the side of 1 that those counts say. The medians
// themselves differ: head to head's rests on the pairs where both found a
// tour, the ranking's on the pairs its sign test counts (a failure
// infinitely costly), here more of them.
func TestRankAgreesWithCompare(t *testing.T) {
	var rs []rankRun
	for _, n := range []int{5, 6} {
		for row := range 2 {
			for trial := 1; trial <= 6; trial++ {
				x := int64(n*n + row*7 + trial*3)
				dfs := rankRun{n, n, 2 * row, 2 * row, trial, "dfs", status.Found, 20*x%900 + 30}
				if trial%3 == 0 {
					dfs.st, dfs.nodes = status.NodeLimit, 1000
				}
				greedy := rankRun{n, n, 2 * row, 2 * row, trial, "warnsdorff", status.Found, int64(n * n)}
				if trial%2 == 0 {
					greedy.st, greedy.nodes = status.DeadEnd, int64(n*n-3)
				}
				rs = append(rs, rankRun{n, n, 2 * row, 2 * row, trial, "warnsdorff-bt", status.Found, x}, dfs, greedy)
			}
		}
	}
	res := rankResults(t, rs)
	success, cost := Rank(res, res.Series, BySuccess), Rank(res, res.Series, ByNodes)
	index := map[SeriesKey]int{}
	for i, s := range res.Series {
		index[s.Key] = i
	}
	seen := 0
	var ways [3]int // A needed less more often, as often, less often
	for _, h := range Compare(res) {
		if h.Board != "all" {
			continue
		}
		seen++
		a, b := index[h.A.Key], index[h.B.Key]
		for _, order := range [][2]int{{a, b}, {b, a}} {
			s, _ := success.Pair(order[0], order[1])
			c, _ := cost.Pair(order[0], order[1])
			aOnly, bOnly, aLess, bLess := h.AOnly, h.BOnly, h.CostALess, h.CostBLess
			if order[0] == b {
				aOnly, bOnly, aLess, bLess = bOnly, aOnly, bLess, aLess
			}
			if s.ABetter != aOnly || s.BBetter != bOnly || !near(s.Effect, float64(aOnly-bOnly)/float64(h.Pairs)) {
				t.Errorf("%s-%s success %d:%d (%v), head to head %d:%d", h.LabelA, h.LabelB, s.ABetter, s.BBetter, s.Effect, aOnly, bOnly)
			}
			// B's cost over A's: above 1 where A needed less more often.
			if c.ABetter != aLess || c.BBetter != bLess || cmp.Compare(c.Effect, 1) != cmp.Compare(aLess, bLess) {
				t.Errorf("%s-%s nodes %d:%d ratio %v, head to head %d:%d", h.LabelA, h.LabelB, c.ABetter, c.BBetter, c.Effect, aLess, bLess)
			}
			ways[cmp.Compare(aLess, bLess)+1]++
		}
	}
	if seen != 3 {
		t.Fatalf("%d pooled comparisons, want 3", seen)
	}
	// Both directions (each pair is seen both ways round) and an even pair.
	if ways != [3]int{2, 2, 2} {
		t.Errorf("pairs by direction %v, want 2 each", ways)
	}
}

// The cost's median and the sign test never disagree: over many random
// pairings, with every status, ties, runs stopped by a budget before and
// after what the other's tour needed (timeouts, node limits at the
// budget, which a tour may also need), CPU times of 0 and 1 (which spent
// counts alike), and odd and even counts, B's cost over A's is above 1
// exactly where A was better in more instances than B, below 1 where B
// was, and 1 (even) where each was better as often, either way round.
func TestRankMedianAgreesWithSignTest(t *testing.T) {
	sts := []status.Status{status.Found, status.Found, status.Found, status.DeadEnd, status.Exhausted,
		status.NodeLimit, status.Timeout, status.Error}
	rng := rand.New(rand.NewPCG(39, 2))
	var ways [3]int
	for round := range 400 {
		var rs []rankRun
		var cpu []int64
		starts := 1 + rng.IntN(12)
		for sq := range starts {
			for _, strategy := range []string{"warnsdorff", "warnsdorff-bt", "dfs"} {
				st, nodes := sts[rng.IntN(len(sts))], int64(36+rng.IntN(4))
				switch {
				case st == status.NodeLimit || st == status.Found && rng.IntN(8) == 0:
					nodes = 1000
				case st != status.Found:
					nodes = int64(rng.IntN(40))
				}
				rs = append(rs, rankRun{6, 6, sq / 6, sq % 6, 0, strategy, st, nodes})
				cpu = append(cpu, int64(rng.IntN(4)))
			}
		}
		res := rankResultsCPU(t, rs, cpu)
		for _, m := range []Measure{ByNodes, ByCPU} {
			r := Rank(res, res.Series, m)
			if r.Blocks == 0 {
				continue // every instance holds a run in error: no ranking
			}
			for i := range r.Series {
				for j := range r.Series {
					if i == j {
						continue
					}
					p, _ := r.Pair(i, j)
					way := cmp.Compare(p.ABetter, p.BBetter)
					ways[way+1]++
					if cmp.Compare(p.Effect, 1) != way || math.IsNaN(p.Effect) {
						t.Fatalf("round %d by %v, %s against %s: %d:%d, median of B over A %v", round, m,
							r.Series[i].Label, r.Series[j].Label, p.ABetter, p.BBetter, p.Effect)
					}
				}
			}
		}
	}
	for w, n := range ways {
		if n < 100 {
			t.Errorf("only %d pairs of direction %d: the pairings do not try it", n, w-1)
		}
	}
}

// Instances from starts without a tour are left out of a ranking: on 5x5
// no open tour starts from a square off the corners' colour (1,0 and 0,1
// here), so every series fails there, and those instances would tie all
// three and pull their mean ranks to the middle. The others are
// TestRank's, whose figures stand: mean ranks 2.1, 1.3, 2.6 over 5
// instances, 2 left out.
func TestRankLeavesOutStartsWithoutTour(t *testing.T) {
	f, d, l, x := status.Found, status.DeadEnd, status.NodeLimit, status.Exhausted
	rs := []rankRun{
		{5, 5, 0, 0, 0, "warnsdorff", f, 25}, {5, 5, 0, 0, 0, "warnsdorff-bt", f, 30}, {5, 5, 0, 0, 0, "dfs", l, 1000},
		{5, 5, 0, 1, 0, "warnsdorff", d, 12}, {5, 5, 0, 1, 0, "warnsdorff-bt", x, 900}, {5, 5, 0, 1, 0, "dfs", x, 990},
		{5, 5, 0, 2, 0, "warnsdorff", d, 20}, {5, 5, 0, 2, 0, "warnsdorff-bt", f, 40}, {5, 5, 0, 2, 0, "dfs", f, 60},
		{5, 5, 1, 0, 0, "warnsdorff", d, 9}, {5, 5, 1, 0, 0, "warnsdorff-bt", x, 800}, {5, 5, 1, 0, 0, "dfs", x, 700},
		{5, 5, 2, 2, 0, "warnsdorff", d, 10}, {5, 5, 2, 2, 0, "warnsdorff-bt", f, 25}, {5, 5, 2, 2, 0, "dfs", l, 1000},
		{6, 6, 0, 0, 0, "warnsdorff", f, 36}, {6, 6, 0, 0, 0, "warnsdorff-bt", f, 36}, {6, 6, 0, 0, 0, "dfs", f, 500},
		{6, 6, 0, 1, 0, "warnsdorff", d, 30}, {6, 6, 0, 1, 0, "warnsdorff-bt", f, 40}, {6, 6, 0, 1, 0, "dfs", l, 1000},
	}
	c := NewCollector(Options{})
	for _, r := range rs {
		solvable := "yes"
		if (r.row+r.col)%2 == 1 && r.rows == 5 {
			solvable = "no"
		}
		if err := c.Add(runs.Row{Rows: r.rows, Cols: r.cols, StartRow: r.row, StartCol: r.col, Strategy: r.strategy, Tiebreak: "first",
			Status: r.st, Solvable: solvable, Nodes: runs.Count(r.nodes), TimeNS: r.nodes * 10, CPUNS: runs.Count(r.nodes * 10),
			Verified: r.st == status.Found, MaxNodes: 1000, RestartPolicy: "none"}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	series := make([]Series, 3)
	for _, s := range res.Series {
		series[map[string]int{"warnsdorff": 0, "warnsdorff-bt": 1, "dfs": 2}[s.Key.Strategy]] = s
	}
	for _, m := range []Measure{BySuccess, ByNodes} {
		r := Rank(res, series, m)
		if r.Blocks != 5 || r.NoTour != 2 {
			t.Errorf("%v: %d instances ranked, %d left out; want 5 and 2", m, r.Blocks, r.NoTour)
		}
	}
	r := Rank(res, series, ByNodes)
	for j, want := range []float64{2.1, 1.3, 2.6} {
		if !near(r.MeanRank[j], want) {
			t.Errorf("mean rank of %s = %v, want %v", series[j].Label, r.MeanRank[j], want)
		}
	}
	// The median cost to a tour leaves those starts out too: warnsdorff-bt
	// 25, 30, 36, 40, 40 (with the two exhausted searches as costliest it
	// would be 40); dfs found a tour in 2 of 5, so its median is a run
	// that found none: not known.
	if c := res.TourCostOf(series[1]); !c.Known || c.Median != 36 || c.Runs != 5 || c.Measure != ByNodes {
		t.Errorf("warnsdorff-bt's median cost to a tour: %+v, want 36 nodes over 5 runs", c)
	}
	if c := res.TourCostOf(series[2]); c.Known || !math.IsNaN(c.Median) || c.Runs != 5 {
		t.Errorf("dfs's median cost to a tour: %+v, want unknown over 5 runs", c)
	}
}

// Ratios equal as fractions tie in the signed-rank test: B/A of nodes
// 150/100, 100/150, 300/200 and 110/100. Their absolute logarithms are
// x, x, x and y < x: ranks 1 for y and 3 for each x (2, 3 and 4 shared);
// the positive ranks sum to 3 + 3 + 1 = 7. Of the 16 sign patterns of
// ranks {1, 3, 3, 3}, five reach 7 or more (3+3+3, 1+3+3+3 and the three
// 1+3+3): two-sided p = 2*5/16 = 0.625. Taken as floats, log(100/150) is
// not -log(150/100), the three would rank apart, and p would be 0.375 or
// 0.875 by which rounding fell where.
func TestLogRatiosEqualAsFractionsTie(t *testing.T) {
	f := status.Found
	res := rankResults(t, []rankRun{
		{5, 5, 0, 0, 0, "warnsdorff", f, 100}, {5, 5, 0, 0, 0, "dfs", f, 150},
		{5, 5, 0, 2, 0, "warnsdorff", f, 150}, {5, 5, 0, 2, 0, "dfs", f, 100},
		{5, 5, 2, 2, 0, "warnsdorff", f, 200}, {5, 5, 2, 2, 0, "dfs", f, 300},
		{5, 5, 4, 4, 0, "warnsdorff", f, 100}, {5, 5, 4, 4, 0, "dfs", f, 110},
	})
	hs := Compare(res)
	if len(hs) != 1 {
		t.Fatalf("%d comparisons, want 1", len(hs))
	}
	h := hs[0]
	if h.LabelA != "dfs" {
		// Turned round: B/A is then 100/150 where it was 150/100; the
		// pattern of signs is mirrored and p the same.
		t.Logf("A is %s", h.LabelA)
	}
	if !near(float64(h.CostP), 0.625) || !near(float64(h.TimeP), 0.625) {
		t.Errorf("signed-rank p of nodes %v, of time %v; want 0.625 (three tied ratios)", h.CostP, h.TimeP)
	}
}

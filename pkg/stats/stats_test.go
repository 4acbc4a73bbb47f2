package stats

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n%s\nwant:\n%s", name, got, want)
	}
}

func readFixture(t *testing.T, name string, opt Options) *Results {
	t.Helper()
	res, err := ReadFiles(context.Background(), []string{filepath.Join("testdata", name)}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func near(a, b float64) bool {
	return a == b || math.IsNaN(a) && math.IsNaN(b) || math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b))
}

// testdata/pairs.csv: warnsdorff (A) against warnsdorff-bt (B) on 5x5 and
// 7x43, a 100k-node budget. Every figure below is worked out by hand in the
// comments. B found more tours on both boards, and where both failed,
// greedy A failed faster: that is a tie, never a win.
func TestHeadToHead(t *testing.T) {
	res := readFixture(t, "pairs.csv", Options{})
	hs := Compare(res)
	if len(hs) != 3 {
		t.Fatalf("%d comparisons, want 5x5, 7x43 and all", len(hs))
	}
	for _, tt := range []struct {
		board                                          string
		pairs, aFound, bFound, aOnly, bOnly, bothFound int
		mcnemar, cost, costP, timeRatio, timeP         float64
		// Which needed less to a tour: A's greedy dead ends never find
		// one, so B needed less there; a dead end against a run out of
		// budget has no known order.
		costALess, costBLess, timeALess, timeBLess int
		costOrderP, timeOrderP                     float64
	}{
		// 5x5: 6 pairs; only B found from 1,1; both failed from 0,1 and
		// 1,0. McNemar on 0 against 1: p = 1. Both found from 0,0, 0,2,
		// 2,2: node ratios 1, 1.2, 2 (median 1.2); the zero log drops out,
		// two positive ranks: p = 2/4. Time ratios 2, 3, 5: p = 2/8.
		// Fewer nodes: A from 0,2 and 2,2, B from 1,1 (0,0 a tie): sign
		// test 2 against 1, p = 2 (1+3)/8 = 1. Less time: A from 0,0,
		// 0,2, 2,2, B from 1,1: p = 2 (1+4)/16 = 0.625.
		{"5x5", 6, 3, 4, 0, 1, 3, 1, 1.2, 0.5, 3, 0.25, 2, 1, 3, 1, 1, 0.625},
		// 7x43: only B found from 0,4; both from 0,0 (nodes 63 and 63:
		// ratio 1, no nonzero difference, p = 1; time 1.5, one rank: p = 1).
		// Fewer nodes: B from 0,4 (0,0 a tie): p = 1. Less time: A from
		// 0,0, B from 0,4: p = 1.
		{"7x43", 4, 1, 2, 0, 1, 1, 1, 1, 1, 1.5, 1, 0, 1, 1, 1, 1, 1},
		// Both boards: 0 against 2, p = 2/4; node ratios 1, 1, 1.2, 2:
		// median 1.1, two nonzero logs, both positive: p = 2/4; time
		// ratios 1.5, 2, 3, 5: median 2.5, four positive ranks: p = 2/16.
		// Fewer nodes 2 against 2: p = 1; less time 4 against 2:
		// p = 2 (1+6+15)/64 = 0.6875.
		{"all", 10, 4, 6, 0, 2, 4, 0.5, 1.1, 0.5, 2.5, 0.125, 2, 2, 4, 2, 1, 0.6875},
	} {
		var h *HeadToHead
		for i := range hs {
			if hs[i].Board == tt.board {
				h = &hs[i]
			}
		}
		if h == nil {
			t.Fatalf("no comparison on %s", tt.board)
		}
		if h.Pooled != (tt.board == PooledBoard) {
			t.Errorf("%s: Pooled %v", tt.board, h.Pooled)
		}
		if h.SeriesA != "warnsdorff" || h.SeriesB != "warnsdorff-bt" || h.Pairs != tt.pairs || h.AFound != tt.aFound ||
			h.BFound != tt.bFound || h.AOnly != tt.aOnly || h.BOnly != tt.bOnly || h.BothFound != tt.bothFound ||
			!near(float64(h.McNemarP), tt.mcnemar) || !near(float64(h.CostRatioMedian), tt.cost) ||
			!near(float64(h.CostP), tt.costP) || !near(float64(h.TimeRatioMedian), tt.timeRatio) || !near(float64(h.TimeP), tt.timeP) ||
			h.CostALess != tt.costALess || h.CostBLess != tt.costBLess || h.TimeALess != tt.timeALess || h.TimeBLess != tt.timeBLess ||
			!near(float64(h.CostOrderP), tt.costOrderP) || !near(float64(h.TimeOrderP), tt.timeOrderP) {
			t.Errorf("%s: %+v\nwant %+v", tt.board, *h, tt)
		}
		// Nothing is significant here: after Holm's adjustment of three
		// tests, every p is 1.
		if h.Significant() || h.CostSignificant() || h.CostOrderSignificant() || h.TimeOrderSignificant() ||
			h.McNemarHolm != 1 || h.CostHolm != 1 || h.CostOrderHolm != 1 || h.TimeOrderHolm != 1 {
			t.Errorf("%s: significant on %d discordant pairs (Holm %v, %v)", tt.board, h.AOnly+h.BOnly, h.McNemarHolm, h.CostHolm)
		}
	}
	// Every test of the three comparisons has a p-value: three in each
	// family.
	if f := HolmFamilies(hs); f != (HolmCounts{McNemar: 3, Cost: 3, Time: 3, CostOrder: 3, TimeOrder: 3}) || f.Total() != 15 {
		t.Errorf("HolmFamilies = %+v, want 3 in each", f)
	}
	if n := hs[0].OnlyB[board.Square{Row: 1, Col: 1}]; n != 1 || len(hs[0].OnlyA) != 0 {
		t.Errorf("5x5 start map: only A %v, only B %v", hs[0].OnlyA, hs[0].OnlyB)
	}
	var buf bytes.Buffer
	if err := WriteHeadToHeadCSV(&buf, hs); err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"board", "series_a", "series_b", "pairs", "a_found", "b_found", "a_only", "b_only",
		"mcnemar_p", "both_found", "cost_ratio_median", "cost_p", "cost_a_less", "cost_b_less", "cost_order_p", "cost_order_p_holm",
		"time_a_less", "time_b_less", "time_order_p", "time_order_p_holm"} {
		if !strings.Contains(strings.SplitN(buf.String(), "\n", 2)[0], col) {
			t.Errorf("headtohead.csv lacks column %s", col)
		}
	}
	golden(t, "headtohead.golden.csv", buf.Bytes())
}

// Which run of a pair needed less to find a tour, status by status: a run
// stopped by a budget needed more than it used, one that failed for good
// never finds a tour, an error tells nothing.
func TestSooner(t *testing.T) {
	run := func(st status.Status, nodes int64) sample {
		return sample{st: uint8(st.Index()), nodes: nodes}
	}
	for _, tt := range []struct {
		name string
		a, b sample
		want int
	}{
		{"both found, A fewer", run(status.Found, 10), run(status.Found, 20), -1},
		{"both found, B fewer", run(status.Found, 20), run(status.Found, 10), 1},
		{"both found, equal", run(status.Found, 20), run(status.Found, 20), 0},
		{"found within what the other used up", run(status.Found, 100), run(status.NodeLimit, 100), -1},
		{"found after more than the other used", run(status.Found, 101), run(status.NodeLimit, 100), 0},
		{"found against a timeout that used more", run(status.Found, 5), run(status.Timeout, 50), -1},
		{"a timeout that used less than B found with", run(status.Timeout, 50), run(status.Found, 60), 0},
		{"B found within what A used up", run(status.Timeout, 60), run(status.Found, 60), 1},
		{"found against a dead end", run(status.Found, 1000000), run(status.DeadEnd, 3), -1},
		{"not closed against found", run(status.NotClosed, 3), run(status.Found, 1000000), 1},
		{"found against exhausted", run(status.Found, 7), run(status.Exhausted, 9), -1},
		{"both stopped by budgets", run(status.NodeLimit, 100), run(status.Timeout, 5), 0},
		{"stopped against a dead end", run(status.NodeLimit, 100), run(status.DeadEnd, 5), 0},
		{"both failed for good", run(status.DeadEnd, 3), run(status.Exhausted, 9), 0},
		{"an error against found", run(status.Error, 0), run(status.Found, 5), 0},
		{"found against an error", run(status.Found, 5), run(status.Error, 9), 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := sooner(tt.a, tt.b, sampleNodes, 0); got != tt.want {
				t.Errorf("sooner = %d, want %d", got, tt.want)
			}
			if got := sooner(tt.b, tt.a, sampleNodes, 0); got != -tt.want {
				t.Errorf("swapped: sooner = %d, want %d", got, -tt.want)
			}
		})
	}
}

// Medians that fall on runs stopped by the budget are lower bounds; means
// are not given where a run was stopped; starts with a tour include those
// where theory says nothing but a run found one.
func TestSummaries(t *testing.T) {
	res := readFixture(t, "pairs.csv", Options{})
	get := func(strategy, b string) Summary {
		for _, s := range res.Summaries() {
			if s.Strategy == strategy && s.Board == b {
				return s
			}
		}
		t.Fatalf("no group %s on %s", strategy, b)
		return Summary{}
	}
	for _, tt := range []struct {
		strategy, board                                        string
		attempts, found, censored, tourStarts, witness, tourFd int
		median                                                 float64
		medianCens, p90Cens                                    bool
	}{
		// Nodes 10 12 20 25 25 25: median 22.5, nothing censored.
		{"warnsdorff", "5x5", 6, 3, 0, 4, 0, 3, 22.5, false, false},
		// Nodes 25 30 40 50 and two stopped at 100000: the median (45)
		// rests on measurements; the 90th percentile on the budget.
		{"warnsdorff-bt", "5x5", 6, 4, 2, 4, 0, 4, 45, false, true},
		// 7x43: theory knows no start; 0,0 and 0,4 rest on witnesses.
		{"warnsdorff", "7x43", 4, 1, 0, 2, 2, 1, 40.5, false, false},
		// Nodes 301 308 (a tour enters all 301 squares, and 7 more after
		// its backtracks) and two stopped: the median falls between 308
		// and a budget-stopped run: at least (308+100000)/2 = 50154.
		{"warnsdorff-bt", "7x43", 4, 2, 2, 2, 2, 2, 50154, true, true},
	} {
		s := get(tt.strategy, tt.board)
		if s.Attempts != tt.attempts || s.Found != tt.found || s.Censored != tt.censored || s.TourStarts != tt.tourStarts ||
			s.WitnessStarts != tt.witness || s.TourFound != tt.tourFd || !near(float64(s.NodesMedian), tt.median) ||
			s.NodesMedianCensored != tt.medianCens || s.NodesP90Censored != tt.p90Cens {
			t.Errorf("%s on %s: %+v", tt.strategy, tt.board, s)
		}
		if (s.Censored > 0) != math.IsNaN(float64(s.NodesMean)) {
			t.Errorf("%s on %s: mean %v with %d censored runs", tt.strategy, tt.board, s.NodesMean, s.Censored)
		}
	}
	i := slices.IndexFunc(res.Existence, func(e Existence) bool { return e.Board.String() == "7x43" && !e.Closed })
	if i < 0 {
		t.Errorf("no 7x43 existence among %+v", res.Existence)
	} else if e := res.Existence[i]; e.Starts != 4 || e.TheoryNo != 1 || e.Witnessed != 2 || e.Unsettled != 1 || e.TheoryYes != 0 {
		t.Errorf("7x43 existence %+v", e)
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, res.Summaries()); err != nil {
		t.Fatal(err)
	}
	golden(t, "table.golden", buf.Bytes())
	buf.Reset()
	if err := WriteSummaryCSV(&buf, res.Summaries()); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary.golden.csv", buf.Bytes())
	buf.Reset()
	if err := WriteTotalsCSV(&buf, res.Totals); err != nil {
		t.Fatal(err)
	}
	golden(t, "series.golden.csv", buf.Bytes())
}

// On 13x13 and 15x15 every corner-coloured start has a tour by theory
// (Conrad et al.), with no witness needed: no board drops out of the
// success figures for lack of theory.
func TestOddBoardsCounted(t *testing.T) {
	c := NewCollector(Options{})
	for _, n := range []int{13, 15} {
		for r := range n {
			for col := range n {
				st := "found"
				if (r+col)%2 == 1 {
					st = "dead_end"
				}
				err := c.Add(runs.Row{Rows: n, Cols: n, StartRow: r, StartCol: col, Strategy: "warnsdorff", Tiebreak: "first",
					Status: runsStatus(st), Solvable: "unknown", Nodes: runs.Count(n * n), Verified: st == "found"})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Groups) != 2 || res.Groups[0].Key.Rows != 13 || res.Groups[1].Key.Rows != 15 {
		t.Fatalf("%d groups, want warnsdorff on 13x13 and on 15x15", len(res.Groups))
	}
	for _, g := range res.Groups {
		n := g.Key.Rows
		if want := (n*n + 1) / 2; g.TourStarts != want || g.WitnessStarts != 0 || g.TourFound != want || g.TourAttempts != want {
			t.Errorf("%v: %d starts with a tour (%d on witnesses), %d/%d found; want %d, all by theory", g.Board(),
				g.TourStarts, g.WitnessStarts, g.TourFound, g.TourAttempts, want)
		}
	}
}

// Runs with different budgets are different series, labelled with their
// budgets; a job read twice is an error naming both lines.
func TestSeriesAndDuplicates(t *testing.T) {
	dir := t.TempDir()
	header := runs.Header(false)
	row := func(maxNodes string) string {
		return `5,5,0,0,dfs,first,false,0,0,node_limit,yes,` + maxNodes + `,0,10,false,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,` + maxNodes + ",0,none,0,10,\n"
	}
	a := filepath.Join(dir, "a.csv")
	os.WriteFile(a, []byte(header+row("1000")+row("100000")), 0o644)
	res, err := ReadFiles(context.Background(), []string{a}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Series) != 2 || res.Series[0].Label != "dfs@1000" || res.Series[1].Label != "dfs@100k" ||
		res.Series[0].Legacy != "dfs, 1000 nodes" || res.Series[1].Legacy != "dfs, 100k nodes" ||
		res.Series[0].Look != res.Series[1].Look && res.Series[0].Look.Strategy != res.Series[1].Look.Strategy {
		t.Errorf("series %+v", res.Series)
	}
	// Within one file the advice to keep files apart does not apply.
	once := filepath.Join(dir, "once.csv")
	os.WriteFile(once, []byte(header+row("1000")+row("1000")), 0o644)
	_, err = ReadFiles(context.Background(), []string{once}, Options{})
	if err == nil || !strings.Contains(err.Error(), once+" line 3 repeats the run of "+once+" line 2") || strings.Contains(err.Error(), "-by-file") {
		t.Errorf("duplicate within one file: %v", err)
	}
	b := filepath.Join(dir, "b.csv")
	os.WriteFile(b, []byte(header+row("1000")), 0o644)
	_, err = ReadFiles(context.Background(), []string{a, b}, Options{})
	if err == nil || !strings.Contains(err.Error(), b+" line 2 repeats the run of "+a+" line 2") || !strings.Contains(err.Error(), "-by-file") {
		t.Errorf("duplicate: %v", err)
	}
	res, err = ReadFiles(context.Background(), []string{a, b}, Options{BySource: true})
	if err != nil || len(res.Series) != 3 || !strings.HasSuffix(res.Series[0].Label, "[a.csv]") {
		t.Errorf("by file: %+v, %v", res.Series, err)
	}
}

// A torn last line is left out with a warning naming it.
func TestTornLine(t *testing.T) {
	data, _ := os.ReadFile("testdata/pairs.csv")
	path := filepath.Join(t.TempDir(), "runs.csv")
	os.WriteFile(path, data[:len(data)-20], 0o644)
	res, err := ReadFiles(context.Background(), []string{path}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rows != 19 || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "cut short by a crash") ||
		!strings.Contains(res.Warnings[0], path+" line 21") {
		t.Errorf("%d rows, warnings %q", res.Rows, res.Warnings)
	}
}

func runsStatus(s string) status.Status { return status.Status(s) }

// The per-start grid, worked out by hand: one run, three runs (median of
// three), a censored median, and witnesses (a found run, of any series).
func TestPerStart(t *testing.T) {
	c := NewCollector(Options{})
	add := func(strategy string, r, col, trial int, st string, nodes int64) {
		t.Helper()
		err := c.Add(runs.Row{Rows: 5, Cols: 5, StartRow: r, StartCol: col, Trial: trial, Strategy: strategy, Tiebreak: "random",
			Status: runsStatus(st), Solvable: "unknown", Nodes: runs.Count(nodes), TimeNS: 10 * nodes, Verified: st == "found",
			MaxNodes: 40})
		if err != nil {
			t.Fatal(err)
		}
	}
	add("warnsdorff", 0, 0, 0, "found", 25)
	add("warnsdorff", 0, 1, 0, "dead_end", 9)
	add("warnsdorff", 0, 1, 1, "dead_end", 3)
	add("warnsdorff", 0, 1, 2, "dead_end", 7)
	add("warnsdorff", 2, 2, 0, "found", 25)
	add("warnsdorff", 2, 2, 1, "node_limit", 40)
	add("warnsdorff", 2, 2, 2, "node_limit", 40)
	add("dfs", 0, 0, 0, "found", 30) // a witness for 0,0 on the other series
	// A found run from 0,1, an odd square of 5x5 from which theory proves
	// no tour starts, is refused (runs.Row.CheckVerdict), not a witness.
	if err := c.Add(runs.Row{Rows: 5, Cols: 5, StartRow: 0, StartCol: 1, Strategy: "dfs", Tiebreak: "random",
		Status: runsStatus("found"), Solvable: "unknown", Nodes: 30, TimeNS: 300, Verified: true, MaxNodes: 40}); err == nil {
		t.Error("a found run from 5x5's 0,1 was accepted")
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	g := res.Group(res.Series[1].Key, board.Board{Rows: 5, Cols: 5})
	if g == nil || g.Key.Strategy != "warnsdorff" {
		t.Fatalf("series %+v", res.Series)
	}
	want := []Start{
		{Row: 0, Col: 0, Attempts: 1, Found: 1, Theory: theory.Yes, Witnessed: true, HasTour: true, Nodes: Bound{Value: 25}, TimeNS: Bound{Value: 250}},
		// 0,1 is an odd square of 5x5: theory says no tour starts there.
		{Row: 0, Col: 1, Attempts: 3, Found: 0, Theory: theory.No, Nodes: Bound{Value: 7}, TimeNS: Bound{Value: 70}},
		// Sorted 25, 40+, 40+: the median is censored, and two runs are.
		{Row: 2, Col: 2, Attempts: 3, Found: 1, Censored: 2, Theory: theory.Yes, Witnessed: true, HasTour: true, Nodes: Bound{Value: 40, Censored: true}, TimeNS: Bound{Value: 400, Censored: true}},
	}
	if got := g.PerStart(); !reflect.DeepEqual(got, want) {
		t.Errorf("PerStart:\n got %+v\nwant %+v", got, want)
	}
}

// A found row whose tour the validator did not pass (verified false: a
// runs.csv edited by hand, or written by another tool) is refused; runs
// that ended in error (the program failed, not the strategy) are named in
// a warning.
func TestVerifiedCounted(t *testing.T) {
	c := NewCollector(Options{})
	for i, v := range []struct {
		st       string
		verified bool
	}{{"found", true}, {"found", true}, {"dead_end", false}, {"error", false}, {"error", false}} {
		err := c.Add(runs.Row{Rows: 5, Cols: 5, StartRow: 0, StartCol: 0, Trial: i, Strategy: "warnsdorff", Tiebreak: "random",
			Status: runsStatus(v.st), Solvable: "yes", Nodes: 25, TimeNS: 100, Verified: v.verified})
		if err != nil {
			t.Fatal(err)
		}
	}
	err := c.Add(runs.Row{Rows: 5, Cols: 5, Trial: 9, Strategy: "warnsdorff", Tiebreak: "random",
		Status: runsStatus("found"), Solvable: "yes", Nodes: 25, TimeNS: 100})
	if err == nil || !strings.Contains(err.Error(), "found without verified=true") {
		t.Errorf("a found row not verified: %v, want it refused", err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	s := res.Groups[0].Summary
	if s.Found != 2 || s.Verified != 2 || s.Error != 2 {
		t.Errorf("found %d, verified %d, error %d; want 2, 2 and 2", s.Found, s.Verified, s.Error)
	}
	want := "2 runs of warnsdorff ended in error"
	if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
		t.Errorf("no warning %q: %q", want, res.Warnings)
	}
}

// Rows whose nodes contradict their status are refused as bad input,
// naming the file and line, where they were read silently and changed the
// results: a tour in fewer nodes than squares, one past its budget, a
// budget that stopped a run before it was spent.
func TestContradictoryRowsRefused(t *testing.T) {
	good := "7,7,0,0,warnsdorff-bt,random,false,0,1,found,yes,49,0,490,true,,false,,5000000,0,none,0,,\n"
	for _, tc := range []struct{ row, want string }{
		{"7,7,0,0,warnsdorff-bt,random,false,1,2,found,yes,3,0,30,true,,false,,5000000,0,none,0,,", "line 3: found with 3 nodes, fewer than the 7x7 board's 49 squares"},
		{"7,7,0,0,warnsdorff-bt,random,false,1,2,found,yes,6000000,0,30,true,,false,,5000000,0,none,0,,", "line 3: found with 6000000 nodes, more than its budget max_nodes 5000000"},
		{"7,7,0,0,warnsdorff-bt,random,false,1,2,node_limit,yes,3,0,30,false,,false,,5000000,0,none,0,,", "line 3: node_limit with 3 nodes, fewer than its budget max_nodes 5000000"},
		// Rows that contradict theory (runs.Row.CheckVerdict): 3x7 from 1,3
		// has 0 tours by exact count; 7x7 from 0,1 is of the other colour.
		{"3,7,1,3,warnsdorff-bt,random,false,1,2,found,no,21,0,30,true,,false,,5000000,0,none,0,,", "line 3: found a tour from 1,3 of 3x7, where its own solvable column says none starts"},
		{"3,7,1,3,warnsdorff-bt,random,false,1,2,found,unknown,21,0,30,true,,false,,5000000,0,none,0,,", "line 3: found a tour from 1,3 of 3x7, where theory proves none starts (count 0)"},
		{"7,7,0,1,warnsdorff-bt,random,false,1,2,exhausted,yes,900,0,30,false,,false,,5000000,0,none,0,,", "line 3: solvable yes from 0,1 of 7x7, where theory proves no (theorem colour)"},
		{"3,7,0,0,warnsdorff-bt,random,false,1,2,dead_end,no,9,0,30,false,,false,,5000000,0,none,0,,", "line 3: solvable no from 0,0 of 3x7, where theory proves yes (count 8)"},
		// Rows that contradict their time budget (runs.Row.CheckTime), as
		// hostile report A item 4 had them counted.
		{"7,7,0,0,warnsdorff-bt,random,false,1,2,timeout,yes,900,0,30,false,,false,,5000000,0,none,0,,", "line 3: timeout without a time budget (timeout_ns 0)"},
		{"7,7,0,0,warnsdorff-bt,random,false,1,2,found,yes,49,0,50000000000,true,,false,,5000000,1000000000,none,0,,", "line 3: found after 50s, more than 1s past its budget timeout_ns 1s"},
		{"7,7,0,0,warnsdorff-bt,random,false,1,2,timeout,yes,900,0,1000,false,,false,,5000000,1000000000,none,0,,", "line 3: timeout after 1µs, well short of its budget timeout_ns 1s"},
	} {
		t.Run(tc.want[8:20], func(t *testing.T) {
			c := NewCollector(Options{})
			err := c.Read(context.Background(), "runs.csv", strings.NewReader(runs.Header(false)+good+tc.row+"\n"))
			var ce *runs.ContentError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), "runs.csv: "+tc.want) {
				t.Errorf("error %v, want a content error saying %q", err, tc.want)
			}
		})
	}
}

// An external solver that says "no tour" (exhausted) where theory proves a
// tour starts is named in a warning, its claim false; where theory says
// none starts, the claim stands. Its rows without nodes give no node
// figures, never figures of the runs that happened to report.
func TestFalseClaimsAndUnknownNodes(t *testing.T) {
	c := NewCollector(Options{})
	for i, v := range []struct {
		st, solvable string
		nodes        runs.Count
		col          int
	}{{"exhausted", "yes", runs.Unknown, 0}, {"exhausted", "no", 7, 0}, {"exhausted", "yes", runs.Unknown, 0}, {"found", "yes", 25, 1}} {
		err := c.Add(runs.Row{Rows: 5, Cols: 5, StartRow: i, StartCol: v.col, Strategy: "mine", Tiebreak: "first",
			Status: runsStatus(v.st), Solvable: v.solvable, Nodes: v.nodes, Backtracks: runs.Unknown, TimeNS: 100,
			CPUNS: 90, Verified: v.st == "found"})
		if err != nil {
			t.Fatal(err)
		}
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	want := "2 runs of mine claim that no tour starts at a square where theory proves one does"
	if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
		t.Errorf("no warning %q: %q", want, res.Warnings)
	}
	if s := res.Groups[0].Summary; !math.IsNaN(float64(s.NodesMedian)) || !math.IsNaN(float64(s.NodesMean)) {
		t.Errorf("nodes median %v, mean %v of a series with unknown nodes: want none (NaN)", s.NodesMedian, s.NodesMean)
	}
}

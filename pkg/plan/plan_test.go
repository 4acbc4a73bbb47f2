package plan

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
)

// rowOf returns the row a job would write, as far as Plan.Index reads it.
func rowOf(p *Plan, j Job) *runs.Row {
	r := j.Row()
	return &r
}

func TestPlanExpansion(t *testing.T) {
	s := settings(t, "5-6,3x4", 0, "dfs", "warnsdorff")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	// (12 + 25 + 36) squares x 2 strategies.
	if p.Len() != 146 {
		t.Fatalf("Len = %d; want 146", p.Len())
	}
	var got []string
	keys := map[runs.Key]bool{}
	i := int64(0)
	for j := range p.Jobs() {
		if j.Index != i {
			t.Fatalf("job %d has Index %d", i, j.Index)
		}
		if j.Order != board.DefaultOrder || j.Tiebreak != "first" || j.Trial != 0 || j.Seed != 0 || j.Closed {
			t.Errorf("job %d: %+v", i, j)
		}
		if p.Job(i) != j {
			t.Errorf("Job(%d) = %+v; Jobs gives %+v", i, p.Job(i), j)
		}
		k := rowOf(p, j).Key()
		if keys[k] {
			t.Errorf("job %d repeats %+v", i, k)
		}
		keys[k] = true
		if idx, err := p.Index(rowOf(p, j)); err != nil || idx != i {
			t.Errorf("Index(row of job %d) = %d, %v", i, idx, err)
		}
		got = append(got, fmt.Sprintf("%v %v %s", j.Board, j.Start, j.Strategy))
		i++
	}
	if i != p.Len() {
		t.Fatalf("Jobs yielded %d; Len %d", i, p.Len())
	}
	// Canonical order: boards by size, strategies, then start squares.
	want := []string{"3x4 0,0 dfs", "3x4 0,1 dfs"}
	if !slices.Equal(got[:2], want) || got[12] != "3x4 0,0 warnsdorff" || got[24] != "5x5 0,0 dfs" || got[145] != "6x6 5,5 warnsdorff" {
		t.Errorf("order: %q ... %q %q %q", got[:2], got[12], got[24], got[145])
	}
}

// Only randomised jobs repeat: -trials 3 with -tiebreak first,random gives
// the corners once with first and three times with random, each random job
// with its own seed, derived from -seed and the job alone.
func TestPlanTrials(t *testing.T) {
	s := settings(t, "5", 0, "warnsdorff")
	s.Trials, s.Seed, s.Tiebreaks = 3, 100, []string{"random", "first"}
	s.Starts, _ = ParseStarts("corners")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() != 4+12 {
		t.Fatalf("Len = %d; want 16", p.Len())
	}
	seeds := map[uint64]bool{}
	for j := range p.Jobs() {
		if (j.Tiebreak == "first") != (j.Seed == 0) || j.Tiebreak == "first" && j.Trial != 0 {
			t.Errorf("job %+v: a deterministic job has seed 0 and trial 0, a random one a seed", j)
		}
		if j.Seed != 0 {
			seeds[j.Seed] = true
			if j.Seed != JobSeed(100, j) {
				t.Errorf("job %+v: seed not JobSeed's", j)
			}
		}
		if idx, err := p.Index(rowOf(p, j)); err != nil || idx != j.Index {
			t.Errorf("Index of job %d = %d, %v", j.Index, idx, err)
		}
	}
	if len(seeds) != 12 {
		t.Errorf("%d distinct seeds over 12 random jobs", len(seeds))
	}
	j := p.Job(4 + 9)
	if j.Trial != 2 || j.Tiebreak != "random" || j.Start != (board.Square{Row: 0, Col: 4}) {
		t.Errorf("Job(13) = %+v; want random trial 2 from 0,4", j)
	}
	// Another -seed gives other seeds; the seed does not depend on where
	// the job sits in the plan.
	s.Seed = 101
	q, _ := New(s)
	if q.Job(13).Seed == j.Seed {
		t.Error("-seed does not change the seeds")
	}
	s.Seed, s.Sizes = 100, append(s.Sizes, board.Board{Rows: 4, Cols: 4})
	r, _ := New(s)
	if k := r.Job(13 + 16); k.Board != j.Board || k.Start != j.Start || k.Seed != j.Seed {
		t.Errorf("after adding a board, job %+v, want seed %d", k, j.Seed)
	}
}

// Strategies that cannot take a board or a start leave those jobs out,
// listed in Skipped; -prune applies to the strategies that prune.
func TestPlanRestrictions(t *testing.T) {
	s := settings(t, "5,6,6x8", 0, "squirrel-cull", "parberry", "dfs")
	s.Prune = true
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	// squirrel-cull: 4 corners on 5x5 and 6x6; parberry: all of 6x6 and
	// 6x8; dfs: everything.
	if want := int64(4 + 4 + 36 + 48 + 25 + 36 + 48); p.Len() != want {
		t.Errorf("Len = %d, want %d", p.Len(), want)
	}
	var skips []string
	for _, k := range p.Skipped() {
		skips = append(skips, fmt.Sprintf("%s %s %d", k.Strategy, k.Board, k.Starts))
	}
	want := []string{"parberry 5x5 25", "squirrel-cull 5x5 21", "squirrel-cull 6x6 32", "squirrel-cull 6x8 48"}
	if !slices.Equal(skips, want) {
		t.Errorf("skipped %q, want %q", skips, want)
	}
	for j := range p.Jobs() {
		if j.Prune != (j.Strategy == "dfs") {
			t.Errorf("%s prune %v", j.Strategy, j.Prune)
		}
		if idx, err := p.Index(rowOf(p, j)); err != nil || idx != j.Index {
			t.Errorf("Index of job %d = %d, %v", j.Index, idx, err)
		}
	}
	row := rowOf(p, p.Job(25)) // 5x5: 25 dfs jobs, then squirrel-cull's
	if row.Strategy != "squirrel-cull" {
		t.Fatalf("job 25: %+v", row)
	}
	row.StartRow, row.StartCol = 1, 1
	if _, err := p.Index(row); err == nil || !strings.Contains(err.Error(), "that squirrel-cull takes") {
		t.Errorf("squirrel-cull from 1,1: %v", err)
	}
	// Nothing left to run is an input error.
	s = settings(t, "5", 0, "parberry")
	if _, err := New(s); err == nil || !strings.Contains(err.Error(), "-strategies: no job to run: parberry skips 25 start(s) on 5x5") {
		t.Errorf("parberry on 5x5 alone: %v", err)
	}
}

func TestPlanIndexRejects(t *testing.T) {
	s := settings(t, "5", 0, "dfs")
	s.Starts, _ = ParseStarts("corners")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	base := rowOf(p, p.Job(0))
	for _, tt := range []struct {
		change func(*runs.Row)
		want   string
	}{
		{func(r *runs.Row) { r.Strategy = "warnsdorff" }, "no job of this sweep runs warnsdorff"},
		{func(r *runs.Row) { r.Rows = 6 }, "no job of this sweep runs dfs"},
		{func(r *runs.Row) { r.Tiebreak = "random" }, "no job of this sweep runs dfs (tie-break random)"},
		{func(r *runs.Row) { r.StartRow, r.StartCol = 2, 2 }, "not one of -starts corners"},
		{func(r *runs.Row) { r.Closed = true }, "not this sweep's"},
		{func(r *runs.Row) { r.Order = "x" }, "not this sweep's"},
		{func(r *runs.Row) { r.Trial = 1 }, "trial 1"},
		{func(r *runs.Row) { r.Seed = 7 }, "seed 7"},
		{func(r *runs.Row) { r.Prune = true }, "not this sweep's"},
		{func(r *runs.Row) { r.MaxNodes = 7 }, "budget max_nodes=7"},
		{func(r *runs.Row) { r.TimeoutNS = 7 }, "budget max_nodes=0 timeout 7ns"},
	} {
		r := *base
		tt.change(&r)
		if _, err := p.Index(&r); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Index(%+v) error %v; want %q", r, err, tt.want)
		}
	}
}

func TestScheduleCostliestFirst(t *testing.T) {
	s := settings(t, "5-8", 20_000_000, "warnsdorff", "dfs", "warnsdorff-bt")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	seen := NewJobSet(p.Len())
	var prev float64
	var first []string
	n := int64(0)
	for j := range p.Schedule(nil) {
		if seen.Has(j.Index) {
			t.Fatalf("job %d scheduled twice", j.Index)
		}
		seen.Add(j.Index)
		c := j.Cost
		if n > 0 && c > prev {
			t.Fatalf("job %d (%s %v, %.3g s) after a cheaper one (%.3g s)", n, j.Strategy, j.Board, c, prev)
		}
		prev = c
		if n%64 == 0 {
			first = append(first, j.Strategy+" "+j.Board.String())
		}
		n++
	}
	if n != p.Len() {
		t.Fatalf("scheduled %d of %d jobs", n, p.Len())
	}
	// First warnsdorff-bt from the 7x7 starts that have no tour, where it
	// exhausts the budget at its slower nodes; then budget-bound dfs on the
	// largest boards; greedy warnsdorff on the smallest last.
	if want := []string{"warnsdorff-bt 7x7", "dfs 8x8"}; !slices.Equal(first[:2], want) {
		t.Errorf("first jobs: %q; want %q", first[:2], want)
	}
	var last Job
	for j := range p.Schedule(nil) {
		last = j
	}
	if last.Strategy != "warnsdorff" || last.Board.Rows != 5 {
		t.Errorf("last job %s %v; want warnsdorff on 5x5", last.Strategy, last.Board)
	}
}

func TestScheduleSkip(t *testing.T) {
	p, err := New(settings(t, "5-6", 0, "warnsdorff"))
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for j := range p.Schedule(func(i int64) bool { return i%10 != 3 }) {
		got = append(got, j.Index)
	}
	slices.Sort(got)
	if want := []int64{3, 13, 23, 33, 43, 53}; !slices.Equal(got, want) {
		t.Errorf("Schedule with skip gave %v; want %v", got, want)
	}
}

// A sweep of more than MaxJobs is refused, naming the flag to narrow:
// -sizes, or -trials where trials multiply the jobs (it named -sizes for a
// sweep of 5x5 with a million trials a run: hostile-30).
func TestPlanTooBig(t *testing.T) {
	big := settings(t, "1-2000", 0, "dfs", "warnsdorff", "warnsdorff-bt")
	trials := settings(t, "5-40", 0, "warnsdorff")
	trials.Tiebreaks, trials.Trials = []string{"random"}, 1_000_000
	for _, tc := range []struct {
		name string
		s    Settings
		flag string
	}{{"boards", big, "-sizes"}, {"trials", trials, "-trials"}} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.s)
			var in *input.Error
			if !errors.As(err, &in) || in.Flag != tc.flag || !strings.Contains(err.Error(), "more than") {
				t.Errorf("New: %v; want an error naming %s", err, tc.flag)
			}
		})
	}
}

func TestPlanCost(t *testing.T) {
	for _, closed := range []bool{false, true} {
		t.Run(fmt.Sprintf("closed=%v", closed), func(t *testing.T) {
			s := settings(t, "5-7", 1_000_000, "dfs", "warnsdorff-bt")
			s.Closed = closed
			testPlanCost(t, s)
		})
	}
}

func testPlanCost(t *testing.T, s Settings) {
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	skip := func(i int64) bool { return i%3 == 0 }
	var n int64
	var sum float64
	for j := range p.Jobs() {
		if !skip(j.Index) {
			n++
			sum += j.Cost
		}
	}
	jobs, seconds := p.Cost(skip)
	if jobs != n || seconds < sum*(1-1e-9) || seconds > sum*(1+1e-9) {
		t.Errorf("Cost = %d jobs, %.6g s; the jobs say %d, %.6g s", jobs, seconds, n, sum)
	}
	if all, _ := p.Cost(nil); all != p.Len() {
		t.Errorf("Cost(nil) = %d jobs; Len %d", all, p.Len())
	}
}

// The first jobs are Probes of each randomised kind, costliest kind first;
// then every other job, costliest first; each job once, none skipped.
func TestScheduleProbesFirst(t *testing.T) {
	s := settings(t, "5-6", 1_000_000, "dfs", "warnsdorff", "warnsdorff-bt")
	var err error
	if s.Starts, err = ParseStarts("0,0;0,1"); err != nil {
		t.Fatal(err)
	}
	s.Order, s.Tiebreaks, s.Trials = "random", []string{"random", "first"}, 5
	s.Restarts = []string{"none", "luby:100"}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	skip := func(i int64) bool { return i%7 == 0 }
	kinds := map[int]int{} // randomised kind: jobs to run
	kindCost := map[int]float64{}
	for j := range p.Jobs() {
		if j.Kind >= 0 && !skip(j.Index) {
			kinds[j.Kind]++
			kindCost[j.Kind] += j.Cost
		}
	}
	// CostByKind is Cost, and each kind's part of it is its jobs' Cost.
	jobs, seconds, byKind := p.CostByKind(skip)
	if wantJobs, wantSeconds := p.Cost(skip); jobs != wantJobs || seconds != wantSeconds {
		t.Errorf("CostByKind %d jobs, %v s; Cost %d jobs, %v s", jobs, seconds, wantJobs, wantSeconds)
	}
	var inKinds float64
	for k, c := range byKind {
		if want := kindCost[k]; math.Abs(c-want) > 1e-9*want {
			t.Errorf("kind %d: CostByKind %v s, its jobs' Cost %v s", k, c, want)
		}
		inKinds += c
	}
	if !(inKinds > 0 && inKinds < seconds) { // warnsdorff-bt with ties first is of no kind
		t.Errorf("the kinds hold %v s of %v", inKinds, seconds)
	}
	// Five randomised cells a board (dfs in a random order and
	// warnsdorff-bt with random ties, each without and with restarts;
	// greedy warnsdorff with random ties): on 5x5 from a start with a tour
	// (0,0) and from one without (0,1), on 6x6 from starts with one.
	if len(kinds) != 15 {
		t.Errorf("%d randomised kinds, want 15: %v", len(kinds), kinds)
	}
	probes := 0
	for _, n := range kinds {
		probes += min(n, Probes)
	}
	seen := NewJobSet(p.Len())
	probed := map[int]int{}
	var prev float64
	var n int
	for j := range p.Schedule(skip) {
		if seen.Has(j.Index) || skip(j.Index) {
			t.Fatalf("job %d scheduled twice or skipped", j.Index)
		}
		seen.Add(j.Index)
		switch {
		case n < probes:
			if j.Kind < 0 || probed[j.Kind] == Probes {
				t.Fatalf("job %d (%d of the probes): kind %d, probed %d", j.Index, n, j.Kind, probed[j.Kind])
			}
			if n > 0 && j.Cost > prev {
				t.Fatalf("probe %d (%s %v, %.3g s) after a cheaper one (%.3g s)", j.Index, j.Strategy, j.Board, j.Cost, prev)
			}
			probed[j.Kind]++
		case n > probes && j.Cost > prev:
			t.Fatalf("job %d (%s %v, %.3g s) after a cheaper one (%.3g s)", j.Index, j.Strategy, j.Board, j.Cost, prev)
		}
		prev = j.Cost
		n++
	}
	if want := p.Len() - (p.Len()+6)/7; int64(n) != want {
		t.Errorf("scheduled %d jobs, want %d", n, want)
	}
}

// -starts solvable with -closed leaves no start on 5x5: the skip counts
// its 25 squares, the plan's line names the board, and where no board has
// a start the error names -starts, the cause, not -strategies (it said
// "-strategies: ... skips 0 start(s)").
func TestPlanSolvableEmpty(t *testing.T) {
	s := settings(t, "5,6", 0, "warnsdorff")
	s.Starts, s.Closed = parsedSolvable(t), true
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	want := " (none on 5x5: theory says no closed tour passes any square of it (-starts solvable with -closed))"
	if got := p.StartsNote(); got != want {
		t.Errorf("StartsNote = %q, want %q", got, want)
	}
	if sk := p.Skipped(); len(sk) != 1 || sk[0].Starts != 25 || sk[0].Board != "5x5" {
		t.Errorf("skipped %+v", sk)
	}
	s = settings(t, "5", 0, "warnsdorff")
	s.Starts, s.Closed = parsedSolvable(t), true
	if _, err := New(s); err == nil || !strings.Contains(err.Error(), "-starts: no job to run: warnsdorff skips 25 start(s) on 5x5: theory says no closed tour") {
		t.Errorf("5x5 closed alone: %v", err)
	}
}

func parsedSolvable(t *testing.T) Starts {
	t.Helper()
	st, err := ParseStarts("solvable")
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The plan's line says how many of the planned starts theory leaves
// unknown: 4x54's outer ranks, all 108 -starts solvable keeps; on 8x8
// none, and nothing is said.
func TestPlanStartsUnknown(t *testing.T) {
	for _, tc := range []struct{ sizes, want string }{
		{"4x54", " (108 starts, of which 108 theory leaves unknown (beyond 41 x 41))"},
		{"8,4x54", " (172 starts, of which 108 theory leaves unknown (beyond 41 x 41))"},
		{"8", ""},
	} {
		t.Run(tc.sizes, func(t *testing.T) {
			s := settings(t, tc.sizes, 0, "warnsdorff")
			s.Starts = parsedSolvable(t)
			p, err := New(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.StartsNote(); got != tc.want {
				t.Errorf("StartsNote = %q, want %q", got, tc.want)
			}
		})
	}
}

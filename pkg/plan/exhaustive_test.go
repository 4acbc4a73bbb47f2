package plan

import (
	"fmt"
	"strings"
	"testing"
)

// Every plan of a table of sweeps (boards, strategies with and without
// ties and restrictions, tie-break rules deterministic and random, trials,
// start sets) expands consistently: jobs are numbered in order and map
// back to themselves through their rows; only randomised jobs repeat, each
// with its own seed; the schedule yields every job once; and for every
// shard count every job belongs to exactly one shard, the shards' sizes are
// what Jobs says and within one of each other, so that a sharded sweep with
// trials runs every job exactly once.
func TestPlanExhaustive(t *testing.T) {
	plans := 0
	for _, sizes := range []string{"5", "3x4,5", "4x5,6"} {
		for _, strategies := range []string{"dfs,warnsdorff", "warnsdorff,warnsdorff-bt", "dfs,squirrel-cull,parberry"} {
			for _, tiebreaks := range []string{"first", "first,random", "random", "pohl,random,roth"} {
				for _, trials := range []int{1, 2, 3, 5} {
					for _, starts := range []string{"all", "corners", "solvable", "0,0;1,2"} {
						for _, order := range []string{"", "random"} {
							name := fmt.Sprintf("%s/%s/%s/trials=%d/starts=%s/order=%s", sizes, strategies, tiebreaks, trials, starts, order)
							s := Settings{Strategies: strings.Split(strategies, ","), Tiebreaks: strings.Split(tiebreaks, ","),
								Trials: trials, Seed: 42, MaxNodes: 1000, Order: order}
							s.Sizes, _ = ParseSizes(sizes)
							s.Starts, _ = ParseStarts(starts)
							p, err := New(s)
							randomOrder := order == "random" && strings.Contains(strategies, "dfs")
							random := strings.Contains(tiebreaks, "random") && strings.Contains(strategies, "warnsdorff") || randomOrder
							accepted := tiebreaks == "first" || strings.Contains(strategies, "warnsdorff")
							switch {
							case order == "random" && !randomOrder:
								if err == nil || !strings.Contains(err.Error(), "-order") {
									t.Fatalf("%s: %v, want an -order error", name, err)
								}
								continue
							case !accepted:
								if err == nil || !strings.Contains(err.Error(), "-tiebreak") {
									t.Fatalf("%s: %v, want a -tiebreak error", name, err)
								}
								continue
							case trials > 1 && !random:
								if err == nil || !strings.Contains(err.Error(), "-trials") {
									t.Fatalf("%s: %v, want a -trials error", name, err)
								}
								continue
							case err != nil:
								t.Fatalf("%s: %v", name, err)
							}
							plans++
							checkPlan(t, name, p)
						}
					}
				}
			}
		}
	}
	if plans < 400 {
		t.Errorf("only %d plans checked", plans)
	}
}

func checkPlan(t *testing.T, name string, p *Plan) {
	t.Helper()
	seeds := map[uint64]bool{}
	var i int64
	for j := range p.Jobs() {
		if j.Index != i || p.Job(i) != j {
			t.Fatalf("%s: job %d has index %d", name, i, j.Index)
		}
		if idx, err := p.Index(rowOf(p, j)); err != nil || idx != i {
			t.Fatalf("%s: Index(row of job %d) = %d, %v", name, i, idx, err)
		}
		in, _ := p.Strategies().Lookup(j.Strategy)
		if in.RandomisedBy(j.Tiebreak, j.RandomOrder) {
			if j.Trial >= p.Settings().Trials || j.Seed == 0 || seeds[j.Seed] {
				t.Fatalf("%s: random job %+v: trial out of range, or seed 0 or repeated", name, j)
			}
			seeds[j.Seed] = true
		} else if j.Trial != 0 || j.Seed != 0 {
			t.Fatalf("%s: deterministic job %+v repeats or has a seed", name, j)
		}
		i++
	}
	if i != p.Len() {
		t.Fatalf("%s: %d jobs, Len %d", name, i, p.Len())
	}
	seen := NewJobSet(p.Len())
	var n int64
	for j := range p.Schedule(nil) {
		if seen.Has(j.Index) {
			t.Fatalf("%s: job %d scheduled twice", name, j.Index)
		}
		seen.Add(j.Index)
		n++
	}
	if n != p.Len() {
		t.Fatalf("%s: scheduled %d of %d jobs", name, n, p.Len())
	}
	for _, count := range []int{1, 2, 3, 4, 5, 7, 16} {
		m := p.Shards(count)
		jobs := make([]int64, count)
		for j := range p.Jobs() {
			s := m.Of(j.Index)
			if s < 0 || s >= count {
				t.Fatalf("%s: job %d in shard %d of %d", name, j.Index, s, count)
			}
			jobs[s]++
		}
		var sum int64
		for s := range count {
			sel := p.Select(Shard{Index: s, Count: count})
			if jobs[s] != m.Jobs(s) || sel.Jobs != jobs[s] {
				t.Fatalf("%s: shard %d/%d has %d jobs; Jobs says %d, Select %d", name, s, count, jobs[s], m.Jobs(s), sel.Jobs)
			}
			if d := jobs[s] - jobs[0]; d < -1 || d > 1 {
				t.Fatalf("%s: %d shards of %v jobs", name, count, jobs)
			}
			sum += jobs[s]
		}
		if sum != p.Len() {
			t.Fatalf("%s: %d shards hold %d of %d jobs", name, count, sum, p.Len())
		}
	}
}

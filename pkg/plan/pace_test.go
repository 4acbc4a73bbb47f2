package plan

import (
	"math"
	"slices"
	"testing"
	"time"
)

// A pace scales the estimates, group by group, and nothing else: the
// schedule and the shards keep the model's order, whatever the machine.
func TestSetPace(t *testing.T) {
	s := settings(t, "5-9", 20_000_000, "dfs", "warnsdorff", "warnsdorff-bt")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	jobs, model := p.Cost(nil)
	var before []int64
	for j := range p.Schedule(nil) {
		before = append(before, j.Index)
	}
	shardOf := func() []int {
		m := p.Shards(3)
		var of []int
		for i := range p.Len() {
			of = append(of, m.Of(i))
		}
		return of
	}
	shards := shardOf()

	p.SetPace(Pace{Factor: map[PaceKey]float64{{"dfs", false}: 2, {"dfs", true}: 3}, Default: 1.5})
	n, paced := p.Cost(nil)
	if n != jobs {
		t.Fatalf("%d jobs paced, %d before", n, jobs)
	}
	if _, m := p.Model(nil); m != model {
		t.Errorf("Model after SetPace: %g s, before %g s", m, model)
	}
	// Each cell's paced cost is its model cost times its group's factor
	// (the runner's own time a job, a few microseconds, aside).
	var want float64
	for ci := range p.cells {
		c := &p.cells[ci]
		f := 1.5
		switch {
		case c.strategy == "dfs" && c.board.Squares() <= 64:
			f = 2
		case c.strategy == "dfs":
			f = 3
		}
		want += f * c.costAvg * float64(c.jobs())
	}
	if math.Abs(paced-want) > 1e-9*want {
		t.Errorf("paced cost %.6g s, want %.6g s (model %.6g s)", paced, want, model)
	}
	var after []int64
	var sum float64
	for j := range p.Schedule(nil) {
		after = append(after, j.Index)
		sum += j.Cost
	}
	if !slices.Equal(before, after) {
		t.Error("the schedule's order changed with the pace")
	}
	if math.Abs(sum-paced) > 1e-9*paced {
		t.Errorf("the jobs' costs add up to %.6g s, Cost says %.6g s", sum, paced)
	}
	if !slices.Equal(shardOf(), shards) {
		t.Error("the shards of a split in 3 changed with the pace")
	}
	// No pace measured: the model's.
	p.SetPace(Pace{})
	if _, c := p.Cost(nil); c != model {
		t.Errorf("an empty pace: %g s, the model %g s", c, model)
	}
}

// A timeout caps a job's time, whatever the pace: a search stopped by the
// clock takes its timeout on any machine.
func TestPaceKeepsTimeout(t *testing.T) {
	s := settings(t, "10", 0, "dfs")
	s.Timeout = time.Second
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	jobs, model := p.Cost(nil)
	p.SetPace(Pace{Default: 4})
	if _, paced := p.Cost(nil); paced > 1.001*float64(jobs) || paced < model {
		t.Errorf("10x10 dfs, 1 s timeout, pace 4x: %.4g s for %d jobs (model %.4g s)", paced, jobs, model)
	}
}

// The samples are the groups that hold a share of the work, largest
// first, each with its costliest job: on the quick preset's boards, dfs
// (most of the work) from a start with a tour, warnsdorff-bt from one
// theory rules out (it must exhaust); greedy warnsdorff, microseconds a
// run, is not worth a trial.
func TestPaceSamples(t *testing.T) {
	p, err := New(settings(t, "5-8", 20_000_000, "dfs", "warnsdorff", "warnsdorff-bt"))
	if err != nil {
		t.Fatal(err)
	}
	got := p.PaceSamples(0.03)
	if len(got) != 2 {
		t.Fatalf("%d samples, want 2: %+v", len(got), got)
	}
	if got[0].Key != (PaceKey{"dfs", false}) || got[1].Key != (PaceKey{"warnsdorff-bt", false}) {
		t.Errorf("samples %v, %v; want dfs then warnsdorff-bt", got[0].Key, got[1].Key)
	}
	if got[0].Share+got[1].Share > 1 || got[0].Share < got[1].Share || got[1].Share < 0.03 {
		t.Errorf("shares %.3f and %.3f", got[0].Share, got[1].Share)
	}
	if j := got[1].Job; j.Board.Rows != 7 || j.Solvable.String() != "no" {
		t.Errorf("warnsdorff-bt's sample: %v from %v (solvable %v); want a 7x7 start without a tour", j.Board, j.Start, j.Solvable)
	}
	for _, sm := range got {
		if sm.NsPerNode <= 0 || sm.Job.MaxNodes != 20_000_000 {
			t.Errorf("%v: %g ns a node, budget %d", sm.Key, sm.NsPerNode, sm.Job.MaxNodes)
		}
	}
	if all := p.PaceSamples(0); len(all) != 3 {
		t.Errorf("every group: %d samples, want 3", len(all))
	}
}

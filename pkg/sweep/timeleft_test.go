package sweep

import (
	"bytes"
	"container/heap"
	"regexp"
	"strconv"
	"testing"
	"time"

	"knightsweep/pkg/plan"
	"knightsweep/pkg/progress"
)

// jobHeap orders the jobs in flight by when they end.
type jobHeap []inFlightJob

type inFlightJob struct {
	end  float64
	id   int64
	real float64
}

func (h jobHeap) Len() int           { return len(h) }
func (h jobHeap) Less(i, j int) bool { return h[i].end < h[j].end }
func (h jobHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *jobHeap) Push(x any)        { *h = append(*h, x.(inFlightJob)) }
func (h *jobHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// The progress line's time left, on the quick preset's schedule run by 2
// workers on a machine whose pace the trial measured (each job takes its
// paced cost), is within 25% of the time that is left once 10% of the
// runs are done, as the README's estimate promises, until the last tenth
// of the time (where a second is a large share). A simulation: the jobs
// take the time the model says, the clock is the simulation's.
func TestTimeLeftOnSchedule(t *testing.T) {
	p, err := plan.New(settings(t, "5-8", 20_000_000, "dfs", "warnsdorff", "warnsdorff-bt"))
	if err != nil {
		t.Fatal(err)
	}
	p.SetPace(plan.Pace{Factor: map[plan.PaceKey]float64{{Strategy: "dfs"}: 1.9, {Strategy: "warnsdorff-bt"}: 1.4}, Default: 1.7})
	const workers = 2
	total, cost := p.Cost(nil)
	var buf bytes.Buffer
	start := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return start.Add(time.Duration(s * float64(time.Second))) }
	m := progress.New(&buf, progress.Options{Name: "sweep", Unit: "runs", Total: total, TotalCost: cost, Every: time.Second, Now: start})

	// The schedule on 2 workers: each takes the next job when it frees.
	type event struct {
		at    float64
		begin bool
		j     plan.Job
		real  float64
	}
	var events []event
	var running jobHeap
	now := 0.0
	for j := range p.Schedule(nil) {
		if running.Len() == workers {
			x := heap.Pop(&running).(inFlightJob)
			now = x.end
			events = append(events, event{at: x.end, j: plan.Job{Index: x.id}, real: x.real})
		}
		events = append(events, event{at: now, begin: true, j: j})
		heap.Push(&running, inFlightJob{end: now + j.Cost, id: j.Index, real: j.Cost})
	}
	for running.Len() > 0 {
		x := heap.Pop(&running).(inFlightJob)
		events = append(events, event{at: x.end, j: plan.Job{Index: x.id}, real: x.real})
	}
	end := events[len(events)-1].at

	left := regexp.MustCompile(`\((\d+)%\).* about (\S+) left`)
	tick, checked := 0.5, 0
	for _, e := range events {
		for ; tick < e.at; tick += 0.5 {
			buf.Reset()
			m.Tick(at(tick))
			sm := left.FindStringSubmatch(buf.String())
			if sm == nil || end-tick < 0.1*end {
				continue
			}
			if pct, _ := strconv.Atoi(sm[1]); pct < 10 {
				continue
			}
			said, err := time.ParseDuration(sm[2])
			if err != nil {
				t.Fatal(err)
			}
			checked++
			if r := said.Seconds() / (end - tick); r < 0.75 || r > 1.25 {
				t.Errorf("%.1f s in: %q: %.1f s were left (%.2fx)", tick, buf.String(), end-tick, r)
			}
		}
		if e.begin {
			m.Begin(e.j.Index, e.j.Cost, at(e.at))
		} else {
			m.End(e.j.Index, 0, e.real)
		}
	}
	t.Logf("%d lines checked; the sweep took %.1f s", checked, end)
	if checked < 3 {
		t.Errorf("only %d lines after 10%% of the runs (the sweep took %.1f s)", checked, end)
	}
	if r := cost / workers / end; r < 0.9 || r > 1.1 {
		t.Errorf("the paced estimate %.1f s, the schedule on %d workers took %.1f s", cost/workers, workers, end)
	}
}

package sweep

import (
	"bytes"
	"container/heap"
	"math"
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
	_, cost := p.Cost(nil)
	s := simulate(t, p, workers, 0, 1, nil)
	t.Logf("%d lines checked; the sweep took %.1f s; at 10%% of the runs %.2fx, then %.2fx to %.2fx", s.checked, s.took, s.at10, s.lo, s.hi)
	if s.checked < 3 {
		t.Errorf("only %d lines after 10%% of the runs (the sweep took %.1f s)", s.checked, s.took)
	}
	if r := cost / workers / s.took; r < 0.9 || r > 1.1 {
		t.Errorf("the paced estimate %.1f s, the schedule on %d workers took %.1f s", cost/workers, workers, s.took)
	}
}

// On the longer dfs-vs-warnsdorff preset (1,860 runs on 2 workers, 69 s
// on the cost model, paced x1.12 as on its run in docs/performance.md:
// 77.7 s), long enough for the time left to go by the pace of its last
// window, the time left stays within 25% of the time truly left whether
// the pace holds, the jobs are off their estimates (by up to 50% either
// way, 1 on average), or the machine turns 3x slower a fifth of the way
// in (15.5 s), as that run's did; after a change, from a window after it.
//
// The whole run's average pace, which the meter went by before, said
// 0.71x of the time left at the first line checked after the slowdown
// (0.71x to 0.87x after), 0.70x with the jobs off (0.70x to 0.85x); the
// last window's says 1.02x (1.00x to 1.02x) and 1.00x (0.97x to 1.01x).
// Steady, it says 1.00x throughout, and 0.98x to 0.99x with the jobs off
// (both, while the lines gave whole seconds, 1.01x to 1.03x and 0.94x to
// 0.99x).
func TestTimeLeftPaceChanges(t *testing.T) {
	p, err := plan.New(settings(t, "5-12", 20_000_000, "dfs", "warnsdorff", "warnsdorff-bt"))
	if err != nil {
		t.Fatal(err)
	}
	p.SetPace(plan.Pace{Default: 1.12})
	const workers = 2
	_, cost := p.Cost(nil)
	golden := func(j plan.Job) float64 { return 0.5 + math.Mod(float64(j.Index)*0.6180339887, 1) }
	for _, c := range []struct {
		name         string
		change, slow float64
		off          func(plan.Job) float64
	}{
		{"steady", 0, 1, nil},
		{"steady, jobs off their estimates", 0, 1, golden},
		{"3x slower from a fifth of the way", 0.2 * cost / workers, 3, nil},
		{"3x slower from a fifth of the way, jobs off their estimates", 0.2 * cost / workers, 3, golden},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := simulate(t, p, workers, c.change, c.slow, c.off)
			t.Logf("%d lines checked; the sweep took %.1f s; at the first %.2fx, then %.2fx to %.2fx", s.checked, s.took, s.at10, s.lo, s.hi)
			if s.checked < 20 {
				t.Errorf("only %d lines checked (the sweep took %.1f s)", s.checked, s.took)
			}
		})
	}
}

// On the restarts preset's schedule (7,200 runs, 20 s on 2 workers), with
// each kind of job taking what its runs took against the model (experiment
// run -config restarts, 2026-11-26: dfs from the corner of 7x7 with
// fixed:49 took 1.88 times its estimate, with fixed:8065 0.88 and luby:49
// 0.89, 6x6 fixed:8065 1.29, 5x5 without restarts 0.12), the time left
// learns each kind's cost from its first jobs, which the schedule runs
// first (plan.Probes): 0.96x to 1.02x of the time truly left. Without
// the first jobs first, 0.74x at worst, before any job of 7x7 with
// fixed:49 has begun; without kinds, 0.70x (the real run's 0.71x at 16 s
// of 21).
func TestTimeLeftLearnsKinds(t *testing.T) {
	s := settings(t, "5-7", 5_000_000, "dfs", "warnsdorff-bt")
	var err error
	if s.Starts, err = plan.ParseStarts("0,0"); err != nil {
		t.Fatal(err)
	}
	s.Order, s.Tiebreaks, s.Trials, s.Timeout = "random", []string{"random"}, 300, time.Minute
	s.Restarts = []string{"none", "fixed:49", "fixed:8065", "luby:49"}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	p, err := plan.New(s)
	if err != nil {
		t.Fatal(err)
	}
	p.SetPace(plan.Pace{Default: 1.12})
	// The runs' mean nodes over the model's, by board and policy.
	took := map[[2]string]float64{
		{"5x5", "none"}: 30_200.0 / 244_000, {"5x5", "fixed:49"}: 7_560.0 / 8_800, {"5x5", "fixed:8065"}: 26_000.0 / 22_200, {"5x5", "luby:49"}: 9_350.0 / 9_370,
		{"6x6", "none"}: 2.89 / 2.97, {"6x6", "fixed:49"}: 3.63 / 3.70, {"6x6", "fixed:8065"}: 4.57 / 3.55, {"6x6", "luby:49"}: 3.12 / 3.22,
		{"7x7", "none"}: 4.67 / 4.62, {"7x7", "fixed:49"}: 2.46 / 1.31, {"7x7", "fixed:8065"}: 2.02 / 2.30, {"7x7", "luby:49"}: 1.66 / 1.88,
	}
	off := func(j plan.Job) float64 {
		if j.Strategy != "dfs" {
			return 1
		}
		return took[[2]string{j.Board.String(), j.Restarts.String()}]
	}
	r := simulate(t, p, 2, 0, 1, off)
	t.Logf("%d lines checked; the sweep took %.1f s; at the first %.2fx, then %.2fx to %.2fx", r.checked, r.took, r.at10, r.lo, r.hi)
	if r.checked < 5 {
		t.Errorf("only %d lines checked (the sweep took %.1f s)", r.checked, r.took)
	}
}

// simulated is what simulate saw of the time left after 10% of the runs:
// the ratio of the time left said to the time truly left at the first
// line, and the lowest and highest.
type simulated struct {
	checked      int
	at10, lo, hi float64
	took         float64
}

// simulate runs p's schedule on workers through a progress meter, each job
// taking its paced cost (times off, by its index, if off is set) until
// change seconds in and slow times it from then on, the clock the
// simulation's, and checks each line from 10% of the runs on, until the
// last tenth of the time (where a second is a large share): the time left
// is within 25% of the time that is left. After a change, lines are
// checked from a window after it, the window the meter measures the pace
// over (half the time so far, 30 s at least): before, the meter cannot
// tell a change from a spell.
func simulate(t *testing.T, p *plan.Plan, workers int, change, slow float64, off func(plan.Job) float64) simulated {
	t.Helper()
	total, cost, kinds := p.CostByKind(nil)
	var buf bytes.Buffer
	start := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return start.Add(time.Duration(s * float64(time.Second))) }
	m := progress.New(&buf, progress.Options{Name: "sweep", Unit: "runs", Total: total, TotalCost: cost, KindCost: kinds, Every: time.Second, Now: start})

	// The schedule: each worker takes the next job when it frees.
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
		// The part run before the change takes its time, the rest slow times it.
		d := j.Cost
		if off != nil {
			d *= off(j)
		}
		end := now + d
		if end > change {
			before := max(0, change-now)
			end = now + before + slow*(d-before)
		}
		heap.Push(&running, inFlightJob{end: end, id: j.Index, real: end - now})
	}
	for running.Len() > 0 {
		x := heap.Pop(&running).(inFlightJob)
		events = append(events, event{at: x.end, j: plan.Job{Index: x.id}, real: x.real})
	}
	end := events[len(events)-1].at

	s := simulated{lo: math.Inf(1), hi: math.Inf(-1), took: end}
	left := regexp.MustCompile(`\((\d+)%\).* about (\S+) left`)
	tick := 0.5
	for _, e := range events {
		for ; tick < e.at; tick += 0.5 {
			buf.Reset()
			m.Tick(at(tick))
			sm := left.FindStringSubmatch(buf.String())
			if sm == nil || end-tick < 0.1*end || change > 0 && tick-change < max(30, tick/2) {
				continue
			}
			if pct, _ := strconv.Atoi(sm[1]); pct < 10 {
				continue
			}
			said, err := time.ParseDuration(sm[2])
			if err != nil {
				t.Fatal(err)
			}
			r := said.Seconds() / (end - tick)
			if s.checked == 0 {
				s.at10 = r
			}
			s.checked++
			s.lo, s.hi = min(s.lo, r), max(s.hi, r)
			if r < 0.75 || r > 1.25 {
				t.Errorf("%.1f s in: %q: %.1f s were left (%.2fx)", tick, buf.String(), end-tick, r)
			}
		}
		if e.begin {
			m.BeginKind(e.j.Index, e.j.Kind, e.j.Cost, at(e.at))
		} else {
			m.End(e.j.Index, 0, e.real)
		}
	}
	return s
}

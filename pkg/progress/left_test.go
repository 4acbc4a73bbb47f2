package progress

import (
	"io"
	"math"
	"sort"
	"testing"
	"time"
)

// pacedRun is a simulated piece of work: 400 items, costliest first (as a
// sweep runs them: 20 s down to 0.4 s, 1,964 s of estimated cost in all),
// on 2 workers. An item takes its estimated cost times its own error
// (off, by item) times the machine's slowness while it runs: 1 until
// change seconds, slow from then on. The clock is the simulation's.
type pacedRun struct {
	change, slow float64
	off          func(i int) float64
}

// ratios are what a pacedRun's time left said: the ratio of the time left
// shown to the time truly left, at the first tick with a tenth of the work
// (by its estimated cost) done, and the lowest and highest from then on,
// until the last tenth of the run's time.
type ratios struct {
	at10, lo, hi float64
	ticks        int
	took         float64
}

func (r pacedRun) run() ratios {
	const n, workers = 400, 2
	type event struct {
		at    float64
		id    int64
		cost  float64
		real  float64
		begin bool
	}
	var events []event
	var free [workers]float64
	total := 0.0
	for i := range n {
		cost := 20 * math.Pow(0.99, float64(i))
		total += cost
		w := 0
		if free[1] < free[0] {
			w = 1
		}
		begin, d := free[w], cost
		if r.off != nil {
			d *= r.off(i)
		}
		// The part run before the change takes its time, the rest slow times it.
		end := begin + d
		if end > r.change {
			before := max(0, r.change-begin)
			end = begin + before + r.slow*(d-before)
		}
		free[w] = end
		events = append(events, event{at: begin, id: int64(i), cost: cost, begin: true},
			event{at: end, id: int64(i), real: end - begin})
	}
	// In time order, an end before a begin at the same moment: a worker
	// ends one item, then takes the next.
	sort.SliceStable(events, func(i, j int) bool {
		if events[i].at != events[j].at {
			return events[i].at < events[j].at
		}
		return !events[i].begin && events[j].begin
	})
	end := events[len(events)-1].at
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	m := New(io.Discard, Options{Name: "sim", Unit: "items", Total: n, TotalCost: total, Every: time.Second, Now: t0})
	res := ratios{lo: math.Inf(1), hi: math.Inf(-1), took: end}
	tick := 0.5
	for _, e := range events {
		for ; tick < e.at; tick += 0.5 {
			m.Tick(at(tick))
			left, ok := m.remaining(at(tick))
			if !ok || m.doneCost < 0.1*total || end-tick < 0.1*end || r.change > 0 && tick-r.change < m.window(at(tick)).Seconds() {
				continue
			}
			q := left / (end - tick)
			if res.ticks == 0 {
				res.at10 = q
			}
			res.ticks++
			res.lo, res.hi = min(res.lo, q), max(res.hi, q)
		}
		if e.begin {
			m.Begin(e.id, e.cost, at(e.at))
		} else {
			m.End(e.id, 0, e.real)
		}
	}
	return res
}

// The time left is within 25% of the time truly left once a tenth of the
// work is done (by its estimated cost), whether the pace holds or changes,
// the goal docs/performance.md measures the presets by; after a change,
// from a window after it (before, a change cannot be told from a spell).
//
// When the machine turns 3x slower at 5% of the work (49 s in, as on the
// run of dfs-vs-warnsdorff in docs/performance.md), a tenth of the work
// is done at 196 s. The time left as the meter computed it before, the
// time so far scaled by the work left over the work done (the whole run's
// average pace), said 0.71x there (0.71x to 0.96x after), 0.64x with the
// items off their estimates (below); when it turns 3x faster, 1.55x a
// window after the change (1.11x to 1.55x). Going by the pace of the last
// window, it says 1.08x (0.97x to 1.08x), 1.09x (0.90x to 1.19x) and
// 1.03x (0.94x to 1.03x).
//
// A steady pace must not be made noisier: the costliest items run first,
// so an estimate from a recent stretch swings as a large one ends, and
// more so when items take other than their estimate (here each is off by
// up to 50% either way, by the golden ratio's sequence, 1 on average).
// The whole run's average said 1.00x to 1.01x steady and 0.94x to 1.00x
// with the items off; the last window's says 0.98x to 1.03x and 0.94x to
// 1.11x.
func TestTimeLeftLearnsThePace(t *testing.T) {
	golden := func(i int) float64 { return 0.5 + math.Mod(float64(i)*0.6180339887, 1) }
	for _, c := range []struct {
		name string
		run  pacedRun
	}{
		{"steady", pacedRun{slow: 1}},
		{"steady, items off their estimate", pacedRun{slow: 1, off: golden}},
		{"3x slower from 5%", pacedRun{change: 49, slow: 3}},
		{"3x faster from 5%", pacedRun{change: 49, slow: 1.0 / 3}},
		{"3x slower from 5%, items off their estimate", pacedRun{change: 49, slow: 3, off: golden}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := c.run.run()
			t.Logf("%.0f s; at a tenth of the work %.2fx, then %.2fx to %.2fx over %d ticks", r.took, r.at10, r.lo, r.hi, r.ticks)
			if r.ticks < 100 || r.lo < 0.75 || r.hi > 1.25 {
				t.Errorf("time left %.2fx to %.2fx of the time truly left over %d ticks", r.lo, r.hi, r.ticks)
			}
		})
	}
}

// Each kind's work left counts at what its items done took against their
// estimate, worked out by hand. One worker runs 5 items of kind 0 (1 s
// estimated, 2 s taken each), then 5 of kind 1 (1 s, 1 s): 15 s for 10 s
// of estimate, a whole-run ratio of 1.5. Left: 5 items of kind 0 and 20 of
// kind 1, which will take 5*2 + 20*1 = 30 s. Kind 0's ratio, with
// kindPrior (2) items at the whole run's, is (10 + 2*1.5) / (5 + 2) =
// 13/7, kind 1's (5 + 3) / 7 = 8/7: over the whole run's, weights 26/21
// and 16/21, and (5*26/21 + 20*16/21) * 1.5 = 32.14 s. Without kinds,
// 25 * 1.5 = 37.5 s.
func TestKindsWeighTheirWorkLeft(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		kinds []float64
		want  float64
	}{
		{"kinds", []float64{10, 25}, (5*26.0/21 + 20*16.0/21) * 1.5},
		{"no kinds", nil, 37.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(io.Discard, Options{Total: 35, TotalCost: 35, KindCost: tc.kinds, Now: t0})
			now := t0
			for i := range 10 {
				kind, took := 0, 2*time.Second
				if i >= 5 {
					kind, took = 1, time.Second
				}
				m.BeginKind(int64(i), kind, 1, now)
				now = now.Add(took)
				m.End(int64(i), 0, took.Seconds())
			}
			got, ok := m.remaining(now)
			if !ok || math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("remaining %v (%v), want %v", got, ok, tc.want)
			}
		})
	}
}

package plan

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"knightsweep/pkg/restart"
)

// twoPoint is a run length that is short with probability p and long
// otherwise: the simplest distribution whose restarts pay.
type twoPoint struct{ short, long, p float64 }

func (d twoPoint) cdf(x float64) float64 {
	switch {
	case x >= d.long:
		return 1
	case x >= d.short:
		return d.p
	}
	return 0
}

func (d twoPoint) meanCapped(limit float64) float64 {
	return d.p*min(d.short, limit) + (1-d.p)*min(d.long, limit)
}

func (d twoPoint) draw(r *rand.Rand) float64 {
	if r.Float64() < d.p {
		return d.short
	}
	return d.long
}

func mustPolicy(t *testing.T, s string) restart.Policy {
	t.Helper()
	p, err := restart.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The expected nodes of a restarted run, worked out by hand.
func TestSeriesNodesByHand(t *testing.T) {
	inf := math.Inf(1)
	coin := twoPoint{short: 10, long: 1000, p: 0.2}
	for _, tc := range []struct {
		name   string
		policy string
		d      runLength
		limit  float64
		want   float64
	}{
		// A search that always exhausts after 100 nodes.
		{"no restarts", "none", fixedLength(100), inf, 100},
		{"no restarts, budget", "none", fixedLength(100), 60, 60},
		{"cutoff above the run", "fixed:150", fixedLength(100), inf, 100},
		// Every attempt is cut at 60: only the budget ends the run.
		{"cutoff below the run", "fixed:60", fixedLength(100), 1000, 1000},
		// Attempts of 30, 30, 60, 30, 30, 60 fail (240 nodes); the
		// seventh, of 120, ends after 100.
		{"luby reaches the run", "luby:30", fixedLength(100), inf, 340},
		// ... unless the budget ends the seventh after 50.
		{"luby, budget", "luby:30", fixedLength(100), 290, 290},
		// Geometric: 40, 80 fail, 160 ends after 100.
		{"geometric", "geometric:40,2", fixedLength(100), inf, 220},
		// Each attempt of 10 nodes finds with probability 0.2: 10/0.2.
		{"fixed, geometric series", "fixed:10", coin, inf, 50},
		// Attempts of 10, 10, 10 and 5 nodes, begun with probability 1,
		// 0.8, 0.64 and 0.512: 10 + 8 + 6.4 + 2.56.
		{"fixed, budget mid-attempt", "fixed:10", coin, 35, 26.96},
		// luby:10 is 10, 10, 20, ...: the first two cost 10 each, the
		// third 0.2*10 + 0.8*20 = 18, begun with 0.64; the budget of 40
		// stops it anyway: 10 + 8 + 0.64*18.
		{"luby, budget, random run", "luby:10", coin, 40, 10 + 8 + 0.64*18},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := seriesNodes(mustPolicy(t, tc.policy), tc.d, tc.limit)
			if math.Abs(got-tc.want) > 1e-9*tc.want {
				t.Errorf("seriesNodes(%s) = %v, want %v", tc.policy, got, tc.want)
			}
		})
	}
}

// The sum agrees with restarted runs simulated attempt by attempt, as the
// solver's restart driver runs them: each attempt draws its run length
// afresh and is cut at the policy's cutoff, the run at the budget.
func TestSeriesNodesSimulated(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		policy string
		d      twoPoint
		limit  float64
	}{
		{"luby:10", twoPoint{10, 1000, 0.05}, 5000},
		{"luby:10", twoPoint{10, 1000, 0.05}, math.Inf(1)},
		{"fixed:12", twoPoint{10, 1000, 0.05}, 310},
		{"geometric:8,1.5", twoPoint{50, 400, 0.1}, 2000},
		{"none", twoPoint{50, 400, 0.1}, 200},
	} {
		t.Run(fmt.Sprintf("%s/%g", tc.policy, tc.limit), func(t *testing.T) {
			p := mustPolicy(t, tc.policy)
			want := seriesNodes(p, tc.d, tc.limit)
			const runs = 40_000
			var sum, sumSq float64
			for range runs {
				var spent float64
				for i := int64(0); spent < tc.limit; i++ {
					x, c := tc.d.draw(r), float64(p.Cutoff(i))
					if c == 0 {
						c = math.Inf(1)
					}
					rest := tc.limit - spent
					if x <= c || rest <= c {
						spent += min(x, rest)
						break
					}
					spent += c
				}
				sum += spent
				sumSq += spent * spent
			}
			mean := sum / runs
			se := math.Sqrt((sumSq/runs - mean*mean) / runs)
			if math.Abs(mean-want) > 4*se+1e-9 {
				t.Errorf("simulated %.4g ± %.2g nodes, seriesNodes %.4g", mean, se, want)
			}
		})
	}
}

// A run of millions of attempts is priced, within its budget: a fixed
// cutoff sums in closed form, Luby's sequence by its blocks, a geometric
// one attempt by attempt up to maxAttempts (BenchmarkSeriesNodes times
// them).
func TestSeriesNodesLongRuns(t *testing.T) {
	d := randomOrderFind(64, false)
	for _, policy := range []string{"fixed:64", "luby:64", "geometric:64,1.01"} {
		got := seriesNodes(mustPolicy(t, policy), d, 1e12)
		if !(got > 0 && got <= 1e12) {
			t.Errorf("%s: %v nodes, want within (0, 1e12]", policy, got)
		}
	}
	// Without a budget, a search from a start without a tour under
	// Luby's sequence is priced past its 62nd block (cutoffs beyond any
	// int64) as one attempt without a cutoff.
	if got := seriesNodes(mustPolicy(t, "luby:1"), fixedLength(1e30), math.Inf(1)); !(got >= 1e30) {
		t.Errorf("luby:1 on an endless search: %v nodes, want at least 1e30", got)
	}
}

// The fitted distribution reproduces the measured fractions it was fitted
// to, within 25% from 72 nodes up, and the corner is the easier start.
func TestRandomOrderFind(t *testing.T) {
	for _, tc := range []struct {
		squares int
		c, f    float64 // the fraction of attempts with cutoff c that found a tour
	}{
		{25, 100, 0.0152}, {25, 1000, 0.072}, {25, 10_000, 0.327}, {25, 30_000, 0.552},
		{36, 72, 2.64e-4}, {36, 2000, 6.54e-3}, {36, 200_000, 0.158}, {36, 1_000_000, 0.325},
		{49, 98, 7.35e-5}, {49, 5000, 2.58e-3}, {49, 200_000, 0.0246}, {49, 1_000_000, 0.0491},
	} {
		d := randomOrderFind(tc.squares, true)
		if r := d.cdf(tc.c) / tc.f; r < 0.73 || r > 1.35 {
			t.Errorf("%d squares, corner: P(X <= %g) = %.3g, measured %.3g (%.2fx)", tc.squares, tc.c, d.cdf(tc.c), tc.f, r)
		}
	}
	// Five kinds of square of 6x6 other than the corner, 60 runs from
	// each: their fractions' geometric mean.
	for _, tc := range []struct{ c, f float64 }{{500, 6.0e-4}, {10_000, 7.5e-3}, {200_000, 0.05}} {
		d := randomOrderFind(36, false)
		if r := d.cdf(tc.c) / tc.f; r < 0.75 || r > 1.33 {
			t.Errorf("6x6, not a corner: P(X <= %g) = %.3g, measured %.3g (%.2fx)", tc.c, d.cdf(tc.c), tc.f, r)
		}
	}
	// Harder with every square, from every kind of start, within the
	// spreads measured.
	for _, corner := range []bool{true, false} {
		prev := randomOrderFind(9, corner)
		for squares := 10; squares <= 400; squares++ {
			d := randomOrderFind(squares, corner)
			if !(d.median > prev.median) || d.decades < prev.decades || d.decades < 0.5 || d.decades > 3 {
				t.Errorf("corner %v: %d squares %+v after %+v", corner, squares, d, prev)
			}
			prev = d
		}
	}
}

// Luby's sequence summed by blocks equals the same run summed attempt by
// attempt with the policy's own cutoffs, wherever the budget ends it.
func TestSeriesNodesLubyBlocks(t *testing.T) {
	finite := []float64{1, 100, 12_345, 1e5 + 3, 5e6}
	for _, tc := range []struct {
		d      runLength
		limits []float64
	}{
		{randomOrderFind(25, true), append(finite, math.Inf(1))},
		{randomOrderFind(36, true), finite},
		{randomOrderFind(49, false), finite}, // without a budget, 2^40 attempts
		{fixedLength(12_345), append(finite, math.Inf(1))},
		{twoPoint{10, 1000, 0.05}, append(finite, math.Inf(1))},
	} {
		for _, u := range []int64{1, 7, 49} {
			p := mustPolicy(t, fmt.Sprintf("luby:%d", u))
			for _, limit := range tc.limits {
				want := series{d: tc.d, limit: limit, survive: 1}
				for i := int64(0); !want.done; i++ {
					if i == 1<<20 {
						t.Fatalf("%+v, luby:%d, limit %g: a million attempts do not end the run", tc.d, u, limit)
					}
					want.attempt(float64(p.Cutoff(i)))
				}
				got := seriesNodes(p, tc.d, limit)
				if math.Abs(got-want.total) > 1e-9*want.total {
					t.Errorf("%+v, luby:%d, limit %g: %v by blocks, %v attempt by attempt", tc.d, u, limit, got, want.total)
				}
			}
		}
	}
}

// What pricing a run with a budget of 1e12 nodes costs the plan, by
// policy (docs/performance.md): 0.2 us under a fixed cutoff, 8 to 9 us
// under Luby's sequence, 2.5 ms under a geometric policy, whose 16,384
// attempts (maxAttempts) are added one by one.
func BenchmarkSeriesNodes(b *testing.B) {
	d := randomOrderFind(64, false)
	for _, policy := range []string{"fixed:64", "luby:1", "luby:64", "geometric:64,1.001"} {
		p, err := restart.Parse(policy)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(policy, func(b *testing.B) {
			for range b.N {
				seriesNodes(p, d, 1e12)
			}
		})
	}
}

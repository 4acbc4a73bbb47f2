package restart

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// exhausts is a search that always ends after n nodes: one from a start
// without a tour, which must exhaust the tree.
type exhausts float64

func (d exhausts) Attempt(c float64) (cost, end float64, ok bool) {
	if c >= float64(d) {
		return float64(d), 1, true
	}
	return c, 0, true
}

// twoPoint is a run length that is short with probability p and long
// otherwise: the simplest distribution whose restarts pay.
type twoPoint struct{ short, long, p float64 }

func (d twoPoint) Attempt(c float64) (cost, end float64, ok bool) {
	cost = d.p*min(d.short, c) + (1-d.p)*min(d.long, c)
	switch {
	case c >= d.long:
		end = 1
	case c >= d.short:
		end = d.p
	}
	return cost, end, true
}

func (d twoPoint) draw(r *rand.Rand) float64 {
	if r.Float64() < d.p {
		return d.short
	}
	return d.long
}

// power is a heavy-tailed run length, P(X <= c) = sqrt(c/scale) up to
// scale, so E[min(X, c)] = c - (2/3) c sqrt(c/scale).
type power float64

func (d power) Attempt(c float64) (cost, end float64, ok bool) {
	s := float64(d)
	if c >= s {
		return s / 3, 1, true
	}
	f := math.Sqrt(c / s)
	return c - 2.0/3*c*f, f, true
}

// unseen prices no cutoff above max: the runs of a sweep censored there.
type unseen struct {
	Attempts
	max float64
}

func (d unseen) Attempt(c float64) (cost, end float64, ok bool) {
	if c > d.max {
		return 0, 0, false
	}
	return d.Attempts.Attempt(c)
}

func mustParse(t testing.TB, s string) Policy {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// byAttempt is the definition, attempt by attempt with the policy's own
// cutoffs, for at most most attempts: the sum Expected must equal.
func byAttempt(p Policy, d Attempts, limit float64, most int64) (total float64, ended bool) {
	survive, spent := 1.0, 0.0
	for i := int64(0); i < most; i++ {
		c := float64(p.Cutoff(i))
		if c == 0 {
			c = math.Inf(1)
		}
		if rest := limit - spent; rest < c {
			cost, _, _ := d.Attempt(rest)
			return total + survive*cost, true
		}
		cost, end, _ := d.Attempt(c)
		total += survive * cost
		survive *= 1 - end
		spent += c
		if survive <= settled {
			return total, true
		}
	}
	return total, false
}

// The expected nodes of a restarted run, worked out by hand.
func TestExpectedByHand(t *testing.T) {
	inf := math.Inf(1)
	coin := twoPoint{short: 10, long: 1000, p: 0.2}
	for _, tc := range []struct {
		name   string
		policy string
		d      Attempts
		limit  float64
		want   float64
	}{
		{"no restarts", "none", exhausts(100), inf, 100},
		{"no restarts, budget", "none", exhausts(100), 60, 60},
		{"cutoff above the run", "fixed:150", exhausts(100), inf, 100},
		// Every attempt is cut at 60: only the budget ends the run.
		{"cutoff below the run", "fixed:60", exhausts(100), 1000, 1000},
		{"cutoff below the run, no budget", "fixed:60", exhausts(100), inf, inf},
		// Attempts of 30, 30, 60, 30, 30, 60 fail (240 nodes); the
		// seventh, of 120, ends after 100.
		{"luby reaches the run", "luby:30", exhausts(100), inf, 340},
		// ... unless the budget ends the seventh after 50.
		{"luby, budget", "luby:30", exhausts(100), 290, 290},
		// Geometric: 40, 80 fail, 160 ends after 100.
		{"geometric", "geometric:40,2", exhausts(100), inf, 220},
		// Each attempt of 10 nodes finds with probability 0.2: 10/0.2.
		{"fixed, geometric series", "fixed:10", coin, inf, 50},
		// Attempts of 10, 10, 10 and 5 nodes, begun with probability 1,
		// 0.8, 0.64 and 0.512: 10 + 8 + 6.4 + 2.56.
		{"fixed, budget mid-attempt", "fixed:10", coin, 35, 26.96},
		// luby:10 is 10, 10, 20, ...: the first two cost 10 each, the
		// third 0.2*10 + 0.8*20 = 18, begun with 0.64; the budget of 40
		// stops it anyway: 10 + 8 + 0.64*18.
		{"luby, budget, random run", "luby:10", coin, 40, 10 + 8 + 0.64*18},
		// A cutoff that stays at 1 (factor 1 + 1e-10) where a run needs
		// 25 nodes: only the budget ends it, however many attempts.
		{"geometric, factor near 1", "geometric:1,1.0000000001", exhausts(25), 3.6e8, 3.6e8},
		// Half the runs find in 1 node, half in 3: unit 1 tries 1 (cost
		// 1, end 1/2), 1, 2 (cost 1.5), 1, 1, 2, then 4 (cost 2, end 1):
		// 1 + 1/2 + 1.5/4 + 1/8 + 1/16 + 1.5/32 + 2/64.
		{"luby, by the blocks", "luby:1", twoPoint{1, 3, 0.5}, inf, 2.140625},
		// A run of 3*2^60 nodes, past every cutoff up to 2^61: the first
		// 2^63-2 attempts (B_63 but its last) fail, costing twice B_62's
		// 62*2^61 nodes; the attempt of 2^62 ends it.
		{"luby, a run past 2^61 nodes", "luby:1", exhausts(3 << 60), inf, 62<<62 + 3<<60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := mustParse(t, tc.policy).Expected(tc.d, tc.limit)
			if got != tc.want && math.Abs(got-tc.want) > 1e-9*tc.want {
				t.Errorf("%s: %v, want %v", tc.policy, got, tc.want)
			}
		})
	}
}

// The sum agrees with restarted runs simulated attempt by attempt, as the
// solver's restart driver runs them: each attempt draws its run length
// afresh and is cut at the policy's cutoff, the run at the budget.
func TestExpectedSimulated(t *testing.T) {
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
			p := mustParse(t, tc.policy)
			want := p.Expected(tc.d, tc.limit)
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
				t.Errorf("simulated %.4g ± %.2g nodes, Expected %.4g", mean, se, want)
			}
		})
	}
}

// Luby's sequence by its blocks, and a geometric policy by its runs of a
// cutoff, equal the sum attempt by attempt with the policy's own cutoffs,
// wherever the budget ends it; within 1% of it where the runs may group
// cutoffs 1% apart.
func TestExpectedAgreesAttemptByAttempt(t *testing.T) {
	finite := []float64{1, 100, 12_345, 1e5 + 3, 5e6}
	for _, tc := range []struct {
		d      Attempts
		limits []float64
	}{
		{power(1e6), append(finite, math.Inf(1))},
		{power(1e12), finite},
		{exhausts(12_345), append(finite, math.Inf(1))},
		{twoPoint{10, 1000, 0.05}, append(finite, math.Inf(1))},
	} {
		for _, policy := range []string{"luby:1", "luby:7", "luby:49", "geometric:1,1.001", "geometric:20,1.3"} {
			p := mustParse(t, policy)
			for _, limit := range tc.limits {
				want, ended := byAttempt(p, tc.d, limit, 1<<21)
				if !ended {
					t.Fatalf("%+v, %s, limit %g: two million attempts do not end the run", tc.d, policy, limit)
				}
				if got := p.Expected(tc.d, limit); math.Abs(got-want) > 1e-9*want {
					t.Errorf("%+v, %s, limit %g: %v, %v attempt by attempt", tc.d, policy, limit, got, want)
				}
				if got := p.ExpectedWithin(tc.d, limit, 0.01); math.Abs(got-want) > 0.01*want {
					t.Errorf("%+v, %s, limit %g: %v within 1%%, %v attempt by attempt", tc.d, policy, limit, got, want)
				}
			}
		}
	}
}

// ExpectedWithin prices each run of a geometric policy's attempts at its
// first cutoff c: the attempts from i on whose unrounded cutoff C F^j stays
// below the larger of c+1 and (1+tol) C F^i. Summed here attempt by
// attempt, the same value; the exact sum (tol 0) differs from it by more
// than a thousandth.
func TestExpectedWithinPricesRunsAtTheirFirstCutoff(t *testing.T) {
	const tol = 0.01
	p := mustParse(t, "geometric:100,1.001")
	d := power(1e6)
	for _, limit := range []float64{math.Inf(1), 2e7} {
		want, survive, spent := 0.0, 1.0, 0.0
		for i := int64(0); survive > settled; {
			c := float64(p.Cutoff(i))
			u := 100 * math.Pow(1.001, float64(i))
			end := max(c+1, (1+tol)*u)
			for j := i; survive > settled && 100*math.Pow(1.001, float64(j)) < end; j++ {
				if limit-spent < c {
					cost, _, _ := d.Attempt(limit - spent)
					want += survive * cost
					survive = 0
					break
				}
				cost, f, _ := d.Attempt(c)
				want += survive * cost
				survive *= 1 - f
				spent += c
				i = j + 1
			}
		}
		got := p.ExpectedWithin(d, limit, tol)
		if math.Abs(got-want) > 1e-9*want {
			t.Errorf("limit %g: %.12g, %.12g attempt by attempt", limit, got, want)
		}
		if exact := p.Expected(d, limit); math.Abs(exact-want) < 1e-3*want {
			t.Errorf("limit %g: %.12g within %g, %.12g exactly: too close for the runs to be told apart", limit, want, tol, exact)
		}
	}
}

// Where the distribution cannot price a cutoff (runs censored below it),
// a run that reaches such an attempt with a chance above 1e-9 has no
// expected cost; one that has surely ended before has.
func TestExpectedUnknown(t *testing.T) {
	coin := unseen{twoPoint{1, 3, 0.5}, 4}
	for _, tc := range []struct {
		policy string
		d      Attempts
		nan    bool
	}{
		{"fixed:2", coin, false},
		{"fixed:5", coin, true},
		{"luby:1", coin, false},                    // 1, 1, 2, 1, 1, 2, then 4 ends every run
		{"luby:1", unseen{coin, 1.5}, true},        // reaches the attempt of 2 with a chance of 1/4
		{"geometric:1,2", coin, false},             // 1, 2, then 4 ends every run ...
		{"geometric:1,2", unseen{coin, 3.5}, true}, // ... which runs stopped at 3.5 cannot price
		{"none", unseen{exhausts(10), 5}, true},
	} {
		got := mustParse(t, tc.policy).Expected(tc.d, math.Inf(1))
		if math.IsNaN(got) != tc.nan {
			t.Errorf("%s over %+v: %v; NaN wanted: %v", tc.policy, tc.d, got, tc.nan)
		}
	}
}

// What pricing a run with a budget of 1e12 nodes costs, by policy
// (docs/performance.md).
func BenchmarkExpected(b *testing.B) {
	d := power(1e15)
	for _, policy := range []string{"fixed:64", "luby:1", "luby:64", "geometric:64,1.001", "geometric:2,1.0001"} {
		p := mustParse(b, policy)
		b.Run(policy, func(b *testing.B) {
			for range b.N {
				p.ExpectedWithin(d, 1e12, 0.01)
			}
		})
	}
}

// A geometric policy that grows slowly keeps a rounded cutoff for a few
// attempts, then one attempt a cutoff, far past the 65,536 runs of a
// cutoff that the sum takes one by one: geometric:1000,1.00001 over runs
// that all find their tour at a million nodes makes 690,777 attempts below
// a million first. The sum went on with one attempt without a cutoff and
// gave 6.55e9 where attempt by attempt gives 9.99e10; it now goes on in
// wider runs of cutoffs, and the error it states bounds its distance from
// the sum attempt by attempt, and is small.
func TestExpectedSlowGeometric(t *testing.T) {
	for _, tc := range []struct {
		d      Attempts
		policy string
		limit  float64
	}{
		{exhausts(1e6), "geometric:1000,1.00001", math.Inf(1)},
		{exhausts(1e6), "geometric:1000,1.00001", 5e10},
		{twoPoint{3e5, 2e6, 0.3}, "geometric:1000,1.00001", math.Inf(1)},
		{twoPoint{3e5, 2e6, 0.3}, "geometric:10,1.00002", math.Inf(1)},
		{power(1e7), "geometric:1,1.00003", math.Inf(1)},
	} {
		t.Run(fmt.Sprintf("%s/%v/%g", tc.policy, tc.d, tc.limit), func(t *testing.T) {
			p := mustParse(t, tc.policy)
			want, ended := byAttempt(p, tc.d, tc.limit, 1<<23)
			if !ended {
				t.Fatal("eight million attempts do not end the run")
			}
			got, bound := p.ExpectedBound(tc.d, tc.limit)
			if math.Abs(got-want) > bound+1e-9*want || bound > 1e-4*want {
				t.Errorf("%g ± %g, %g attempt by attempt", got, bound, want)
			}
			if e := p.Expected(tc.d, tc.limit); e != got {
				t.Errorf("Expected %g, ExpectedBound %g", e, got)
			}
		})
	}
}

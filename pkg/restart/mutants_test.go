package restart

import (
	"math"
	"testing"
)

// Past maxRuns runs of one cutoff, a geometric policy's attempts are
// summed in wide runs. On a stretch where no run length lies, an attempt
// cut off at c ends the run with the same chance p at every c and costs
// E[min(X, c)] = p + (1-p) c, a straight line: the chord wide prices the
// run on is exact, and its only error is each cutoff's rounding, floor(u)
// taken as u - 1/2, at most (1-p)/2 an attempt. So the bound ExpectedBound
// states is (1-p)/2 for each attempt summed wide, weighted by the chance
// the run reaches it:
//
//	sum_{i >= i0} (1-p)^i (1-p)/2 = (1-p)^(i0+1) / (2p)
//
// with i0 the first attempt of the 65,537th run. The rounding errors, of
// either sign and spread evenly, cancel like a random walk's steps: over
// the 1/p = 10^4 attempts the sum rests on, about 1/sqrt(10^4) of the
// bound; the sum is held to a twentieth of it.
func TestExpectedBoundWideOnStraightStretch(t *testing.T) {
	// firstWide is i0: the first attempt of the 65,537th distinct cutoff
	// floor(C F^i), as Cutoff defines it (the cutoffs only grow).
	firstWide := func(c, f float64) int64 {
		runs, prev := 0, -1.0
		for i := int64(0); ; i++ {
			if cut := math.Floor(c * math.Pow(f, float64(i))); cut != prev {
				if runs, prev = runs+1, cut; runs == maxRuns+1 {
					return i
				}
			}
		}
	}
	for _, tc := range []struct {
		name   string
		policy string
		c, f   float64
		p      float64
		i0     int64
		// sum: whether the expected nodes are checked too. Where the
		// chance of going on falls no faster than the cutoffs grow
		// ((1-p) F = 1 - 1e-10), what lies past the chance 1e-13 at which
		// the run is taken to have ended is not negligible, and where
		// the sum stops decides it.
		sum bool
	}{
		// The cutoffs grow by 10 nodes or more an attempt: every attempt
		// is a run of its own, and attempt 65,536 the first summed wide.
		{"each attempt its own run", "geometric:1000000,1.00001", 1e6, 1.00001, 1e-4, 65536, true},
		// The cutoffs grow by less than a node an attempt until 10^5:
		// every cutoff from 1000 on is a run, the 65,537th is 66,536.
		{"runs of a hundred attempts", "geometric:1000,1.00001", 1000, 1.00001, 1e-5, 419777, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if i0 := firstWide(tc.c, tc.f); i0 != tc.i0 {
				t.Fatalf("the 65,537th cutoff begins at attempt %d, not %d", i0, tc.i0)
			}
			d := twoPoint{1, 1e18, tc.p}
			p := mustParse(t, tc.policy)
			wantBound := math.Pow(1-tc.p, float64(tc.i0+1)) / (2 * tc.p)
			got, bound := p.ExpectedBound(d, math.Inf(1))
			if math.Abs(bound-wantBound) > 1e-9*wantBound {
				t.Errorf("bound %.10g, by hand %.10g", bound, wantBound)
			}
			if !tc.sum {
				return
			}
			for _, limit := range []float64{math.Inf(1), 1e11, 2e11} {
				want, ended := byAttempt(p, d, limit, 1<<22)
				if !ended {
					t.Fatal("four million attempts do not end the run")
				}
				got, bound := got, bound
				if !math.IsInf(limit, 1) {
					// A budget ends the wide runs early; those it
					// ends in are taken apart and summed exactly.
					got, bound = p.ExpectedBound(d, limit)
					if bound <= 0 || bound > wantBound {
						t.Errorf("limit %g: bound %g, not in (0, %g]", limit, bound, wantBound)
					}
				}
				if math.Abs(got-want) > bound/20 {
					t.Errorf("limit %g: %.15g ± %.4g, %.15g attempt by attempt", limit, got, bound, want)
				}
			}
		})
	}
}

// steps is a run length that takes the lengths x[i] with chances p[i] (x
// ascending), and never ends with the chance left.
type steps struct{ x, p []float64 }

func (d steps) Attempt(c float64) (cost, end float64, ok bool) {
	left := 1.0
	for i, x := range d.x {
		cost += d.p[i] * min(x, c)
		if x <= c {
			end += d.p[i]
		}
		left -= d.p[i]
	}
	return cost + left*c, end, true
}

// A run length inside the stretch summed wide: the wide run holding it is
// taken apart, down to single attempts around it, each summed exactly,
// and the runs on either side are straight again. The sum stays within a
// twentieth of its bound of the sum attempt by attempt, as on a straight
// stretch (TestExpectedBoundWideOnStraightStretch).
func TestExpectedWideAcrossRunLength(t *testing.T) {
	// geometric:1000000,1.00001 sums attempts wide from attempt 65,536,
	// cutoff 1,925,829; one run in a thousand takes 2.5 million nodes,
	// reached at attempt 91,630, after 1.5e11 nodes.
	d := steps{[]float64{1, 2.5e6}, []float64{1e-4, 1e-3}}
	p := mustParse(t, "geometric:1000000,1.00001")
	for _, limit := range []float64{math.Inf(1), 1e11, 1.4e11} {
		want, ended := byAttempt(p, d, limit, 1<<22)
		if !ended {
			t.Fatal("four million attempts do not end the run")
		}
		got, bound := p.ExpectedBound(d, limit)
		if bound <= 0 || math.Abs(got-want) > bound/20 {
			t.Errorf("limit %g: %.15g ± %.4g, %.15g attempt by attempt", limit, got, bound, want)
		}
	}
}

// A wide run that ends on the last attempt below a run length L, the
// next run starting at L: every run on either side is straight (below L
// the chance of ending is p at both ends, from L on it is 1), so none is
// taken apart, and the bound is the rounding's (1-p)/2 an attempt, as on
// a straight stretch (TestExpectedBoundWideOnStraightStretch), summed
// over the attempts from i0, the first summed wide, to iL, the first of
// L or more:
//
//	sum_{i0 <= i < iL} (1-p)^i (1-p)/2 = ((1-p)^(i0+1) - (1-p)^(iL+1)) / (2p)
//
// geometric:1000000,1.00001 sums wide from attempt 65,536 in runs of 100
// attempts (cutoffs 0.1% apart: log(1.001)/log(1.00001) = 99.95); iL is
// 20 runs on.
func TestExpectedBoundWideRunEndsBelowRunLength(t *testing.T) {
	const (
		i0 = 65536
		iL = i0 + 20*100
		p  = 1e-4
	)
	pol := mustParse(t, "geometric:1000000,1.00001")
	d := twoPoint{1, float64(pol.Cutoff(iL)), p}
	if pol.Cutoff(iL-1) >= pol.Cutoff(iL) {
		t.Fatalf("attempt %d's cutoff %d is not below attempt %d's", iL-1, pol.Cutoff(iL-1), iL)
	}
	wantBound := (math.Pow(1-p, i0+1) - math.Pow(1-p, iL+1)) / (2 * p)
	got, bound := pol.ExpectedBound(d, math.Inf(1))
	if math.Abs(bound-wantBound) > 1e-9*wantBound {
		t.Errorf("bound %.10g, by hand %.10g", bound, wantBound)
	}
	want, ended := byAttempt(pol, d, math.Inf(1), iL+1)
	if !ended {
		t.Fatalf("attempt %d, of cutoff L, does not end the run", iL)
	}
	if math.Abs(got-want) > bound {
		t.Errorf("%.15g ± %.4g, %.15g attempt by attempt", got, bound, want)
	}
}

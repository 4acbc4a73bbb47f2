package runlength

import (
	"math"
	"testing"
)

// The tail holds the largest tenth of the runs, at least 10, as
// docs/report.md says, also where runs tie at the threshold: 7x7
// warnsdorff-bt in the restarts preset has 64 of its 300 runs at 291,614
// nodes, the 30th largest among them, and the fit took only the 9 runs
// above them. The threshold now goes below the tied runs, which join the
// tail whole: 73 runs, all longer than it.
func TestTailIndexTies(t *testing.T) {
	var runs []Run
	for i := range 9 {
		runs = append(runs, Run{Nodes: 300_000 + int64(i)*200_000})
	}
	for range 64 {
		runs = append(runs, Run{Nodes: 291_614})
	}
	for i := range 227 {
		runs = append(runs, Run{Nodes: 1000 + int64(i)*1000})
	}
	tl := TailIndex(runs)
	if !tl.OK || tl.Tail != 73 || tl.Threshold != 227_000 || tl.Uncensored != 73 {
		t.Errorf("tail of %d runs above %g (%d found a tour), want 73 above 227,000: %+v", tl.Tail, tl.Threshold, tl.Uncensored, tl)
	}
	// Every run ties: no tail to fit, as before.
	same := make([]Run, 40)
	for i := range same {
		same[i] = Run{Nodes: 36}
	}
	if tl := TailIndex(same); tl.OK || tl.Tail != 0 {
		t.Errorf("40 runs of 36 nodes: %+v", tl)
	}
}

// Garwood's interval where the tail holds censored runs, its ends worked
// out from chi-squared tables: 20 runs, the largest two stopped by a
// budget of 1,000 nodes, so the tail grows past 10 runs until 10 of them
// found a tour: 12 runs above u = 100, d = 10, and
//
//	T = 2 ln 10 + ln 8 + ln 7 + ln 6 + ln 5 + ln 4 + ln 3 + ln 2.5 + ln 2 + ln 1.5 + ln 1.2
//
// The index is d/T, the interval [χ²(0.025; 2d), χ²(0.975; 2d+2)] / 2T,
// χ²(0.025; 20) = 9.59078 and χ²(0.975; 22) = 36.7807 (with 20 degrees of
// freedom above, 34.1696, the interval would be too short).
func TestTailIndexGarwood(t *testing.T) {
	runs := []Run{{Nodes: 1000, Outcome: RunCensored}, {Nodes: 1000, Outcome: RunCensored}}
	for _, x := range []int64{800, 700, 600, 500, 400, 300, 250, 200, 150, 120, 100, 90, 80, 70, 60, 50, 40, 30} {
		runs = append(runs, Run{Nodes: x})
	}
	sum := 2 * math.Log(10)
	for _, r := range []float64{8, 7, 6, 5, 4, 3, 2.5, 2, 1.5, 1.2} {
		sum += math.Log(r)
	}
	tl := TailIndex(runs)
	rel := func(got, want float64) bool { return math.Abs(got-want) <= 1e-5*want }
	if !tl.OK || tl.Exact || tl.Tail != 12 || tl.Uncensored != 10 || tl.Threshold != 100 ||
		!rel(tl.Index, 10/sum) || !rel(tl.Lo, 9.59078/(2*sum)) || !rel(tl.Hi, 36.7807/(2*sum)) {
		t.Errorf("%+v, want index %g in %g–%g", tl, 10/sum, 9.59078/(2*sum), 36.7807/(2*sum))
	}
	// Without censoring the interval is exact: both ends with 2d degrees
	// of freedom (20 runs above u = 100... of which the largest two found
	// their tour at 1,000): χ²(0.975; 20) = 34.1696.
	for i := range 2 {
		runs[i].Outcome = RunFound
	}
	tl = TailIndex(runs)
	if !tl.OK || !tl.Exact || tl.Tail != 10 || !rel(tl.Hi, 34.1696/(2*tailSum(runs[:10], 150))) {
		t.Errorf("uncensored: %+v", tl)
	}
}

func tailSum(runs []Run, u float64) float64 {
	var s float64
	for _, r := range runs {
		s += math.Log(float64(r.Nodes) / u)
	}
	return s
}

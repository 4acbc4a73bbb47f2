package runlength

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"knightsweep/pkg/stats/format"
)

// Tail is an estimate of the tail index α of run lengths: P(nodes > x)
// falls like x^-α among the largest runs. Below 1 the mean run length is
// infinite (what a run costs on average grows with the budget), below 2 the
// variance is.
type Tail struct {
	// OK is false when there is no estimate; Why says why.
	OK  bool
	Why string
	// Index is the estimate, Lo and Hi its 95% interval.
	Index, Lo, Hi float64
	// Threshold is the run length above which the tail is fitted; Tail
	// the runs above it, Uncensored those of them that found a tour.
	Threshold        float64
	Tail, Uncensored int
	Censored, Runs   int
	// Exact is true when no run of the tail was censored: the interval is
	// then exact for a Pareto tail, Garwood's otherwise.
	Exact bool
	// Span is the ratio of the longest run of the tail (a censored one's
	// budget) to the threshold: the stretch the index describes. Heavy
	// claims nothing over less than MinSpan: on a short stretch any tail,
	// an exponential one too, fits some power law.
	Span float64
}

// MinSpan is the shortest stretch, as the ratio of the longest run to the
// threshold, over which a power law is called heavy: a decade.
const MinSpan = 10

// Minimum tail sizes: the tail holds at least a tenth of the runs and at
// least minTail, and, where runs were stopped by the budget, enough more
// for a tenth of the runs, and at least minTailEvents, to have found a
// tour in it. A tail of fewer than minExceedances distinct lengths above
// the threshold (ties at it, as when most runs take the same course) is no
// tail.
const (
	minTail        = 10
	minTailEvents  = 10
	minExceedances = 5
)

// TailIndex estimates the tail index of the lengths of runs that found a
// tour or were stopped by a budget (runs that failed for good have no
// length to a tour and are left out). It is Hill's estimator (Hill 1975)
// in its censored form, which is also the maximum-likelihood estimate of a
// Pareto tail above the threshold: with u the (k+1)-th largest length, the
// k runs above it contribute log(x/u) each to T, the d of them that found a
// tour are events, and α = d / T. The threshold takes k as a tenth of the
// runs (at least minTail), raised where the largest runs were censored
// until d is a tenth of the runs (at least minTailEvents), and raised past
// runs tied with the k-th largest, which join the tail whole. It is not
// lowered further for a tail spanning MinSpan: that would make the runs of
// fixed-cutoff restarts, whose tail is exponential, look heavy (the body is
// no tail).
//
// The interval: for a Pareto tail without censoring, 2αT follows a
// chi-squared law with 2d degrees of freedom exactly (Rényi's
// representation of the spacings), so [χ²(0.025; 2d), χ²(0.975; 2d)] / 2T
// is an exact 95% interval. With censored runs in the tail, d given the
// exposure T behaves as a Poisson count, and the interval is Garwood's,
// whose upper end takes 2d+2 degrees of freedom (a little conservative).
func TailIndex(runs []Run) Tail {
	var z []Run
	t := Tail{}
	for _, r := range runs {
		if r.Outcome == RunFailed {
			continue
		}
		z = append(z, r)
		if r.Outcome == RunCensored {
			t.Censored++
		}
	}
	t.Runs = len(z)
	if len(z) < 2*minTail {
		t.Why = fmt.Sprintf("%d runs that found a tour or were stopped, fewer than %d", len(z), 2*minTail)
		return t
	}
	slices.SortFunc(z, func(a, b Run) int { return cmp.Compare(b.Nodes, a.Nodes) })
	k := max(minTail, len(z)/10)
	events := 0
	for _, r := range z[:k] {
		if r.Outcome == RunFound {
			events++
		}
	}
	for want := max(minTailEvents, len(z)/10); k < len(z)-1 && events < want; k++ {
		if z[k].Outcome == RunFound {
			events++
		}
	}
	// Runs tied with the tail's shortest join it whole, so that the
	// threshold lies below them: else the tie would leave the tail (only
	// runs longer than u are in it), and 64 runs at one length, the 30th
	// largest among them, left a tail of 9 runs, not the tenth promised.
	for k < len(z)-1 && z[k].Nodes == z[k-1].Nodes {
		k++
	}
	u := z[k].Nodes
	if u <= 0 {
		u = 1
	}
	var sum float64
	d, n := 0, 0
	for _, r := range z[:k] {
		if r.Nodes <= u {
			break
		}
		n++
		sum += math.Log(float64(r.Nodes) / float64(u))
		if r.Outcome == RunFound {
			d++
		}
	}
	t.Threshold, t.Tail, t.Uncensored = float64(u), n, d
	t.Span = float64(z[0].Nodes) / float64(u)
	switch {
	case n == 0:
		t.Why = fmt.Sprintf("the largest runs all took %s nodes: no tail to fit", format.Count(float64(u)))
		return t
	case n < minExceedances:
		are := "runs are"
		if n == 1 {
			are = "run is"
		}
		t.Why = fmt.Sprintf("only %d %s longer than the %s nodes most took: too few for a tail", n, are, format.Count(float64(u)))
		return t
	case d == 0:
		t.Why = fmt.Sprintf("none of the %d largest runs found a tour (all stopped by the budget)", n)
		return t
	}
	t.OK = true
	t.Index = float64(d) / sum
	t.Exact = d == n
	t.Lo = distuv.ChiSquared{K: float64(2 * d)}.Quantile(0.025) / (2 * sum)
	hiDF := 2 * d
	if d < n {
		hiDF += 2
	}
	t.Hi = distuv.ChiSquared{K: float64(hiDF)}.Quantile(0.975) / (2 * sum)
	return t
}

// Heaviness is what a tail index's interval supports.
type Heaviness int

// The verdicts Heavy gives.
const (
	// CannotTell: the data cannot tell (the zero value).
	CannotTell Heaviness = iota
	// HeavyMean: the index is below 1, so the mean grows with the budget.
	HeavyMean
	// HeavyVariance: below 2 but not surely below 1, so the variance
	// grows with the budget.
	HeavyVariance
	// NotHeavy: above 2, not heavy-tailed.
	NotHeavy
)

// IsHeavy reports whether h says heavy-tailed.
func (h Heaviness) IsHeavy() bool { return h == HeavyMean || h == HeavyVariance }

// Heavy reports what the interval supports. Heavy claims need a tail that
// spans MinSpan.
func (t Tail) Heavy() Heaviness {
	switch {
	case !t.OK || !t.InTail():
		return CannotTell
	case t.Hi < 1 && t.Span >= MinSpan:
		return HeavyMean
	case t.Hi < 2 && t.Span >= MinSpan:
		return HeavyVariance
	case t.Lo > 2:
		return NotHeavy
	}
	return CannotTell
}

// InTail reports whether the fitted runs are a tail: at most half the
// runs lie above the threshold. Where most runs were stopped by the
// budget, the threshold comes down to find tours, and the fit spans the
// body of the distribution: a flat stretch of its first few percent, which
// a Pareto law of tiny index and an exponential law of large mean fit
// alike (exponential run lengths with 93% of runs stopped fit as
// heavy-tailed, index 0.02, in most samples). Only a larger budget shows
// the tail.
func (t Tail) InTail() bool {
	return 2*t.Tail <= t.Runs
}

// Verdict says in words what the tail index supports, and no more.
func (t Tail) Verdict() string {
	if !t.OK {
		return "no tail estimate: " + t.Why
	}
	iv := fmt.Sprintf("tail index %s, 95%% CI %s–%s, from the %d largest runs (%d found a tour)",
		format.Count(t.Index), format.Count(t.Lo), format.Count(t.Hi), t.Tail, t.Uncensored)
	switch t.Heavy() {
	case HeavyMean:
		return "heavy-tailed: " + iv + "; below 1, so the mean run length grows with the budget"
	case HeavyVariance:
		v := "heavy-tailed: " + iv + "; below 2, so the variance grows with the budget"
		if t.Lo > 1 {
			return v + ", the mean does not"
		}
		return v + "; whether the mean does (index below 1), the interval does not say"
	case NotHeavy:
		return "not heavy-tailed: " + iv + "; above 2, mean and variance settle as the budget grows"
	}
	if !t.InTail() {
		return fmt.Sprintf("cannot tell whether heavy-tailed: %s, but %d of the %d runs were stopped by the budget, so the fit spans the body of the distribution (%d of its %d runs), not its tail, and a light tail fits it as well: a larger budget would show the tail",
			iv, t.Censored, t.Runs, t.Tail, t.Runs)
	}
	if t.Hi < 2 {
		return fmt.Sprintf("cannot tell whether heavy-tailed: %s, but over a stretch of only %s times the threshold (%s nodes): too short to call it a power law, which any tail resembles over a short stretch",
			iv, format.Count(t.Span), format.Count(t.Threshold))
	}
	return "cannot tell whether heavy-tailed: " + iv + "; the interval includes 2"
}

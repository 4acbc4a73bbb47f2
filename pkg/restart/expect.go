package restart

import "math"

// Attempts is a run-length distribution as restarts see it: the cost
// model's guess of a search's run length (package plan) or the runs a
// sweep measured (package stats).
type Attempts interface {
	// Attempt returns what an attempt cut off after c nodes (+Inf: never)
	// costs on average, E[min(X, c)], and the probability that it ends the
	// run, having found a tour (or, where the search can tell, proved
	// there is none); ok is false where the distribution cannot say (a
	// cutoff past what its runs observed).
	Attempt(c float64) (cost, end float64, ok bool)
}

// Expected returns the expected nodes of a run under p whose attempts draw
// their run lengths afresh from d, with at most limit nodes in all (+Inf:
// no budget). Attempt i ends the run with probability F(c_i) at an
// average cost of E[min(X, c_i)]; else it spends exactly c_i. So
//
//	E = sum_i S_i E[min(X, min(c_i, limit - c_0 - ... - c_{i-1}))]
//
// with S_i the probability that attempts 0..i-1 all failed. +Inf when no
// attempt can end an unbudgeted run; NaN when the run reaches, with a
// chance above 1e-9, an attempt d cannot price. Attempts that share a
// cutoff sum as a geometric series: a fixed cutoff's all at once, a
// geometric policy's in runs of the same rounded cutoff, Luby's sequence
// by its self-similar blocks; so a sum takes microseconds, a geometric
// policy with a factor near 1 up to milliseconds, however many attempts
// the budget allows. Past maxRuns runs of one cutoff, a geometric policy's
// attempts are summed in wider runs, within an error ExpectedBound states
// (geometric:1000,1.00001 over runs of a million nodes: 9.99e10 within
// 1e-4, where pricing the rest as one attempt gave 6.55e9).
func (p Policy) Expected(d Attempts, limit float64) float64 {
	return p.ExpectedWithin(d, limit, 0)
}

// ExpectedWithin is Expected with a geometric policy's attempts summed in
// runs whose cutoffs stay within a share tol above the run's first, priced
// at the first's: for a smooth distribution (a model's), where a cutoff 1%
// longer changes nothing that matters, a hundred times fewer runs when the
// factor is near 1.
func (p Policy) ExpectedWithin(d Attempts, limit, tol float64) float64 {
	return p.sum(d, limit, tol).total
}

// ExpectedBound is Expected with a bound on its error: 0 but for a
// geometric policy past maxRuns runs of a cutoff, whose later attempts
// are summed in wider runs (see wide).
func (p Policy) ExpectedBound(d Attempts, limit float64) (cost, bound float64) {
	s := p.sum(d, limit, 0)
	return s.total, s.err
}

func (p Policy) sum(d Attempts, limit, tol float64) series {
	s := series{d: d, limit: limit, survive: 1}
	switch {
	case p.Kind == None:
		cost, _, ok := d.Attempt(limit)
		if !ok {
			cost = math.NaN()
		}
		s.total = cost
	case p.Capped():
		s.repeat(float64(p.C), math.Inf(1))
	case p.Kind == Luby:
		s.luby(float64(p.C))
	default:
		s.geometric(p, tol)
	}
	return s
}

// settled is the chance of going on below which a run is taken to have
// ended, and unpriced the chance above which an attempt that cannot be
// priced makes the sum unknown.
const (
	settled  = 1e-13
	unpriced = 1e-9
)

// maxRuns bounds the runs of equal cutoffs a geometric policy is summed
// in; beyond, its attempts are summed in wider runs, of cutoffs up to
// wideShare apart (wide), or, where runs are already tol apart, the rest
// as one attempt without a cutoff.
const (
	maxRuns   = 1 << 16
	wideShare = 1e-3
)

// series sums a run's attempts: total is the expected nodes so far,
// survive the probability that every attempt so far failed, spent the
// nodes they then took; done is set when the run has ended (or surely
// has).
type series struct {
	d                     Attempts
	limit                 float64
	total, survive, spent float64
	done                  bool
	// err bounds the error of total, from runs summed by wide.
	err float64
}

// unknown ends the sum at an attempt d cannot price: unknown if the run
// reaches it with a chance above unpriced, else as it stands.
func (s *series) unknown() {
	if s.survive > unpriced {
		s.total = math.NaN()
	}
	s.done = true
}

// repeat adds k >= 1 attempts (+Inf: as many as the budget allows) cut
// off at c. Of those the budget lets reach their cutoff, n, the run begins the
// j-th with probability S (1-f)^j, so they add S m (1 - (1-f)^n) / f; the
// budget then ends the next, if one is left, at what it leaves.
func (s *series) repeat(c, k float64) {
	if s.done {
		return
	}
	n := min(k, math.Floor((s.limit-s.spent)/c))
	if n == 0 { // the budget ends this attempt
		s.rest()
		return
	}
	m, f, ok := s.d.Attempt(c)
	if !ok {
		s.unknown()
		return
	}
	if math.IsInf(n, 1) { // no budget, and no end to the attempts
		if f == 0 {
			s.total = math.Inf(1)
		} else {
			s.total += s.survive * m / f
		}
		s.done = true
		return
	}
	begun, fail := n, 0.0
	if f > 0 {
		// (1 - (1-f)^n) / f, without the cancellation of 1 - (1-f)^n for
		// small f.
		fail = n * math.Log1p(-f)
		begun = -math.Expm1(fail) / f
	}
	s.total += s.survive * m * begun
	s.survive *= math.Exp(fail)
	s.spent += n * c
	switch {
	case s.ended():
		s.done = true
	case n < k:
		s.rest()
	}
}

// ended reports whether the run is taken to have ended: its chance of
// going on is settled or less.
func (s *series) ended() bool {
	return s.survive <= settled
}

// rest adds one attempt without a cutoff but the budget's.
func (s *series) rest() {
	if s.done {
		return
	}
	cost, _, ok := s.d.Attempt(s.limit - s.spent)
	if !ok {
		s.unknown()
		return
	}
	s.total += s.survive * cost
	s.done = true
}

// geometric adds the attempts of a geometric policy, cutoffs C F^i
// rounded down (at least 1), in runs: from attempt i, those whose unrounded
// cutoff stays below the larger of the first's rounded cutoff plus one (so
// that they round alike) and tol above the first's, priced at the first's
// cutoff. A factor near 1 keeps a cutoff for millions of attempts, and
// one by one they took the plan seconds. The factor is above 1 (Parse
// refuses less, and a factor of 1 is Capped, summed by repeat), so the
// cutoffs grow and lf > 0.
func (s *series) geometric(p Policy, tol float64) {
	lf := math.Log(p.F)
	i := int64(0)
	for runs := 0; !s.done; runs++ {
		u := float64(p.C) * math.Pow(p.F, float64(i)) // as Cutoff has it, unrounded
		if u >= math.MaxInt64 || runs == maxRuns && tol > 0 {
			// With tol, runs of cutoffs tol apart (a model's) have grown
			// the cutoffs a thousandfold and more by maxRuns.
			s.rest()
			return
		}
		if runs >= maxRuns && tol == 0 {
			k := int64(max(1, min(1<<62, math.Ceil(math.Log1p(wideShare)/lf))))
			s.wide(p, i, k)
			i += k
			continue
		}
		c := float64(geometricCutoff(u)) // Cutoff(i)
		k := int64(max(1, min(1<<62, math.Ceil(math.Log(max(c+1, (1+tol)*u)/u)/lf))))
		// Rounding at the run's end: the exact sum takes it apart. It
		// stops at k = 1 at the latest, attempt i's own cutoff c.
		for tol == 0 && float64(p.Cutoff(i+k-1)) != c {
			k--
		}
		s.repeat(c, float64(k))
		i += k
	}
}

// wide adds attempts i to i+k-1 of a geometric policy, once its runs of
// one cutoff grow too many, as one run of cutoffs c_t = floor(u_t), u_t =
// C F^t, when the chance f of ending an attempt is the same at both ends
// (so all along: it only grows with the cutoff), d can price both and the
// budget cannot end them; else it halves them, down to single attempts.
// Over such a run the cost m(c) = E[min(X, c)] is concave (its slope, the
// chance of X > c, only falls), and it is priced on its chord through
// the run's ends, with each c_t taken as u_t - 1/2: with q = 1 - f,
//
//	Σ q^t m(c_t) ≈ (m(lo) - s lo) Σ q^t + s Σ q^t (u_t - 1/2)
//
// both sums geometric. Exact where m is straight (an empirical
// distribution without a run's length inside), it errs by at most twice
// the chord's distance from m at the middle (concavity), plus s/2 an
// attempt for the rounding: err adds that up.
func (s *series) wide(p Policy, i, k int64) {
	if s.done {
		return
	}
	lo, hi := float64(p.Cutoff(i)), float64(p.Cutoff(i+k-1))
	if k == 1 || lo == hi {
		s.repeat(lo, float64(k))
		return
	}
	lf := math.Log(p.F)
	u := float64(p.C) * math.Pow(p.F, float64(i))
	sumU := u * math.Expm1(float64(k)*lf) / math.Expm1(lf)
	mlo, flo, okLo := s.d.Attempt(lo)
	mhi, fhi, okHi := s.d.Attempt(hi)
	if !okLo || !okHi || flo != fhi || s.spent+sumU > s.limit {
		h := k / 2
		s.wide(p, i, h)
		s.wide(p, i+h, k-h)
		return
	}
	mid := math.Floor((lo + hi) / 2)
	mmid, _, _ := s.d.Attempt(mid)
	slope := (mhi - mlo) / (hi - lo)
	kf := float64(k)
	b, w := kf, sumU // Σ q^t and Σ q^t u_t
	fail := 0.0
	if flo > 0 {
		fail = kf * math.Log1p(-flo)
		b = -math.Expm1(fail) / flo
		r := math.Log1p(-flo) + lf // q F = e^r
		if r == 0 {
			w = kf * u
		} else {
			w = u * math.Expm1(kf*r) / math.Expm1(r)
		}
	}
	bend := max(0, mmid-(mlo+slope*(mid-lo)))
	s.total += s.survive * ((mlo-slope*lo)*b + slope*(w-b/2))
	s.err += s.survive * b * (2*bend + slope/2)
	s.survive *= math.Exp(fail)
	s.spent += sumU - kf/2
	s.done = s.ended()
}

// A block is consecutive attempts that all fit in the budget: their
// expected nodes given the run reaches them, the probability that they
// all fail, and the nodes they then take.
type block struct{ cost, survive, nodes float64 }

func (s *series) add(b block) {
	s.total += s.survive * b.cost
	s.survive *= b.survive
	s.spent += b.nodes
	s.done = s.ended()
}

// then returns the block of a followed by b.
func (a block) then(b block) block {
	return block{a.cost + a.survive*b.cost, a.survive * b.survive, a.nodes + b.nodes}
}

// luby adds the attempts of Luby's sequence times u. Its first 2^j - 1
// terms, B_j, are B_{j-1}, B_{j-1} and 2^(j-1), and the sequence is B_1,
// then B_j and 2^j for j = 1, 2, ...: so B_{j+1}'s sums come from B_j's
// and the attempt of 2^j after it, and only a block the budget ends in is
// taken apart.
func (s *series) luby(u float64) {
	blocks := []block{{survive: 1}} // B_0: no attempt
	for j := 0; ; j++ {
		if j > 62 { // past any int64 cutoff
			s.rest()
			return
		}
		s.lubyBlock(blocks, j)
		c := u * math.Ldexp(1, j)
		s.repeat(c, 1)
		if s.done {
			return
		}
		// repeat went on, so d priced the attempt of c.
		m, f, _ := s.d.Attempt(c)
		blocks = append(blocks, blocks[j].then(blocks[j]).then(block{m, 1 - f, c}))
	}
}

// lubyBlock adds B_j, blocks[j], whole if it fits in the budget, else part
// by part: B_{j-1} twice, then the attempt of 2^(j-1) u, which then does
// not fit: the budget ends it.
func (s *series) lubyBlock(blocks []block, j int) {
	if s.done || j == 0 {
		return
	}
	if b := blocks[j]; s.spent+b.nodes <= s.limit {
		s.add(b)
		return
	}
	s.lubyBlock(blocks, j-1)
	s.lubyBlock(blocks, j-1)
	s.rest()
}

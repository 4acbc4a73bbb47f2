package runlength

import (
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Bootstraps draws this many resamples for a percentile interval.
const Bootstraps = 1000

// MaxBootstrapRuns is the most runs an interval resamples. Past it a
// resample costs a random memory access a run, a thousand times over (a
// million runs took a minute), and the ratio of sums the intervals are of
// is close to normal: the interval is the delta method's (expectedCost).
const MaxBootstrapRuns = 5000

// minBootstraps is the resamples of a sequence policy's prediction, each of
// which sorts its runs.
const minBootstraps = 200

// z95 is the standard normal's 97.5% point, 1.96.
var z95 = distuv.UnitNormal.Quantile(0.975)

// normalInterval is r ± 1.96 sd, NaN with no variance to speak of.
func normalInterval(r, v float64) (lo, hi float64) {
	if math.IsNaN(v) || math.IsInf(r, 0) {
		return math.NaN(), math.NaN()
	}
	sd := math.Sqrt(v)
	return math.Max(0, r-z95*sd), r + z95*sd
}

// SeedOf derives a bootstrap's seed from what it measures (a group's label
// and board, and the measure's name), so that a report of the same data
// gives the same intervals whatever else the data hold and in whatever
// order they are computed.
func SeedOf(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// percentileInterval returns the 2.5% and 97.5% points of the bootstrap
// estimates (type 7 quantiles; +Inf sorts last).
func percentileInterval(est []float64) (lo, hi float64) {
	if len(est) == 0 {
		return math.NaN(), math.NaN()
	}
	slices.Sort(est)
	at := func(p float64) float64 {
		h := p * float64(len(est)-1)
		i := int(h)
		if i+1 >= len(est) || est[i] == est[i+1] {
			return est[i]
		}
		if math.IsInf(est[i+1], 1) {
			return math.Inf(1)
		}
		return est[i] + (h-float64(i))*(est[i+1]-est[i])
	}
	return at(0.025), at(0.975)
}

// resampler draws bootstrap resamples of index sets, from a seeded PCG.
type resampler struct{ pcg *rand.PCG }

func newResampler(seed uint64) resampler {
	return resampler{rand.NewPCG(seed, 0x6b6e69676874)}
}

// index returns a uniform index below n (n > 0): the index
// rand.New(pcg).IntN(n) draws on a 64-bit machine (Lemire's multiply and
// reject, or a mask for a power of two), from the PCG itself: through
// rand.Rand's interface the draw would be half the time of a report's ERT
// bootstraps. TestIndexIsIntN holds the two to the same numbers, so that
// the intervals are those rand.Rand draws.
func (r resampler) index(n int) int {
	un := uint64(n)
	if un&(un-1) == 0 {
		return int(r.pcg.Uint64() & (un - 1))
	}
	hi, lo := bits.Mul64(r.pcg.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), un)
		}
	}
	return int(hi)
}

// draw appends n uniform indices below n to buf: one resample's.
func (r resampler) draw(buf []int, n int) []int {
	for range n {
		buf = append(buf, r.index(n))
	}
	return buf
}

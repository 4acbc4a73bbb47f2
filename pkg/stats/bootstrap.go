package stats

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
)

// Bootstraps draws this many resamples for a percentile interval.
const Bootstraps = 1000

// maxBootstrapWork bounds resamples times runs for one interval: past it
// (a million runs) the resamples are fewer, never fewer than minBootstraps.
const (
	maxBootstrapWork = 20_000_000
	minBootstraps    = 200
)

// bootstraps returns how many resamples of n runs to draw.
func bootstraps(n int) int {
	if n <= 0 {
		return 0
	}
	return max(minBootstraps, min(Bootstraps, maxBootstrapWork/n))
}

// seedOf derives a bootstrap's seed from what it measures (a group's label
// and board, and the measure's name), so that a report of the same data
// gives the same intervals whatever else the data hold and in whatever
// order they are computed.
func seedOf(parts ...string) uint64 {
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
type resampler struct{ rng *rand.Rand }

func newResampler(seed uint64) resampler {
	return resampler{rand.New(rand.NewPCG(seed, 0x6b6e69676874))}
}

// index returns a uniform index below n.
func (r resampler) index(n int) int { return r.rng.IntN(n) }

package solver

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"knightsweep/pkg/board"
	"knightsweep/pkg/strategies"
)

// The tie-break rules (package strategies names them and their order).
const (
	TieFirst  = strategies.TieFirst
	TieRandom = strategies.TieRandom
	TiePohl   = strategies.TiePohl
	TieRoth   = strategies.TieRoth
)

// Tiebreaks lists every tie-break rule, the default first.
var Tiebreaks = strategies.Tiebreaks

// tieRule is a tie-break rule as the inner loops switch on it.
type tieRule uint8

const (
	tieFirst tieRule = iota
	tieRandom
	tiePohl
	tieRoth
)

func parseTie(name string) (tieRule, error) {
	i := slices.Index(Tiebreaks, name)
	if i < 0 {
		return 0, fmt.Errorf("unknown tie-break %q: want one of %s", name, strings.Join(Tiebreaks, ", "))
	}
	return tieRule(i), nil
}

// tieRNG is the random stream of the random rule: PCG (math/rand/v2)
// seeded with (Problem.Seed, rngStream). It is allocated once, when a
// search is prepared, and reseeded at the start of every run, so a run
// allocates nothing and the same Problem gives the same walk.
type tieRNG struct {
	pcg *rand.PCG
}

// rngStream is the second PCG seed word (the golden ratio's bits).
const rngStream = 0x9e3779b97f4a7c15

func newTieRNG(seed uint64) tieRNG { return tieRNG{pcg: rand.NewPCG(seed, rngStream)} }

func (r tieRNG) reseed(seed uint64) { r.pcg.Seed(seed, rngStream) }

// intN returns a uniform integer in [0, n), n > 0: Lemire's multiply and
// shift, with rejection so that there is no bias. It calls the PCG
// directly rather than through rand.Rand's interface.
func (r tieRNG) intN(n int) int {
	hi, lo := bits.Mul64(r.pcg.Uint64(), uint64(n))
	if lo < uint64(n) {
		for thresh := -uint64(n) % uint64(n); lo < thresh; {
			hi, lo = bits.Mul64(r.pcg.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// centreDist2 returns four times the squared Euclidean distance of (r, c)
// from the centre ((rows-1)/2, (cols-1)/2): scaled by 4 it is an integer,
// so Roth's rule compares distances exactly.
func centreDist2(rows, cols, r, c int) int {
	dr, dc := 2*r-(rows-1), 2*c-(cols-1)
	return dr*dr + dc*dc
}

// maxCentreDist2 bounds centreDist2 on any board: 2*(2*MaxSide)^2, which
// fits in 32 bits.
const maxCentreDist2 = 2 * (2 * board.MaxSide) * (2 * board.MaxSide)

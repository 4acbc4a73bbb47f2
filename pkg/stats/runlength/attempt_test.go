package runlength

import (
	"math"
	"testing"
)

// TestAttemptPastInt64Uncensored: runs of 10 (found), 20 (found) and 30
// (failed) nodes, none stopped by a budget, price any cutoff past 30 as
// no cutoff: (10 + 20 + 30) / 3 = 20 nodes, and a tour 2 times in 3. That
// holds for cutoffs past int64 too (Luby's unit times 2^62 reaches them,
// and +Inf is "never"), with 2^63, math.MaxInt64 as a float, the first.
func TestAttemptPastInt64Uncensored(t *testing.T) {
	e := NewEmpirical([]Run{{Nodes: 20, Outcome: RunFound}, {Nodes: 30, Outcome: RunFailed}, {Nodes: 10, Outcome: RunFound}})
	for _, c := range []float64{31, math.Ldexp(1, 62), math.Ldexp(1, 63), math.Ldexp(3, 62), 1e300, math.Inf(1)} {
		cost, end, ok := e.Attempt(c)
		if !ok || cost != 20 || end != 2.0/3 {
			t.Errorf("Attempt(%g) = %g, %g, %v; want 20, 2/3, true", c, cost, end, ok)
		}
	}
}

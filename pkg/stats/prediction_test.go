package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Luby's best unit is the least cost over every unit, not over a grid: the
// cost of a unit u is a sum of E[min(X, u 2^j)] weighted by chances that
// only change where some u 2^j reaches a run's length, so between those
// points it grows with u and the least lies at a unit ceil(x / 2^j) for a
// length x of a run that found a tour. Runs that all take 36 nodes (6x6
// warnsdorff-bt, whose every trial finds its tour at once) cost 36 with
// unit 36; the grid's unit 19 cost 74. The brute force tries every unit.
func TestLubyBestUnit(t *testing.T) {
	same := make([]Run, 40)
	for i := range same {
		same[i] = Run{Nodes: 36}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var mixed []Run
	for range 60 {
		r := Run{Nodes: 1 + rng.Int64N(300)}
		if rng.IntN(3) == 0 {
			r.Outcome = RunFailed
		}
		mixed = append(mixed, r)
	}
	for _, tt := range []struct {
		name string
		runs []Run
	}{{"all 36", same}, {"mixed", mixed}} {
		t.Run(tt.name, func(t *testing.T) {
			p := PredictRestarts([][]Run{tt.runs}, 1)
			e := NewEmpirical(tt.runs)
			best, unit := math.Inf(1), int64(0)
			for u := int64(1); u <= 4*e.found[len(e.found)-1]; u++ {
				if v := e.lubyCost(u); v < best {
					best, unit = v, u
				}
			}
			if !near(p.LubyCost, best) {
				t.Errorf("Luby unit %d costs %g, want unit %d at %g", p.LubyUnit, p.LubyCost, unit, best)
			}
		})
	}
	if p := PredictRestarts([][]Run{same}, 1); p.LubyUnit != 36 || p.LubyCost != 36 {
		t.Errorf("runs of 36 nodes: unit %d at %g, want unit 36 at 36", p.LubyUnit, p.LubyCost)
	}
}

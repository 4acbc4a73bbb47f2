package sweep

import (
	"math"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/theory"
)

// The cost model orders the work, nothing else: a rough guess of each job's
// time lets the costliest start first, so that no long job starts last and
// leaves the other workers idle. Only the guesses' ratios matter. The
// constants are CPU times measured on this machine (see the README): plain
// dfs enters a node in about 9.5 ns on boards of up to 64 squares (its
// bitboard version) and 15 ns on larger ones, warnsdorff-bt (which ranks
// the moves by onward degree) in 43 to 58 ns.
var nsPerNode = map[string]float64{"dfs": 15, "warnsdorff": 35, "warnsdorff-bt": 50}

// nsPerNodeSmall overrides nsPerNode on boards of up to 64 squares.
var nsPerNodeSmall = map[string]float64{"dfs": 9.5}

const (
	// defaultNsPerNode is the guess for strategies not in nsPerNode.
	defaultNsPerNode = 50.0
	// nsPerSquare is the per-job cost of preparing a board's buffers and
	// validating a tour.
	nsPerSquare = 5.0
	// nsPerJob is the runner's own cost per job.
	nsPerJob = 2000.0
)

// guidedStrategies backtrack, but their move ordering usually finds a tour
// with few retreats, so from a start that has a tour their work grows with
// the squares rather than exponentially.
var guidedStrategies = map[string]bool{"warnsdorff-bt": true}

// exhaustNodes guesses the nodes a complete search needs to prove that no
// tour starts at a square: 1,829,421 on 5x5 (measured, for every
// wrong-coloured start), then a tenfold growth every 3 squares, which
// already exceeds any practical budget on 7x7.
func exhaustNodes(squares int) float64 {
	return 1.83e6 * math.Pow(10, float64(squares-25)/3)
}

// findNodes guesses the nodes plain dfs enters before it finds a tour: a
// median of 36,000 on 5x5 and 1,000,000 on 6x6 (measured), growing by
// about 1.35 a square.
func findNodes(squares int) float64 {
	return 3.6e4 * math.Pow(1.35, float64(squares-25))
}

// guidedClosedNodes guesses the nodes warnsdorff-bt enters before it
// closes a tour: a tour's worth on 6x6, then tenfold every 30 squares
// (measured medians: 177 on 8x8, 15,700 on 10x10, beyond 1M on 12x12).
func guidedClosedNodes(squares int) float64 {
	return float64(squares) * math.Pow(10, max(0, float64(squares-36))/30)
}

// estimate returns the expected seconds of one job of strategy on b, after
// its budgets, averaged over the start squares of starts. A complete
// strategy must exhaust its search from a start without a tour, so such
// starts (by theory) count at the exhaustive cost.
func estimate(strategy string, b board.Board, starts Starts, closed bool, maxNodes int64, timeout time.Duration) float64 {
	squares := b.Squares()
	info, err := solver.Lookup(strategy)
	complete := err == nil && info.Complete
	found := float64(squares)
	switch {
	case complete && !guidedStrategies[strategy]:
		found = findNodes(squares)
	case complete && closed:
		found = guidedClosedNodes(squares)
	}
	nodes := found
	if complete {
		noFrac := noTourFraction(b, starts, closed)
		nodes = noFrac*capped(exhaustNodes(squares), maxNodes) + (1-noFrac)*capped(found, maxNodes)
	} else {
		nodes = capped(nodes, maxNodes)
	}
	perNode, known := nsPerNode[strategy]
	if !known {
		perNode = defaultNsPerNode
	}
	if small, ok := nsPerNodeSmall[strategy]; ok && squares <= 64 {
		perNode = small
	}
	ns := nodes * perNode
	if timeout > 0 {
		ns = min(ns, float64(timeout))
	}
	return (ns + nsPerSquare*float64(squares) + nsPerJob) / 1e9
}

func capped(nodes float64, maxNodes int64) float64 {
	if maxNodes > 0 {
		return min(nodes, float64(maxNodes))
	}
	return nodes
}

// noTourFraction returns the fraction of the starts on b from which theory
// says no tour exists, from a sample of at most 1024 starts.
func noTourFraction(b board.Board, starts Starts, closed bool) float64 {
	n := starts.Count(b)
	step := max(1, n/1024)
	var no, all int
	for i := 0; i < n; i += step {
		sq := starts.At(b, i)
		if theory.From(b.Rows, b.Cols, sq.Row, sq.Col, closed) == theory.No {
			no++
		}
		all++
	}
	return float64(no) / float64(all)
}

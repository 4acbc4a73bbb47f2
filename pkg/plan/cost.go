package plan

import (
	"math"
	"slices"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/theory"
)

// The cost model orders the work and weighs progress, nothing else: a rough
// guess of each job's time lets the longest start first, so that no long
// job starts last and leaves the other workers idle, and lets progress
// predict the time left. The strategies' costs per node come from the
// facts (strategies.Info.Cost); the growth of the searches is modelled here.

const (
	// nsPerSquare is the per-job cost of preparing a board's buffers and
	// validating a tour.
	nsPerSquare = 5.0
	// nsPerJob is the runner's own cost per job: 790 to 870 ns measured
	// (BenchmarkRunOverhead).
	nsPerJob = 900.0
)

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

// findSpread is the spread of those nodes from one start to another, in
// decades (the standard deviation of log10 nodes over the starts that have
// a tour): 1.18 on 5x5 and 1.56 on 6x6 (measured), widening by 0.035 a
// square up to 3 decades (8x8; beyond, a guess). The spread is what makes
// plain dfs costly: on 6x6 the median start takes 1.0M nodes but the mean
// is 243M, as one start in five takes more than 20M and one takes 5.2G.
func findSpread(squares int) float64 {
	return min(3, 1.18+0.035*float64(squares-25))
}

// meanCapped returns the mean of min(N, limit) for N log-normal with the
// given median and spread in decades: the expected nodes of a job whose
// budget stops it at limit (+Inf for none). The mean, not the median, is
// what a sweep's time adds up; a median-based guess would be 140x short
// for plain dfs on 5x5 and 6x6 without a budget.
func meanCapped(median, decades, limit float64) float64 {
	sigma := decades * math.Ln10
	mu := math.Log(median)
	if math.IsInf(limit, 1) {
		return math.Exp(mu + sigma*sigma/2)
	}
	if math.IsInf(mu, 1) {
		return limit // a board so large that every job spends its budget
	}
	z := (math.Log(limit) - mu) / sigma
	// E[N; N <= limit] = exp(mu + sigma^2/2) Phi(z - sigma), summed as
	// logarithms: on large boards the first factor overflows and the
	// second underflows.
	var below float64
	if p := normalCDF(z - sigma); p > 0 {
		below = math.Exp(mu + sigma*sigma/2 + math.Log(p))
	}
	return below + limit*(1-normalCDF(z))
}

func normalCDF(z float64) float64 { return math.Erfc(-z/math.Sqrt2) / 2 }

// likelyMost returns the most nodes that one of n searches is likely to
// enter, for nodes log-normal with the given median and spread in
// decades: the 1-1/(2n) quantile, the median for one search. A sweep's
// time is the sum of its searches', and the rare start that takes years
// (one in a hundred on 8x8) makes the mean of one search years long; a
// sweep of one start, or of a few, is unlikely to meet it, and its time
// is priced by what its own searches are likely to reach. A sweep of
// many starts meets the tail and is priced by it.
func likelyMost(median, decades, n float64) float64 {
	if n <= 1 {
		return median
	}
	z := math.Sqrt2 * math.Erfinv(1-1/n)
	return median * math.Pow(10, decades*z)
}

// guidedClosedNodes guesses the nodes warnsdorff-bt enters before it
// closes a tour when it does so readily: a tour's worth on 6x6, then
// tenfold every 30 squares (measured medians: 177 on 8x8, 15,700 on 10x10).
func guidedClosedNodes(squares int) float64 {
	return float64(squares) * math.Pow(10, max(0, float64(squares-36))/30)
}

// guidedStuck guesses the share of starts from which warnsdorff-bt does
// not close a tour within any budget a sweep gives, though the board has
// closed tours: 0.004 a square above 8, at most 0.95. Measured with 20M
// nodes (experiment run -config closed): 6x6 4 of 36 (model 0.11), 6x8 5 of
// 48 (0.16), 8x8 11 of 64 (0.22), 10x10 32 of 100 (0.37), 12x12 78 of 144
// (0.54); narrow boards do better (3x10 and 5x6 none of 30). Those starts
// spend the whole budget: they, not the quick closings, make the mean.
func guidedStuck(squares int) float64 {
	return min(0.95, max(0, 0.004*float64(squares-8)))
}

// guidedClosedMean is the mean nodes of warnsdorff-bt asked for a closed
// tour on a board that has some, with at most limit nodes a job.
func guidedClosedMean(squares int, limit float64) float64 {
	p := guidedStuck(squares)
	quick := min(limit, guidedClosedNodes(squares))
	if p == 0 {
		return quick
	}
	return (1-p)*quick + p*limit
}

// estimate sets the cell's expected nodes a job, after the budgets, from a
// start that has a tour and from one that theory rules out (where a
// complete search must exhaust), and its seconds at the model's pace.
func (c *cell) estimate(in strategies.Info, s Settings) {
	var corner float64
	c.noTour, corner, c.atOnce = c.shares(s.Closed)
	if in.External != nil {
		// Nothing is known of an external solver: its jobs cost nothing
		// in the estimate, which says so (Unknown), and come last.
		c.external = true
		return
	}
	squares := c.board.Squares()
	c.nsPerNode = in.Cost.NsPerNodeIn(squares, c.randomOrder)
	// limit is the most nodes the budgets let a job enter; a search from a
	// start with a tour also enters fewer than one that must exhaust.
	limit := math.Inf(1)
	if s.MaxNodes > 0 {
		limit = float64(s.MaxNodes)
	}
	if s.Timeout > 0 {
		limit = min(limit, float64(s.Timeout)/c.nsPerNode)
	}
	found := float64(squares)
	switch {
	case in.Complete && !in.Cost.Guided && c.randomOrder:
		found = 0
		for _, w := range []struct {
			corner bool
			share  float64
		}{{true, corner}, {false, 1 - corner}} {
			if w.share > 0 {
				found += w.share * seriesNodes(c.policy, randomOrderFind(squares, w.corner, s.Closed), limit)
			}
		}
	case in.Complete && !in.Cost.Guided:
		median, spread := findNodes(squares), findSpread(squares)
		reach := likelyMost(median, spread, float64(c.jobs())*(1-c.noTour))
		found = meanCapped(median, spread, min(limit, exhaustNodes(squares), reach))
	case in.Complete && s.Closed:
		found = guidedClosedMean(squares, limit)
	}
	capped := func(nodes float64) float64 {
		if s.MaxNodes > 0 {
			nodes = min(nodes, float64(s.MaxNodes))
		}
		return nodes
	}
	c.nodes[0] = capped(found)
	c.nodes[1] = c.nodes[0]
	if in.Complete {
		// An attempt proves that no tour starts at the square only if its
		// cutoff lets it exhaust the tree: a capped policy's never does.
		c.nodes[1] = capped(seriesNodes(c.policy, fixedLength(exhaustNodes(squares)), limit))
		if c.prune && c.atOnce > 0 {
			// A pruned search applies the colour rule at its start: a
			// start the rule rules out costs one node, the others a
			// complete search.
			c.nodes[1] = c.atOnce + (1-c.atOnce)*c.nodes[1]
			if c.atOnce == 1 {
				c.nodes[1] = 1
			}
		}
	}
	c.timeout = s.Timeout
	c.cost, c.costAvg = c.seconds(1)
	c.paced, c.unloaded = c.cost, c.cost
}

// seconds returns the cell's seconds a job at pace times the model's time
// a node (a timeout caps a job at its wall time, whatever the pace), from
// a start with a tour and from one without, and their average over the
// cell's starts.
func (c *cell) seconds(pace float64) (cost [2]float64, avg float64) {
	for i, nodes := range c.nodes {
		ns := nodes * c.nsPerNode * pace
		if c.timeout > 0 {
			ns = min(ns, float64(c.timeout))
		}
		cost[i] = (ns + pace*(nsPerSquare*float64(c.board.Squares())+nsPerJob)) / float64(time.Second)
	}
	switch f := c.noTour; f { // a share of 0 of an endless cost is none, not NaN
	case 0:
		avg = cost[0]
	case 1:
		avg = cost[1]
	default:
		avg = f*cost[1] + (1-f)*cost[0]
	}
	return cost, avg
}

// shares returns the fraction of the cell's starts from which theory
// says no tour exists, the fraction of the others that are corners, and
// the fraction of the first that the colour rule rules out (colourRules),
// from a sample of at most 1024 starts.
func (c *cell) shares(closed bool) (noTour, corner, colour float64) {
	n := c.starts()
	step := max(1, n/1024)
	corners := c.board.Corners()
	var no, all, corn, col int
	for i := 0; i < n; i += step {
		sq := c.start(i)
		switch {
		case theory.From(c.board.Rows, c.board.Cols, sq.Row, sq.Col, closed) == theory.No:
			no++
			if colourRules(c.board.Squares(), sq, closed) {
				col++
			}
		case slices.Contains(corners, sq):
			corn++
		}
		all++
	}
	if no < all {
		corner = float64(corn) / float64(all-no)
	}
	if no > 0 {
		colour = float64(col) / float64(no)
	}
	return float64(no) / float64(all), corner, colour
}

// colourRules reports whether the colour rule alone rules out a tour from
// sq of a board of squares squares: every move changes colour, so on a
// board of an odd number of squares an open tour starts on the corners'
// colour, (row+col) even, and no closed tour exists.
func colourRules(squares int, sq board.Square, closed bool) bool {
	return squares%2 == 1 && (closed || (sq.Row+sq.Col)%2 == 1)
}

package stats

import (
	"math"

	"knightsweep/pkg/board"
)

// Comparison is a head-to-head of two series, A and B, on one board, over
// the start squares both ran.
type Comparison struct {
	Board board.Board
	// A and B are the series; A comes first in series order.
	A, B Series
	// Starts counts the start squares both ran.
	Starts int
	// NodesA, NodesB, TimeA and TimeB are medians over those starts of the
	// per-start medians; time in nanoseconds.
	NodesA, NodesB float64
	TimeA, TimeB   float64
	// FoundA and FoundB count tours found by each on those starts.
	FoundA, FoundB       int
	AttemptsA, AttemptsB int
	// WinsA, WinsB and Ties count starts (see package doc for the rule).
	WinsA, WinsB, Ties int
	// P is the two-sided exact sign test of WinsA against WinsB: the
	// probability of a split at least this uneven if neither were better.
	P float64
}

// NodesRatio returns NodesB / NodesA (NaN when undefined): below 1, B
// searched less.
func (c Comparison) NodesRatio() float64 { return ratio(c.NodesB, c.NodesA) }

// TimeRatio returns TimeB / TimeA (NaN when undefined).
func (c Comparison) TimeRatio() float64 { return ratio(c.TimeB, c.TimeA) }

func ratio(b, a float64) float64 {
	if a <= 0 || math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return b / a
}

// Compare returns the head-to-head comparisons of every two series of the
// same tour kind (open or closed) on every board, boards smallest first,
// pairs in series order. Pairs with no common start are left out.
func Compare(res *Results) []Comparison {
	var out []Comparison
	for _, b := range res.Boards {
		gs := res.BoardGroups(b)
		for i, ga := range gs {
			for _, gb := range gs[i+1:] {
				if ga.Key.Closed != gb.Key.Closed {
					continue
				}
				if c, ok := compareGroups(res, ga, gb); ok {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

func compareGroups(res *Results, ga, gb *Group) (Comparison, bool) {
	c := Comparison{Board: ga.Board(), A: seriesOf(res, ga), B: seriesOf(res, gb)}
	bStarts := make(map[[2]int]Start, len(gb.PerStart))
	for _, s := range gb.PerStart {
		bStarts[[2]int{s.Row, s.Col}] = s
	}
	var nodesA, nodesB, timeA, timeB []float64
	wins, losses := 0, 0
	for _, sa := range ga.PerStart {
		sb, ok := bStarts[[2]int{sa.Row, sa.Col}]
		if !ok {
			continue
		}
		c.Starts++
		c.FoundA += sa.Found
		c.FoundB += sb.Found
		c.AttemptsA += sa.Attempts
		c.AttemptsB += sb.Attempts
		nodesA = append(nodesA, sa.Nodes)
		nodesB = append(nodesB, sb.Nodes)
		timeA = append(timeA, sa.TimeNS)
		timeB = append(timeB, sb.TimeNS)
		switch ra, rb := sa.Rate(), sb.Rate(); {
		case ra > rb:
			wins++
		case rb > ra:
			losses++
		case sa.Nodes < sb.Nodes:
			wins++
		case sb.Nodes < sa.Nodes:
			losses++
		default:
			c.Ties++
		}
	}
	if c.Starts == 0 {
		return c, false
	}
	c.WinsA, c.WinsB = wins, losses
	c.NodesA, c.NodesB = median(nodesA), median(nodesB)
	c.TimeA, c.TimeB = median(timeA), median(timeB)
	c.P = SignTest(wins, losses)
	return c, true
}

func seriesOf(res *Results, g *Group) Series {
	return Series{Key: g.Key.SeriesKey, Label: g.Series}
}

// SignTest returns the two-sided exact binomial sign test p-value for a
// wins against b losses: 2 P(X <= min(a, b)) for X ~ Binomial(a+b, 1/2),
// capped at 1. With no wins or losses it returns 1.
func SignTest(a, b int) float64 {
	n := a + b
	if n == 0 {
		return 1
	}
	k := min(a, b)
	sum := 0.0
	if n <= 1000 {
		// C(n, i)/2^n term by term; 2^-1000 is still a normal float64.
		term := math.Ldexp(1, -n)
		for i := 0; i <= k; i++ {
			sum += term
			term = term * float64(n-i) / float64(i+1)
		}
	} else {
		lgN1, _ := math.Lgamma(float64(n + 1))
		for i := 0; i <= k; i++ {
			lgI, _ := math.Lgamma(float64(i + 1))
			lgNI, _ := math.Lgamma(float64(n - i + 1))
			sum += math.Exp(lgN1 - lgI - lgNI - float64(n)*math.Ln2)
		}
	}
	return math.Min(1, 2*sum)
}

package chart

import (
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"

	"knightsweep/pkg/board"
)

// logSpan is the ratio of largest to smallest board, in squares, from which
// size axes turn logarithmic.
const logSpan = 100

// sizeAxis places boards on the x axis by their squares. A log axis is
// drawn as a linear axis of log10(squares) with ticks placed accordingly:
// gonum/plot v0.17 centres an axis label at the arithmetic middle of the
// range, which on a LogScale spanning decades sits near the right end and
// squeezes the plot.
type sizeAxis struct {
	boards   []board.Board
	log      bool
	min, max float64 // the axis range in axis units, padded
}

func newSizeAxis(boards []board.Board) sizeAxis {
	a := sizeAxis{boards: boards}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, b := range boards {
		x := float64(b.Squares())
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	a.log = hi/lo >= logSpan
	if a.log {
		lo, hi = math.Log10(lo), math.Log10(hi)
	}
	switch {
	case lo == hi:
		a.min, a.max = lo-1, hi+1
		if !a.log {
			a.min, a.max = lo*0.8, hi*1.2
		}
	default:
		pad := 0.05 * (hi - lo)
		a.min, a.max = lo-pad, hi+pad
	}
	return a
}

// x returns board b's place on the axis, in axis units.
func (a sizeAxis) x(b board.Board) float64 {
	if a.log {
		return math.Log10(float64(b.Squares()))
	}
	return float64(b.Squares())
}

// nudge moves x sideways for series i of n, by a small fixed share of the
// axis, so that series at one board do not hide each other's error bars.
func (a sizeAxis) nudge(x float64, i, n int) float64 {
	const step = 0.007
	return x + step*(float64(i)-float64(n-1)/2)*(a.max-a.min)
}

// apply sets p's x axis: range, label and board-name ticks laid out for a
// data area about width wide.
func (a sizeAxis) apply(p *plot.Plot, width vg.Length) {
	p.X.Min, p.X.Max = a.min, a.max
	p.X.Label.Text = "board, placed by squares (rows × cols)"
	if a.log {
		p.X.Label.Text += ", log scale"
	}
	p.X.Tick.Marker = boardTicks{axis: a, width: width, style: p.X.Tick.Label}
}

// boardTicks marks every board and names as many as fit without overlap.
type boardTicks struct {
	axis  sizeAxis
	width vg.Length
	style text.Style
}

// Ticks implements plot.Ticker.
func (t boardTicks) Ticks(min, max float64) []plot.Tick {
	names := map[float64][]string{}
	var xs []float64
	for _, b := range t.axis.boards {
		x := t.axis.x(b)
		if names[x] == nil {
			xs = append(xs, x)
		}
		names[x] = append(names[x], b.String())
	}
	slices.Sort(xs)
	pos := func(x float64) vg.Length { return t.width * vg.Length((x-min)/(max-min)) }
	gap := t.style.Width("   ")
	ticks := make([]plot.Tick, len(xs))
	type span struct{ lo, hi vg.Length }
	spans := make([]span, len(xs))
	for i, x := range xs {
		label := strings.Join(names[x], "/")
		w := t.style.Width(label)
		ticks[i] = plot.Tick{Value: x, Label: label}
		spans[i] = span{pos(x) - w/2, pos(x) + w/2}
	}
	// Name boards from the left while they fit; the largest board is always
	// named, at the cost of its nearest neighbours.
	last := len(xs) - 1
	right := vg.Length(math.Inf(-1))
	for i := 0; i < last; i++ {
		if spans[i].lo < right+gap || spans[i].hi+gap > spans[last].lo {
			ticks[i].Label = ""
			continue
		}
		right = spans[i].hi
	}
	return ticks
}

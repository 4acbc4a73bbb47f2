package chart

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/board"
)

// ExactMap draws, for board b, one panel per rule: the exact probability
// that the rule makes a tour from each start square (experiment exact),
// p[i][r*cols+c], NaN where it was not computed; labels[i] names rule i.
// The squares say p; the colour shows what varies, the failure
// probability 1 - p on a log scale from the least to the most of the map
// (8x8's starts all lie between 0.969 and 0.989: on a 0-to-1 scale they
// were one green), green to red, the same scale in every panel and drawn
// under them. The scale spans only the starts that may fail and may not:
// a start with no tour (p = 0: on an odd board, the squares of the
// minority colour) is grey and a certain tour (p = 1) dark green, each
// apart from the scale and named beside it in words, as is white, not
// computed.
func ExactMap(b board.Board, labels []string, p [][]float64) (*Figure, error) {
	if b.Rows > MaxHeatMapSide || b.Cols > MaxHeatMapSide {
		return nil, fmt.Errorf("exact map of %v: %w (sides over %d squares are not drawn)", b, ErrNoData, MaxHeatMapSide)
	}
	if len(p) == 0 || len(p) != len(labels) {
		return nil, fmt.Errorf("exact map of %v: %w", b, ErrNoData)
	}
	scale := failureScaleOf(p)
	cell := min(vg.Centimeter, 9*vg.Centimeter/vg.Length(max(b.Rows, b.Cols)))
	labelFont := textStyle(min(8, float64(cell*0.26)))
	showText := cell >= 0.6*vg.Centimeter
	step := tickStep(max(b.Rows, b.Cols), cell)
	ncols := min(len(p), heatMapColumns)
	nrows := (len(p) + heatMapColumns - 1) / heatMapColumns
	panels := make([][]*panel, nrows)
	for i := range panels {
		panels[i] = make([]*panel, ncols)
	}
	for i := range p {
		probs := p[i]
		if len(probs) != b.Squares() {
			return nil, fmt.Errorf("exact map of %v: %d probabilities for %d squares", b, len(probs), b.Squares())
		}
		g := &cellGrid{rows: b.Rows, cols: b.Cols, font: labelFont,
			fill: func(r, c int) color.Color { return scale.color(probs[r*b.Cols+c]) }}
		if showText {
			g.label = func(r, c int) string { return probLabel(probs[r*b.Cols+c]) }
		}
		panels[i/heatMapColumns][i%heatMapColumns] = &panel{title: labels[i], cells: g, step: step}
	}
	tileW, tileH := panelTile(b, cell)
	key, keys := apartLegend(p)
	width := max(vg.Length(ncols)*tileW, 8*vg.Centimeter)
	if keys > 0 {
		width = max(width, legendWidth(key)+6*vg.Centimeter)
	}
	title := fmt.Sprintf("%v: exact probability of a tour by start; colour: the failure probability 1 - p, log scale", b)
	st := textStyle(12)
	st.XAlign, st.YAlign = draw.XCenter, draw.YTop
	wrapped := wrapLines(title, st, width-vg.Points(12))
	titleH := vg.Points(float64(strings.Count(wrapped, "\n")+1)*15 + 12)
	keyH := max(1.6*vg.Centimeter, vg.Points(float64(keys)*12+10))
	height := vg.Length(nrows)*tileH + titleH + keyH
	bar := scale.bar()
	drawFn := func(c draw.Canvas) {
		c.FillText(st, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - vg.Points(6)}, wrapped)
		drawPanels(draw.Crop(c, 0, 0, keyH, -titleH), panels, ncols, tileW)
		strip := draw.Crop(c, 0, 0, vg.Points(2), -(c.Max.Y - c.Min.Y - keyH))
		w := strip.Max.X - strip.Min.X
		if keys == 0 {
			bar.Draw(draw.Crop(strip, w/8, -w/8, 0, 0))
			return
		}
		// The colours apart from the scale on the left, the scale on the
		// right.
		kw := legendWidth(key)
		key.Draw(draw.Crop(strip, vg.Points(8), -(w - kw), 0, -vg.Points(4)))
		bar.Draw(draw.Crop(strip, kw+vg.Points(4), -vg.Points(12), 0, 0))
	}
	return &Figure{Name: "exactmap-" + b.String(), Title: title, Width: width, Height: height, draw: drawFn}, nil
}

// colorCertain marks a start from which the rule always makes a tour.
var colorCertain = color.RGBA{0x0b, 0x4f, 0x1c, 0xff}

// apartLegend names the colours of p's squares that lie apart from the
// failure scale, those that occur: no tour (p = 0), a certain tour
// (p = 1), not computed (NaN); n counts them.
func apartLegend(p [][]float64) (leg plot.Legend, n int) {
	var none, certain, notRun bool
	for _, probs := range p {
		for _, x := range probs {
			none = none || x <= 0
			certain = certain || x >= 1
			notRun = notRun || math.IsNaN(x)
		}
	}
	leg = plot.NewLegend()
	leg.TextStyle.Handler = measuring
	leg.Top, leg.Left = true, true
	leg.TextStyle.Font.Size = vg.Points(9)
	leg.ThumbnailWidth = vg.Points(11)
	leg.Padding = vg.Points(2)
	for _, e := range []struct {
		on   bool
		text string
		col  color.Color
	}{
		{none, "no tour from here (p = 0)", colorNoTour},
		{certain, "always a tour (p = 1)", colorCertain},
		{notRun, "not computed", colorNotRun},
	} {
		if e.on {
			leg.Add(e.text, swatch{e.col})
			n++
		}
	}
	return leg, n
}

// failureScale colours a probability p by log10(1 - p) between lo and hi
// (the least and most failure of a map): green (lo) through orange to red
// (hi).
type failureScale struct {
	lo, hi float64
}

// failureScaleOf spans the failure probabilities 1 - p of every square
// that is neither certain (p = 1) nor hopeless (p = 0); a map of one value
// spans half a decade either side of it.
func failureScaleOf(p [][]float64) failureScale {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, probs := range p {
		for _, x := range probs {
			if q := 1 - x; q > 0 && q < 1 {
				lo, hi = math.Min(lo, math.Log10(q)), math.Max(hi, math.Log10(q))
			}
		}
	}
	switch {
	case math.IsInf(lo, 1):
		return failureScale{-1, 0}
	case hi-lo < 1e-9:
		return failureScale{lo - 0.5, hi + 0.5}
	}
	return failureScale{lo, hi}
}

// color is x's colour: white for NaN, dark green for a certain tour, grey
// for no tour (never the red of the scale's worst start), and between, by
// the failure's place on the scale.
func (s failureScale) color(x float64) color.Color {
	q := 1 - x
	switch {
	case math.IsNaN(x):
		return colorNotRun
	case q <= 0:
		return colorCertain
	case q >= 1:
		return colorNoTour
	}
	t := (math.Log10(q) - s.lo) / (s.hi - s.lo)
	t = math.Max(0, math.Min(1, t))
	if t < 0.5 {
		return blend(colorFound, colorFewer, 2*t)
	}
	return blend(colorFewer, colorFailed, 2*t-1)
}

// bar draws the scale under the panels, labelled in failure
// probabilities.
func (s failureScale) bar() *plot.Plot {
	cmap := &failureMap{s: s}
	p := newBarePlot()
	p.Add(scaleBar{cmap: cmap})
	p.HideY()
	p.X.Min, p.X.Max = s.lo, s.hi
	p.X.Label.Text = "failure probability 1 - p (colour, log scale)"
	p.X.Label.TextStyle.Font.Size = vg.Points(9)
	p.X.Tick.Label.Font.Size = vg.Points(8)
	p.X.Tick.Marker = failureTicks{}
	return p
}

// failureMap is the scale as a palette.ColorMap over log10(1 - p), for
// scaleBar.
type failureMap struct{ s failureScale }

func (m *failureMap) At(v float64) (color.Color, error) { return m.s.color(1 - math.Pow(10, v)), nil }
func (m *failureMap) Max() float64                      { return m.s.hi }
func (m *failureMap) Min() float64                      { return m.s.lo }
func (m *failureMap) SetMax(float64)                    {}
func (m *failureMap) SetMin(float64)                    {}
func (m *failureMap) Alpha() float64                    { return 1 }
func (m *failureMap) SetAlpha(float64)                  {}
func (m *failureMap) Palette(int) palette.Palette       { return nil }

// failureTicks labels a log10 axis of probabilities: each decade (0.001,
// 0.01, 0.1), or the ends with three significant digits when the scale
// spans less than one.
type failureTicks struct{}

// Ticks implements plot.Ticker.
func (failureTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Ceil(min); e <= max; e++ {
		ticks = append(ticks, plot.Tick{Value: e, Label: strconv.FormatFloat(math.Pow(10, e), 'g', -1, 64)})
	}
	if len(ticks) < 2 {
		ticks = []plot.Tick{
			{Value: min, Label: strconv.FormatFloat(math.Pow(10, min), 'g', 3, 64)},
			{Value: max, Label: strconv.FormatFloat(math.Pow(10, max), 'g', 3, 64)},
		}
	}
	return ticks
}

// probLabel writes a probability in a cell: three decimals without the
// leading 0, and "1" and "0" only for certainty. A probability that rounds
// to 1.000 or 0.000 without being it says so (">.999", "<.001"): cut to
// three digits, 0.9996 read ".000".
func probLabel(x float64) string {
	switch {
	case math.IsNaN(x):
		return ""
	case x == 1:
		return "1"
	case x == 0:
		return "0"
	case x >= 0.9995:
		return ">.999"
	case x < 0.0005:
		return "<.001"
	}
	return fmt.Sprintf("%.3f", x)[1:]
}

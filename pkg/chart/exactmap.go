package chart

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/board"
)

// ExactMap draws, for board b, one panel per rule: the exact probability
// that the rule makes a tour from each start square (experiment exact),
// p[i][r*cols+c], NaN where it was not computed; labels[i] names rule i.
// The colour runs from red (0) through orange to green (1), on the same
// scale in every panel.
func ExactMap(b board.Board, labels []string, p [][]float64) (*Figure, error) {
	if b.Rows > MaxHeatMapSide || b.Cols > MaxHeatMapSide {
		return nil, fmt.Errorf("exact map of %v: %w (sides over %d squares are not drawn)", b, ErrNoData, MaxHeatMapSide)
	}
	if len(p) == 0 || len(p) != len(labels) {
		return nil, fmt.Errorf("exact map of %v: %w", b, ErrNoData)
	}
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
			fill: func(r, c int) color.Color { return probColor(probs[r*b.Cols+c]) }}
		if showText {
			g.label = func(r, c int) string { return probLabel(probs[r*b.Cols+c]) }
		}
		panels[i/heatMapColumns][i%heatMapColumns] = &panel{title: labels[i] + " (white: not computed)", cells: g, step: step}
	}
	tileW, tileH := panelTile(b, cell)
	width := max(vg.Length(ncols)*tileW, 8*vg.Centimeter)
	titleH := 1.2 * vg.Centimeter
	height := vg.Length(nrows)*tileH + titleH
	title := fmt.Sprintf("%v: exact probability of a tour by start", b)
	drawFn := func(c draw.Canvas) {
		st := textStyle(12)
		st.XAlign, st.YAlign = draw.XCenter, draw.YTop
		c.FillText(st, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - vg.Points(6)}, title)
		drawPanels(draw.Crop(c, 0, 0, 0, -titleH), panels, ncols, tileW)
	}
	return &Figure{Name: "exactmap-" + b.String(), Title: title, Width: width, Height: height, draw: drawFn}, nil
}

// probColor blends red (0), orange (1/2) and green (1); white for NaN.
func probColor(x float64) color.Color {
	if math.IsNaN(x) {
		return colorNotRun
	}
	if x < 0.5 {
		return blend(colorFailed, colorFewer, 2*x)
	}
	return blend(colorFewer, colorFound, 2*x-1)
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

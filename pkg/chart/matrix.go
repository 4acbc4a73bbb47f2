package chart

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
)

// Matrix colours: the row does better or worse than the column (Okabe and
// Ito's blue and vermillion, apart for every common colour blindness),
// full where the post-hoc test holds after Holm's adjustment, pale where
// it does not.
var (
	colorRowBetter   = color.RGBA{0x00, 0x72, 0xb2, 0xff}
	colorRowWorse    = color.RGBA{0xd5, 0x5e, 0x00, 0xff}
	colorRowBetterNS = paler(colorRowBetter)
	colorRowWorseNS  = paler(colorRowWorse)
	colorLevel       = color.RGBA{0xf2, 0xf2, 0xf2, 0xff}
)

func paler(c color.RGBA) color.RGBA {
	m := func(v uint8) uint8 { return uint8(0.25*float64(v) + 0.75*255 + 0.5) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), 0xff}
}

// Matrix draws the k x k matrix of two rankings of the same series, rows
// and columns in the cost ranking's order: each cell compares its row with
// its column, above the diagonal by success (the row's success rate minus
// the column's, in percentage points), below it by cost to a tour: the
// row's nodes, or time, over the column's, the median over the instances
// the sign test counts (stats.RankPair's Effect: a run without a tour
// against one with a tour infinitely costly, ∞ or 0; "even" where each
// needed less as often). The colour says which does better (blue: the
// row), its strength whether the sign test holds after Holm's adjustment;
// a dagger marks a verdict that rests on one board (stats.RankPair's
// RestsOn). The diagonal holds each series' marker in its colour, its key
// in the other charts.
func Matrix(success, cost *stats.Ranking) (*Figure, error) {
	k := len(cost.Series)
	if k < 2 {
		return nil, fmt.Errorf("matrix: %w", ErrNoData)
	}
	if len(success.Series) != k || len(success.MeanRank) != k || len(cost.Order) != k {
		return nil, errors.New("matrix: the rankings rank different series")
	}
	if cost.Blocks == 0 || success.Blocks == 0 {
		return nil, fmt.Errorf("matrix: %w (no instance that every series ran)", ErrNoData)
	}
	order := cost.Order
	cell := vg.Points(math.Max(28, math.Min(34, 340/float64(k))))
	labelFont := textStyle(9)
	var labelW vg.Length
	for i, s := range cost.Series {
		labelW = max(labelW, measuring.width(rowLabel(i, s.Label), labelFont.Font))
	}
	labelW += vg.Points(8)
	grid := &cellGrid{rows: k, cols: k, font: textStyle(7.5),
		fill: func(r, c int) color.Color {
			if r == c {
				return color.White
			}
			p, _ := matrixPair(success, cost, order[r], order[c], r < c)
			return pairColor(p)
		},
		label: func(r, c int) string {
			if r == c {
				return ""
			}
			p, rk := matrixPair(success, cost, order[r], order[c], r < c)
			return pairText(p, rk)
		},
	}
	gridW := vg.Length(k) * cell
	legendLines := []string{
		"Above the diagonal: success, the row's rate minus the column's, in percentage points (pt).",
		fmt.Sprintf("Below: %s to a tour, the row's over the column's (×), median over the instances where one", cost.Measure),
		"needed less, as the sign test counts them; a run without a tour costs ∞ against one with a tour.",
		fmt.Sprintf("Full colour: the sign test holds after Holm's adjustment (p < %g); pale: it does not.", stats.Alpha),
		"† the verdict rests on one board: without it, it would not hold.",
	}
	leg := matrixLegend{lines: legendLines, font: textStyle(8.5)}
	headH := vg.Points(16)
	width := max(labelW+gridW+vg.Points(12), leg.width())
	height := headH + vg.Length(k)*cell + leg.height() + vg.Points(8)
	title := fmt.Sprintf("Every two of %d series: success above the diagonal, %s to a tour below; sign tests, Holm's adjustment over %d pairs each", k, cost.Measure, len(cost.Pairs))
	return &Figure{
		Name:   "matrix",
		Title:  title,
		Width:  width,
		Height: height,
		draw: func(c draw.Canvas) {
			top := c.Max.Y - headH
			x0 := c.Min.X + labelW
			area := vg.Rectangle{Min: vg.Point{X: x0, Y: top - vg.Length(k)*cell}, Max: vg.Point{X: x0 + gridW, Y: top}}
			grid.draw(c, area)
			drawMatrixLabels(c, cost.Series, order, labelFont, x0, top, cell)
			leg.draw(c, area.Min.Y-vg.Points(8))
		},
	}, nil
}

// drawMatrixLabels draws the matrix's column numbers above top, its row
// labels left of x0, and each series' marker on the diagonal (its key in
// the other charts), the series in order, in cells of side cell.
func drawMatrixLabels(c draw.Canvas, series []stats.Series, order []int, labelFont text.Style, x0, top, cell vg.Length) {
	head := textStyle(8)
	head.XAlign, head.YAlign = draw.XCenter, draw.YBottom
	row := labelFont
	row.XAlign, row.YAlign = draw.XRight, draw.YCenter
	for i, si := range order {
		cx := x0 + (vg.Length(i)+0.5)*cell
		c.FillText(head, vg.Point{X: cx, Y: top + vg.Points(3)}, strconv.Itoa(i+1))
		cy := top - (vg.Length(i)+0.5)*cell
		c.FillText(row, vg.Point{X: x0 - vg.Points(4), Y: cy}, rowLabel(i, series[si].Label))
		g := seriesStyle(series[si].Look).glyph
		g.Radius = vg.Points(5)
		c.DrawGlyph(g, vg.Point{X: cx, Y: cy})
	}
}

// matrixSwatches are the colours of the matrix's cells and what each says.
var matrixSwatches = []struct {
	c    color.Color
	text string
}{
	{colorRowBetter, "row better"}, {colorRowBetterNS, "row better, not significant"},
	{colorRowWorse, "row worse"}, {colorRowWorseNS, "row worse, not significant"}, {colorLevel, "even"},
}

// matrixLegend is the matrix's legend: the swatches on a line, then the
// notes, one a line.
type matrixLegend struct {
	lines []string
	font  text.Style
}

// swatchHeight is the height of the legend's line of swatches.
var swatchHeight = vg.Points(14)

func (l matrixLegend) width() vg.Length {
	var notes vg.Length
	for _, s := range l.lines {
		notes = max(notes, measuring.width(s, l.font.Font))
	}
	swatches := vg.Points(6)
	for _, s := range matrixSwatches {
		swatches += vg.Points(24) + measuring.width(s.text, l.font.Font)
	}
	return max(notes+vg.Points(16), swatches)
}

func (l matrixLegend) height() vg.Length {
	return vg.Points(float64(len(l.lines))*12+8) + swatchHeight
}

// draw draws the legend on c from y down.
func (l matrixLegend) draw(c draw.Canvas, y vg.Length) {
	sx := c.Min.X + vg.Points(6)
	sw := l.font
	sw.YAlign = draw.YCenter
	for _, s := range matrixSwatches {
		box := vg.Rectangle{Min: vg.Point{X: sx, Y: y - vg.Points(9)}, Max: vg.Point{X: sx + vg.Points(9), Y: y}}
		c.SetColor(s.c)
		c.Fill(box.Path())
		c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 120}, Width: vg.Points(0.5)},
			[]vg.Point{box.Min, {X: box.Max.X, Y: box.Min.Y}, box.Max, {X: box.Min.X, Y: box.Max.Y}, box.Min})
		c.FillText(sw, vg.Point{X: sx + vg.Points(12), Y: y - vg.Points(4.5)}, s.text)
		sx += vg.Points(24) + measuring.width(s.text, sw.Font)
	}
	note := l.font
	note.YAlign = draw.YTop
	y -= swatchHeight + vg.Points(2)
	for _, s := range l.lines {
		c.FillText(note, vg.Point{X: c.Min.X + vg.Points(6), Y: y}, s)
		y -= vg.Points(12)
	}
}

// rowLabel keys a series by its place, beside the grid: "dfs/random  1".
func rowLabel(i int, label string) string { return fmt.Sprintf("%s  %d", cut(label, 34), i+1) }

// matrixPair returns row i's comparison with column j: by success above
// the diagonal, by cost below.
func matrixPair(success, cost *stats.Ranking, i, j int, above bool) (stats.RankPair, *stats.Ranking) {
	r := cost
	if above {
		r = success
	}
	p, _ := r.Pair(i, j)
	return p, r
}

// pairColor is a cell's colour: who does better (A is the row), and
// whether the test holds.
func pairColor(p stats.RankPair) color.Color {
	switch {
	case p.ABetter > p.BBetter && p.Significant():
		return colorRowBetter
	case p.ABetter < p.BBetter && p.Significant():
		return colorRowWorse
	case p.ABetter > p.BBetter:
		return colorRowBetterNS
	case p.ABetter < p.BBetter:
		return colorRowWorseNS
	}
	return colorLevel
}

// pairText is a cell's text: by how much, and a dagger where one board
// carries the verdict.
func pairText(p stats.RankPair, r *stats.Ranking) string {
	var s string
	switch {
	case math.IsNaN(p.Effect):
		s = "-"
	case r.Measure == stats.BySuccess:
		pp := 100 * p.Effect
		switch {
		case pp == 0:
			s = "0"
		case math.Abs(pp) < 1:
			// One significant digit: a difference of a few runs in
			// many is never "+0.0".
			s = strconv.FormatFloat(pp, 'g', 1, 64)
			if pp > 0 {
				s = "+" + s
			}
		default:
			s = fmt.Sprintf("%+.0f", pp)
		}
		s += " pt" // percentage points, as the table's rates
	case p.ABetter == p.BBetter:
		// As many instances each way: the two middle ratios lie on
		// either side of 1 (stats.RankPair's Effect is 1).
		s = "even"
	default:
		s = "×" + format.ShortRatio(1/p.Effect) // the row's over the column's, a factor
	}
	if p.RestsOn != "" {
		s += "†"
	}
	return s
}

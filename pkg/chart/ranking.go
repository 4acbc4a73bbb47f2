package chart

import (
	"errors"
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/internal/words"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
)

// Ranking draws critical-difference diagrams (Demšar 2006), one strip a
// ranking, stacked: each series at its mean rank on an axis from 1 (best,
// left) to k, its name joined to its place by a line, the better half on
// the left; a thick bar joins the series that the ranking's post-hoc test
// (the sign test of every two series, Holm's adjustment) cannot tell
// apart. Each strip's title says what was ranked, over how many
// instances, and the Friedman test's verdict. Every ranking must rank the
// same series.
func Ranking(rankings ...*stats.Ranking) (*Figure, error) {
	if len(rankings) == 0 || len(rankings[0].Series) < 2 {
		return nil, fmt.Errorf("ranking: %w", ErrNoData)
	}
	k := len(rankings[0].Series)
	for _, r := range rankings {
		if len(r.Series) != k || len(r.MeanRank) != k {
			return nil, errors.New("ranking: the rankings rank different series")
		}
		if r.Blocks == 0 {
			// No mean rank: nothing to place on the axis.
			return nil, fmt.Errorf("ranking: %w (no instance that every series ran)", ErrNoData)
		}
	}
	labelFont := textStyle(nameSize)
	var labelW vg.Length
	for _, s := range rankings[0].Series {
		labelW = max(labelW, measuring.width(cut(s.Label, 34)+" (0.00)", labelFont.Font))
	}
	width := max(12*vg.Centimeter, 2*labelW+vg.Length(k)*vg.Centimeter+vg.Points(32))
	strips := make([]vg.Length, len(rankings))
	var height vg.Length
	for i, r := range rankings {
		strips[i] = stripHeight(r)
		height += strips[i]
	}
	title := make([]string, len(rankings))
	for i, r := range rankings {
		title[i] = rankingTitle(r)
	}
	return &Figure{
		Name:   "ranking",
		Title:  "Critical-difference diagrams: " + strings.Join(title, "; "),
		Width:  width,
		Height: height,
		draw: func(c draw.Canvas) {
			top := c.Max.Y
			for i, r := range rankings {
				sc := c
				sc.Max.Y, sc.Min.Y = top, top-strips[i]
				drawStrip(sc, r, labelW)
				top -= strips[i]
			}
		},
	}, nil
}

// Strip geometry, in points.
const (
	nameSize   = 10 // the names' font size
	stripTitle = 34 // two lines of title
	stripAxis  = 22 // tick labels and the axis
	stripBar   = 5  // one clique bar
	stripRow   = 14 // one name
)

func stripHeight(r *stats.Ranking) vg.Length {
	k := len(r.Series)
	return vg.Points(stripTitle + stripAxis + float64(len(r.Cliques)+1)*stripBar + float64((k+1)/2)*stripRow + 10)
}

// rankingTitle says what a strip ranks and what the Friedman test says.
func rankingTitle(r *stats.Ranking) string {
	what := "Success"
	switch r.Measure {
	case stats.ByNodes:
		what = "Nodes to a tour"
	case stats.ByCPU:
		what = "CPU time to a tour"
	}
	return fmt.Sprintf("%s: mean rank over %s instances (1 = best); Friedman %s", what,
		format.Count(float64(r.Blocks)), FriedmanVerdict(r))
}

// FriedmanVerdict writes the Friedman test's outcome: the chi-square's p
// (what R's friedman.test and scipy's friedmanchisquare print), then Iman
// and Davenport's F's, named as such: "p=0.264 (chi-square 2.67);
// Iman–Davenport F's p=0.309". With fewer than two instances neither ran,
// and it says so.
func FriedmanVerdict(r *stats.Ranking) string {
	if r.Blocks < 2 {
		return fmt.Sprintf("not run: %d %s that every series ran", r.Blocks, words.Noun(r.Blocks, "instance"))
	}
	x := trimZeros(fmt.Sprintf("%.3g", r.ChiSquare))
	if r.ChiSquare >= 1000 {
		x = fmt.Sprintf("%.0f", r.ChiSquare)
	}
	return fmt.Sprintf("%s (chi-square %s); Iman–Davenport F's %s", format.P(r.ChiSquareP), x, format.P(r.FP))
}

// drawStrip draws one ranking in c.
func drawStrip(c draw.Canvas, r *stats.Ranking, labelW vg.Length) {
	k := len(r.Series)
	titleFont := textStyle(11)
	titleFont.XAlign, titleFont.YAlign = draw.XLeft, draw.YTop
	txt := wrapLines(rankingTitle(r), titleFont, c.Max.X-c.Min.X-vg.Points(12))
	c.FillText(titleFont, vg.Point{X: c.Min.X + vg.Points(6), Y: c.Max.Y - vg.Points(3)}, txt)

	left, right := c.Min.X+labelW+vg.Points(16), c.Max.X-labelW-vg.Points(16)
	x := func(rank float64) vg.Length {
		return left + (right-left)*vg.Length((rank-1)/float64(k-1))
	}
	axisY := c.Max.Y - vg.Points(stripTitle+stripAxis)
	axis := draw.LineStyle{Color: color.Black, Width: vg.Points(1)}
	c.StrokeLine2(axis, left, axisY, right, axisY)
	tickFont := textStyle(9)
	tickFont.XAlign, tickFont.YAlign = draw.XCenter, draw.YBottom
	for i := 1; i <= k; i++ {
		c.StrokeLine2(axis, x(float64(i)), axisY, x(float64(i)), axisY+vg.Points(4))
		c.FillText(tickFont, vg.Point{X: x(float64(i)), Y: axisY + vg.Points(6)}, fmt.Sprint(i))
	}
	// The cliques, just under the axis.
	bar := draw.LineStyle{Color: color.Black, Width: vg.Points(2.5)}
	for i, q := range r.Cliques {
		y := axisY - vg.Points(float64(i+1)*stripBar)
		lo, hi := r.MeanRank[r.Order[q[0]]], r.MeanRank[r.Order[q[1]]]
		c.StrokeLine2(bar, x(lo)-vg.Points(3), y, x(hi)+vg.Points(3), y)
	}
	// The names: the better half to the left, the rest to the right, the
	// lines nearest the middle shortest.
	rowsTop := axisY - vg.Points(float64(len(r.Cliques)+1)*stripBar+6)
	half := (k + 1) / 2
	nameFont := textStyle(nameSize)
	nameFont.YAlign = draw.YCenter
	for pos, i := range r.Order {
		s := r.Series[i]
		rank := r.MeanRank[i]
		sty := seriesStyle(s.Look)
		line := draw.LineStyle{Color: sty.color, Width: vg.Points(1.2)}
		var row int
		var end vg.Length
		nf := nameFont
		if pos < half {
			row = pos
			end = left - vg.Points(6)
			nf.XAlign = draw.XRight
		} else {
			row = k - 1 - pos
			end = right + vg.Points(6)
			nf.XAlign = draw.XLeft
		}
		y := rowsTop - vg.Points(float64(row)*stripRow)
		px := x(rank)
		c.StrokeLines(line, []vg.Point{{X: px, Y: axisY}, {X: px, Y: y}, {X: end, Y: y}})
		g := sty.glyph
		c.DrawGlyph(g, vg.Point{X: px, Y: axisY})
		label := fmt.Sprintf("%s (%.2f)", cut(s.Label, 34), rank)
		off := vg.Points(3)
		if pos >= half {
			off = -off
		}
		c.FillText(nf, vg.Point{X: end - off, Y: y}, label)
	}
}

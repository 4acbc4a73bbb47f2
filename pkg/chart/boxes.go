package chart

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"knightsweep/pkg/board"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
)

// NodesToSuccess draws, for board b, one box per series of the nodes its
// successful runs took (from starts that have a tour), on a log axis: the
// median, the quartiles, whiskers to the furthest runs within 1.5 times
// the box, and the runs beyond as points. Only successful runs enter, so
// no figure rests on a run stopped by its budget; how many succeeded is in
// the labels. The file is nodes-to-success-RxC.
func NodesToSuccess(res *stats.Results, b board.Board) (*Figure, error) {
	title := fmt.Sprintf("%v: nodes of the runs that found a tour", b)
	p := newPlot(title, "", "nodes (log scale)")
	p.Add(plotter.NewGrid())
	var names []string
	lo, hi := math.Inf(1), math.Inf(-1)
	w := vg.Points(18)
	x := 0.0
	var noNodes []string
	for _, g := range res.BoardGroups(b) {
		nodes, times, n := g.FoundNodes()
		if len(nodes) == 0 {
			if len(times) > 0 {
				noNodes = append(noNodes, res.SeriesOf(g).Label)
			}
			continue
		}
		vals := make(plotter.Values, len(nodes))
		for i, v := range nodes {
			vals[i] = float64(max(v, 1))
			lo, hi = math.Min(lo, vals[i]), math.Max(hi, vals[i])
		}
		box, err := plotter.NewBoxPlot(w, x, vals)
		if err != nil {
			return nil, fmt.Errorf("box plot of %v, %s: %w", b, g.Series, err)
		}
		st := seriesStyle(res.SeriesOf(g).Look)
		box.FillColor = lighten(st.color)
		box.BoxStyle.Color, box.MedianStyle.Color, box.WhiskerStyle.Color = st.color, st.color, st.color
		box.GlyphStyle.Color = st.color
		box.MedianStyle.Width = vg.Points(2)
		p.Add(box)
		names = append(names, fmt.Sprintf("%s\n%d of %d", cut(g.Series, 24), len(nodes), n))
		x++
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("box plot of %v: %w (no tour found from a start with one)", b, ErrNoData)
	}
	if hi <= lo {
		lo, hi = lo/2, hi*2
	}
	if note := noNodesNote(noNodes); note != "" {
		p.Title.Text += "\n(" + note + ")"
		title += " (" + note + ")"
	}
	p.NominalX(names...)
	p.Y.Scale = plot.LogScale{}
	p.Y.Min, p.Y.Max = lo/1.6, hi*1.6
	p.Y.Tick.Marker = logTicks{format: format.Count}
	p.X.Tick.Label.Font.Size = vg.Points(8)
	width := max(sizeChartWidth, vg.Length(len(names))*3.2*vg.Centimeter)
	return &Figure{
		Name:   "nodes-to-success-" + b.String(),
		Title:  title + " (from starts with a tour): one box per series, log scale",
		Width:  width,
		Height: 9 * vg.Centimeter,
		draw:   p.Draw,
	}, nil
}

// lighten mixes c with white, for fills under outlines of c.
func lighten(c color.Color) color.RGBA {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8(0.35*float64(v>>8) + 0.65*255) }
	return color.RGBA{mix(r), mix(g), mix(b), 0xff}
}

// cut shortens s to n runes, marking the cut with "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

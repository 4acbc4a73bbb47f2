package chart

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"knightsweep/pkg/stats"
)

// ErrNoData reports that a chart would have nothing to show.
var ErrNoData = errors.New("nothing to draw")

// Figure sizes of the by-size charts.
var (
	sizeChartWidth  = 18 * vg.Centimeter
	sizeChartHeight = 10 * vg.Centimeter
)

// Success charts, for each series, the share of runs from starts that have
// a tour (by theory, or by a witness in the data) that found one, by board
// size, with Wilson 95% intervals as error bars. Groups without such starts
// are left out and counted in the title.
func Success(res *stats.Results) (*Figure, error) {
	axis := newSizeAxis(res.Boards)
	p := newPlot("Success from starts that have a tour\n(bars: Wilson 95% intervals)", "", "tours found / runs (%)")
	p.Add(plotter.NewGrid())
	leg := newLegend()
	missing, points := 0, 0
	for i, s := range res.Series {
		var xys plotter.XYs
		var errs plotter.YErrors
		for _, g := range res.SeriesGroups(s.Key) {
			if g.TourAttempts == 0 {
				missing++
				continue
			}
			rate := float64(g.TourRate)
			iv := g.Tour()
			xys = append(xys, plotter.XY{X: axis.nudge(axis.x(g.Board()), i, len(res.Series)), Y: 100 * rate})
			errs = append(errs, struct{ Low, High float64 }{100 * (rate - iv.Lo), 100 * (iv.Hi - rate)})
		}
		if len(xys) == 0 {
			continue
		}
		points += len(xys)
		st := seriesStyle(s.Look)
		line, scatter, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, fmt.Errorf("success chart, %s: %w", s.Label, err)
		}
		line.LineStyle, scatter.GlyphStyle = st.line, st.glyph
		bars, err := plotter.NewYErrorBars(errorPoints{xys, errs})
		if err != nil {
			return nil, fmt.Errorf("success chart, %s: %w", s.Label, err)
		}
		bars.LineStyle = st.line
		bars.LineStyle.Width = vg.Points(1)
		bars.LineStyle.Dashes = nil
		bars.CapWidth = vg.Points(5)
		p.Add(line, bars, scatter)
		leg.Add(s.Label, line, scatter)
	}
	if points == 0 {
		return nil, fmt.Errorf("success chart: %w (no group has starts known to have a tour)", ErrNoData)
	}
	if missing > 0 {
		p.Title.Text += fmt.Sprintf("\n(%d groups with no such start not shown)", missing)
	}
	p.Y.Min, p.Y.Max = -3, 103
	p.Y.Tick.Marker = percentTicks{}
	w := sizeChartWidth - legendWidth(leg) - 2.5*vg.Centimeter
	axis.apply(p, w)
	return &Figure{
		Name:   "success",
		Title:  "Success rate by board size, over the runs from starts that have a tour (by theory or a witness), with Wilson 95% intervals",
		Width:  sizeChartWidth,
		Height: sizeChartHeight,
		draw:   withLegend(p, leg),
	}, nil
}

// errorPoints pairs points with their error bars for plotter.NewYErrorBars.
type errorPoints struct {
	plotter.XYs
	plotter.YErrors
}

// percentTicks marks 0% to 100% every 20%.
type percentTicks struct{}

// Ticks implements plot.Ticker.
func (percentTicks) Ticks(min, max float64) []plot.Tick {
	var t []plot.Tick
	for v := 0.0; v <= 100; v += 10 {
		if v < min || v > max {
			continue
		}
		label := ""
		if math.Mod(v, 20) == 0 {
			label = fmt.Sprintf("%.0f%%", v)
		}
		t = append(t, plot.Tick{Value: v, Label: label})
	}
	return t
}

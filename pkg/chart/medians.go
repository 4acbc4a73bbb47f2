package chart

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
)

// MedianNodes charts each series' median nodes by board size, on a log y
// axis; a median that rests on runs stopped by the budget is drawn as an
// open triangle: at least that.
func MedianNodes(res *stats.Results) (*Figure, error) {
	return medianChart(res, medianSpec{
		name:   "nodes",
		title:  "Median nodes per run",
		ylabel: "nodes (log scale)",
		value:  func(g *stats.Group) stats.Bound { return g.NodesMedianBound() },
		format: format.Count,
	})
}

// MedianTime charts each series' median search time by board size, on a
// log y axis, lower bounds as open triangles.
func MedianTime(res *stats.Results) (*Figure, error) {
	return medianChart(res, medianSpec{
		name:   "time",
		title:  "Median time per run",
		ylabel: "time per run (log scale)",
		value:  func(g *stats.Group) stats.Bound { return g.TimeMedianBound() },
		format: format.NS,
	})
}

type medianSpec struct {
	name, title, ylabel string
	value               func(*stats.Group) stats.Bound
	format              func(float64) string
}

func medianChart(res *stats.Results, spec medianSpec) (*Figure, error) {
	axis := newSizeAxis(res.Boards)
	p := newPlot(spec.title+" (every run, whatever its outcome)", "", spec.ylabel)
	p.Add(plotter.NewGrid())
	leg := newLegend()
	dropped, points, bounds := 0, 0, 0
	var unknown []string
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range res.Series {
		var xys, lower plotter.XYs
		for _, g := range res.SeriesGroups(s.Key) {
			v := spec.value(g)
			if math.IsNaN(v.Value) { // runs without the measure: no nodes
				unknown = append(unknown, s.Label)
				continue
			}
			if !(v.Value > 0) { // a log axis cannot show zero
				dropped++
				continue
			}
			lo, hi = math.Min(lo, v.Value), math.Max(hi, v.Value)
			xy := plotter.XY{X: axis.nudge(axis.x(g.Board()), i, len(res.Series)), Y: v.Value}
			xys = append(xys, xy)
			if v.Censored {
				lower = append(lower, xy)
			}
		}
		if len(xys) == 0 {
			continue
		}
		points += len(xys)
		bounds += len(lower)
		st := seriesStyle(s.Look)
		line, scatter, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, fmt.Errorf("%s chart, %s: %w", spec.name, s.Label, err)
		}
		line.LineStyle, scatter.GlyphStyle = st.line, st.glyph
		p.Add(line, scatter)
		if len(lower) > 0 {
			// A lower bound is marked over the series' own marker.
			marks, err := plotter.NewScatter(lower)
			if err != nil {
				return nil, fmt.Errorf("%s chart, %s: %w", spec.name, s.Label, err)
			}
			marks.GlyphStyle = boundStyle(st)
			p.Add(marks)
		}
		leg.Add(s.Label, line, scatter)
	}
	if points == 0 {
		return nil, fmt.Errorf("%s chart: %w (no positive medians)", spec.name, ErrNoData)
	}
	var notes []string
	if bounds > 0 {
		notes = append(notes, "arrows: at least this, the median rests on runs stopped by the budget")
	}
	if dropped > 0 {
		notes = append(notes, fmt.Sprintf("%d zero medians not shown on the log axis", dropped))
	}
	caption := spec.title + " by board size (log scale); arrows mark medians that are lower bounds"
	if note := noNodesNote(unknown); note != "" {
		notes = append(notes, note)
		caption += " (" + note + ")"
	}
	if len(notes) > 0 {
		p.Title.Text += "\n(" + strings.Join(notes, "; ") + ")"
	}
	// Set the range ourselves: a log scale must never see a value <= 0.
	p.Y.Scale = plot.LogScale{}
	p.Y.Min, p.Y.Max = lo/1.6, hi*1.6
	p.Y.Tick.Marker = logTicks{format: spec.format}
	axis.apply(p, sizeChartWidth-legendWidth(leg)-2.5*vg.Centimeter)
	return &Figure{
		Name:   spec.name,
		Title:  caption,
		Width:  sizeChartWidth,
		Height: sizeChartHeight,
		draw:   withLegend(p, leg),
	}, nil
}

// logTicks marks powers of ten, named with format (1k, 1M; 1µs, 1ms), and
// 2 and 5 times them when the range spans less than three decades.
type logTicks struct {
	format func(float64) string
}

// Ticks implements plot.Ticker.
func (t logTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	if !(min > 0) || !(max > min) {
		return nil
	}
	decades := math.Log10(max / min)
	named := []float64{1}
	if decades < 3 {
		named = []float64{1, 2, 5}
	}
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		base := math.Pow(10, e)
		for m := 1.0; m < 10; m++ {
			v := base * m
			if v < min || v > max {
				continue
			}
			label := ""
			for _, n := range named {
				if m == n {
					label = trimZeros(t.format(v))
				}
			}
			ticks = append(ticks, plot.Tick{Value: v, Label: label})
		}
	}
	return ticks
}

// trimZeros drops trailing zeros from a number's fraction, keeping its
// unit: "1.00M" -> "1M", "2.50ms" -> "2.5ms". Tick labels sit on round
// values, where the zeros only add width.
func trimZeros(s string) string {
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return s
	}
	end := dot + 1
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	frac := strings.TrimRight(s[dot+1:end], "0")
	if frac == "" {
		return s[:dot] + s[end:]
	}
	return s[:dot+1] + frac + s[end:]
}

package chart

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"knightsweep/pkg/stats"
)

// MedianNodes charts each series' median nodes by board size, on a log y
// axis.
func MedianNodes(res *stats.Results) (*Figure, error) {
	return medianChart(res, medianSpec{
		name:   "nodes",
		title:  "Median nodes per run",
		ylabel: "nodes (log scale)",
		value:  func(g *stats.Group) float64 { return float64(g.NodesMedian) },
		format: stats.FormatCount,
	})
}

// MedianTime charts each series' median search time by board size, on a
// log y axis.
func MedianTime(res *stats.Results) (*Figure, error) {
	return medianChart(res, medianSpec{
		name:   "time",
		title:  "Median time per run",
		ylabel: "time per run (log scale)",
		value:  func(g *stats.Group) float64 { return float64(g.TimeMedianNS) },
		format: stats.FormatNS,
	})
}

type medianSpec struct {
	name, title, ylabel string
	value               func(*stats.Group) float64
	format              func(float64) string
}

func medianChart(res *stats.Results, spec medianSpec) (*Figure, error) {
	axis := newSizeAxis(res.Boards)
	p := newPlot(spec.title+", by board size (every attempt, whatever its outcome)", "", spec.ylabel)
	p.Add(plotter.NewGrid())
	leg := newLegend()
	dropped, points := 0, 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range res.Series {
		var xys plotter.XYs
		for _, g := range res.SeriesGroups(s.Key) {
			v := spec.value(g)
			if !(v > 0) { // zero or NaN: a log axis cannot show it
				dropped++
				continue
			}
			lo, hi = math.Min(lo, v), math.Max(hi, v)
			xys = append(xys, plotter.XY{X: axis.nudge(axis.x(g.Board()), i, len(res.Series)), Y: v})
		}
		if len(xys) == 0 {
			continue
		}
		points += len(xys)
		st := seriesStyle(i)
		line, scatter, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, fmt.Errorf("%s chart, %s: %w", spec.name, s.Label, err)
		}
		line.LineStyle, scatter.GlyphStyle = st.line, st.glyph
		p.Add(line, scatter)
		leg.Add(s.Label, line, scatter)
	}
	if points == 0 {
		return nil, fmt.Errorf("%s chart: %w (no positive medians)", spec.name, ErrNoData)
	}
	if dropped > 0 {
		p.Title.Text += fmt.Sprintf("\n(%d zero medians not shown on the log axis)", dropped)
	}
	// Set the range ourselves: a log scale must never see a value <= 0.
	p.Y.Scale = plot.LogScale{}
	p.Y.Min, p.Y.Max = lo/1.6, hi*1.6
	p.Y.Tick.Marker = logTicks{format: spec.format}
	axis.apply(p, sizeChartWidth-legendWidth(leg)-2.5*vg.Centimeter)
	return &Figure{
		Name:   spec.name,
		Title:  spec.title + " by board size (log scale)",
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

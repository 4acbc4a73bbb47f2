package chart

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"knightsweep/pkg/board"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
)

// maxCurvePoints bounds the steps drawn of one curve: beyond it the curve
// is sampled at evenly spaced fractions, which a reader cannot tell from
// the whole at the size of a chart.
const maxCurvePoints = 400

// Solved draws, for board b, the share of the runs from starts that have a
// tour that found one within x nodes (by "nodes") or x of time (by
// "time"), x on a log axis up to the budget, one step curve per series:
// how success grows with the budget. For plain backtracking against
// Warnsdorff's rule it is the one picture that says it all. The file is
// solved-vs-nodes-RxC (or -time-).
func Solved(res *stats.Results, b board.Board, by string) (*Figure, error) {
	write := format.Count
	unit := "nodes"
	if by == "time" {
		write, unit = format.NS, "time"
	}
	title := fmt.Sprintf("%v: runs from starts with a tour solved within a budget of %s", b, unit)
	p := newPlot(title, unit+" (log scale)", "solved (% of runs)")
	p.Add(plotter.NewGrid())
	leg := newLegend()
	lo, hi := math.Inf(1), math.Inf(-1)
	type curve struct {
		s      stats.Series
		values []int64
		n      int
	}
	var curves []curve
	var noNodes []string
	for _, g := range res.BoardGroups(b) {
		nodes, times, n := g.FoundNodes()
		values := nodes
		budget := float64(g.MaxNodes)
		if by == "time" {
			values, budget = times, float64(g.TimeoutNS)
		}
		if n == 0 {
			continue
		}
		if by != "time" && nodes == nil && len(times) > 0 {
			noNodes = append(noNodes, res.SeriesOf(g).Label)
			continue
		}
		curves = append(curves, curve{res.SeriesOf(g), values, n})
		if len(values) > 0 {
			lo = math.Min(lo, float64(max(values[0], 1)))
			hi = math.Max(hi, float64(values[len(values)-1]))
		}
		if budget > 0 {
			hi = math.Max(hi, budget)
		}
	}
	if len(curves) == 0 || math.IsInf(lo, 1) {
		return nil, fmt.Errorf("solved-within chart of %v: %w (no tour found from a start with one)", b, ErrNoData)
	}
	if hi <= lo {
		hi = lo * 10
	}
	for i, c := range curves {
		xys := plotter.XYs{{X: lo, Y: 0}}
		k := len(c.values)
		step := max(1, k/maxCurvePoints)
		for i := 0; i < k; i += step {
			j := min(k-1, i+step-1)
			// After the j-th value, j+1 runs have been solved.
			xys = append(xys, plotter.XY{X: math.Max(lo, float64(c.values[j])), Y: 100 * float64(j+1) / float64(c.n)})
		}
		xys = append(xys, plotter.XY{X: hi, Y: 100 * float64(k) / float64(c.n)})
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, fmt.Errorf("solved-within chart of %v, %s: %w", b, c.s.Label, err)
		}
		st := seriesStyle(c.s.Look)
		// Curves often coincide (two rules that solve the same starts in
		// the same few nodes): each is drawn wider than the ones after it,
		// so one lying on another shows as a rim around it.
		st.line.Width += vg.Points(float64(min(len(curves)-1-i, 2)))
		line.LineStyle, line.StepStyle = st.line, plotter.PostStep
		p.Add(line)
		leg.Add(fmt.Sprintf("%s (%d runs)", c.s.Label, c.n), line)
	}
	if note := noNodesNote(noNodes); note != "" {
		p.Title.Text += "\n(" + note + ")"
		title += " (" + note + ")"
	}
	p.X.Scale = plot.LogScale{}
	p.X.Min, p.X.Max = lo/1.2, hi*1.2
	p.X.Tick.Marker = logTicks{format: write}
	p.Y.Min, p.Y.Max = -2, 102
	p.Y.Tick.Marker = percentTicks{}
	return &Figure{
		Name:   fmt.Sprintf("solved-vs-%s-%v", by, b),
		Title:  title + ", one curve per series (log scale up to the budget; earlier series drawn wider, so that coinciding curves stay visible)",
		Width:  sizeChartWidth,
		Height: 9 * vg.Centimeter,
		draw:   withLegend(p, leg),
	}, nil
}

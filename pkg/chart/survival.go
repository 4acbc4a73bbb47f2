package chart

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/board"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/stats/runlength"
)

// maxTailSteps is how many of a survival curve's last steps are always
// drawn when a long curve is thinned: the tail is what the chart is for.
const maxTailSteps = 100

// Survival draws, for board b, the survival function of run lengths, P(nodes
// > x), of every series with at least stats.MinRuns runs from starts that
// have a tour: the Kaplan–Meier estimate, both axes logarithmic, so that a
// heavy (Pareto) tail is a straight line whose slope is minus its index.
// Runs stopped by a budget are censored (ticks on the curve), the budgets
// are dashed vertical lines, and each series says whether its runs are
// trials of one search or a spread over starts. The file is survival-RxC.
func Survival(res *stats.Results, b board.Board) (*Figure, error) {
	title := fmt.Sprintf("%v: P(nodes > x), Kaplan–Meier", b)
	p := newPlot(title, "nodes x (log scale)", "P(nodes > x) (log scale)")
	p.Add(plotter.NewGrid())
	leg := newLegend()
	d := survivalData(res, b)
	if len(d.curves) == 0 || math.IsInf(d.lo, 1) {
		return nil, fmt.Errorf("survival chart of %v: %w (no series with %d runs from starts with a tour)", b, ErrNoData, stats.MinRuns)
	}
	if d.hi <= d.lo {
		d.hi = d.lo * 10
	}
	floor := d.floor()
	for i, c := range d.curves {
		st := seriesStyle(c.s.Look)
		st.line.Width += vg.Points(float64(min(len(d.curves)-1-i, 2)))
		if err := c.add(p, &leg, st, d.lo, floor); err != nil {
			return nil, fmt.Errorf("survival chart of %v, %s: %w", b, c.s.Label, err)
		}
		if ert := c.rl.ERT.Nodes; ert > 0 && !math.IsInf(ert, 0) && !math.IsNaN(ert) {
			d.hi = math.Max(d.hi, ert)
		}
	}
	for _, budget := range slices.Sorted(maps.Keys(d.budgets)) {
		x := float64(budget)
		bl, err := plotter.NewLine(plotter.XYs{{X: x, Y: floor}, {X: x, Y: 1}})
		if err != nil {
			return nil, err
		}
		bl.LineStyle = draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(6), vg.Points(3)}}
		p.Add(bl)
		leg.Add("budget: "+format.Count(x)+" nodes", bl)
	}
	note := noNodesNote(d.noNodes)
	if note != "" {
		p.Title.Text += "\n(" + note + ")"
		note = " (" + note + ")"
	}
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Min, p.X.Max = d.lo/1.5, d.hi*1.5
	p.Y.Min, p.Y.Max = floor/1.2, 1.2
	p.X.Tick.Marker = logTicks{format: format.Count}
	p.Y.Tick.Marker = logTicks{format: func(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }}
	return &Figure{
		Name: fmt.Sprintf("survival-%v", b),
		Title: fmt.Sprintf("%v: share of runs without a tour after x nodes, P(nodes > x), Kaplan–Meier", b) + ", one curve per series, both axes log scale (a heavy tail is a straight line); " +
			"ticks mark runs stopped by their budget (censored), dashed lines the budgets, each series' marker its ERT (the expected nodes to a tour); a curve ends at the bottom where every run found a tour" + note,
		Width:  sizeChartWidth,
		Height: 10*vg.Centimeter + legendHeight(leg),
		draw:   withLegendBelow(p, leg),
	}, nil
}

// survivalCurve is one series' curve of a survival chart.
type survivalCurve struct {
	s  stats.Series
	rl *stats.RunLengths
	sv runlength.Survival
}

// survivalCurves are the curves of one board's survival chart: lo and hi
// the smallest and largest nodes they show, most the most runs of one,
// budgets the series' node budgets, noNodes the series that record no
// nodes and so have no curve.
type survivalCurves struct {
	curves  []survivalCurve
	lo, hi  float64
	most    int
	budgets map[int64]bool
	noNodes []string
}

// survivalData gathers the survival curves of board b.
func survivalData(res *stats.Results, b board.Board) *survivalCurves {
	d := &survivalCurves{lo: math.Inf(1), hi: math.Inf(-1), budgets: map[int64]bool{}}
	for _, g := range res.BoardGroups(b) {
		if g.RunLengths == nil {
			continue
		}
		if g.RunLengths.NoNodes {
			d.noNodes = append(d.noNodes, res.SeriesOf(g).Label)
			continue
		}
		sv := g.Survival()
		d.curves = append(d.curves, survivalCurve{res.SeriesOf(g), g.RunLengths, sv})
		d.most = max(d.most, sv.Runs)
		for _, st := range append(slices.Clone(sv.Steps), sv.Censored...) {
			if st.X > 0 {
				d.lo, d.hi = math.Min(d.lo, st.X), math.Max(d.hi, st.X)
			}
		}
		if g.MaxNodes > 0 {
			d.budgets[g.MaxNodes] = true
			d.hi = math.Max(d.hi, float64(g.MaxNodes))
		}
	}
	return d
}

// floor returns the floor of the y axis: below the lowest point of a
// curve, and below the smallest share one run makes where a curve falls
// to 0 (every run found a tour), which a log axis cannot show.
func (d *survivalCurves) floor() float64 {
	floor := 1.0
	for _, c := range d.curves {
		low := 1.0
		if n := len(c.sv.Steps); n > 0 {
			low = c.sv.Steps[n-1].S
		}
		if low <= 0 {
			low = 1 / (2 * float64(d.most))
		}
		floor = math.Min(floor, low/2)
	}
	return floor
}

// add draws the curve on p in style st, with its censored runs and its
// ERT, and names it in leg; lo and floor are the axes' least values.
func (c survivalCurve) add(p *plot.Plot, leg *plot.Legend, st style, lo, floor float64) error {
	line, err := plotter.NewLine(survivalSteps(c.sv, lo, floor))
	if err != nil {
		return err
	}
	line.LineStyle, line.StepStyle = st.line, plotter.PostStep
	p.Add(line)
	leg.Add(fmt.Sprintf("%s (%s)", c.s.Label, c.rl.Kind()), line, ertThumb{st.glyph})
	if len(c.sv.Censored) > 0 {
		var ticks plotter.XYs
		for _, cs := range thin(c.sv.Censored, maxCurvePoints, 0) {
			ticks = append(ticks, plotter.XY{X: math.Max(cs.X, lo), Y: math.Max(cs.S, floor)})
		}
		marks, err := plotter.NewScatter(ticks)
		if err != nil {
			return err
		}
		marks.GlyphStyle = draw.GlyphStyle{Color: st.color, Radius: vg.Points(5), Shape: censorTick{}}
		p.Add(marks)
	}
	// The ERT on the curve, in the series' marker: curves that overlap
	// (four dfs policies between 1M and 5M nodes on 7x7) still show
	// which costs what.
	if ert := c.rl.ERT.Nodes; ert > 0 && !math.IsInf(ert, 0) && !math.IsNaN(ert) {
		mark, err := plotter.NewScatter(plotter.XYs{{X: math.Max(ert, lo), Y: math.Max(survivalAt(c.sv, ert), floor)}})
		if err != nil {
			return err
		}
		mark.GlyphStyle = st.glyph
		mark.GlyphStyle.Radius = vg.Points(4.5)
		p.Add(mark)
	}
	return nil
}

// legendHeight is the height of leg's entries stacked, plus a margin.
func legendHeight(leg plot.Legend) vg.Length {
	r := leg.Rectangle(draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: 1000, Y: 1000}}})
	return r.Max.Y - r.Min.Y + vg.Points(12)
}

// withLegendBelow draws p above its legend, which takes the full width:
// the labels of survival curves (series, policy, what the runs are) are
// long, and a legend beside the plot would leave it narrow.
func withLegendBelow(p *plot.Plot, leg plot.Legend) func(c draw.Canvas) {
	return func(c draw.Canvas) {
		h := legendHeight(leg)
		p.Draw(draw.Crop(c, 0, 0, h, 0))
		lc := draw.Crop(c, vg.Points(40), 0, 0, -(c.Max.Y - c.Min.Y - h))
		leg.Draw(lc)
	}
}

// survivalAt returns the curve's P(nodes > x).
func survivalAt(sv runlength.Survival, x float64) float64 {
	s := 1.0
	for _, st := range sv.Steps {
		if st.X > x {
			break
		}
		s = st.S
	}
	return s
}

// survivalSteps turns a curve into points for a post-step line from lo: S
// is 1 up to the first step; a drop to 0 is drawn to the floor.
func survivalSteps(sv runlength.Survival, lo, floor float64) plotter.XYs {
	xys := plotter.XYs{{X: lo, Y: 1}}
	for _, s := range thin(sv.Steps, maxCurvePoints, maxTailSteps) {
		xys = append(xys, plotter.XY{X: math.Max(s.X, lo), Y: math.Max(s.S, floor)})
	}
	// The curve is known up to the largest run: the last censored one may
	// lie beyond the last drop.
	last := xys[len(xys)-1]
	if n := len(sv.Censored); n > 0 && sv.Censored[n-1].X > last.X {
		xys = append(xys, plotter.XY{X: sv.Censored[n-1].X, Y: last.Y})
	}
	return xys
}

// thin keeps at most n of steps, evenly spaced, and always the last keep.
func thin(steps []runlength.Step, n, keep int) []runlength.Step {
	if len(steps) <= n {
		return steps
	}
	head, tail := steps[:len(steps)-keep], steps[len(steps)-keep:]
	every := (len(head) + n - keep - 1) / max(1, n-keep)
	var out []runlength.Step
	for i := 0; i < len(head); i += max(1, every) {
		out = append(out, head[i])
	}
	return append(out, tail...)
}

// ertThumb draws a series' marker in the middle of its legend entry: the
// key to its ERT mark.
type ertThumb struct{ g draw.GlyphStyle }

// Thumbnail implements plot.Thumbnailer.
func (t ertThumb) Thumbnail(c *draw.Canvas) {
	g := t.g
	g.Radius = vg.Points(3.5)
	c.DrawGlyph(g, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: (c.Min.Y + c.Max.Y) / 2})
}

// censorTick is a short vertical stroke through the point: a censored run.
type censorTick struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (censorTick) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	ls := draw.LineStyle{Color: sty.Color, Width: vg.Points(1)}
	c.StrokeLine2(ls, pt.X, pt.Y-sty.Radius, pt.X, pt.Y+sty.Radius)
}

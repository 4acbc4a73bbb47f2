package chart

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/internal/svgcanvas"
	"knightsweep/pkg/board"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/theory"
)

// MaxHeatMapSide is the largest board side drawn as a heat map: beyond it a
// square is under 2.5 mm wide.
const MaxHeatMapSide = 40

// MinHeatMapCoverage is the least share of a board's squares that some series
// must have run from for its heat map to be drawn: a few corners of a large
// board make an empty picture.
const MinHeatMapCoverage = 0.1

// Outcome colours.
var (
	colorFound  = color.RGBA{0x1a, 0x96, 0x41, 0xff} // every attempt found a tour
	colorFewer  = color.RGBA{0xfd, 0xae, 0x61, 0xff} // a few of them did
	colorMost   = color.RGBA{0xa6, 0xd9, 0x6a, 0xff} // most of them did
	colorFailed = color.RGBA{0xd7, 0x19, 0x1c, 0xff} // none did, though a tour may exist
	colorNoTour = color.RGBA{0xbd, 0xbd, 0xbd, 0xff} // none did, and theory says none exists
	colorNotRun = color.White
)

// heatMapColumns is the most panels side by side; more series wrap.
const heatMapColumns = 4

// HeatMap draws, for board b, one pair of panels per series: the outcome of
// every start square (the share of attempts that found a tour, or grey where
// theory says no tour starts) and its median nodes (colour on a log scale
// shared by all panels, so that series compare). Boards with a side over
// MaxHeatMapSide are refused.
func HeatMap(res *stats.Results, b board.Board) (*Figure, error) {
	if b.Rows > MaxHeatMapSide || b.Cols > MaxHeatMapSide {
		return nil, fmt.Errorf("heat map of %v: %w (sides over %d squares are not drawn)", b, ErrNoData, MaxHeatMapSide)
	}
	groups := res.BoardGroups(b)
	if len(groups) == 0 {
		return nil, fmt.Errorf("heat map of %v: %w", b, ErrNoData)
	}
	perStart := make([][]stats.Start, len(groups))
	most := 0
	for i, g := range groups {
		perStart[i] = g.PerStart()
		most = max(most, len(perStart[i]))
	}
	if float64(most) < MinHeatMapCoverage*float64(b.Squares()) {
		return nil, fmt.Errorf("heat map of %v: %w (at most %d of %d start squares run)", b, ErrNoData, most, b.Squares())
	}
	cell := min(vg.Centimeter, 9*vg.Centimeter/vg.Length(max(b.Rows, b.Cols)))
	labelFont := textStyle(min(8, float64(cell*0.26)))
	showText := cell >= 0.6*vg.Centimeter

	lo, hi := nodeScale(perStart)
	cmap, err := viridis()
	if err != nil {
		return nil, err
	}
	cmap.SetMin(lo)
	cmap.SetMax(hi)

	// The colour of a count of nodes, worked out once a count: many starts
	// share a count, and the colour map's arithmetic (powers for its
	// colour space) would be the bulk of drawing a heat map.
	colors := map[float64]color.Color{}
	nodeColor := func(v float64) color.Color {
		if col, ok := colors[v]; ok {
			return col
		}
		col, err := cmap.At(math.Min(hi, math.Max(lo, math.Log10(v))))
		if err != nil {
			col = colorNoTour
		}
		colors[v] = col
		return col
	}

	ncols := min(len(groups), heatMapColumns)
	nrows := 2 * ((len(groups) + heatMapColumns - 1) / heatMapColumns)
	panels := make([][]*panel, nrows)
	for i := range panels {
		panels[i] = make([]*panel, ncols)
	}
	step := tickStep(max(b.Rows, b.Cols), cell)
	for i, g := range groups {
		row, col := 2*(i/heatMapColumns), i%heatMapColumns
		outcome, nodes := heatCells(b, perStart[i], labelFont, showText, nodeColor)
		panels[row][col] = &panel{title: g.Series + ": outcome", cells: outcome, step: step}
		panels[row+1][col] = &panel{title: g.Series + ": median nodes", cells: nodes, step: step}
	}

	tileW, tileH := panelTile(b, cell)
	width := max(vg.Length(ncols)*tileW, 16*vg.Centimeter)
	titleH, keyH := 1.2*vg.Centimeter, 2.6*vg.Centimeter
	height := vg.Length(nrows)*tileH + titleH + keyH
	title := fmt.Sprintf("%v: outcome and median nodes by start square (row 0 at the top)", b)

	key := outcomeLegend()
	bar := colorBar(cmap, lo, hi)
	drawFn := func(c draw.Canvas) {
		st := textStyle(13)
		st.XAlign, st.YAlign = draw.XCenter, draw.YTop
		c.FillText(st, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - vg.Points(6)}, title)
		drawPanels(draw.Crop(c, 0, 0, keyH, -titleH), panels, ncols, tileW)
		strip := draw.Crop(c, vg.Points(10), 0, 0, -(c.Max.Y - c.Min.Y - keyH))
		half := (strip.Max.X - strip.Min.X) / 2
		key.Draw(draw.Crop(strip, 0, -half, 0, -vg.Points(6)))
		bar.Draw(draw.Crop(strip, half, -vg.Points(10), 0, -0.6*vg.Centimeter))
	}
	return &Figure{
		Name:   "heatmap-" + b.String(),
		Title:  title,
		Width:  width,
		Height: height,
		draw:   drawFn,
	}, nil
}

// nodeScale is the log10 range of the median nodes of every start of
// every panel: one colour scale for all, in tenths, at least one wide.
func nodeScale(perStart [][]stats.Start) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, starts := range perStart {
		for _, s := range starts {
			if v := s.Nodes.Value; v > 0 {
				lo, hi = math.Min(lo, math.Log10(v)), math.Max(hi, math.Log10(v))
			}
		}
	}
	if math.IsInf(lo, 1) {
		lo, hi = 0, 1
	}
	lo, hi = math.Floor(lo*10)/10, math.Ceil(hi*10)/10
	if hi <= lo {
		hi = lo + 0.5
		lo -= 0.5
	}
	return lo, hi
}

// heatCells are one series' two grids on b: each start's outcome and its
// median nodes (coloured by nodeColor), labelled where showText.
func heatCells(b board.Board, starts []stats.Start, labelFont draw.TextStyle, showText bool, nodeColor func(float64) color.Color) (outcome, nodes *cellGrid) {
	// The squares' entries, by square index; ran marks those run.
	sq := make([]stats.Start, b.Squares())
	ran := make([]bool, b.Squares())
	for _, s := range starts {
		sq[s.Row*b.Cols+s.Col], ran[s.Row*b.Cols+s.Col] = s, true
	}
	at := func(r, c int) (stats.Start, bool) { return sq[r*b.Cols+c], ran[r*b.Cols+c] }
	outcome = &cellGrid{rows: b.Rows, cols: b.Cols, font: labelFont,
		fill: func(r, c int) color.Color {
			s, ok := at(r, c)
			return outcomeColor(s, ok)
		},
	}
	if showText {
		outcome.label = func(r, c int) string {
			if s, ok := at(r, c); ok && s.Attempts > 1 {
				return fmt.Sprintf("%d/%d", s.Found, s.Attempts)
			}
			return ""
		}
	}
	nodes = &cellGrid{rows: b.Rows, cols: b.Cols, font: labelFont,
		fill: func(r, c int) color.Color {
			s, ok := at(r, c)
			if !ok {
				return colorNotRun
			}
			if !(s.Nodes.Value > 0) {
				return colorNoTour
			}
			return nodeColor(s.Nodes.Value)
		},
	}
	if showText {
		nodes.label = func(r, c int) string {
			if s, ok := at(r, c); ok {
				v := trimZeros(format.Count(math.Round(s.Nodes.Value)))
				if s.Nodes.Censored {
					v = "≥" + v
				}
				return v
			}
			return ""
		}
	}
	return outcome, nodes
}

// viridis returns a colour map after matplotlib's viridis: dark purple to
// yellow, its lightness rising evenly, and never white (the colour of
// squares not run) nor grey.
func viridis() (palette.ColorMap, error) {
	var controls []color.Color
	for _, c := range []uint32{0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e, 0x1f9e89, 0x35b779, 0x6ece58, 0xb5de2b, 0xfde725} {
		controls = append(controls, color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff})
	}
	return moreland.NewLuminance(controls)
}

// outcomeColor colours a start square by its share of attempts that found a
// tour: red (none), orange to light green (some), green (all); grey when none did and
// theory says no tour starts there; white when the square was not run.
func outcomeColor(s stats.Start, ok bool) color.Color {
	switch {
	case !ok || s.Attempts == 0:
		return colorNotRun
	case s.Found == 0 && s.Theory == theory.No:
		return colorNoTour
	}
	switch f := s.Rate(); f {
	case 0:
		return colorFailed
	case 1:
		return colorFound
	default:
		// Lighter than both ends, so that "some" never looks like "all"
		// or "none".
		return blend(colorFewer, colorMost, f)
	}
}

// blend mixes a towards b by t (0: a, 1: b), opaque: the one colour
// scale of the per-start and exact maps.
func blend(a, b color.RGBA, t float64) color.Color {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + t*(float64(y)-float64(x)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// outcomeLegend explains the outcome colours.
func outcomeLegend() plot.Legend {
	leg := plot.NewLegend()
	leg.TextStyle.Handler = measuring
	leg.Top, leg.Left = true, true
	leg.TextStyle.Font.Size = vg.Points(9)
	leg.ThumbnailWidth = vg.Points(11)
	leg.Padding = vg.Points(2)
	leg.Add("every attempt found a tour", swatch{colorFound})
	leg.Add("some did (text: found/attempts), few", swatch{colorFewer})
	leg.Add("some did, most", swatch{colorMost})
	leg.Add("none did", swatch{colorFailed})
	leg.Add("none did; theory: no tour starts here", swatch{colorNoTour})
	leg.Add("not run", swatch{colorNotRun})
	return leg
}

// colorBar is a plot of the nodes colour scale, labelled in nodes.
func colorBar(cmap palette.ColorMap, lo, hi float64) *plot.Plot {
	p := newBarePlot()
	p.Add(scaleBar{cmap: cmap})
	p.HideY()
	p.X.Min, p.X.Max = lo, hi
	p.X.Label.Text = "median nodes (colour, log scale)"
	p.X.Label.TextStyle.Font.Size = vg.Points(9)
	p.X.Tick.Label.Font.Size = vg.Points(8)
	p.X.Tick.Marker = exponentTicks{}
	return p
}

// scaleBar draws a colour map as a row of rectangles, or of sharp pixels
// where the canvas draws them. (plotter.ColorBar draws an image one pixel
// high, which browsers scale keeping its aspect ratio: in SVG it shrinks
// to a hairline.)
type scaleBar struct {
	cmap palette.ColorMap
}

// Plot implements plot.Plotter.
func (s scaleBar) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	const steps = 100
	lo, hi := s.cmap.Min(), s.cmap.Max()
	if px, ok := underlying(c).(svgcanvas.PixelDrawer); ok {
		img := image.NewNRGBA(image.Rect(0, 0, steps, 1))
		for i := range steps {
			col, err := s.cmap.At(lo + (hi-lo)*(float64(i)+0.5)/steps)
			if err == nil {
				img.Set(i, 0, col)
			}
		}
		px.DrawPixels(vg.Rectangle{Min: vg.Point{X: trX(lo), Y: trY(0)}, Max: vg.Point{X: trX(hi), Y: trY(1)}}, img)
		return
	}
	for i := range steps {
		a := lo + (hi-lo)*float64(i)/steps
		b := lo + (hi-lo)*float64(i+1)/steps
		col, err := s.cmap.At((a + b) / 2)
		if err != nil {
			continue
		}
		// Reach into the next step, which paints over the overlap: no
		// anti-aliased seam shows between steps.
		right := trX(b)
		if i < steps-1 {
			right += (trX(b) - trX(a))
		}
		rect := vg.Rectangle{Min: vg.Point{X: trX(a), Y: trY(0)}, Max: vg.Point{X: right, Y: trY(1)}}
		c.SetColor(col)
		c.Fill(rect.Path())
	}
}

// DataRange implements plot.DataRanger.
func (s scaleBar) DataRange() (xmin, xmax, ymin, ymax float64) {
	return s.cmap.Min(), s.cmap.Max(), 0, 1
}

// exponentTicks labels a log10 axis in plain counts (10, 1k, 1M).
type exponentTicks struct{}

// Ticks implements plot.Ticker.
func (exponentTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Ceil(min); e <= max; e++ {
		ticks = append(ticks, plot.Tick{Value: e, Label: trimZeros(format.Count(math.Pow(10, e)))})
	}
	if len(ticks) < 2 {
		// Less than a decade: mark the ends.
		ticks = []plot.Tick{
			{Value: min, Label: trimZeros(format.Count(math.Round(math.Pow(10, min))))},
			{Value: max, Label: trimZeros(format.Count(math.Round(math.Pow(10, max))))},
		}
	}
	return ticks
}

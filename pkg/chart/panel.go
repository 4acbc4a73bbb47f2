package chart

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/board"
)

// panel is one tile of a heat map or a pair map: a board's squares under a
// title, with rows and columns numbered (row 0 at the top) and the axes
// named. It lays itself out by hand: as a gonum plot.Plot, which measures
// each tick label several times over to pad and align its axes, the 72
// panels of a 36-board report took half of the report's drawing time.
type panel struct {
	title string
	// titleSize is the title's font size in points; 0 means 10.
	titleSize float64
	cells     *cellGrid
	// step is the step at which rows and columns are numbered.
	step int
}

// panelTile is the size of one tile of a grid of panels of board b, with
// cells of side cell: the board, and room for its title and numbers.
func panelTile(b board.Board, cell vg.Length) (w, h vg.Length) {
	return vg.Length(b.Cols)*cell + 2.2*vg.Centimeter, vg.Length(b.Rows)*cell + 2.0*vg.Centimeter
}

// drawPanels draws panels[row][col] as a grid of ncols tiles of width
// tileW a row in area, centred when area is wider than they are; nil
// panels leave their tile empty. The heat map and the exact map share it.
func drawPanels(area draw.Canvas, panels [][]*panel, ncols int, tileW vg.Length) {
	tiles := draw.Tiles{Rows: len(panels), Cols: ncols, PadX: vg.Points(6), PadY: vg.Points(6),
		PadLeft: vg.Points(4), PadRight: vg.Points(4)}
	if extra := (area.Max.X - area.Min.X) - vg.Length(ncols)*tileW; extra > 0 {
		area = draw.Crop(area, extra/2, -extra/2, 0, 0)
	}
	for i := range panels {
		for j, pn := range panels[i] {
			if pn != nil {
				pn.Draw(tiles.At(area, j, i))
			}
		}
	}
}

// Panel sizes, in points.
const (
	panelTickLabel = 7   // row and column numbers
	panelAxisLabel = 8   // "row", "column"
	panelTick      = 2   // a numbered square's tick; others get half
	panelGap       = 2   // between a label and what it labels
	panelAxisWidth = 0.5 // axis lines and ticks
)

// Draw draws the panel filling c.
func (p *panel) Draw(c draw.Canvas) {
	g := p.cells
	step := max(1, p.step)
	size := p.titleSize
	if size == 0 {
		size = 10
	}
	title := textStyle(size)
	title.XAlign, title.YAlign = draw.XCenter, draw.YTop
	numbers := textStyle(panelTickLabel)
	names := textStyle(panelAxisLabel)
	tick, gap := vg.Points(panelTick), vg.Points(panelGap)

	widest := vg.Length(0)
	for r := 0; r < g.rows; r += step {
		widest = max(widest, numbers.Width(strconv.Itoa(r)))
	}
	area := vg.Rectangle{
		Min: vg.Point{
			X: c.Min.X + names.Height("row") + gap + widest + gap + tick,
			Y: c.Min.Y + names.Height("column") + gap + numbers.Height("0") + gap + tick,
		},
		Max: vg.Point{X: c.Max.X - gap, Y: c.Max.Y - title.Height(p.title) - 2*gap},
	}
	if area.Max.X <= area.Min.X || area.Max.Y <= area.Min.Y {
		return // no room
	}
	c.FillText(title, vg.Point{X: (area.Min.X + area.Max.X) / 2, Y: c.Max.Y}, p.title)
	g.draw(c, area)

	xs, ys := g.edges(area)
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(panelAxisWidth)}
	c.StrokeLine2(line, area.Min.X, area.Min.Y, area.Min.X, area.Max.Y)
	c.StrokeLine2(line, area.Min.X, area.Min.Y, area.Max.X, area.Min.Y)
	numbers.XAlign, numbers.YAlign = draw.XCenter, draw.YTop
	for col := range g.cols {
		x := (xs[col] + xs[col+1]) / 2
		if col%step != 0 {
			c.StrokeLine2(line, x, area.Min.Y, x, area.Min.Y-tick/2)
			continue
		}
		c.StrokeLine2(line, x, area.Min.Y, x, area.Min.Y-tick)
		c.FillText(numbers, vg.Point{X: x, Y: area.Min.Y - tick - gap}, strconv.Itoa(col))
	}
	numbers.XAlign, numbers.YAlign = draw.XRight, draw.YCenter
	for r := range g.rows {
		y := (ys[r] + ys[r+1]) / 2
		if r%step != 0 {
			c.StrokeLine2(line, area.Min.X, y, area.Min.X-tick/2, y)
			continue
		}
		c.StrokeLine2(line, area.Min.X, y, area.Min.X-tick, y)
		c.FillText(numbers, vg.Point{X: area.Min.X - tick - gap, Y: y}, strconv.Itoa(r))
	}
	names.XAlign, names.YAlign = draw.XCenter, draw.YBottom
	c.FillText(names, vg.Point{X: (area.Min.X + area.Max.X) / 2, Y: c.Min.Y}, "column")
	names.Rotation = math.Pi / 2
	names.YAlign = draw.YTop
	c.FillText(names, vg.Point{X: c.Min.X, Y: (area.Min.Y + area.Max.Y) / 2}, "row")
}

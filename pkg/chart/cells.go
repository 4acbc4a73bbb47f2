package chart

import (
	"image/color"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// cellGrid is a plot.Plotter that draws a board's squares, row 0 at the
// top: square (r, c) is centred on (c, rows-1-r) in data coordinates.
type cellGrid struct {
	rows, cols int
	// fill returns the colour of square (r, c).
	fill func(r, c int) color.Color
	// label returns the text written in square (r, c); nil for none.
	label func(r, c int) string
	font  text.Style
}

// Plot implements plot.Plotter.
func (g *cellGrid) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	xs := make([]vg.Length, g.cols+1)
	for col := range xs {
		xs[col] = trX(float64(col) - 0.5)
	}
	ys := make([]vg.Length, g.rows+1) // ys[r] is the top edge of row r
	for r := range ys {
		ys[r] = trY(float64(g.rows-r) - 0.5)
	}
	for r := 0; r < g.rows; r++ {
		for col := 0; col < g.cols; col++ {
			rect := vg.Rectangle{Min: vg.Point{X: xs[col], Y: ys[r+1]}, Max: vg.Point{X: xs[col+1], Y: ys[r]}}
			fc := g.fill(r, col)
			c.SetColor(fc)
			c.Fill(rect.Path())
			if g.label == nil {
				continue
			}
			if s := g.label(r, col); s != "" {
				st := g.font
				st.Color = textOn(fc)
				st.XAlign, st.YAlign = draw.XCenter, draw.YCenter
				c.FillText(st, vg.Point{X: (rect.Min.X + rect.Max.X) / 2, Y: (rect.Min.Y + rect.Max.Y) / 2}, s)
			}
		}
	}
	// Thin lines between squares, one per row and column rather than one
	// outline per square.
	if g.cols > 40 || g.rows > 40 {
		return
	}
	border := draw.LineStyle{Color: color.Gray{Y: 200}, Width: vg.Points(0.3)}
	for _, x := range xs {
		c.StrokeLine2(border, x, ys[g.rows], x, ys[0])
	}
	for _, y := range ys {
		c.StrokeLine2(border, xs[0], y, xs[g.cols], y)
	}
}

// DataRange implements plot.DataRanger.
func (g *cellGrid) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(g.cols) - 0.5, -0.5, float64(g.rows) - 0.5
}

// textOn returns black or white, whichever reads better on bg.
func textOn(bg color.Color) color.Color {
	r, g, b, _ := bg.RGBA()
	lum := 0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)
	if lum > 0.5*0xffff {
		return color.Black
	}
	return color.White
}

// squareTicks numbers rows or columns at cell centres, every step-th.
type squareTicks struct {
	n    int
	rows bool // number rows: the axis runs bottom to top
	step int
}

// Ticks implements plot.Ticker.
func (t squareTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for i := 0; i < t.n; i++ {
		v := float64(i)
		if t.rows {
			v = float64(t.n - 1 - i)
		}
		label := ""
		if i%t.step == 0 {
			label = strconv.Itoa(i)
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
	}
	return ticks
}

// tickStep returns the step at which n squares' numbers fit cell wide
// cells.
func tickStep(n int, cell vg.Length) int {
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		if cell*vg.Length(s) >= vg.Points(14) || s >= n {
			return s
		}
	}
	return n
}

// swatch is a legend thumbnail: a filled square.
type swatch struct{ color color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	side := min(r.Max.X-r.Min.X, r.Max.Y-r.Min.Y)
	box := vg.Rectangle{Min: r.Min, Max: vg.Point{X: r.Min.X + side, Y: r.Min.Y + side}}
	c.SetColor(s.color)
	c.Fill(box.Path())
	c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 120}, Width: vg.Points(0.5)},
		[]vg.Point{box.Min, {X: box.Max.X, Y: box.Min.Y}, box.Max, {X: box.Min.X, Y: box.Max.Y}, box.Min})
}

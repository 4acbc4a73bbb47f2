package chart

import (
	"image"
	"image/color"

	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/internal/svgcanvas"
)

// cellGrid draws a board's squares in a rectangle, row 0 at the top.
type cellGrid struct {
	rows, cols int
	// fill returns the colour of square (r, c).
	fill func(r, c int) color.Color
	// label returns the text written in square (r, c); nil for none.
	label func(r, c int) string
	font  text.Style
}

// edges returns the squares' edges in area: xs[c] is the left edge of
// column c, ys[r] the top edge of row r; xs[cols] and ys[rows] close them.
func (g *cellGrid) edges(area vg.Rectangle) (xs, ys []vg.Length) {
	xs = make([]vg.Length, g.cols+1)
	w := area.Max.X - area.Min.X
	for col := range xs {
		xs[col] = area.Min.X + w*vg.Length(col)/vg.Length(g.cols)
	}
	ys = make([]vg.Length, g.rows+1)
	h := area.Max.Y - area.Min.Y
	for r := range ys {
		ys[r] = area.Max.Y - h*vg.Length(r)/vg.Length(g.rows)
	}
	return xs, ys
}

// draw draws the squares filling area.
func (g *cellGrid) draw(c draw.Canvas, area vg.Rectangle) {
	xs, ys := g.edges(area)
	if pd, ok := underlying(c).(svgcanvas.PixelDrawer); ok {
		img := image.NewNRGBA(image.Rect(0, 0, g.cols, g.rows))
		// Neighbouring squares mostly share a colour: convert it once.
		var last color.Color
		var px color.NRGBA
		for r := 0; r < g.rows; r++ {
			for col := 0; col < g.cols; col++ {
				if fc := g.fill(r, col); fc != last {
					last, px = fc, color.NRGBAModel.Convert(fc).(color.NRGBA)
				}
				img.SetNRGBA(col, r, px)
			}
		}
		pd.DrawPixels(vg.Rectangle{Min: vg.Point{X: xs[0], Y: ys[g.rows]}, Max: vg.Point{X: xs[g.cols], Y: ys[0]}}, img)
	} else {
		g.fillSquares(c, xs, ys)
	}
	if g.label != nil {
		for r := 0; r < g.rows; r++ {
			for col := 0; col < g.cols; col++ {
				if s := g.label(r, col); s != "" {
					st := g.font
					st.Color = textOn(g.fill(r, col))
					st.XAlign, st.YAlign = draw.XCenter, draw.YCenter
					c.FillText(st, vg.Point{X: (xs[col] + xs[col+1]) / 2, Y: (ys[r] + ys[r+1]) / 2}, s)
				}
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

// underlying returns the device c draws on: gonum/plot nests a
// draw.Canvas in another for each tile and data area.
func underlying(c draw.Canvas) vg.Canvas {
	var v vg.Canvas = c.Canvas
	for {
		switch d := v.(type) {
		case draw.Canvas:
			v = d.Canvas
		case *draw.Canvas:
			v = d.Canvas
		default:
			return v
		}
	}
}

// fillSquares fills the squares as vector paths, one path a colour and
// each square a subpath: a board's squares take a handful of colours.
func (g *cellGrid) fillSquares(c draw.Canvas, xs, ys []vg.Length) {
	type fill struct {
		color color.Color
		path  vg.Path
	}
	var fills []*fill
	byColor := map[color.RGBA]*fill{}
	for r := 0; r < g.rows; r++ {
		for col := 0; col < g.cols; col++ {
			fc := g.fill(r, col)
			cr, cg, cb, ca := fc.RGBA()
			k := color.RGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), uint8(ca >> 8)}
			f := byColor[k]
			if f == nil {
				f = &fill{color: fc}
				byColor[k] = f
				fills = append(fills, f)
			}
			f.path.Move(vg.Point{X: xs[col], Y: ys[r+1]})
			f.path.Line(vg.Point{X: xs[col+1], Y: ys[r+1]})
			f.path.Line(vg.Point{X: xs[col+1], Y: ys[r]})
			f.path.Line(vg.Point{X: xs[col], Y: ys[r]})
			f.path.Close()
		}
	}
	for _, f := range fills {
		c.SetColor(f.color)
		c.Fill(f.path)
	}
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

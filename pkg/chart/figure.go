package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// DPI is the resolution of PNG output: crisp on high-density screens at a
// modest file size. Figures wider than MaxPNGWidth pixels at DPI are drawn
// at a lower resolution.
const DPI = 144

// MaxPNGWidth bounds the width of a PNG in pixels.
const MaxPNGWidth = 1800

// A Figure is a finished chart: plots laid out on a canvas of a fixed size.
type Figure struct {
	// Name is a file-name stem, such as "success" or "heatmap-8x8".
	Name string
	// Title describes the figure in words, for captions and alt text.
	Title         string
	Width, Height vg.Length
	draw          func(c draw.Canvas)
}

// WriteTo writes the figure as "png" or "svg". A panic inside gonum/plot
// (it panics, for one, on a log axis that meets zero) becomes an error.
func (f *Figure) WriteTo(w io.Writer, format string) (n int64, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("drawing %s: %v", f.Name, e)
		}
	}()
	var c vg.Canvas
	var img *vgimg.Canvas
	var svg *vgsvg.Canvas
	switch format {
	case "png":
		img = vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(f.pngDPI()))
		c = img
	case "svg":
		svg = vgsvg.New(f.Width, f.Height)
		c = svg
	default:
		return 0, fmt.Errorf("chart format %q: want png or svg", format)
	}
	dc := draw.NewCanvas(c, f.Width, f.Height)
	if svg != nil {
		// vgimg starts white; an SVG starts transparent.
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
	}
	f.draw(dc)
	if img != nil {
		// vgimg's PngCanvas compresses hard; on large heat maps that took
		// longer than drawing them. Charts are flat colour: speed costs
		// little size.
		cw := &countingWriter{w: w}
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err := enc.Encode(cw, img.Image())
		return cw.n, err
	}
	return svg.WriteTo(w)
}

// pngDPI is DPI, lowered for figures too wide for MaxPNGWidth.
func (f *Figure) pngDPI() int {
	inches := float64(f.Width / vg.Inch)
	return max(48, min(DPI, int(MaxPNGWidth/inches)))
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Save writes the figure to path, in the format its extension names.
func (f *Figure) Save(path string) (err error) {
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf, strings.TrimPrefix(filepath.Ext(path), ".")); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// withLegend returns a draw function that draws p on the left and its
// legend entries in a column on the right, so that the legend never covers
// data.
func withLegend(p *plot.Plot, leg plot.Legend) func(c draw.Canvas) {
	return func(c draw.Canvas) {
		w := legendWidth(leg)
		p.Draw(draw.Crop(c, 0, -w, 0, 0))
		lc := draw.Crop(c, c.Max.X-c.Min.X-w+vg.Points(8), 0, 0, -vg.Points(30))
		leg.Draw(lc)
	}
}

// legendWidth is the width of leg's widest entry plus a margin.
func legendWidth(leg plot.Legend) vg.Length {
	r := leg.Rectangle(draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: 1000, Y: 1000}}})
	return r.Max.X - r.Min.X + vg.Points(16)
}

// newLegend returns a legend in the figures' style.
func newLegend() plot.Legend {
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	leg.TextStyle.Font.Size = vg.Points(10)
	leg.ThumbnailWidth = vg.Points(24)
	leg.Padding = vg.Points(3)
	return leg
}

// newPlot returns a plot with the figures' fonts and title.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(11)
		a.Tick.Label.Font.Size = vg.Points(9)
	}
	return p
}

// textStyle returns the figures' font at size points, black.
func textStyle(size float64) text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, vg.Points(size)),
		Handler: plot.DefaultTextHandler,
	}
}

// style is how one series is drawn, the same in every chart.
type style struct {
	color color.Color
	glyph draw.GlyphStyle
	line  draw.LineStyle
}

func seriesStyle(i int) style {
	c := plotutil.Color(i)
	s := style{color: c}
	s.glyph = draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: plotutil.Shape(i)}
	s.line = draw.LineStyle{Color: c, Width: vg.Points(1.5)}
	if i >= 7 {
		// plotutil has seven colours: tell later series apart by dashes.
		s.line.Dashes = plotutil.Dashes(i / 7)
	}
	return s
}

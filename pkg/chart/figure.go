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
	"gonum.org/v1/plot/vg/vgpdf"

	"knightsweep/internal/svgcanvas"
	"knightsweep/pkg/stats"
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

// WriteTo writes the figure as "svg", "png" or "pdf". A panic inside gonum/plot
// (it panics, for one, on a log axis that meets zero) becomes an error.
func (f *Figure) WriteTo(w io.Writer, format string) (n int64, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("drawing %s: %v", f.Name, e)
		}
	}()
	var c vg.Canvas
	var img *vgimg.Canvas
	var to io.WriterTo
	switch format {
	case "png":
		img = vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(f.pngDPI()))
		c = img
	case "svg":
		svg := svgcanvas.New(f.Width, f.Height)
		c, to = svg, svg
	case "pdf":
		pdf := vgpdf.New(f.Width, f.Height)
		pdf.EmbedFonts(true) // for LaTeX: a PDF that shows the same anywhere
		c, to = pdf, pdf
	default:
		return 0, fmt.Errorf("chart format %q: want svg, png or pdf", format)
	}
	dc := draw.NewCanvas(c, f.Width, f.Height)
	if img == nil {
		// vgimg starts white; SVG and PDF start transparent.
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
	return to.WriteTo(w)
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
		// The title is centred over the plot, not the figure: a line wider
		// than the plot ran off the figure's left edge, cut.
		p.Title.Text = wrapLines(p.Title.Text, p.Title.TextStyle, c.Max.X-c.Min.X-w)
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
	leg.TextStyle.Handler = measuring
	leg.Top, leg.Left = true, true
	leg.TextStyle.Font.Size = vg.Points(10)
	leg.ThumbnailWidth = vg.Points(24)
	leg.Padding = vg.Points(3)
	return leg
}

// newPlot returns a plot with the figures' fonts and title.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := newBarePlot()
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
		Handler: measuring,
	}
}

// style is how one series is drawn, the same in every chart.
type style struct {
	color color.Color
	glyph draw.GlyphStyle
	line  draw.LineStyle
}

// strategyColors are Okabe and Ito's colours, told apart by readers with
// every common form of colour blindness; a strategy's colour is the one at
// its place in strategies.Builtin (an external solver takes a place left),
// so it is the same in every report.
var strategyColors = []color.RGBA{
	{0x00, 0x72, 0xb2, 0xff}, // blue
	{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	{0x00, 0x9e, 0x73, 0xff}, // bluish green
	{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	{0x00, 0x00, 0x00, 0xff}, // black
}

// strategyGlyphs are the markers, one a strategy, in the same order; the
// outlines are drawn bold.
var strategyGlyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, boldGlyph{draw.CrossGlyph{}}, boldGlyph{draw.PlusGlyph{}},
	boldGlyph{draw.RingGlyph{}}, boldGlyph{draw.SquareGlyph{}},
}

// outline returns the outline of a solid marker (a ring for a disc, a
// square for a box, a triangle for a pyramid), and any other as it is:
// the fourth and fifth series of a strategy, whose shades are the second
// darker and lighter ones, draw it, so that on the matrix's diagonal and
// the ranking's axis they differ from the first darker and lighter ones in
// shape as well (the restarts preset's fixed:49 and luby:49 would
// otherwise be two near-black discs there).
func outline(g draw.GlyphDrawer) draw.GlyphDrawer {
	switch g.(type) {
	case draw.CircleGlyph:
		return boldGlyph{draw.RingGlyph{}}
	case draw.BoxGlyph:
		return boldGlyph{draw.SquareGlyph{}}
	case draw.PyramidGlyph:
		return boldGlyph{draw.TriangleGlyph{}}
	}
	return g
}

// glyphStroke is the width of an outline marker's strokes.
var glyphStroke = vg.Points(1.5)

// boldGlyph draws an outline marker (a cross, a plus, a ring, a square)
// with strokes glyphStroke wide. gonum draws them 0.5 points wide: beside
// the filled markers of the built-in strategies, the users' solvers that
// take these places would be faint strokes whose colour cannot be told
// (the matrix's diagonal, the ranking's axis).
type boldGlyph struct{ draw.GlyphDrawer }

// DrawGlyph implements draw.GlyphDrawer.
func (g boldGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	bc := *c
	bc.Canvas = boldStrokes{c.Canvas}
	g.GlyphDrawer.DrawGlyph(&bc, sty, pt)
}

// boldStrokes is a canvas whose strokes are at least glyphStroke wide.
type boldStrokes struct{ vg.Canvas }

// SetLineWidth implements vg.Canvas.
func (b boldStrokes) SetLineWidth(w vg.Length) { b.Canvas.SetLineWidth(max(w, glyphStroke)) }

// seriesStyle returns the look of a series: its strategy's colour and
// marker, and dashes that tell apart the series of one strategy (tie-break
// rules, budgets).
func seriesStyle(look stats.Look) style {
	c := shade(strategyColors[look.Strategy%len(strategyColors)], look.Variant)
	s := style{color: c}
	shape := strategyGlyphs[look.Strategy%len(strategyGlyphs)]
	if look.Variant%len(shadeSteps) >= 3 {
		shape = outline(shape)
	}
	s.glyph = draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: shape}
	s.line = draw.LineStyle{Color: c, Width: vg.Points(1.5)}
	if look.Variant > 0 {
		s.line.Dashes = plotutil.Dashes(look.Variant)
	}
	return s
}

// shadeSteps are the lightness steps of a strategy's variants, in turn:
// the colour itself, then darker and lighter by turns (mixed with black
// or white by the fraction), so that eight to ten series of two or three
// strategies keep the hue of their strategy and each a lightness of its
// own: dashes alone do not tell apart curves of one colour where they
// overlap (the survival chart's four dfs curves, each a restart policy).
var shadeSteps = []struct {
	white bool
	f     float64
}{{false, 0}, {false, 0.45}, {true, 0.45}, {false, 0.7}, {true, 0.7}}

// shade darkens or lightens a strategy's colour for its variants (see
// shadeSteps), cycling after five. Variant 0 keeps the colour; the hue
// stays, so the strategy does too. Black, which cannot darken, lightens
// by steps instead.
func shade(c color.RGBA, variant int) color.RGBA {
	mix := func(to uint8, f float64) color.RGBA {
		m := func(v uint8) uint8 { return uint8(float64(v) + (float64(to)-float64(v))*f + 0.5) }
		return color.RGBA{m(c.R), m(c.G), m(c.B), c.A}
	}
	step := variant % len(shadeSteps)
	if max(c.R, c.G, c.B) < 0x40 { // black: nothing to darken
		return mix(0xff, []float64{0, 0.2, 0.4, 0.55, 0.7}[step])
	}
	st := shadeSteps[step]
	if st.white {
		return mix(0xff, st.f)
	}
	return mix(0, st.f)
}

// boundStyle is the marker of a figure that is only a lower bound (it
// rests on runs stopped by their budget): an arrow up from the point, in
// the series' colour: "at least this".
func boundStyle(s style) draw.GlyphStyle {
	g := s.glyph
	g.Shape = upArrow{}
	g.Radius = vg.Points(9)
	return g
}

// upArrow is a short arrow pointing up from the point.
type upArrow struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (upArrow) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	ls := draw.LineStyle{Color: sty.Color, Width: vg.Points(1.2)}
	tip := vg.Point{X: pt.X, Y: pt.Y + r}
	c.StrokeLine2(ls, pt.X, pt.Y, tip.X, tip.Y)
	c.StrokeLines(ls, []vg.Point{{X: tip.X - r/3, Y: tip.Y - r/3}, tip, {X: tip.X + r/3, Y: tip.Y - r/3}})
}

// wrapLines breaks each line of txt at spaces so that no line is wider
// than width in sty's font, where the words allow.
func wrapLines(txt string, sty text.Style, width vg.Length) string {
	var out []string
	for _, line := range strings.Split(txt, "\n") {
		cur := ""
		for _, word := range strings.Fields(line) {
			next := word
			if cur != "" {
				next = cur + " " + word
			}
			if cur != "" && measuring.width(next, sty.Font) > width {
				out = append(out, cur)
				next = word
			}
			cur = next
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

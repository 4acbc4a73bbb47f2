// Package svgcanvas is a vg.Canvas that writes SVG: what gonum.org/v1/plot's
// vgsvg writes, element for element, at a tenth of the cost. vgsvg formats
// every coordinate through fmt and builds every style attribute as a
// string; a report draws tens of thousands of squares (heat maps, tour
// pictures), and those calls would be most of its time. This canvas appends
// numbers with strconv into one buffer, and caches the text of the current
// style and font.
//
// Charts and tour pictures are drawn by the same code for every format
// (gonum/plot's vg.Canvas): PNG and PDF through gonum's vgimg and vgpdf,
// SVG through this package.
package svgcanvas

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	xfnt "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// Canvas is an SVG document being drawn. Its origin is the bottom left, as
// gonum/plot's canvases have it.
type Canvas struct {
	w, h  vg.Length
	buf   []byte
	stack []state
	// fonts caches the style text of each font face drawn.
	fonts map[font.Font]string
}

// state is the graphics state Push saves and Pop restores.
type state struct {
	color      color.Color
	lineWidth  vg.Length
	dashes     []vg.Length
	dashOffset vg.Length
	// groups counts the <g> elements opened since the Push.
	groups int
}

// New returns an empty w x h canvas.
func New(w, h vg.Length) *Canvas {
	c := &Canvas{w: w, h: h, stack: []state{{}}, fonts: map[font.Font]string{}}
	c.buf = append(c.buf, "<?xml version=\"1.0\"?>\n<svg width=\""...)
	c.buf = num(c.buf, w.Points())
	c.buf = append(c.buf, "pt\" height=\""...)
	c.buf = num(c.buf, h.Points())
	c.buf = append(c.buf, "pt\" viewBox=\"0 0 "...)
	c.buf = num(c.buf, w.Points())
	c.buf = append(c.buf, ' ')
	c.buf = num(c.buf, h.Points())
	c.buf = append(c.buf, "\"\n\txmlns=\"http://www.w3.org/2000/svg\"\n\txmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"...)
	// The origin to the bottom left; matched by a </g> in WriteTo.
	c.buf = append(c.buf, "<g transform=\"scale(1, -1) translate(0, -"...)
	c.buf = num(c.buf, h.Points())
	c.buf = append(c.buf, ")\">\n"...)
	vg.Initialize(c)
	return c
}

// num appends v with at most 5 significant digits, as vgsvg writes numbers.
func num(dst []byte, v float64) []byte {
	if v == math.Trunc(v) && math.Abs(v) < 1e5 {
		return strconv.AppendInt(dst, int64(v), 10)
	}
	return strconv.AppendFloat(dst, v, 'g', 5, 64)
}

// Size returns the canvas's size.
func (c *Canvas) Size() (w, h vg.Length) { return c.w, c.h }

func (c *Canvas) top() *state { return &c.stack[len(c.stack)-1] }

// SetLineWidth implements vg.Canvas.
func (c *Canvas) SetLineWidth(w vg.Length) { c.top().lineWidth = w }

// SetLineDash implements vg.Canvas.
func (c *Canvas) SetLineDash(dashes []vg.Length, offs vg.Length) {
	c.top().dashes, c.top().dashOffset = dashes, offs
}

// SetColor implements vg.Canvas.
func (c *Canvas) SetColor(clr color.Color) { c.top().color = clr }

// Rotate implements vg.Canvas.
func (c *Canvas) Rotate(rad float64) {
	c.buf = append(c.buf, "<g transform=\"rotate("...)
	c.buf = num(c.buf, rad*180/math.Pi)
	c.buf = append(c.buf, ")\">\n"...)
	c.top().groups++
}

// Translate implements vg.Canvas.
func (c *Canvas) Translate(pt vg.Point) {
	c.buf = append(c.buf, "<g transform=\"translate("...)
	c.buf = num(c.buf, pt.X.Points())
	c.buf = append(c.buf, ", "...)
	c.buf = num(c.buf, pt.Y.Points())
	c.buf = append(c.buf, ")\">\n"...)
	c.top().groups++
}

// Scale implements vg.Canvas.
func (c *Canvas) Scale(x, y float64) {
	c.buf = append(c.buf, "<g transform=\"scale("...)
	c.buf = num(c.buf, x)
	c.buf = append(c.buf, ","...)
	c.buf = num(c.buf, y)
	c.buf = append(c.buf, ")\">\n"...)
	c.top().groups++
}

// Push implements vg.Canvas.
func (c *Canvas) Push() {
	s := *c.top()
	s.groups = 0
	c.stack = append(c.stack, s)
}

// Pop implements vg.Canvas.
func (c *Canvas) Pop() {
	for range c.top().groups {
		c.buf = append(c.buf, "</g>\n"...)
	}
	c.stack = c.stack[:len(c.stack)-1]
}

// Stroke implements vg.Canvas.
func (c *Canvas) Stroke(path vg.Path) {
	s := c.top()
	if s.lineWidth.Points() <= 0 {
		return
	}
	c.buf = append(c.buf, "<path d=\""...)
	c.buf = appendPath(c.buf, path)
	c.buf = append(c.buf, "\" style=\"fill:none;stroke:"...)
	c.buf = appendColor(c.buf, s.color)
	if a := alpha(s.color); a != 1 {
		c.buf = append(c.buf, ";stroke-opacity:"...)
		c.buf = num(c.buf, a)
	}
	if w := s.lineWidth.Points(); w != 1 {
		c.buf = append(c.buf, ";stroke-width:"...)
		c.buf = num(c.buf, w)
	}
	if len(s.dashes) > 0 {
		c.buf = append(c.buf, ";stroke-dasharray:"...)
		for i, d := range s.dashes {
			if i > 0 {
				c.buf = append(c.buf, ',')
			}
			c.buf = num(c.buf, d.Points())
		}
		if o := s.dashOffset.Points(); o != 0 {
			c.buf = append(c.buf, ";stroke-dashoffset:"...)
			c.buf = num(c.buf, o)
		}
	}
	c.buf = append(c.buf, "\"/>\n"...)
}

// Fill implements vg.Canvas.
func (c *Canvas) Fill(path vg.Path) {
	s := c.top()
	c.buf = append(c.buf, "<path d=\""...)
	c.buf = appendPath(c.buf, path)
	c.buf = append(c.buf, "\" style=\"fill:"...)
	c.buf = appendColor(c.buf, s.color)
	if a := alpha(s.color); a != 1 {
		c.buf = append(c.buf, ";fill-opacity:"...)
		c.buf = num(c.buf, a)
	}
	c.buf = append(c.buf, "\"/>\n"...)
}

// appendPath appends SVG path data.
func appendPath(dst []byte, path vg.Path) []byte {
	var x, y float64
	for _, comp := range path {
		switch comp.Type {
		case vg.MoveComp, vg.LineComp:
			if comp.Type == vg.MoveComp {
				dst = append(dst, 'M')
			} else {
				dst = append(dst, 'L')
			}
			x, y = comp.Pos.X.Points(), comp.Pos.Y.Points()
			dst = point(dst, x, y)
		case vg.ArcComp:
			r := comp.Radius.Points()
			sin, cos := math.Sincos(comp.Start)
			x0, y0 := comp.Pos.X.Points()+r*cos, comp.Pos.Y.Points()+r*sin
			if x0 != x || y0 != y {
				dst = append(dst, 'L')
				dst = point(dst, x0, y0)
			}
			if math.Abs(comp.Angle) >= 2*math.Pi {
				dst, x, y = circle(dst, &comp)
			} else {
				dst, x, y = arc(dst, &comp)
			}
		case vg.CurveComp:
			switch len(comp.Control) {
			case 1:
				dst = append(dst, 'Q')
				dst = point(dst, comp.Control[0].X.Points(), comp.Control[0].Y.Points())
			case 2:
				dst = append(dst, 'C')
				dst = point(dst, comp.Control[0].X.Points(), comp.Control[0].Y.Points())
				dst = append(dst, ',')
				dst = point(dst, comp.Control[1].X.Points(), comp.Control[1].Y.Points())
			default:
				panic("svgcanvas: a curve with " + strconv.Itoa(len(comp.Control)) + " control points")
			}
			dst = append(dst, ',')
			x, y = comp.Pos.X.Points(), comp.Pos.Y.Points()
			dst = point(dst, x, y)
		case vg.CloseComp:
			dst = append(dst, 'Z')
		default:
			panic(fmt.Sprintf("svgcanvas: unknown path component type %d", comp.Type))
		}
	}
	return dst
}

func point(dst []byte, x, y float64) []byte {
	dst = num(dst, x)
	dst = append(dst, ',')
	return num(dst, y)
}

// circle appends a full circle: two arcs, since an SVG arc cannot end where
// it starts.
func circle(dst []byte, comp *vg.PathComp) ([]byte, float64, float64) {
	angle := 2 * math.Pi
	if comp.Angle < 0 {
		angle = -2 * math.Pi
	}
	angle += remainder(comp.Angle, 2*math.Pi)
	s0, c0 := math.Sincos(comp.Start + 0.5*angle)
	s1, c1 := math.Sincos(comp.Start + angle)
	r := comp.Radius.Points()
	x0, y0 := comp.Pos.X.Points()+r*c0, comp.Pos.Y.Points()+r*s0
	x, y := comp.Pos.X.Points()+r*c1, comp.Pos.Y.Points()+r*s1
	dst = arcTo(dst, r, angle/2, x0, y0)
	dst = arcTo(dst, r, angle/2, x, y)
	return dst, x, y
}

func remainder(x, y float64) float64 { return (x/y - math.Trunc(x/y)) * y }

// arc appends an arc of less than a full circle.
func arc(dst []byte, comp *vg.PathComp) ([]byte, float64, float64) {
	r := comp.Radius.Points()
	sin, cos := math.Sincos(comp.Start + comp.Angle)
	x, y := comp.Pos.X.Points()+r*cos, comp.Pos.Y.Points()+r*sin
	return arcTo(dst, r, comp.Angle, x, y), x, y
}

func arcTo(dst []byte, r, angle, x, y float64) []byte {
	dst = append(dst, 'A')
	dst = point(dst, r, r)
	large, sweep := byte('0'), byte('0')
	if math.Abs(angle) >= math.Pi {
		large = '1'
	}
	if angle >= 0 {
		sweep = '1'
	}
	dst = append(dst, ' ', '0', ' ', large, ' ', sweep, ' ')
	return point(dst, x, y)
}

// appendColor appends #rrggbb: the colour's own, not premultiplied by its
// alpha (which SVG states apart); nil is black, as vgsvg has it.
func appendColor(dst []byte, clr color.Color) []byte {
	if clr == nil {
		clr = color.Black
	}
	r, g, b, a := clr.RGBA()
	const hex = "0123456789abcdef"
	dst = append(dst, '#')
	for _, v := range [3]uint32{r, g, b} {
		if a != 0 {
			v = v * 255 / a
		}
		dst = append(dst, hex[v>>4&15], hex[v&15])
	}
	return dst
}

func alpha(clr color.Color) float64 {
	if clr == nil {
		return 1
	}
	_, _, _, a := clr.RGBA()
	return float64(a) / math.MaxUint16
}

// FillString implements vg.Canvas.
func (c *Canvas) FillString(f font.Face, pt vg.Point, str string) {
	c.buf = append(c.buf, "<text x=\""...)
	c.buf = num(c.buf, pt.X.Points())
	c.buf = append(c.buf, "\" y=\""...)
	c.buf = num(c.buf, -pt.Y.Points())
	c.buf = append(c.buf, "\" transform=\"scale(1, -1)\" style=\""...)
	c.buf = append(c.buf, c.fontStyle(f)...)
	c.buf = append(c.buf, ";font-size:"...)
	c.buf = num(c.buf, f.Font.Size.Points())
	c.buf = append(c.buf, "px;fill:"...)
	c.buf = appendColor(c.buf, c.top().color)
	c.buf = append(c.buf, "\">"...)
	c.buf = append(c.buf, html.EscapeString(str)...)
	c.buf = append(c.buf, "</text>\n"...)
}

// fontStyle returns the font's family, variant, weight and style, as vgsvg
// writes them.
func (c *Canvas) fontStyle(f font.Face) string {
	key := f.Font
	key.Size = 0
	if s, ok := c.fonts[key]; ok {
		return s
	}
	var buf sfnt.Buffer
	family, err := f.Face.Name(&buf, sfnt.NameIDFamily)
	if err != nil {
		family = string(f.Font.Typeface)
	}
	variant := strings.ToLower(string(f.Font.Variant))
	switch variant {
	case "smallcaps":
		variant = "small-caps"
	case "mono", "monospace", "sans", "sansserif", "sans-serif", "serif", "":
		variant = "normal"
	}
	style := "normal"
	switch f.Font.Style {
	case xfnt.StyleItalic:
		style = "italic"
	case xfnt.StyleOblique:
		style = "oblique"
	}
	weight := "normal"
	switch f.Font.Weight {
	case xfnt.WeightBold:
		weight = "bold"
	case xfnt.WeightNormal:
	default:
		weight = strconv.Itoa(int(f.Font.Weight)*100 + 400)
	}
	s := "font-family:" + family + ";font-variant:" + variant + ";font-weight:" + weight + ";font-style:" + style
	c.fonts[key] = s
	return s
}

// DrawImage implements vg.Canvas: the image inline, as a PNG, smoothed
// when scaled as a browser sees fit (what vgsvg writes).
func (c *Canvas) DrawImage(rect vg.Rectangle, img image.Image) {
	c.drawImage(rect, img, "")
}

// PixelDrawer is a canvas that can draw an image with sharp-edged pixels,
// as this one does; drawings ask for it to draw a grid of squares as one
// image, and fill the squares one by one on other canvases.
type PixelDrawer interface {
	DrawPixels(vg.Rectangle, image.Image)
}

// DrawPixels draws the image inline with each pixel a sharp-edged
// rectangle however far it is scaled: a heat map of a 40 x 40 board is a
// 40 x 40 PNG of a few hundred bytes, where 1,600 filled squares take
// 100 KB of path data and most of a report's drawing time.
func (c *Canvas) DrawPixels(rect vg.Rectangle, img image.Image) {
	c.drawImage(rect, img, "image-rendering:pixelated")
}

func (c *Canvas) drawImage(rect vg.Rectangle, img image.Image, style string) {
	var b bytes.Buffer
	if err := pngEncoder.Encode(&b, img); err != nil {
		panic(fmt.Errorf("svgcanvas: encoding an image: %w", err))
	}
	size := rect.Size()
	c.buf = append(c.buf, "<image x=\""...)
	c.buf = num(c.buf, rect.Min.X.Points())
	c.buf = append(c.buf, "\" y=\""...)
	c.buf = num(c.buf, -rect.Min.Y.Points()-size.Y.Points())
	c.buf = append(c.buf, "\" width=\""...)
	c.buf = num(c.buf, size.X.Points())
	c.buf = append(c.buf, "\" height=\""...)
	c.buf = num(c.buf, size.Y.Points())
	if style != "" {
		c.buf = append(c.buf, "\" preserveAspectRatio=\"none\" style=\""...)
		c.buf = append(c.buf, style...)
	}
	c.buf = append(c.buf, "\" xlink:href=\"data:image/png;base64,"...)
	c.buf = base64.StdEncoding.AppendEncode(c.buf, b.Bytes())
	c.buf = append(c.buf, "\" transform=\"scale(1, -1)\"/>\n"...)
}

// pngEncoder reuses its compressor between images (png.Encode makes one an
// image, a megabyte of allocations for a picture of a few hundred bytes).
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

type pngBuffers struct{ p sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// WriteTo writes the document, closing what is open; the canvas can still
// be drawn on and written again.
func (c *Canvas) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	n, err := bw.Write(c.buf)
	groups := 1 // the origin's
	for _, s := range c.stack {
		groups += s.groups
	}
	for range groups {
		m, _ := bw.WriteString("</g>\n")
		n += m
	}
	m, _ := bw.WriteString("</svg>\n")
	n += m
	if err == nil {
		err = bw.Flush()
	}
	return int64(n), err
}

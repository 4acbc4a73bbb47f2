package chart

import (
	"knightsweep/internal/textwidth"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// measuring is the text.Handler of every figure: gonum's plain text,
// measured through internal/textwidth, which remembers each text's width
// (gonum/plot measures a tick label several times a drawing, to pad and
// align its axes). A test holds it to drawing what text.Plain draws.
var measuring = measuredText{Plain: text.Plain{Fonts: font.DefaultCache}}

type measuredText struct {
	text.Plain
}

// Extents implements text.Handler.
func (h measuredText) Extents(fnt font.Font) font.Extents {
	return textwidth.Extents(h.Fonts.Lookup(fnt, fnt.Size))
}

// width returns the width of one line of text.
func (h measuredText) width(txt string, fnt font.Font) vg.Length {
	return textwidth.Width(h.Fonts.Lookup(fnt, fnt.Size), txt)
}

// Box implements text.Handler.
func (h measuredText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	e := h.Extents(fnt)
	return h.width(txt, fnt), e.Ascent, e.Descent
}

// Draw implements text.Handler: text.Plain's Draw, measuring through the
// cache.
func (h measuredText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if len(txt) == 0 {
		return
	}
	face := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - textwidth.Extents(face).Ascent
	for i, line := range lines {
		xoffs := vg.Length(sty.XAlign) * h.width(line, sty.Font)
		n := vg.Length(len(lines) - i)
		c.FillString(face, pt.Add(vg.Point{X: xoffs, Y: n * sty.Font.Size}), line)
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// newBarePlot returns plot.New()'s plot, its text measured through the
// cache.
func newBarePlot() *plot.Plot {
	p := plot.New()
	p.TextHandler = measuring
	for _, st := range []*text.Style{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.X.Tick.Label,
		&p.Y.Label.TextStyle, &p.Y.Tick.Label, &p.Legend.TextStyle} {
		st.Handler = measuring
	}
	return p
}

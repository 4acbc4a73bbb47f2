package chart

import (
	"bytes"
	"image/color"
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/internal/svgcanvas"
)

// The caching handler measures and draws exactly what gonum's text.Plain
// does, asked twice (the second time from its cache).
func TestMeasuredTextMatchesPlain(t *testing.T) {
	plain := text.Plain{Fonts: font.DefaultCache}
	texts := []string{"0", "12,345", "warnsdorff: median nodes", "two\nlines", "≥1.2M", "trailing\n"}
	draw1 := func(h text.Handler) []byte {
		c := svgcanvas.New(300, 300)
		for i, txt := range texts {
			for _, size := range []float64{float64(8 + i), 14} {
				for _, rot := range []float64{0, math.Pi / 2, 0.3} {
					for _, xa := range []draw.XAlignment{draw.XLeft, draw.XCenter, draw.XRight} {
						st := text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, vg.Points(size)),
							Rotation: rot, XAlign: xa, YAlign: draw.YCenter, Handler: h}
						h.Draw(c, txt, st, vg.Point{X: 100, Y: 50 + vg.Length(20*i)})
					}
				}
			}
		}
		var b bytes.Buffer
		if _, err := c.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	want := draw1(plain)
	for round := range 2 {
		if got := draw1(measuring); !bytes.Equal(got, want) {
			t.Fatalf("round %d: drawn text differs from text.Plain's", round)
		}
	}
	for _, txt := range texts {
		fnt := font.From(plot.DefaultFont, 10)
		w1, h1, d1 := plain.Box(txt, fnt)
		w2, h2, d2 := measuring.Box(txt, fnt)
		if w1 != w2 || h1 != h2 || d1 != d2 {
			t.Errorf("Box(%q) = %v %v %v, text.Plain's %v %v %v", txt, w2, h2, d2, w1, h1, d1)
		}
	}
}

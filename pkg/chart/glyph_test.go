package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/internal/svgcanvas"
	"knightsweep/pkg/stats"
)

// Every strategy's marker is a solid shape or an outline stroked 1.5
// points wide: the outlines (the places users' solvers take after the
// built-in strategies) were 0.5 points, too faint to tell their colour.
func TestMarkersBold(t *testing.T) {
	for i := range strategyGlyphs {
		svg := svgcanvas.New(vg.Points(20), vg.Points(20))
		c := draw.New(svg)
		st := seriesStyle(stats.Look{Strategy: i})
		st.glyph.Color = color.Black
		c.DrawGlyph(st.glyph, vg.Point{X: vg.Points(10), Y: vg.Points(10)})
		var b bytes.Buffer
		if _, err := svg.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		filled := strings.Contains(out, "fill:#000000")
		if !filled && !strings.Contains(out, "stroke-width:1.5") {
			t.Errorf("strategy %d's marker (%T) is an outline thinner than 1.5 points:\n%s", i, st.glyph.Shape, out)
		}
	}
}

// The fourth and fifth series of a strategy draw its marker as an outline
// where it is solid, so that they differ from the second and third, whose
// shades are near theirs, in shape too.
func TestVariantOutlines(t *testing.T) {
	for i := range 3 { // the solid markers: disc, box, pyramid
		shapes := map[string]bool{}
		for v := range len(shadeSteps) {
			sh := fmt.Sprintf("%#v", seriesStyle(stats.Look{Strategy: i, Variant: v}).glyph.Shape)
			if v >= 3 != strings.Contains(sh, "boldGlyph") {
				t.Errorf("strategy %d, variant %d: marker %s", i, v, sh)
			}
			shapes[sh] = true
		}
		if len(shapes) != 2 {
			t.Errorf("strategy %d: %d shapes over its variants, want the solid one and its outline", i, len(shapes))
		}
	}
}

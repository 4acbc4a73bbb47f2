package tourimage

import (
	"fmt"
	"image/color"
	"io"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"

	"knightsweep/internal/svgcanvas"
)

// svgScale is the size of an SVG point in PNG pixels (package doc, Sizes).
const svgScale = 0.5

// WritePNG writes the picture as a PNG image of Size pixels.
func (p *Picture) WritePNG(w io.Writer) error {
	width, height := p.Size()
	// At 72 dots an inch a point is a pixel.
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(width), vg.Length(height)), vgimg.UseDPI(72),
		vgimg.UseBackgroundColor(color.White))
	p.draw(c)
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(w); err != nil {
		return fmt.Errorf("draw %dx%d: %w", p.rows, p.cols, err)
	}
	return nil
}

// WriteSVG writes the picture as an SVG document, half the PNG's size in
// points, on a white background.
func (p *Picture) WriteSVG(w io.Writer) error {
	width, height := p.Size()
	sw, sh := vg.Length(width)*svgScale, vg.Length(height)*svgScale
	c := svgcanvas.New(sw, sh)
	// An SVG starts transparent; the PNG starts white.
	var bg vg.Path
	rect(&bg, 0, 0, sw, sh)
	c.SetColor(color.White)
	c.Fill(bg)
	c.Scale(svgScale, svgScale)
	p.draw(c)
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("draw %dx%d: %w", p.rows, p.cols, err)
	}
	return nil
}

// WritePDF writes the picture as a one-page PDF of the SVG's size, its
// fonts embedded, for LaTeX (report -pdf writes one beside each chart's).
func (p *Picture) WritePDF(w io.Writer) error {
	width, height := p.Size()
	pdf := vgpdf.New(vg.Length(width)*svgScale, vg.Length(height)*svgScale)
	pdf.EmbedFonts(true)
	pdf.Scale(svgScale, svgScale)
	p.draw(pdf)
	if _, err := pdf.WriteTo(w); err != nil {
		return fmt.Errorf("draw %dx%d: %w", p.rows, p.cols, err)
	}
	return nil
}

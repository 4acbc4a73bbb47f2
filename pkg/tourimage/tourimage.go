// Package tourimage draws a knight's tour as a PNG picture: the board's
// squares, the knight's path from square centre to square centre, coloured
// from dark blue at the start through purple to orange at the end, the
// start and end squares marked (a green and a red disc), and the closing
// move dashed when the tour is closed. Boards up to 16 a side also show each
// square's step number.
//
// Drawing uses gonum.org/v1/plot's vg canvas (anti-aliased lines).
package tourimage

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// MaxSide is the longest board side WritePNG draws: beyond it a square
// would be smaller than a few pixels and the path a blur.
const MaxSide = 200

// maxNumbered is the longest side for which squares show step numbers.
const maxNumbered = 16

// Colours of the picture.
var (
	lightSquare = color.RGBA{0xf4, 0xf1, 0xea, 0xff}
	darkSquare  = color.RGBA{0xd9, 0xd4, 0xc7, 0xff}
	startColour = color.RGBA{0x1a, 0x9c, 0x3c, 0xff}
	endColour   = color.RGBA{0xd7, 0x26, 0x1e, 0xff}
	closeColour = color.RGBA{0x70, 0x70, 0x70, 0xff}
	// pathStops run from the path's start to its end.
	pathStops = []color.RGBA{{0x1b, 0x2a, 0x8c, 0xff}, {0x7e, 0x1f, 0x9c, 0xff}, {0xc2, 0x3b, 0x75, 0xff}, {0xe8, 0x7a, 0x1c, 0xff}}
)

// Geometry returns the side of a square in pixels and the margin round the
// board for a rows x cols board: the picture is about 1000 pixels across,
// with squares of 5 to 64 pixels.
func Geometry(rows, cols int) (square, margin int) {
	square = min(64, max(5, 1000/max(rows, cols)))
	return square, max(8, square/2)
}

// WritePNG draws the path squares (row*cols + col) on a rows x cols board.
// closed says that the last square is a knight's move from the first.
func WritePNG(w io.Writer, rows, cols int, squares []int32, closed bool) error {
	if rows < 1 || cols < 1 || rows > MaxSide || cols > MaxSide {
		return fmt.Errorf("draw %dx%d: pictures are drawn for boards of 1 to %d a side", rows, cols, MaxSide)
	}
	if len(squares) == 0 {
		return fmt.Errorf("draw %dx%d: no squares", rows, cols)
	}
	for i, s := range squares {
		if s < 0 || int(s) >= rows*cols {
			return fmt.Errorf("draw %dx%d: step %d: square %d is off the board", rows, cols, i, s)
		}
	}
	sq, margin := Geometry(rows, cols)
	width, height := cols*sq+2*margin, rows*sq+2*margin
	// At 72 dots an inch a point is a pixel.
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(width), vg.Length(height)), vgimg.UseDPI(72),
		vgimg.UseBackgroundColor(color.White))
	s := vg.Length(sq)
	// centre returns the centre of square i; row 0 is at the top.
	centre := func(i int32) vg.Point {
		r, col := int(i)/cols, int(i)%cols
		return vg.Point{X: vg.Length(margin) + s*vg.Length(col) + s/2, Y: vg.Length(height-margin) - s*vg.Length(r) - s/2}
	}

	// Each fill or stroke costs time in proportion to the whole picture, so
	// the board takes two: the light board, then every dark square at once.
	var dark vg.Path
	for r := range rows {
		for col := range cols {
			if (r+col)%2 == 1 {
				rect(&dark, vg.Length(margin+col*sq), vg.Length(height-margin-(r+1)*sq), s, s)
			}
		}
	}
	var light vg.Path
	rect(&light, vg.Length(margin), vg.Length(margin), s*vg.Length(cols), s*vg.Length(rows))
	c.SetColor(lightSquare)
	c.Fill(light)
	c.SetColor(darkSquare)
	c.Fill(dark)

	line := vg.Length(math.Max(1, float64(sq)*0.1))
	c.SetLineWidth(line)
	n := len(squares)
	if closed && n > 1 {
		c.SetColor(closeColour)
		c.SetLineDash([]vg.Length{3 * line, 2 * line}, 0)
		var p vg.Path
		p.Move(centre(squares[n-1]))
		p.Line(centre(squares[0]))
		c.Stroke(p)
		c.SetLineDash(nil, 0)
	}
	// The path in bands of one colour each, one stroke a band.
	bands := min(n-1, 64)
	for b := range bands {
		from, to := b*(n-1)/bands, (b+1)*(n-1)/bands
		c.SetColor(pathColour((float64(from) + float64(to)) / 2 / float64(max(1, n-1))))
		var p vg.Path
		p.Move(centre(squares[from]))
		for _, x := range squares[from+1 : to+1] {
			p.Line(centre(x))
		}
		c.Stroke(p)
	}

	if rows <= maxNumbered && cols <= maxNumbered {
		var plain []vg.Point
		for _, x := range squares[1 : n-1] {
			plain = append(plain, centre(x))
		}
		discs(c, plain, s*0.24, color.White)
	}
	mark := vg.Length(math.Max(7, float64(sq)*0.3))
	discs(c, []vg.Point{centre(squares[n-1])}, mark, endColour)
	discs(c, []vg.Point{centre(squares[0])}, mark, startColour)
	if rows <= maxNumbered && cols <= maxNumbered {
		numbers(c, squares, centre, s)
	}
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(w); err != nil {
		return fmt.Errorf("draw %dx%d: %w", rows, cols, err)
	}
	return nil
}

// numbers writes each square's step number, white on the start and end
// markers and black elsewhere.
func numbers(c vg.Canvas, squares []int32, centre func(int32) vg.Point, s vg.Length) {
	fonts := font.NewCache(liberation.Collection())
	sans := font.Font{Typeface: "Liberation", Variant: "Sans", Weight: 700}
	// Three-digit numbers in a smaller size, to fit their discs.
	faces := []font.Face{fonts.Lookup(sans, s*0.26), fonts.Lookup(sans, s*0.21)}
	for i, x := range squares {
		face := faces[0]
		if i >= 100 {
			face = faces[1]
		}
		ext := face.Extents()
		p := centre(x)
		label := strconv.Itoa(i)
		c.SetColor(color.Black)
		if i == 0 || i == len(squares)-1 {
			c.SetColor(color.White)
		}
		c.FillString(face, vg.Point{X: p.X - face.Width(label)/2, Y: p.Y - (ext.Ascent-ext.Descent)/2}, label)
	}
}

// rect adds the rectangle with bottom-left corner (x, y) to p.
func rect(p *vg.Path, x, y, w, h vg.Length) {
	p.Move(vg.Point{X: x, Y: y})
	p.Line(vg.Point{X: x + w, Y: y})
	p.Line(vg.Point{X: x + w, Y: y + h})
	p.Line(vg.Point{X: x, Y: y + h})
	p.Close()
}

// discs fills circles of radius r round the points, with thin dark
// outlines.
func discs(c vg.Canvas, at []vg.Point, r vg.Length, col color.Color) {
	if len(at) == 0 {
		return
	}
	var path vg.Path
	for _, p := range at {
		path.Move(vg.Point{X: p.X + r, Y: p.Y})
		path.Arc(p, r, 0, 2*math.Pi)
		path.Close()
	}
	c.SetColor(col)
	c.Fill(path)
	c.SetColor(color.RGBA{0x30, 0x30, 0x30, 0xff})
	c.Push()
	c.SetLineWidth(vg.Length(math.Max(0.75, float64(r)*0.12)))
	c.Stroke(path)
	c.Pop()
}

// pathColour interpolates pathStops at f in [0, 1].
func pathColour(f float64) color.RGBA {
	f = math.Min(1, math.Max(0, f)) * float64(len(pathStops)-1)
	i := min(int(f), len(pathStops)-2)
	t := f - float64(i)
	a, b := pathStops[i], pathStops[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + t*(float64(y)-float64(x)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

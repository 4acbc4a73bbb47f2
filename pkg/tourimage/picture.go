package tourimage

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"

	"knightsweep/internal/svgcanvas"
	"knightsweep/internal/textwidth"
	"knightsweep/pkg/tour"
)

// MaxSide is the longest board side drawn: beyond it a square would be
// smaller than a few pixels and the path a blur.
const MaxSide = 200

// maxNumbered is the longest side for which squares show step numbers.
const maxNumbered = 16

// captionSize is the caption's font size, in PNG pixels.
const captionSize = 18

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

// fonts holds the Liberation fonts, parsed on first use.
var fonts = sync.OnceValue(func() *font.Cache { return font.NewCache(liberation.Collection()) })

// sans returns Liberation Sans at size.
func sans(size vg.Length) font.Face {
	return fonts().Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, size)
}

// A Picture is a knight's tour, checked, ready to be written as PNG or SVG.
type Picture struct {
	// Caption, if not empty, is written above the board, centred, one line
	// for each line of the string.
	Caption string

	rows, cols int
	squares    []int32
	closed     bool
}

// New returns a picture of the tour squares (row*cols + col, in order) of
// a rows x cols board; closed says that the last square is a knight's move
// from the first. The tour is checked first: New refuses anything that is
// not a knight's tour of the board, and boards over MaxSide a side.
func New(rows, cols int, squares []int32, closed bool) (*Picture, error) {
	if rows < 1 || cols < 1 || rows > MaxSide || cols > MaxSide {
		return nil, fmt.Errorf("draw %dx%d: pictures are drawn for boards of 1 to %d a side", rows, cols, MaxSide)
	}
	if len(squares) == 0 {
		return nil, fmt.Errorf("draw %dx%d: no squares", rows, cols)
	}
	if err := tour.Validate(rows, cols, int(squares[0]), squares, closed); err != nil {
		return nil, fmt.Errorf("draw %dx%d: %w", rows, cols, err)
	}
	return &Picture{rows: rows, cols: cols, squares: append([]int32(nil), squares...), closed: closed}, nil
}

// Geometry returns the side of a square in pixels and the margin round the
// board for a rows x cols board: the board is about 1000 pixels across,
// with squares of 5 to 64 pixels.
func Geometry(rows, cols int) (square, margin int) {
	square = min(64, max(5, 1000/max(rows, cols)))
	return square, max(8, square/2)
}

// Size returns the width and height of the PNG picture in pixels (of the
// SVG in points, before its halving).
func (p *Picture) Size() (width, height int) {
	l := p.layout()
	return l.width, l.height
}

// layout is where the parts of a picture go, in PNG pixels, y up.
type layout struct {
	width, height int
	square        int
	// boardX, boardY is the board's bottom-left corner.
	boardX, boardY int
	caption        []string
	face           font.Face
	// lineHeight separates caption lines; the first line's top is at
	// captionTop.
	lineHeight, captionTop vg.Length
}

func (p *Picture) layout() layout {
	sq, margin := Geometry(p.rows, p.cols)
	l := layout{square: sq, boardY: margin}
	boardW, boardH := p.cols*sq, p.rows*sq
	l.width, l.height = boardW+2*margin, boardH+2*margin
	if p.Caption != "" {
		l.face = sans(captionSize)
		l.caption = strings.Split(p.Caption, "\n")
		l.lineHeight = 1.3 * captionSize
		pad := max(margin, captionSize/2)
		widest := 0
		for _, line := range l.caption {
			widest = max(widest, int(math.Ceil(float64(textwidth.Width(l.face, line)))))
		}
		l.width = max(l.width, widest+2*pad)
		l.height += pad + int(math.Ceil(float64(l.lineHeight)))*len(l.caption)
		l.captionTop = vg.Length(l.height - pad)
	}
	l.boardX = (l.width - boardW) / 2
	return l
}

// draw draws the picture on c, whose bottom-left corner is (0, 0) and whose
// size is the picture's Size in points.
func (p *Picture) draw(c vg.Canvas) {
	l := p.layout()
	rows, cols, squares := p.rows, p.cols, p.squares
	sq := l.square
	s := vg.Length(sq)
	top := vg.Length(l.boardY + rows*sq)
	// centre returns the centre of square i; row 0 is at the top.
	centre := func(i int32) vg.Point {
		r, col := int(i)/cols, int(i)%cols
		return vg.Point{X: vg.Length(l.boardX) + s*vg.Length(col) + s/2, Y: top - s*vg.Length(r) - s/2}
	}

	p.drawBoard(c, l, top)

	line := vg.Length(math.Max(1, float64(sq)*0.1))
	c.SetLineWidth(line)
	n := len(squares)
	if p.closed && n > 1 {
		c.SetColor(closeColour)
		c.SetLineDash([]vg.Length{3 * line, 2 * line}, 0)
		var path vg.Path
		path.Move(centre(squares[n-1]))
		path.Line(centre(squares[0]))
		c.Stroke(path)
		c.SetLineDash(nil, 0)
	}
	// The path in bands of one colour each, one stroke a band.
	bands := min(n-1, 64)
	for b := range bands {
		from, to := b*(n-1)/bands, (b+1)*(n-1)/bands
		c.SetColor(pathColour((float64(from) + float64(to)) / 2 / float64(max(1, n-1))))
		path := make(vg.Path, 0, to-from+1)
		path.Move(centre(squares[from]))
		for _, x := range squares[from+1 : to+1] {
			path.Line(centre(x))
		}
		c.Stroke(path)
	}

	numbered := rows <= maxNumbered && cols <= maxNumbered
	if numbered && n > 2 {
		var plain []vg.Point
		for _, x := range squares[1 : n-1] {
			plain = append(plain, centre(x))
		}
		discs(c, plain, s*0.24, color.White)
	}
	mark := vg.Length(math.Max(7, float64(sq)*0.3))
	discs(c, []vg.Point{centre(squares[n-1])}, mark, endColour)
	discs(c, []vg.Point{centre(squares[0])}, mark, startColour)
	if numbered {
		numbers(c, squares, centre, s)
	}

	c.SetColor(color.Black)
	for i, text := range l.caption {
		ext := textwidth.Extents(l.face)
		y := l.captionTop - ext.Ascent - vg.Length(i)*l.lineHeight
		c.FillString(l.face, vg.Point{X: (vg.Length(l.width) - textwidth.Width(l.face, text)) / 2, Y: y}, text)
	}
}

// drawBoard draws the chequered board: one image, a pixel a square, on a
// canvas that draws pixels sharp (an SVG); elsewhere, since each fill costs
// time in proportion to the whole picture, the light board and then every
// dark square at once.
func (p *Picture) drawBoard(c vg.Canvas, l layout, top vg.Length) {
	rows, cols := p.rows, p.cols
	s := vg.Length(l.square)
	if px, ok := c.(svgcanvas.PixelDrawer); ok {
		img := image.NewNRGBA(image.Rect(0, 0, cols, rows))
		light := color.NRGBAModel.Convert(lightSquare).(color.NRGBA)
		dark := color.NRGBAModel.Convert(darkSquare).(color.NRGBA)
		for r := range rows {
			for col := range cols {
				if (r+col)%2 == 1 {
					img.SetNRGBA(col, r, dark)
				} else {
					img.SetNRGBA(col, r, light)
				}
			}
		}
		x, y := vg.Length(l.boardX), vg.Length(l.boardY)
		px.DrawPixels(vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + s*vg.Length(cols), Y: top}}, img)
		return
	}
	var dark vg.Path
	for r := range rows {
		for col := range cols {
			if (r+col)%2 == 1 {
				rect(&dark, vg.Length(l.boardX+col*l.square), top-s*vg.Length(r+1), s, s)
			}
		}
	}
	var light vg.Path
	rect(&light, vg.Length(l.boardX), vg.Length(l.boardY), s*vg.Length(cols), s*vg.Length(rows))
	c.SetColor(lightSquare)
	c.Fill(light)
	c.SetColor(darkSquare)
	c.Fill(dark)
}

// numbers writes each square's step number, white on the start and end
// markers and black elsewhere.
func numbers(c vg.Canvas, squares []int32, centre func(int32) vg.Point, s vg.Length) {
	// Three-digit numbers in a smaller size, to fit their discs.
	faces := []font.Face{sans(s * 0.26), sans(s * 0.21)}
	for i, x := range squares {
		face := faces[0]
		if i >= 100 {
			face = faces[1]
		}
		ext := textwidth.Extents(face)
		p := centre(x)
		label := strconv.Itoa(i)
		c.SetColor(color.Black)
		if i == 0 || i == len(squares)-1 {
			c.SetColor(color.White)
		}
		c.FillString(face, vg.Point{X: p.X - textwidth.Width(face, label)/2, Y: p.Y - (ext.Ascent-ext.Descent)/2}, label)
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

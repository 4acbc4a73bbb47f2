package chart

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/board"
	"knightsweep/pkg/tour"
)

// MaxTourSide is the largest board side drawn as a tour picture.
const MaxTourSide = 100

// Board colours of tour pictures.
var (
	colorLight = color.RGBA{0xf0, 0xd9, 0xb5, 0xff}
	colorDark  = color.RGBA{0xd2, 0xb4, 0x8c, 0xff}
	colorPath  = color.RGBA{0x1f, 0x3b, 0x73, 0xff}
)

// Tour draws a knight's tour on board b: the squares, the knight's path
// through their centres, the start (green disc) and the end (red square),
// and for a closed tour the closing move, dashed. The tour is checked with
// package tour first: a picture never shows a wrong tour. caption says
// where the tour came from.
func Tour(b board.Board, squares []int32, closed bool, caption string) (*Figure, error) {
	if b.Rows > MaxTourSide || b.Cols > MaxTourSide {
		return nil, fmt.Errorf("tour picture of %v: %w (sides over %d squares are not drawn)", b, ErrNoData, MaxTourSide)
	}
	if len(squares) == 0 {
		return nil, fmt.Errorf("tour picture of %v: %w", b, ErrNoData)
	}
	if err := tour.Validate(b.Rows, b.Cols, int(squares[0]), squares, closed); err != nil {
		return nil, fmt.Errorf("tour picture of %v: %w", b, err)
	}
	cell := min(vg.Centimeter, 11*vg.Centimeter/vg.Length(max(b.Rows, b.Cols)))
	centre := func(sq int32) plotter.XY {
		r, c := b.RowCol(int(sq))
		return plotter.XY{X: float64(c), Y: float64(b.Rows - 1 - r)}
	}
	path := make(plotter.XYs, len(squares))
	for i, sq := range squares {
		path[i] = centre(sq)
	}

	p := plot.New()
	p.Title.Text = fmt.Sprintf("A tour of %v\n%s", b, caption)
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Add(&cellGrid{rows: b.Rows, cols: b.Cols, fill: func(r, c int) color.Color {
		if (r+c)%2 == 0 {
			return colorLight
		}
		return colorDark
	}})
	leg := newLegend()
	lineWidth := max(vg.Points(0.5), min(vg.Points(2), cell*0.07))
	line, err := plotter.NewLine(path)
	if err != nil {
		return nil, err
	}
	line.LineStyle = draw.LineStyle{Color: colorPath, Width: lineWidth}
	p.Add(line)
	leg.Add("knight's path", line)
	if closed {
		back, err := plotter.NewLine(plotter.XYs{path[len(path)-1], path[0]})
		if err != nil {
			return nil, err
		}
		back.LineStyle = draw.LineStyle{Color: colorPath, Width: lineWidth, Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
		p.Add(back)
		leg.Add("closing move", back)
	}
	if cell >= 0.3*vg.Centimeter {
		dots, err := plotter.NewScatter(path)
		if err != nil {
			return nil, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: colorPath, Radius: lineWidth * 1.2, Shape: draw.CircleGlyph{}}
		p.Add(dots)
	}
	mark := max(vg.Points(4), min(vg.Points(8), cell*0.3))
	startRow, startCol := b.RowCol(int(squares[0]))
	endRow, endCol := b.RowCol(int(squares[len(squares)-1]))
	start, err := plotter.NewScatter(plotter.XYs{path[0]})
	if err != nil {
		return nil, err
	}
	start.GlyphStyle = draw.GlyphStyle{Color: colorFound, Radius: mark, Shape: draw.CircleGlyph{}}
	end, err := plotter.NewScatter(plotter.XYs{path[len(path)-1]})
	if err != nil {
		return nil, err
	}
	end.GlyphStyle = draw.GlyphStyle{Color: colorFailed, Radius: mark, Shape: draw.BoxGlyph{}}
	p.Add(start, end)
	leg.Add(fmt.Sprintf("start %d,%d", startRow, startCol), start)
	leg.Add(fmt.Sprintf("end %d,%d (step %d)", endRow, endCol, len(squares)-1), end)

	step := tickStep(max(b.Rows, b.Cols), cell)
	p.X.Min, p.X.Max = -0.5, float64(b.Cols)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(b.Rows)-0.5
	p.X.Tick.Marker = squareTicks{n: b.Cols, step: step}
	p.Y.Tick.Marker = squareTicks{n: b.Rows, rows: true, step: step}
	p.X.Label.Text, p.Y.Label.Text = "column", "row"
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Padding = 0
		a.Label.TextStyle.Font.Size = vg.Points(9)
		a.Tick.Label.Font.Size = vg.Points(8)
	}
	w := vg.Length(b.Cols)*cell + 2*vg.Centimeter + legendWidth(leg)
	h := vg.Length(b.Rows)*cell + 3*vg.Centimeter
	return &Figure{
		Name:   "tour-" + b.String(),
		Title:  fmt.Sprintf("A tour of %v from %d,%d: %s", b, startRow, startCol, caption),
		Width:  w,
		Height: h,
		draw:   withLegend(p, leg),
	}, nil
}

package chart

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/board"
	"knightsweep/pkg/stats"
)

// Pair-map colours besides the two series' own.
var (
	colorBothWays = color.RGBA{0x99, 0x99, 0x99, 0xff} // only A in some trials, only B in others
	colorEven     = color.RGBA{0xee, 0xee, 0xee, 0xff} // paired, never only one
)

// PairMap draws, for a comparison h of series A and B on one board, where
// only A found a tour (A's colour) and where only B did (B's), start square
// by start square, the counts written in when trials repeat: the start
// squares behind the McNemar test's discordant pairs. The file is
// only-A-B-RxC, with the series' places in the report for A and B.
func PairMap(res *stats.Results, h stats.HeadToHead, name string) (*Figure, error) {
	var b board.Board
	if _, err := fmt.Sscanf(h.Board, "%dx%d", &b.Rows, &b.Cols); err != nil {
		return nil, fmt.Errorf("pair map of %s: %w", h.Board, ErrNoData)
	}
	if b.Rows > MaxHeatMapSide || b.Cols > MaxHeatMapSide {
		return nil, fmt.Errorf("pair map of %v: %w (sides over %d squares are not drawn)", b, ErrNoData, MaxHeatMapSide)
	}
	ga := res.Group(h.A.Key, b)
	if ga == nil {
		return nil, fmt.Errorf("pair map of %v: %w", b, ErrNoData)
	}
	run := map[board.Square]bool{}
	for _, s := range ga.PerStart() {
		run[board.Square{Row: s.Row, Col: s.Col}] = true
	}
	ca, cb := seriesStyle(h.A.Look).color, seriesStyle(h.B.Look).color
	if ca == cb {
		// Two series of one strategy: tell them apart by lightness.
		cb = lighten(cb)
	}
	cell := min(1.2*vg.Centimeter, 10*vg.Centimeter/vg.Length(max(b.Rows, b.Cols)))
	grid := &cellGrid{rows: b.Rows, cols: b.Cols, font: textStyle(min(8, float64(cell*0.3))),
		fill: func(r, c int) color.Color {
			sq := board.Square{Row: r, Col: c}
			a, bb := h.OnlyA[sq], h.OnlyB[sq]
			switch {
			case !run[sq]:
				return colorNotRun
			case a > 0 && bb > 0:
				return colorBothWays
			case a > 0:
				return ca
			case bb > 0:
				return cb
			}
			return colorEven
		},
	}
	if cell >= 0.6*vg.Centimeter {
		grid.label = func(r, c int) string {
			sq := board.Square{Row: r, Col: c}
			if a, bb := h.OnlyA[sq], h.OnlyB[sq]; a+bb > 1 {
				return fmt.Sprintf("%d:%d", a, bb)
			}
			return ""
		}
	}
	title := fmt.Sprintf("%v: %s or %s alone", b, cut(h.LabelA, 20), cut(h.LabelB, 20))
	board := &panel{title: title, titleSize: 11, cells: grid, step: tickStep(max(b.Rows, b.Cols), cell)}
	leg := plot.NewLegend()
	leg.TextStyle.Handler = measuring
	leg.Top, leg.Left = true, true
	leg.TextStyle.Font.Size = vg.Points(10)
	leg.ThumbnailWidth = vg.Points(12)
	leg.Padding = vg.Points(3)
	leg.Add(fmt.Sprintf("only %s (%d)", cut(h.LabelA, 30), h.AOnly), swatch{ca})
	leg.Add(fmt.Sprintf("only %s (%d)", cut(h.LabelB, 30), h.BOnly), swatch{cb})
	leg.Add("each, in different trials", swatch{colorBothWays})
	leg.Add("never only one", swatch{colorEven})
	leg.Add("not run by both", swatch{colorNotRun})
	// The board above, the legend below it: the figure stays as narrow as
	// the board and reads at the size of the heat maps.
	w := max(vg.Length(b.Cols)*cell+2.2*vg.Centimeter, legendWidth(leg))
	boardH := vg.Length(b.Rows)*cell + 2.2*vg.Centimeter
	legH := 3.2 * vg.Centimeter
	return &Figure{
		Name:   name,
		Title:  fmt.Sprintf("%s: start squares where only %s or only %s found a tour", b, h.LabelA, h.LabelB),
		Width:  w,
		Height: boardH + legH,
		draw: func(c draw.Canvas) {
			board.Draw(draw.Crop(c, 0, 0, legH, 0))
			leg.Draw(draw.Crop(c, vg.Points(8), 0, 0, -boardH))
		},
	}, nil
}

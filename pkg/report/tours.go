package report

import (
	"fmt"
	"io"
	"path/filepath"

	"knightsweep/pkg/board"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/tourfile"
	"knightsweep/pkg/tourimage"
)

// maxTourSide is the longest board side the report draws a tour of: a
// 100x100 tour's inline SVG is already about half a megabyte of the page.
// Sweeps save tours for boards up to this side (outdir.MaxSavedTourSide).
const maxTourSide = outdir.MaxSavedTourSide

// savedTour is a tour a sweep saved for pictures, and its sweep directory.
type savedTour struct {
	outdir.SavedTour
	dir string
}

// savedTours lists the tours the sweeps' manifests list, the first of
// each board.
func savedTours(sweeps []sweep) map[board.Board]savedTour {
	out := map[board.Board]savedTour{}
	for _, sw := range sweeps {
		if sw.man == nil {
			continue
		}
		for _, t := range sw.man.Tours {
			var b board.Board
			if _, err := fmt.Sscanf(t.Board, "%dx%d", &b.Rows, &b.Cols); err != nil {
				continue
			}
			if _, have := out[b]; !have {
				out[b] = savedTour{t, sw.dir}
			}
		}
	}
	return out
}

// tourFigure draws a tour of b (package tourimage): from the tour column of
// a -save-tours sweep when the data has one, else the tour the sweep saved.
// The report never solves a tour itself: a picture shows what was run.
func tourFigure(b board.Board, sample *stats.TourSample, saved savedTour, haveSaved bool) (*figure, error) {
	if b.Rows > maxTourSide || b.Cols > maxTourSide {
		return nil, fmt.Errorf("tour picture of %v: sides over %d squares are not drawn", b, maxTourSide)
	}
	var squares []int32
	var closed bool
	var caption string
	switch {
	case sample != nil && sample.Tour != "":
		var err error
		if squares, err = runs.ParseTour(sample.Tour); err != nil {
			return nil, fmt.Errorf("tour column of a found run on %v: %w", b, err)
		}
		closed = sample.Closed
		caption = fmt.Sprintf("found by %s in the sweep (tour column, %s)", stats.Who(sample.Strategy, sample.Tiebreak), filepath.Base(filepath.Dir(sample.Source)))
	case haveSaved:
		path, err := saved.Path(saved.dir)
		if err != nil {
			return nil, err
		}
		t, err := tourfile.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("tour picture of %v: %w", b, err)
		}
		if t.Rows != b.Rows || t.Cols != b.Cols {
			return nil, fmt.Errorf("tour picture of %v: %s holds a %dx%d tour", b, path, t.Rows, t.Cols)
		}
		squares, closed = t.Squares, t.Closed
		caption = fmt.Sprintf("found by %s in the sweep from %s, trial %d (%s)", stats.Who(saved.Strategy, saved.Tiebreak), saved.Start, saved.Trial, saved.File)
	default:
		return nil, fmt.Errorf("no tour of %v to draw: the sweep found none, or saved none (sweeps before this version did not), or its manifest.json was left out as damaged", b)
	}
	pic, err := tourimage.New(b.Rows, b.Cols, squares, closed)
	if err != nil {
		return nil, fmt.Errorf("tour picture of %v: %w", b, err)
	}
	kind := "A tour"
	if closed {
		kind = "A closed tour"
	}
	startRow, startCol := b.RowCol(int(squares[0]))
	endRow, endCol := b.RowCol(int(squares[len(squares)-1]))
	heading := fmt.Sprintf("%s of %v from %d,%d to %d,%d", kind, b, startRow, startCol, endRow, endCol)
	pic.Caption = heading + "\n" + caption
	return &figure{name: "tour-" + b.String(), title: heading + ": " + caption, write: func(w io.Writer, format string) error {
		switch format {
		case "svg":
			return pic.WriteSVG(w)
		case "png":
			return pic.WritePNG(w)
		case "pdf":
			return pic.WritePDF(w)
		}
		return fmt.Errorf("tour picture format %q: want svg, png or pdf", format)
	}}, nil
}

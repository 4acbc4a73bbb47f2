package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"knightsweep/internal/durable"
	"knightsweep/internal/outpath"
	"knightsweep/pkg/board"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/tourfile"
	"knightsweep/pkg/tourimage"
)

// tourOutputs are solve's -tour-out and -png files.
type tourOutputs struct {
	tour, png string
}

func (o *tourOutputs) register(fs *flag.FlagSet) {
	fs.StringVar(&o.tour, "tour-out", "", "write the tour found to `FILE`: compact binary, or the step grid if FILE ends in .txt")
	fs.StringVar(&o.png, "png", "", fmt.Sprintf("draw the tour found to `FILE`, a PNG picture (boards up to %d x %d)", tourimage.MaxSide, tourimage.MaxSide))
}

// check refuses, before any search, outputs that could not be written for
// board b, so that a long search is not lost to a bad file name.
func (o tourOutputs) check(b board.Board) error {
	for _, f := range []struct{ flag, name string }{{"-tour-out", o.tour}, {"-png", o.png}} {
		if f.name == "" {
			continue
		}
		if err := outpath.File(f.flag, f.name); err != nil {
			return err
		}
	}
	if o.tour != "" && o.png != "" && outpath.Same(o.tour, o.png) {
		return usagef("-tour-out %s and -png %s are the same file: one would overwrite the other; give each its own name", o.tour, o.png)
	}
	if o.tour != "" && tourfile.IsText(o.tour) && (b.Rows > tourfile.MaxTextSide || b.Cols > tourfile.MaxTextSide) {
		return usagef("-tour-out %s: the text form is for boards up to %d x %d, and %v is larger; name a binary file such as tour.ktour",
			o.tour, tourfile.MaxTextSide, tourfile.MaxTextSide, b)
	}
	if o.png != "" && (b.Rows > tourimage.MaxSide || b.Cols > tourimage.MaxSide) {
		return usagef("-png %s: pictures are drawn for boards up to %d x %d, and %v is larger", o.png, tourimage.MaxSide, tourimage.MaxSide, b)
	}
	return nil
}

// write saves the tour res found for p; without a tour it says so on stderr.
func (o tourOutputs) write(p solver.Problem, res solver.Result, stderr io.Writer) error {
	if o.tour == "" && o.png == "" {
		return nil
	}
	if res.Status != status.Found {
		fmt.Fprintf(stderr, "experiment: no tour to write (status %s)\n", res.Status)
		return nil
	}
	b := p.Board
	for _, name := range []string{o.tour, o.png} {
		if name != "" {
			// check let a missing directory pass: it is made now.
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
		}
	}
	// A found tour is closed if it was asked to be, or happens to be.
	closed := p.Closed || isMove(b, res.Tour.Last(), res.Tour.First())
	if o.tour != "" {
		if err := tourfile.WritePathFile(o.tour, res.Tour, closed); err != nil {
			return fmt.Errorf("-tour-out: %w", err)
		}
	}
	if o.png != "" {
		pic, err := tourimage.New(b.Rows, b.Cols, res.Tour.Squares(nil), closed)
		if err != nil {
			return fmt.Errorf("-png: %w", err)
		}
		if err := durable.Replace(o.png, pic.WritePNG); err != nil {
			return fmt.Errorf("-png: %w", err)
		}
	}
	return nil
}

func isMove(b board.Board, from, to int32) bool {
	r1, c1 := b.RowCol(int(from))
	r2, c2 := b.RowCol(int(to))
	dr, dc := r1-r2, c1-c2
	return dr*dr+dc*dc == 5
}

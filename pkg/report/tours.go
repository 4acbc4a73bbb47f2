package report

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/tourimage"
)

// Budget of a tour solved for a picture.
const (
	pictureMaxNodes = 2_000_000
	pictureTimeout  = 5 * time.Second
)

// pictureStrategies are tried in turn for a tour to picture when the CSV
// has no tour column: the linear constructions first (they cannot fail on
// the boards and starts they take, however large), then warnsdorff-bt,
// which takes any board but may run out of budget on big ones.
var pictureStrategies = []string{"parberry", "squirrel-cull", "warnsdorff-bt"}

// maxTourSide is the longest board side the report draws a tour of: a
// 100x100 tour's inline SVG is already about half a megabyte of the page.
const maxTourSide = 100

// tourFigure draws a tour of b (package tourimage), captioned with where the
// tour came from (pictureTour).
func tourFigure(ctx context.Context, b board.Board, sample *stats.TourSample) (*figure, error) {
	if b.Rows > maxTourSide || b.Cols > maxTourSide {
		return nil, fmt.Errorf("tour picture of %v: sides over %d squares are not drawn", b, maxTourSide)
	}
	squares, caption, err := pictureTour(ctx, b, sample)
	if err != nil {
		return nil, err
	}
	closed := sample != nil && sample.Closed
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
	return &figure{name: "tour-" + b.String(), title: heading + ": " + caption, svg: pic.WriteSVG, png: pic.WritePNG}, nil
}

// pictureTour returns a tour of b to draw and a caption saying where it came
// from: the sample's tour column if it has one, else a tour solved with
// warnsdorff-bt from the sample's start (from the corner without a sample).
func pictureTour(ctx context.Context, b board.Board, sample *stats.TourSample) ([]int32, string, error) {
	if sample != nil && sample.Tour != "" {
		squares, err := parseTour(sample.Tour)
		if err != nil {
			return nil, "", fmt.Errorf("tour column of a found run on %v: %w", b, err)
		}
		who := sample.Strategy
		if sample.Tiebreak != "" && sample.Tiebreak != "first" {
			who += "/" + sample.Tiebreak
		}
		return squares, fmt.Sprintf("found by %s in the sweep (tour column)", who), nil
	}
	p := solver.Problem{Board: b, MaxNodes: pictureMaxNodes}
	if sample != nil {
		p.Start, p.Closed = sample.Start, sample.Closed
	}
	ctx, cancel := context.WithTimeout(ctx, pictureTimeout)
	defer cancel()
	var why []string
	for _, name := range pictureStrategies {
		info, err := solver.Lookup(name)
		if err != nil || info.Boards != nil && info.Boards(b) != nil ||
			info.Starts != nil && !slices.Contains(info.Starts(b), p.Start) {
			continue
		}
		p.Strategy = name
		res, err := solver.Solve(ctx, p)
		if err != nil {
			return nil, "", err
		}
		if res.Status == solver.Found {
			caption := "solved for this picture by " + name + " (the CSV has no tour column)"
			return append([]int32(nil), res.Tour...), caption, nil
		}
		why = append(why, fmt.Sprintf("%s ended %s after %d nodes", name, res.Status, res.Nodes))
	}
	return nil, "", fmt.Errorf("no tour of %v from %v for the picture: %s", b, p.Start, strings.Join(why, "; "))
}

// parseTour reads a tour column: square indices, space-separated.
func parseTour(s string) ([]int32, error) {
	fields := strings.Fields(s)
	out := make([]int32, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseInt(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("square %d: %w", i, err)
		}
		out[i] = int32(v)
	}
	return out, nil
}

package sweep

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/tour"
	"knightsweep/pkg/tourfile"
	"knightsweep/pkg/tourimage"
)

// experiment solve runs one search, as a sweep's job, and prints it.

// maxGridSide is the longest side for which solve prints the step grid.
const maxGridSide = 40

// maxJSONTour is the most squares for which -json includes the tour.
const maxJSONTour = 1_000_000

// SolveJSON is the object experiment solve -json prints: the run's record
// as a sweep would write it (Record: the columns of runs.csv, by their
// names), with the tour as numbers.
type SolveJSON struct {
	runs.Row
	Tour []int32 `json:"tour,omitempty"`
}

// WriteSolve prints a search's result res of problem p: its record as
// JSON (asJSON), or its tour's grid (boards up to maxGridSide) and a line
// of figures; a solver's error goes to stderr.
func WriteSolve(stdout, stderr io.Writer, p solver.Problem, res solver.Result, asJSON bool) error {
	b := p.Board
	j := JobOf(p)
	res = Budgeted(&j, res)
	if asJSON {
		out := SolveJSON{Row: Record(&j, res)}
		if res.Status == status.Found && b.Squares() <= maxJSONTour {
			out.Tour = res.Tour.Squares(nil)
		}
		return json.NewEncoder(stdout).Encode(out)
	}
	if res.Status == status.Found && b.Rows <= maxGridSide && b.Cols <= maxGridSide {
		if err := tour.WriteGrid(stdout, b.Rows, b.Cols, res.Tour.Squares(nil)); err != nil {
			return err
		}
	}
	restarts := ""
	if p.Restarts.Kind != restart.None {
		restarts = fmt.Sprintf(" restarts=%d", res.Restarts)
	}
	_, err := fmt.Fprintf(stdout, "status=%s nodes=%s backtracks=%s%s time=%v verified=%v\n",
		res.Status, countText(res.Nodes), countText(res.Backtracks), restarts, res.Elapsed.Round(time.Microsecond), res.Verified)
	if err != nil {
		return err
	}
	if res.Err != "" {
		fmt.Fprintln(stderr, "error:", res.Err)
	}
	return nil
}

// countText writes a count, or "-" for one an external solver did not
// report (runs.Unknown).
func countText(n int64) string {
	if !runs.Count(n).Known() {
		return "-"
	}
	return strconv.FormatInt(n, 10)
}

// TourFiles are solve's -tour-out (Tour) and -png (PNG) files: the tour
// found, as a tour file and as a picture.
type TourFiles struct {
	Tour, PNG string
}

// Check refuses, before any search, files that could not be written for
// board b, so that a long search is not lost to a bad file name.
func (o TourFiles) Check(b board.Board) error {
	for _, f := range []struct{ flag, name string }{{"-tour-out", o.Tour}, {"-png", o.PNG}} {
		if f.name == "" {
			continue
		}
		if err := outpath.File(f.flag, f.name); err != nil {
			return err
		}
	}
	if o.Tour != "" && o.PNG != "" && outpath.Same(o.Tour, o.PNG) {
		return input.Errorf("-tour-out "+o.Tour+" and -png "+o.PNG+" are the same file", "one would overwrite the other; give each its own name")
	}
	if o.Tour != "" && tourfile.IsText(o.Tour) && (b.Rows > tourfile.MaxTextSide || b.Cols > tourfile.MaxTextSide) {
		return input.Errorf("-tour-out "+o.Tour, "the text form is for boards up to %d x %d, and %v is larger; name a binary file such as tour.ktour",
			tourfile.MaxTextSide, tourfile.MaxTextSide, b)
	}
	if o.PNG != "" && (b.Rows > tourimage.MaxSide || b.Cols > tourimage.MaxSide) {
		return input.Errorf("-png "+o.PNG, "pictures are drawn for boards up to %d x %d, and %v is larger", tourimage.MaxSide, tourimage.MaxSide, b)
	}
	return nil
}

// Write saves the tour res found for p; without a tour it says so on
// stderr.
func (o TourFiles) Write(p solver.Problem, res solver.Result, stderr io.Writer) error {
	if o.Tour == "" && o.PNG == "" {
		return nil
	}
	if res.Status != status.Found {
		fmt.Fprintf(stderr, "experiment: no tour to write (status %s)\n", res.Status)
		return nil
	}
	b := p.Board
	for _, name := range []string{o.Tour, o.PNG} {
		if name != "" {
			// Check let a missing directory pass: it is made now.
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
		}
	}
	// A found tour is closed if it was asked to be, or happens to be.
	closed := p.Closed || isMove(b, res.Tour.Last(), res.Tour.First())
	if o.Tour != "" {
		if err := tourfile.WritePathFile(o.Tour, res.Tour, closed); err != nil {
			return fmt.Errorf("-tour-out: %w", err)
		}
	}
	if o.PNG != "" {
		pic, err := tourimage.New(b.Rows, b.Cols, res.Tour.Squares(nil), closed)
		if err != nil {
			return fmt.Errorf("-png: %w", err)
		}
		if err := durable.Replace(o.PNG, pic.WritePNG); err != nil {
			return fmt.Errorf("-png: %w", err)
		}
	}
	return nil
}

// isMove reports whether squares from and to of b are a knight's move
// apart.
func isMove(b board.Board, from, to int32) bool {
	r1, c1 := b.RowCol(int(from))
	r2, c2 := b.RowCol(int(to))
	dr, dc := r1-r2, c1-c2
	return dr*dr+dc*dc == 5
}

package outdir

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/tourfile"
)

// ToursDir is where a sweep keeps the tours it saves for the report's
// pictures, one a board: the report draws tours from these files (or from
// the tour column of a -save-tours sweep) and never runs a solver.
const ToursDir = "tours"

// MaxSavedTourSide is the longest side of a board whose tour a sweep saves
// for a picture: the report draws tours of boards up to this side.
const MaxSavedTourSide = 100

// SavedTour is a tour a sweep saved for a picture: the first tour found on
// a board in the sweep's session, as a tour file (package tourfile).
type SavedTour struct {
	Board string `json:"board"`
	// File is the tour file's path relative to the sweep's directory.
	File     string `json:"file"`
	Strategy string `json:"strategy"`
	Tiebreak string `json:"tiebreak"`
	// Start is the start square, "row,col"; Trial the run's trial.
	Start  string `json:"start"`
	Trial  int    `json:"trial"`
	Closed bool   `json:"closed"`
}

// WantsTour reports whether a sweep saves a tour of board b for pictures.
func WantsTour(b board.Board) bool { return b.Rows <= MaxSavedTourSide && b.Cols <= MaxSavedTourSide }

// SaveTour writes the tour squares that row found into dir's tours
// directory and describes it. The tour is marked closed if one was asked
// for or its last square is a knight's move from its first.
func SaveTour(dir string, row *runs.Row, squares []int32) (SavedTour, error) {
	b := board.Board{Rows: row.Rows, Cols: row.Cols}
	closed := row.Closed || len(squares) > 1 && b.KnightMove(int(squares[len(squares)-1]), int(squares[0]))
	rel := filepath.Join(ToursDir, b.String()+".ktour")
	if err := durable.MkdirAll(filepath.Join(dir, ToursDir), 0o755); err != nil {
		return SavedTour{}, err
	}
	t := tourfile.Tour{Rows: b.Rows, Cols: b.Cols, Closed: closed, Squares: squares}
	// Without an fsync: a tour is a picture's, and a file a crash leaves
	// empty fails its checksum and costs the picture, not the sweep (whose
	// rows and manifest are synced); the quick sweep's 36 fsyncs would be a
	// tenth of its time.
	write := func(w io.Writer) error { return tourfile.Write(w, t) }
	if err := durable.Replace(filepath.Join(dir, rel), write, durable.NoSync, durable.NoFollow); err != nil {
		return SavedTour{}, fmt.Errorf("save a tour of %v: %w", b, err)
	}
	return SavedTour{Board: b.String(), File: rel, Strategy: row.Strategy, Tiebreak: row.Tiebreak,
		Start: board.Square{Row: row.StartRow, Col: row.StartCol}.String(), Trial: row.Trial, Closed: row.Closed}, nil
}

// Path returns the tour file's path in the sweep directory dir, or an
// error if the manifest's entry names a file outside the tours directory
// (a damaged or hostile manifest).
func (t SavedTour) Path(dir string) (string, error) {
	if filepath.Clean(t.File) != filepath.Join(ToursDir, t.Board+".ktour") || filepath.Base(t.File) != t.Board+".ktour" {
		return "", fmt.Errorf("saved tour %q of %q: not a file of %s/", t.File, t.Board, ToursDir)
	}
	return filepath.Join(dir, t.File), nil
}

// inputTour is a saved tour of an input and its file there.
type inputTour struct {
	SavedTour
	from string
}

// mergedTours returns the tours a merge of ins keeps: of each board, the
// first that an input lists and still has (a listed tour that is gone is
// only a missing picture).
func mergedTours(ins []mergeInput) ([]inputTour, error) {
	var out []inputTour
	have := map[string]bool{}
	for _, in := range ins {
		for _, t := range in.man.Tours {
			if have[t.Board] {
				continue
			}
			from, err := t.Path(in.dir)
			if err != nil {
				return nil, input.Errorf("merge", "%s: %w", in.dir, err)
			}
			if _, err := os.Stat(from); err != nil {
				continue
			}
			have[t.Board] = true
			out = append(out, inputTour{t, from})
		}
	}
	return out, nil
}

// copyTours copies tours into the merged directory out and lists them in m.
func copyTours(tours []inputTour, out string, m *Manifest) error {
	for _, t := range tours {
		data, err := os.ReadFile(t.from)
		if err != nil {
			continue // gone since mergedTours looked: a missing picture
		}
		if err := durable.MkdirAll(filepath.Join(out, ToursDir), 0o755); err != nil {
			return err
		}
		if err := durable.ReplaceBytes(filepath.Join(out, t.File), data, durable.NoFollow); err != nil {
			return err
		}
		m.Tours = append(m.Tours, t.SavedTour)
	}
	return nil
}

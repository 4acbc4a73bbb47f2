package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
	"knightsweep/pkg/tour"
)

// TestSolveAll: the real rows of 5x5 are every start with each of the three
// seed strategies, each found tour a tour from its start, and warnsdorff-bt
// finds one from the 13 squares of the corners' colour, where theory says
// 5x5's open tours start, and from no other.
func TestSolveAll(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs.csv")
	if err := run(out, "5", 200_000, 0, true); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[runs.Key]bool{}
	btFound := 0
	err = runs.ForEach(f, func(row *runs.Row, line int) error {
		if seen[row.Key()] {
			t.Errorf("line %d: %v twice", line, row.Key())
		}
		seen[row.Key()] = true
		even := (row.StartRow+row.StartCol)%2 == 0
		if want := map[bool]string{true: "yes", false: "no"}[even]; row.Solvable != want {
			t.Errorf("line %d: solvable %q, want %q", line, row.Solvable, want)
		}
		if row.Status != status.Found {
			return nil
		}
		if !even {
			t.Errorf("line %d: %s found a tour from %d,%d", line, row.Strategy, row.StartRow, row.StartCol)
		}
		if row.Strategy == "warnsdorff-bt" {
			btFound++
		}
		sq, err := runs.ParseTour(row.Tour)
		if err != nil {
			return err
		}
		return tour.Validate(5, 5, row.StartRow*5+row.StartCol, sq, false)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 3*25 || btFound != 13 {
		t.Errorf("%d rows, warnsdorff-bt found %d tours; want 75 and 13", len(seen), btFound)
	}
}

func TestBadSizes(t *testing.T) {
	err := run(filepath.Join(t.TempDir(), "runs.csv"), "5-x", 1000, 0, false)
	if err == nil || !strings.Contains(err.Error(), "-sizes") {
		t.Errorf("-sizes 5-x: %v, want an error naming -sizes", err)
	}
}

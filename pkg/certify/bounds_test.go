package certify_test

import (
	"fmt"
	"strings"
	"testing"

	"knightsweep/pkg/certify"
)

// TestEndOnePastTheLastSquareRefused: an end square rows*cols, one past
// the last, is off the board, and refused as such before any walk.
func TestEndOnePastTheLastSquareRefused(t *testing.T) {
	c := stored(t)[0]
	c.End = c.Rows * c.Cols
	if _, err := certify.Replay(c); err == nil || !strings.Contains(err.Error(), "a square is off the board") {
		t.Errorf("end %d on %dx%d: %v", c.End, c.Rows, c.Cols, err)
	}
}

// TestWrongEndNamesWhereTheTourEnds: a certificate whose end is not where
// its walk ends is refused with the square the walk does end on, which is
// the end the stored certificate names, as row,col.
func TestWrongEndNamesWhereTheTourEnds(t *testing.T) {
	good := stored(t)[0]
	bad := good
	bad.End = (good.End + 2) % (good.Rows * good.Cols)
	want := fmt.Sprintf("the tour ends on %d,%d, not on the end it names", good.End/good.Cols, good.End%good.Cols)
	if _, err := certify.Replay(bad); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("%v, want it to end %q", err, want)
	}
}

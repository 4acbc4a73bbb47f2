package textwidth

import (
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
)

// Answers are the face's own, for each text and each font, asked once or
// twice.
func TestMatchesFace(t *testing.T) {
	for _, size := range []font.Length{7, 13} {
		face := font.DefaultCache.Lookup(plot.DefaultFont, size)
		for range 2 {
			for _, txt := range []string{"", "0", "12,345", "median nodes", "≥1M"} {
				if got, want := Width(face, txt), face.Width(txt); got != want {
					t.Errorf("size %v: Width(%q) = %v, want %v", size, txt, got, want)
				}
			}
			if got, want := Extents(face), face.Extents(); got != want {
				t.Errorf("size %v: Extents = %+v, want %+v", size, got, want)
			}
		}
	}
}

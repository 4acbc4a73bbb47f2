package tourimage

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/parberry"
)

func parberryTour(t testing.TB, rows, cols, start int) []int32 {
	t.Helper()
	sq, err := parberry.Tour(rows, cols, start, 1)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func draw(t *testing.T, rows, cols int, sq []int32, closed bool) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePNG(&buf, rows, cols, sq, closed); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("TOURIMAGE_OUT"); dir != "" {
		name := filepath.Join(dir, strings.ReplaceAll(t.Name(), "/", "_")+".png")
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func near(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) bool { return x>>8 <= y>>8+12 && y>>8 <= x>>8+12 }
	return d(r1, r2) && d(g1, g2) && d(b1, b2)
}

// The picture has the promised size, the start and end discs on the right
// squares and plain board colour in the squares' corners.
func TestPicture(t *testing.T) {
	for _, tt := range []struct {
		name       string
		rows, cols int
		sq         []int32
		closed     bool
	}{
		{"parberry8open", 8, 8, parberryTour(t, 8, 8, 9), false},
		{"parberry10x12", 10, 12, parberryTour(t, 10, 12, 0), true},
		{"parberry100", 100, 100, parberryTour(t, 100, 100, 5050), true},
		{"parberry200", 200, 200, parberryTour(t, 200, 200, 0), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.rows*tt.cols > 64 {
				t.Skip("pictures beyond 8x8 under -short (slow under -race)")
			}
			img := draw(t, tt.rows, tt.cols, tt.sq, tt.closed)
			s, m := Geometry(tt.rows, tt.cols)
			if b := img.Bounds(); b.Dx() != tt.cols*s+2*m || b.Dy() != tt.rows*s+2*m {
				t.Fatalf("picture %v, want %dx%d", b, tt.cols*s+2*m, tt.rows*s+2*m)
			}
			// at returns the colour at a point of square i, fx and fy in
			// [0, 1) across it.
			at := func(i int32, fx, fy float64) color.Color {
				r, c := int(i)/tt.cols, int(i)%tt.cols
				return img.At(m+c*s+int(fx*float64(s)), m+r*s+int(fy*float64(s)))
			}
			first, last := tt.sq[0], tt.sq[len(tt.sq)-1]
			// Off-centre, clear of any step number.
			if got := at(first, 0.5, 0.3); !near(got, startColour) {
				t.Errorf("start square shows %v, want the start colour", got)
			}
			if got := at(last, 0.5, 0.3); !near(got, endColour) {
				t.Errorf("end square shows %v, want the end colour", got)
			}
			// A knight's path never reaches a square's corner (unless the
			// squares are so small that the line's width covers it).
			if s < 10 {
				return
			}
			for _, i := range []int32{0, int32(tt.rows*tt.cols - 1), int32(tt.cols + 1)} {
				want := lightSquare
				if (int(i)/tt.cols+int(i)%tt.cols)%2 == 1 {
					want = darkSquare
				}
				if got := at(i, 0.05, 0.05); !near(got, want) {
					t.Errorf("corner of square %d shows %v, want %v", i, got, want)
				}
			}
		})
	}
}

func TestWritePNGRejects(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int
		sq         []int32
		want       string
	}{
		{201, 200, []int32{0}, "1 to 200 a side"},
		{0, 5, []int32{0}, "1 to 200"},
		{5, 5, nil, "no squares"},
		{5, 5, []int32{0, 25}, "off the board"},
	} {
		err := WritePNG(&bytes.Buffer{}, tt.rows, tt.cols, tt.sq, false)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%dx%d: %v, want an error containing %q", tt.rows, tt.cols, err, tt.want)
		}
	}
}

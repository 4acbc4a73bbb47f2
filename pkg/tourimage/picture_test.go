package tourimage

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/parberry"
)

// warnsdorff5x5 is warnsdorff's open 5x5 tour from the corner (experiment
// solve -size 5 -strategy warnsdorff).
var warnsdorff5x5 = []int32{0, 11, 20, 17, 24, 13, 4, 7, 18, 9, 2, 5, 16, 23, 14, 3, 6, 15, 22, 19, 8, 1, 12, 21, 10}

func parberryTour(t testing.TB, rows, cols, start int) []int32 {
	t.Helper()
	sq, err := parberry.Tour(rows, cols, start, 1)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// picture returns New's picture, with the caption given.
func picture(t *testing.T, rows, cols int, sq []int32, closed bool, caption string) *Picture {
	t.Helper()
	p, err := New(rows, cols, sq, closed)
	if err != nil {
		t.Fatal(err)
	}
	p.Caption = caption
	return p
}

// draw returns p's PNG, decoded; with TOURIMAGE_OUT set it also keeps the
// file there, to look at.
func draw(t *testing.T, p *Picture) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := p.WritePNG(&buf); err != nil {
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
// squares and plain board colour in the squares' corners; a caption goes
// above the board.
func TestPicture(t *testing.T) {
	for _, tt := range []struct {
		name       string
		rows, cols int
		sq         []int32
		closed     bool
		caption    string
		// short runs under -short too: a picture takes a second under -race.
		short bool
	}{
		{"parberry8open", 8, 8, parberryTour(t, 8, 8, 9), false, "", false},
		{"parberry8caption", 8, 8, parberryTour(t, 8, 8, 0), true, "A closed tour of 8x8\nfrom parberry", true},
		{"parberry10x12", 10, 12, parberryTour(t, 10, 12, 0), true, "", false},
		{"parberry100", 100, 100, parberryTour(t, 100, 100, 5050), true, "A closed tour of 100x100", false},
		{"parberry200", 200, 200, parberryTour(t, 200, 200, 0), true, "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && !tt.short {
				t.Skip("one picture under -short (slow under -race)")
			}
			p := picture(t, tt.rows, tt.cols, tt.sq, tt.closed, tt.caption)
			img := draw(t, p)
			s, m := Geometry(tt.rows, tt.cols)
			// The board and its margin; a caption adds its lines and a
			// margin above them.
			wantW, wantH := tt.cols*s+2*m, tt.rows*s+2*m
			if tt.caption != "" {
				wantH += max(m, captionSize/2) + int(math.Ceil(1.3*captionSize))*len(strings.Split(tt.caption, "\n"))
			}
			if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
				t.Fatalf("picture %v, want %dx%d", b, wantW, wantH)
			}
			// The board is at the bottom, centred.
			x0, y0 := m, wantH-m-tt.rows*s
			// at returns the colour at a point of square i, fx and fy in
			// [0, 1) across it.
			at := func(i int32, fx, fy float64) color.Color {
				r, c := int(i)/tt.cols, int(i)%tt.cols
				return img.At(x0+c*s+int(fx*float64(s)), y0+r*s+int(fy*float64(s)))
			}
			if tt.caption != "" {
				// Some of the caption is drawn in black, above the board.
				dark := 0
				for y := range y0 {
					for x := range wantW {
						if near(img.At(x, y), color.Black) {
							dark++
						}
					}
				}
				if dark < 20 {
					t.Errorf("%d black pixels above the board, want a caption", dark)
				}
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

// A picture never shows a wrong tour.
func TestNewRejects(t *testing.T) {
	swapped := append([]int32(nil), warnsdorff5x5...)
	swapped[23], swapped[24] = swapped[24], swapped[23]
	for _, tt := range []struct {
		rows, cols int
		sq         []int32
		closed     bool
		want       string
	}{
		{201, 200, []int32{0}, false, "1 to 200 a side"},
		{0, 5, []int32{0}, false, "1 to 200"},
		{5, 5, nil, false, "no squares"},
		{5, 5, warnsdorff5x5[:24], false, "tour has 24 squares, board 5x5 has 25"},
		{5, 5, swapped, false, "not a knight's move"},
		{5, 5, warnsdorff5x5, true, "tour is not closed"},
	} {
		_, err := New(tt.rows, tt.cols, tt.sq, tt.closed)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%dx%d: %v, want an error containing %q", tt.rows, tt.cols, err, tt.want)
		}
	}
}

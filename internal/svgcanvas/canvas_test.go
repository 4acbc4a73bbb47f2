package svgcanvas

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// scene draws, on c, a plot and a path with every kind of vg drawing call.
func scene(t *testing.T, c vg.CanvasSizer) {
	t.Helper()
	p := plot.New()
	p.Title.Text = "A <title> & more"
	p.X.Label.Text = "x"
	p.Y.Label.Text = "y"
	pts := plotter.XYs{{X: 0, Y: 1}, {X: 1, Y: 3.25}, {X: 2, Y: 2.125}}
	l, err := plotter.NewLine(pts)
	if err != nil {
		t.Fatal(err)
	}
	l.Dashes = []vg.Length{vg.Points(3), vg.Points(1.5)}
	l.DashOffs = vg.Points(1)
	l.Color = color.NRGBA{R: 200, G: 10, B: 30, A: 255}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		t.Fatal(err)
	}
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	s.GlyphStyle.Color = color.NRGBA{R: 1, G: 2, B: 250, A: 255}
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.White)
	p.Add(l, s, plotter.NewGrid(), plotter.NewImage(img, 0, 0, 1, 1))
	p.Draw(draw.New(c))

	dc := draw.New(c)
	dc.Push()
	dc.Rotate(0.5)
	dc.Scale(2, 0.5)
	dc.Translate(vg.Point{X: 3, Y: -4.5})
	dc.SetLineWidth(vg.Points(2.5))
	dc.SetColor(color.NRGBA{R: 10, G: 20, B: 30, A: 128})
	var path vg.Path
	path.Move(vg.Point{X: 10, Y: 10})
	path.Arc(vg.Point{X: 20, Y: 20}, 5, 0, 1)
	path.Arc(vg.Point{X: 40, Y: 20}, 5, 0.25, 2*math.Pi)
	path.Arc(vg.Point{X: 60, Y: 20}, 5, 0, -4)
	path.QuadTo(vg.Point{X: 1, Y: 2}, vg.Point{X: 3, Y: 4})
	path.CubeTo(vg.Point{X: 1, Y: 2}, vg.Point{X: 3, Y: 4}, vg.Point{X: 5, Y: 6})
	path.Close()
	dc.Stroke(path)
	dc.Fill(path)
	dc.Pop()
	dc.SetLineWidth(0)
	dc.Stroke(path) // nothing: a zero-width line is not drawn
}

// The canvas draws what gonum's vgsvg draws: the same elements in the same
// order, with the same attributes and styles, numbers equal to the five
// significant digits both write.
func TestMatchesVgsvg(t *testing.T) {
	const w, h = 4 * vg.Inch, 3 * vg.Inch
	want := vgsvg.New(w, h)
	scene(t, want)
	got := New(w, h)
	scene(t, got)
	var a, b bytes.Buffer
	if _, err := want.WriteTo(&a); err != nil {
		t.Fatal(err)
	}
	if _, err := got.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	we, ge := elements(t, a.Bytes()), elements(t, b.Bytes())
	if len(we) < 50 {
		t.Fatalf("vgsvg drew %d elements; the scene should have more", len(we))
	}
	if len(we) != len(ge) {
		t.Fatalf("%d elements, vgsvg draws %d", len(ge), len(we))
	}
	for i := range we {
		if !same(we[i], ge[i]) {
			t.Errorf("element %d:\n got %s\nwant %s", i, ge[i], we[i])
		}
	}
}

// elements lists the document's start elements and text, normalised: one
// line each, attributes sorted, style properties sorted, colours in lower
// case, the PNG of images not compared beyond its data.
func elements(t *testing.T, doc []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var out []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			var attrs []string
			for _, a := range tok.Attr {
				v := a.Value
				switch a.Name.Local {
				case "style":
					props := strings.Split(strings.ToLower(v), ";")
					if tok.Name.Local == "text" && !strings.Contains(v, "fill:") {
						props = append(props, "fill:#000000") // vgsvg leaves black text unstated
					}
					sortStrings(props)
					v = strings.Join(props, ";")
				case "href":
					v = pixels(t, v)
				}
				attrs = append(attrs, a.Name.Local+"="+v)
			}
			sortStrings(attrs)
			out = append(out, tok.Name.Local+" "+strings.Join(attrs, " "))
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				out = append(out, "text "+s)
			}
		}
	}
}

// pixels returns the pixels of a data: URL's PNG, as text: the PNG's bytes
// depend on its compression. (vgsvg calls its PNG a JPEG.)
func pixels(t *testing.T, url string) string {
	_, data, ok := strings.Cut(url, "base64,")
	if !ok {
		t.Fatalf("image %.40q is not inline", url)
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	r := img.Bounds()
	fmt.Fprintf(&out, "png %v", r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			fmt.Fprintf(&out, " %02x%02x%02x%02x", c.R, c.G, c.B, c.A)
		}
	}
	return out.String()
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

var number = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?`)

// same reports whether two normalised elements agree, numbers to five
// significant digits.
func same(want, got string) bool {
	if number.ReplaceAllString(want, "#") != number.ReplaceAllString(got, "#") {
		return false
	}
	wn, gn := number.FindAllString(want, -1), number.FindAllString(got, -1)
	for i := range wn {
		x, _ := strconv.ParseFloat(wn[i], 64)
		y, _ := strconv.ParseFloat(gn[i], 64)
		if math.Abs(x-y) > 1e-4*math.Max(1, math.Abs(x)) {
			return false
		}
	}
	return true
}

// DrawPixels writes the image's own pixels, over the rectangle, with no
// smoothing.
func TestDrawPixels(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	img.Set(0, 0, color.NRGBA{R: 255, A: 255})
	img.Set(2, 1, color.NRGBA{B: 255, A: 128})
	c := New(100, 100)
	c.DrawPixels(vg.Rectangle{Min: vg.Point{X: 10, Y: 20}, Max: vg.Point{X: 40, Y: 40}}, img)
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	var got string
	for _, e := range elements(t, b.Bytes()) {
		if strings.HasPrefix(e, "image ") {
			got = e
		}
	}
	want := "image height=20 href=png (0,0)-(3,2) ff0000ff 00000000 00000000 00000000 00000000 0000ff80 " +
		"preserveAspectRatio=none style=image-rendering:pixelated transform=scale(1, -1) width=30 x=10 y=-40"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

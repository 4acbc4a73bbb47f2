package tourimage

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image/png"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// svgOf returns p's SVG.
func svgOf(t *testing.T, p *Picture) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := p.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The SVG is well-formed XML, half the PNG's size in points, with the
// caption escaped and every step number of a small board.
func TestWriteSVG(t *testing.T) {
	p := picture(t, 5, 5, warnsdorff5x5, false, "A tour of 5x5\nfound by <b>\"x\" & y</b>")
	svg := svgOf(t, p)
	var doc struct {
		Width  string `xml:"width,attr"`
		Height string `xml:"height,attr"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	// The contents of every <text> element, however deep.
	var texts []string
	dec := xml.NewDecoder(bytes.NewReader(svg))
	inText := false
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
		case xml.EndElement:
			inText = false
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		}
	}
	w, h := p.Size()
	if want := strconv.FormatFloat(float64(w)/2, 'g', -1, 64) + "pt"; doc.Width != want {
		t.Errorf("width %q, want %q (PNG %d pixels)", doc.Width, want, w)
	}
	if want := strconv.FormatFloat(float64(h)/2, 'g', -1, 64) + "pt"; doc.Height != want {
		t.Errorf("height %q, want %q (PNG %d pixels)", doc.Height, want, h)
	}
	want := []string{"A tour of 5x5", `found by <b>"x" & y</b>`}
	for i := range 25 {
		want = append(want, strconv.Itoa(i))
	}
	all := "|" + strings.Join(texts, "|") + "|"
	for _, s := range want {
		if !strings.Contains(all, "|"+s+"|") {
			t.Errorf("no text %q among %q", s, all)
		}
	}
	if bytes.Contains(svg, []byte("<b>")) {
		t.Error("the caption reached the SVG unescaped")
	}
	// An open tour has no dashed closing move; a closed one has.
	if bytes.Contains(svg, []byte("stroke-dasharray")) {
		t.Error("an open tour drawn with a dashed line")
	}
	closed := svgOf(t, picture(t, 6, 6, parberryTour(t, 6, 6, 0), true, ""))
	if !bytes.Contains(closed, []byte("stroke-dasharray")) {
		t.Error("a closed tour drawn without its dashed closing move")
	}
}

// The SVG of warnsdorff's 5x5 tour is unchanged (go test -update rewrites
// testdata/ after a deliberate change; look at the picture first).
func TestSVGGolden(t *testing.T) {
	svg := svgOf(t, picture(t, 5, 5, warnsdorff5x5, false, "A tour of 5x5 from 0,0 to 2,0\nfound by warnsdorff"))
	const path = "testdata/warnsdorff5x5.svg"
	if *update {
		if err := os.WriteFile(path, svg, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(svg, want) {
		t.Errorf("%s differs from the SVG drawn now (%d bytes, want %d)", path, len(svg), len(want))
	}
}

func ExamplePicture_WritePNG() {
	// warnsdorff's open tour of 5x5 from the corner.
	squares := []int32{0, 11, 20, 17, 24, 13, 4, 7, 18, 9, 2, 5, 16, 23, 14, 3, 6, 15, 22, 19, 8, 1, 12, 21, 10}
	pic, err := New(5, 5, squares, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := pic.WritePNG(&buf); err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.DecodeConfig(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	// 64-pixel squares and a 32-pixel margin.
	fmt.Println(img.Width, img.Height)
	// Output: 384 384
}

// The PDF is the SVG's size (half the PNG's, in points), its
// fonts embedded so that LaTeX needs none of them installed.
func TestWritePDF(t *testing.T) {
	p := picture(t, 5, 5, warnsdorff5x5, false, "A tour of 5x5")
	var buf bytes.Buffer
	if err := p.WritePDF(&buf); err != nil {
		t.Fatal(err)
	}
	pdf := buf.Bytes()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("starts %q", pdf[:min(8, len(pdf))])
	}
	w, h := p.Size()
	if box := fmt.Sprintf("/MediaBox [0 0 %.2f %.2f]", float64(w)/2, float64(h)/2); !bytes.Contains(pdf, []byte(box)) {
		t.Errorf("no %s", box)
	}
	// Without embedding, vgpdf still names a /FontFile2 but writes no
	// object of that number.
	ref := regexp.MustCompile(`/FontFile2 (\d+) 0 R`).FindSubmatch(pdf)
	if ref == nil || !regexp.MustCompile(`\n`+string(ref[1])+` 0 obj\s*<<[^>]*/Length1 [1-9]`).Match(pdf) {
		t.Error("no font embedded")
	}
}

package chart

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"testing"
	"unicode/utf16"

	"knightsweep/pkg/board"
)

// TestPDFText: a chart's PDF keeps its text's characters beyond ASCII,
// which the charts' own words use (Kaplan–Meier, ≥20k, rows × cols, µs):
// each font is a Unicode font (Type0, Identity-H, with a ToUnicode map, so
// that a reader or pdftotext gets the characters back), the text is drawn
// as their UTF-16 codes, not as UTF-8 bytes read as code page 1252
// ("Kaplanâ€“Meier"), and a character past U+FFFF (an emoji in a
// directory's name, with -by-file) does not stop the chart.
func TestPDFText(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 4}
	label := "Kaplan–Meier ≥20k rows × cols µs"
	labels := []string{label, "😀 " + label}
	p := make([][]float64, len(labels))
	for i := range p {
		p[i] = make([]float64, b.Squares())
	}
	f, err := ExactMap(b, labels, p)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf, "pdf"); err != nil {
		t.Fatal(err)
	}
	pdf := buf.Bytes()
	for _, want := range []string{"/Subtype /Type0", "/Encoding /Identity-H", "/ToUnicode"} {
		if !bytes.Contains(pdf, []byte(want)) {
			t.Errorf("the PDF has no %s: its fonts are not Unicode fonts", want)
		}
	}
	if bytes.Contains(pdf, []byte("/WinAnsiEncoding")) {
		t.Error("the PDF has a code page 1252 (WinAnsi) font")
	}
	content := pdfStreams(t, pdf)
	if !bytes.Contains(content, utf16BE(label)) {
		t.Errorf("the PDF's text has no %q in UTF-16", label)
	}
	if bytes.Contains(content, []byte(label)) {
		t.Errorf("the PDF's text has %q as UTF-8 bytes", label)
	}
}

// pdfStreams returns the streams of a PDF, inflated where they are
// compressed, one after another.
func pdfStreams(t *testing.T, pdf []byte) []byte {
	t.Helper()
	var out []byte
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`).FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out = append(out, m[1]...)
			continue
		}
		data, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("a stream does not inflate: %v", err)
		}
		out = append(out, data...)
	}
	if len(out) == 0 {
		t.Fatal("the PDF has no stream")
	}
	return out
}

// utf16BE returns s in UTF-16, big-endian, as PDF text strings hold it.
func utf16BE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return b
}

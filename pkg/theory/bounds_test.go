package theory

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestCertificateBounds: a certificate file's boards have sides 1 to
// MaxSettled and its squares are 0 to rows*cols-1; one past either bound
// is refused.
func TestCertificateBounds(t *testing.T) {
	m := MaxSettled
	for _, tt := range []struct {
		text string
		ok   bool
	}{
		{"1x1 0-0:7", true},
		{fmt.Sprintf("%dx%d 0-1:7", m, m), true},
		{fmt.Sprintf("%dx1 0-1:7", m), true},
		{fmt.Sprintf("1x%d 0-1:7", m), true},
		{"0x5 0-1:7", false},
		{"5x0 0-1:7", false},
		{fmt.Sprintf("%dx5 0-1:7", m+1), false},
		{fmt.Sprintf("5x%d 0-1:7", m+1), false},
		{"5x5 24-0:7", true},
		{"5x5 0-24:7", true},
		{"5x5 25-0:7", false},
		{"5x5 0-25:7", false},
	} {
		_, err := ReadCertificates(strings.NewReader(tt.text + "\n"))
		if (err == nil) != tt.ok {
			t.Errorf("%q: %v, want ok %v", tt.text, err, tt.ok)
		}
	}
}

// TestWriteNoCertificates: no certificates are the header's comment lines
// and nothing after them.
func TestWriteNoCertificates(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteCertificates(&buf, "none", nil); err != nil {
		t.Fatal(err)
	}
	if buf.String() != "# none\n" {
		t.Errorf("%q, want %q", buf.String(), "# none\n")
	}
}

// TestByTheoremOffTheBoard: (r, cols) and (rows, c) are one past the last
// column and row: off the board, so no tour starts there.
func TestByTheoremOffTheBoard(t *testing.T) {
	for _, sq := range [][2]int{{0, 5}, {5, 0}, {-1, 0}, {0, -1}} {
		v, ok := ByTheorem(5, 5, sq[0], sq[1], false)
		if !ok || v.Answer != No || v.Why != "the square is off the board" {
			t.Errorf("5x5 from %d,%d: %+v %v", sq[0], sq[1], v, ok)
		}
	}
}

// TestClosedFromOffTheBoard: no closed tour passes a square one past the
// last row or column, even of a board that has closed tours (6x6).
func TestClosedFromOffTheBoard(t *testing.T) {
	if ClosedFrom(6, 6, 0, 0) != Yes {
		t.Fatal("6x6 has closed tours")
	}
	for _, sq := range [][2]int{{6, 0}, {0, 6}, {-1, 0}, {0, -1}} {
		if got := ClosedFrom(6, 6, sq[0], sq[1]); got != No {
			t.Errorf("6x6 through %d,%d: %v", sq[0], sq[1], got)
		}
	}
}

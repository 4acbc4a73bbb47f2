package tour

import (
	"bytes"
	"testing"
)

func TestWriteGrid(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGrid(&buf, 2, 3, []int32{0, 5}); err != nil {
		t.Fatal(err)
	}
	want := "0 . .\n. . 1\n"
	if buf.String() != want {
		t.Errorf("WriteGrid = %q, want %q", buf.String(), want)
	}
	buf.Reset()
	WriteGrid(&buf, 8, 8, seedTour())
	if got := buf.String()[:24]; got != " 0 59 38 33 30 17  8 63\n" {
		t.Errorf("first row = %q", got)
	}
}

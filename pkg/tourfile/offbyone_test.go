package tourfile

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// A grid numbered from 1, each step one too high, is refused as such; the
// same grid numbered from 0 reads back as the tour.
func TestTextOffByOne(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, seedTour()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		for j, s := range f {
			v, _ := strconv.Atoi(s)
			f[j] = strconv.Itoa(v + 1)
		}
		lines[i] = strings.Join(f, " ")
	}
	_, err := ReadText(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	if err == nil || !strings.Contains(err.Error(), "start at 1 and run to 64: one too high") {
		t.Errorf("a grid numbered 1..64: %v, want it called one too high", err)
	}
	if got, err := ReadText(&buf); err != nil || len(got.Squares) != 64 {
		t.Errorf("the grid numbered 0..63: %v", err)
	}
}

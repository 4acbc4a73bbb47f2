package stats

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWriteTable(t *testing.T) {
	res := readSmall(t)
	var b bytes.Buffer
	if err := WriteTable(&b, res.Summaries()); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line of %d columns: %q", n, line)
		}
	}
	golden(t, "table.golden", b.Bytes())

	// Long labels are cut, huge counts stay in their column.
	long := []Summary{{Series: "warnsdorff-bt/random, order 34261578, prune, closed", Board: "10000x10000",
		Found: 123456, Attempts: 1234567, SolvableFound: 123456, SolvableAttempts: 1234567,
		NodesMedian: 123456789012, TimeMedianNS: 3.7e12}}
	b.Reset()
	if err := WriteTable(&b, long); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line of %d columns: %q", n, line)
		}
	}
	if !strings.Contains(b.String(), " 123k/1.23M ") {
		t.Errorf("huge counts not abbreviated:\n%s", b.String())
	}
	for _, line := range strings.Split(strings.TrimSuffix(TableLegend, "\n"), "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("legend line of %d columns: %q", n, line)
		}
	}
}

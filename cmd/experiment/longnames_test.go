package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
)

// Two series of 115-character names: report writes its charts (the map of
// starts where only one found a tour is named after both) under names
// shorter than 100 bytes, and the page keeps the names whole.
func TestReportLongSeriesNames(t *testing.T) {
	dir := t.TempDir()
	a, b := strings.Repeat("a", 114)+"1", strings.Repeat("a", 114)+"2"
	var csv strings.Builder
	csv.WriteString(runs.Header(false))
	for _, start := range [][2]int{{0, 0}, {0, 2}, {2, 2}} {
		for _, s := range []struct {
			name, result string
		}{{a, "found,yes,25,0,1000,true"}, {b, "dead_end,yes,20,0,1000,false"}} {
			row := []string{"5", "5", itoa(start[0]), itoa(start[1]), s.name, "first", "false", "0", "0", s.result}
			csv.WriteString(strings.Join(row, ",") + strings.Repeat(",", len(runs.Columns(false))-15) + "\n")
		}
	}
	path := filepath.Join(dir, "runs.csv")
	if err := os.WriteFile(path, []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "rep")
	if _, stderr, code := runCLI(t, "report", "-out", out, path); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	charts, _ := filepath.Glob(filepath.Join(out, "charts", "*"))
	only := 0
	for _, c := range charts {
		if n := len(filepath.Base(c)); n >= 100 {
			t.Errorf("chart file name of %d bytes: %s", n, filepath.Base(c))
		}
		if strings.HasPrefix(filepath.Base(c), "only-") {
			only++
		}
	}
	if only == 0 {
		t.Errorf("no map of the starts where only one found a tour among %d charts", len(charts))
	}
	page, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil || !strings.Contains(string(page), a) || !strings.Contains(string(page), b) {
		t.Errorf("the page does not name both series whole (%v)", err)
	}
}

func itoa(i int) string { return string(rune('0' + i)) }

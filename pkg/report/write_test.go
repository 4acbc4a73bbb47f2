package report

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A failed write of one of the report's files names the file once: the
// writer's own error (which names none) with it, a failed replacement
// (which names it) as it is.
func TestWriteFileErrorNamesPathOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, seriesFile)
	err := writeFile(path, func(io.Writer) error { return errors.New("encoder failed") })
	if err == nil || strings.Count(err.Error(), path) != 1 || !strings.Contains(err.Error(), "encoder failed") {
		t.Errorf("writer's error: %v; want it with %s named once", err, path)
	}
	// A file where the directory should be: the replacement fails.
	blocked := filepath.Join(dir, "file")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(blocked, seriesFile)
	err = writeFile(path, func(w io.Writer) error { _, err := w.Write([]byte("x\n")); return err })
	if err == nil || strings.Count(err.Error(), path) != 1 {
		t.Errorf("replacement's error: %v; want %s named once", err, path)
	}
}

// A chart's PDF that cannot be written (a directory where the file goes)
// fails the report, naming the file, as its SVG's would: it is no figure
// that cannot be drawn, for a note on the page in place of the chart.
func TestChartWriteFails(t *testing.T) {
	dir := t.TempDir()
	blocked := filepath.Join(dir, chartsDir, "success.pdf")
	if err := os.MkdirAll(filepath.Join(blocked, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := GenerateWith(context.Background(), []string{"testdata/sweep/runs.csv"}, Options{OutDir: dir, Formats: []string{"pdf"}})
	if err == nil || !strings.Contains(err.Error(), blocked) || errors.Is(err, errDraw) {
		t.Fatalf("GenerateWith: %v; want the failed write of %s", err, blocked)
	}
}

package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/internal/input"
)

// A symbolic link planted where the report writes (report.html, a chart)
// is refused as bad input naming it, and the file it leads to is left as
// it was: the report never writes through it.
func TestPlantedLinksRefused(t *testing.T) {
	first := generate(t, []string{"testdata/sweep/runs.csv"}, Options{})
	if len(first.Charts) == 0 {
		t.Fatal("no chart written")
	}
	for name, rel := range map[string]string{"page": pageFile, "chart": filepath.Join(chartsDir, filepath.Base(first.Charts[0]))} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(t.TempDir(), "precious")
			os.WriteFile(target, []byte("keep me\n"), 0o644)
			link := filepath.Join(dir, rel)
			os.MkdirAll(filepath.Dir(link), 0o755)
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			_, err := GenerateWith(context.Background(), []string{"testdata/sweep/runs.csv"}, Options{OutDir: dir})
			if !input.Is(err) || !strings.Contains(err.Error(), link+" is a symbolic link") {
				t.Errorf("got %v, want bad input naming %s", err, link)
			}
			if data, _ := os.ReadFile(target); string(data) != "keep me\n" {
				t.Errorf("the link's target now holds %.60q", data)
			}
		})
	}
}

// A link planted as the charts directory is refused too, and nothing is
// written into the directory it leads to.
func TestPlantedChartsDirRefused(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	link := filepath.Join(dir, chartsDir)
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	_, err := GenerateWith(context.Background(), []string{"testdata/sweep/runs.csv"}, Options{OutDir: dir})
	if !input.Is(err) || !strings.Contains(err.Error(), link+" is a symbolic link") {
		t.Errorf("got %v, want bad input naming %s", err, link)
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) > 0 {
		t.Errorf("%d files written through the link", len(ents))
	}
}

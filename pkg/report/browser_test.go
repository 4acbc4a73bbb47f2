//go:build browser

package report

import (
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// chromium runs Debian's headless Chromium with the flags this machine's
// closed network needs, a fresh profile each time.
func chromium(t *testing.T, args ...string) []byte {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium (Debian: apt-get install chromium; .ci/run installs it)")
	}
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir()}
	ctx, cancel := context.WithTimeout(context.Background(), 2*60e9)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, append(base, args...)...).Output()
	if err != nil {
		t.Fatalf("chromium %v: %v", args, err)
	}
	return out
}

// The report of a real sweep (testdata/sweep), opened in a real browser:
// every figure the page promises is on it as an inline SVG, no figure
// failed to draw, the page needs nothing from the network, and it renders.
// Screenshots of the top of the page and of the whole of it go to
// results/screenshots/ for a person to look at.
func TestBrowserReport(t *testing.T) {
	dir := t.TempDir()
	out, err := GenerateWith(context.Background(), []string{"testdata/sweep/runs.csv"}, Options{OutDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(out.HTML)
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"http://", "https://", "<script src", "<link "} {
		if strings.Contains(string(page), ref) && !strings.Contains(string(page), "http://www.w3.org/") {
			t.Errorf("report.html refers to %q: it must stand alone offline", ref)
		}
	}
	dom := string(chromium(t, "--dump-dom", "file://"+out.HTML))
	if got := strings.Count(dom, "<svg"); got < out.Figures {
		t.Errorf("the rendered page has %d SVG figures, the report drew %d", got, out.Figures)
	}
	if strings.Contains(dom, "internal error drawing") {
		t.Error("a figure failed to draw")
	}
	shots := filepath.Join("..", "..", "results", "screenshots")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct{ name, size string }{{"report-top.png", "1280,1600"}, {"report-narrow.png", "420,1600"}} {
		path, _ := filepath.Abs(filepath.Join(shots, s.name))
		chromium(t, "--window-size="+s.size, "--screenshot="+path, "file://"+out.HTML)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		// Not a blank page: some pixels far from the background.
		b := img.Bounds()
		inked := 0
		for y := b.Min.Y; y < b.Max.Y; y += 4 {
			for x := b.Min.X; x < b.Max.X; x += 4 {
				r, g, bb, _ := img.At(x, y).RGBA()
				if r+g+bb < 3*0x8000 {
					inked++
				}
			}
		}
		if inked < 500 {
			t.Errorf("%s looks blank (%d dark sample points)", s.name, inked)
		}
		t.Logf("screenshot %s (%v)", path, b.Size())
	}
}

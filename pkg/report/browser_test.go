//go:build browser

package report

import (
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// experimentBinary returns bin/experiment (make test-browser builds it
// first), or builds one into a temporary directory.
func experimentBinary(t *testing.T) string {
	t.Helper()
	if bin, err := filepath.Abs(filepath.Join("..", "..", "bin", "experiment")); err == nil {
		if _, err := os.Stat(bin); err == nil {
			return bin
		}
	}
	bin := filepath.Join(t.TempDir(), "experiment")
	if out, err := exec.Command("go", "build", "-o", bin, "knightsweep/cmd/experiment").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The restarts preset's report answers on its first screen: in headless
// Chromium at 1300 x 900, the ranking (critical-difference diagrams) and
// the matrix lie wholly inside the window without scrolling. The page's
// layout is read by a copy of it with a script that writes where each of
// the Answer's figures lies (report.html itself holds no script); the
// screenshot goes to results/screenshots/restarts-first.png.
func TestBrowserFirstScreen(t *testing.T) {
	dir := t.TempDir()
	run := exec.Command(experimentBinary(t), "run", "-config", "restarts", "-quiet", "-no-report", "-out", filepath.Join(dir, "restarts"))
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("experiment run -config restarts: %v\n%s", err, out)
	}
	out, err := GenerateWith(context.Background(), []string{filepath.Join(dir, "restarts", "runs.csv")}, Options{OutDir: filepath.Join(dir, "report")})
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(out.HTML)
	if err != nil {
		t.Fatal(err)
	}
	const probe = `<script>
window.addEventListener("load", () => {
  const out = [];
  for (const f of document.querySelectorAll(".ranking figure")) {
    const r = f.getBoundingClientRect();
    const a = f.querySelector("figcaption a");
    out.push((a ? a.textContent : "?") + " " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(" "));
  }
  const pre = document.createElement("pre");
  pre.id = "layout";
  pre.textContent = out.join("\n") + "\nwindow " + window.innerWidth + " " + window.innerHeight;
  document.body.appendChild(pre);
});
</script>
</body>`
	layout := filepath.Join(filepath.Dir(out.HTML), "layout.html")
	if err := os.WriteFile(layout, []byte(strings.Replace(string(page), "</body>", probe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(chromium(t, "--window-size=1300,900", "--virtual-time-budget=5000", "--dump-dom", "file://"+layout))
	_, text, ok := strings.Cut(dom, `<pre id="layout">`)
	if !ok {
		t.Fatalf("the probe wrote no layout:\n%s", dom[:min(len(dom), 2000)])
	}
	text, _, _ = strings.Cut(text, "</pre>")
	var w, h float64
	seen := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "window" {
			w, h = atof(t, f[1]), atof(t, f[2])
		}
	}
	// The layout depends on the width alone; headless Chromium's
	// --dump-dom keeps room for a window's bars (an inner height of 761),
	// its --screenshot not: the first screen is the screenshot's 900.
	if w != 1300 || h == 0 {
		t.Fatalf("window %vx%v in the layout, want 1300 wide:\n%s", w, h, text)
	}
	h = 900
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) != 5 {
			continue
		}
		name := strings.TrimSuffix(f[0], ".svg")
		seen[name] = true
		left, top, right, bottom := atof(t, f[1]), atof(t, f[2]), atof(t, f[3]), atof(t, f[4])
		if left < 0 || top < 0 || right > w || bottom > h {
			t.Errorf("%s lies at (%v, %v)-(%v, %v), outside the first %vx%v screen", name, left, top, right, bottom, w, h)
		}
	}
	for _, want := range []string{"ranking", "matrix"} {
		if !seen[want] {
			t.Errorf("no %s chart in the Answer (layout: %q)", want, text)
		}
	}
	shots := filepath.Join("..", "..", "results", "screenshots")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	path, _ := filepath.Abs(filepath.Join(shots, "restarts-first.png"))
	chromium(t, "--window-size=1300,900", "--screenshot="+path, "file://"+out.HTML)
	t.Logf("screenshot %s; layout:\n%s", path, text)
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("layout: %v", err)
	}
	return v
}

//go:build browser

package report

import (
	"context"
	"encoding/csv"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"knightsweep/pkg/strategies"
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
// Chromium at 1300 x 900, the table of its 8 series and the success rate
// of every one lie wholly inside the window without scrolling (firstScreen);
// the screenshot goes to results/screenshots/restarts-first.png.
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
	firstScreen(t, out.HTML, "restarts-first.png")
}

// firstScreen checks, in headless Chromium at 1300 x 900, that the
// answer the page at html opens with, the table of every series and the
// success rate of each, lies wholly inside the first screen, and saves its
// screenshot as results/screenshots/shot. The page's layout is read by a
// copy of it with a script that writes where each lies (report.html itself
// holds no script).
func firstScreen(t *testing.T, html, shot string) {
	t.Helper()
	text := probe(t, html, `
  const out = [];
  const box = (name, e) => {
    const r = e.getBoundingClientRect();
    out.push(name + " " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(" "));
  };
  const table = document.querySelector("table.answer");
  if (table) box("table", table);
  for (const row of document.querySelectorAll("table.answer tbody tr")) {
    box("rate:" + row.querySelector("td").textContent.trim(), row.querySelector("td.rate"));
  }
  return out.join("\n") + "\nwindow " + window.innerWidth + " " + window.innerHeight;`)
	var w, h float64
	rates := 0
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
	seenTable := false
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) != 5 {
			continue
		}
		seenTable = seenTable || f[0] == "table"
		if strings.HasPrefix(f[0], "rate:") {
			rates++
		}
		left, top, right, bottom := atof(t, f[1]), atof(t, f[2]), atof(t, f[3]), atof(t, f[4])
		if left < 0 || top < 0 || right > w || bottom > h {
			t.Errorf("%s lies at (%v, %v)-(%v, %v), outside the first %vx%v screen", f[0], left, top, right, bottom, w, h)
		}
	}
	if !seenTable || rates == 0 {
		t.Errorf("no answer table with success rates on the page (layout: %q)", text)
	}
	shots := filepath.Join("..", "..", "results", "screenshots")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	path, _ := filepath.Abs(filepath.Join(shots, shot))
	chromium(t, "--window-size=1300,900", "--screenshot="+path, "file://"+html)
	t.Logf("screenshot %s; layout:\n%s", path, text)
}

// probe returns what the script body (a function's, returning a string)
// says of the page at html laid out in headless Chromium at 1300 x 900:
// a copy of the page runs it when loaded (report.html itself holds no
// script).
func probe(t *testing.T, html, body string) string {
	t.Helper()
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	script := `<script>
window.addEventListener("load", () => {
  const pre = document.createElement("pre");
  pre.id = "layout";
  pre.textContent = (() => {` + body + `
  })();
  document.body.appendChild(pre);
});
</script>
</body>`
	layout := filepath.Join(filepath.Dir(html), "layout.html")
	if err := os.WriteFile(layout, []byte(strings.Replace(string(page), "</body>", script, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(chromium(t, "--window-size=1300,900", "--virtual-time-budget=5000", "--dump-dom", "file://"+layout))
	_, text, ok := strings.Cut(dom, `<pre id="layout">`)
	if !ok {
		t.Fatalf("the probe wrote no layout:\n%s", dom[:min(len(dom), 2000)])
	}
	text, _, _ = strings.Cut(text, "</pre>")
	return text
}

// headToHeadFits checks that the Head to head table of the page at html,
// unfolded, fits a 1300-pixel window: its box scrolls no further than it
// shows.
func headToHeadFits(t *testing.T, html string) {
	t.Helper()
	text := probe(t, html, `
  document.querySelector("#compare").open = true;
  const box = document.querySelector("#compare div.scroll");
  return box ? box.scrollWidth + " " + box.clientWidth : "none";`)
	f := strings.Fields(text)
	if len(f) != 2 {
		t.Fatalf("no Head to head table: %q", text)
	}
	if scroll, shown := atof(t, f[0]), atof(t, f[1]); scroll > shown {
		t.Errorf("the Head to head table is %v pixels wide in a box of %v at 1300: its last columns are cut behind a scroll bar", scroll, shown)
	}
}

// Eight series of built-in strategies, tie-break rules and a restart
// policy (labels up to warnsdorff-bt/random+luby:49): the Head to head
// table fits a 1300-pixel window, where its label columns held each label
// on one line and its last column was cut behind a scroll bar.
func TestBrowserHeadToHeadFits(t *testing.T) {
	dir := t.TempDir()
	args := []string{"run", "-sizes", "5-6", "-starts", "corners", "-strategies", "dfs,warnsdorff,warnsdorff-bt", "-tiebreak", "first,random,pohl",
		"-restarts", "none;luby:49", "-trials", "3", "-max-nodes", "20000", "-quiet", "-no-report", "-out", filepath.Join(dir, "big")}
	if out, err := exec.Command(experimentBinary(t), args...).CombinedOutput(); err != nil {
		t.Fatalf("experiment %v: %v\n%s", args, err, out)
	}
	out, err := GenerateWith(context.Background(), []string{filepath.Join(dir, "big", "runs.csv")}, Options{OutDir: filepath.Join(dir, "report")})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(out.Results.Series); n < 8 {
		t.Fatalf("%d series, want at least 8", n)
	}
	headToHeadFits(t, out.HTML)
}

// Ten series, three of them users' solvers declared with -solver (the Go
// example, randomised; the Python example; the C example, which records
// no nodes, where a C compiler is found) beside built-in strategies,
// tie-break rules and a restart policy: the first screen holds the ranking
// and the matrix, which name each solver as declared and rank by CPU time
// (a series has no nodes); every series has a look of its own; the charts
// in nodes say which series they leave out. Screenshot:
// results/screenshots/ten-first.png.
func TestBrowserTenSeries(t *testing.T) {
	dir := t.TempDir()
	gosolver := filepath.Join(dir, "gosolver")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", gosolver, "knightsweep/examples/solvers/go").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	strategies := "dfs,warnsdorff,warnsdorff-bt,go-bt"
	args := []string{"run", "-sizes", "5-6", "-starts", "solvable", "-order", "random", "-tiebreak", "first,random",
		"-restarts", "none;luby:49", "-trials", "3", "-max-nodes", "100000", "-quiet", "-no-report", "-out", filepath.Join(dir, "ten"),
		"-solver", "go-bt=random:stdio:" + gosolver + " -strategy warnsdorff-bt -tiebreak random"}
	var solvers []string
	if _, err := exec.LookPath("python3"); err == nil {
		strategies += ",py-warnsdorff"
		solvers = append(solvers, "py-warnsdorff")
		args = append(args, "-solver", "py-warnsdorff=stdio:python3 ../../examples/solvers/python/warnsdorff.py")
	}
	if cc, err := exec.LookPath("cc"); err == nil {
		bin := filepath.Join(dir, "cwarnsdorff")
		if out, err := exec.Command(cc, "-O2", "-o", bin, "../../examples/solvers/c/warnsdorff.c").CombinedOutput(); err != nil {
			t.Fatalf("cc: %v\n%s", err, out)
		}
		strategies += ",c-warnsdorff"
		solvers = append(solvers, "c-warnsdorff")
		args = append(args, "-solver", "c-warnsdorff="+bin+" {rows} {cols} {row} {col}")
	}
	if len(solvers) < 2 {
		t.Skip("no python3 or no cc: fewer than ten series (.ci/run installs both)")
	}
	args = append(args, "-strategies", strategies)
	if out, err := exec.Command(experimentBinary(t), args...).CombinedOutput(); err != nil {
		t.Fatalf("experiment %v: %v\n%s", args, err, out)
	}
	out, err := GenerateWith(context.Background(), []string{filepath.Join(dir, "ten", "runs.csv")}, Options{OutDir: filepath.Join(dir, "report")})
	if err != nil {
		t.Fatal(err)
	}
	charts := filepath.Join(filepath.Dir(out.HTML), "charts")
	page, ranking, success := readString(t, out.HTML), readString(t, filepath.Join(charts, "ranking.svg")), readString(t, filepath.Join(charts, "success.svg"))
	if !strings.Contains(page, "10 series ranked") || !strings.Contains(ranking, "CPU time to a tour: mean rank") {
		t.Errorf("the Answer does not rank 10 series by CPU time")
	}
	// The labels of series.csv, the ranking's and the success chart's
	// legend are the same ten names, the solvers' as declared, no commas.
	f, err := os.Open(filepath.Join(filepath.Dir(out.HTML), "series.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) != 11 {
		t.Fatalf("series.csv: %d records, %v; want a header and 10 series", len(recs), err)
	}
	col := slices.Index(recs[0], "label")
	var labels []string
	for _, r := range recs[1:] {
		labels = append(labels, r[col])
	}
	for _, name := range append([]string{"go-bt"}, solvers...) {
		if !slices.Contains(labels, name) {
			t.Errorf("series.csv's labels %q lack the solver %s as declared", labels, name)
		}
	}
	for _, l := range labels {
		if strings.Contains(l, ",") || !strings.Contains(ranking, ">"+l+" (") || !strings.Contains(success, ">"+l+"</text>") {
			t.Errorf("series %q: a comma, or not in the ranking, or not in the success chart's legend", l)
		}
	}
	if slices.Contains(solvers, "c-warnsdorff") {
		nodes := readString(t, filepath.Join(filepath.Dir(out.HTML), "charts", "solved-vs-nodes-6x6.svg"))
		if !strings.Contains(nodes, "not drawn: c-warnsdorff, which records no nodes") {
			t.Error("the solved-within chart in nodes does not say it leaves c-warnsdorff out")
		}
	}
	firstScreen(t, out.HTML, "ten-first.png")
	headToHeadFits(t, out.HTML)
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("layout: %v", err)
	}
	return v
}

// Two users' solvers with names as long as a solver's may be
// (strategies.MaxNameBytes) beside warnsdorff: the answer's table wraps
// the names, so that every series' success rate
// stays on the first screen, not off its right edge. Screenshot:
// results/screenshots/long-first.png.
func TestBrowserLongNames(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, "dead.sh")
	if err := os.WriteFile(dead, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	a, b := strings.Repeat("a", strategies.MaxNameBytes), strings.Repeat("b", strategies.MaxNameBytes)
	args := []string{"run", "-sizes", "5", "-starts", "0,0", "-strategies", a + "," + b + ",warnsdorff", "-solver", a + "=" + dead, "-solver", b + "=" + dead,
		"-quiet", "-no-report", "-out", filepath.Join(dir, "long")}
	if out, err := exec.Command(experimentBinary(t), args...).CombinedOutput(); err != nil {
		t.Fatalf("experiment %v: %v\n%s", args, err, out)
	}
	out, err := GenerateWith(context.Background(), []string{filepath.Join(dir, "long", "runs.csv")}, Options{OutDir: filepath.Join(dir, "report")})
	if err != nil {
		t.Fatal(err)
	}
	firstScreen(t, out.HTML, "long-first.png")
}

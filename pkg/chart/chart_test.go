package chart

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/theory"
)

// results reads a runs.csv given as text.
func results(t *testing.T, csv string) *stats.Results {
	t.Helper()
	c := stats.NewCollector(stats.Options{})
	if err := c.Read(context.Background(), "test.csv", strings.NewReader(csv)); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var header = strings.Join(runs.Required, ",") + "\n"

// sweep is a small sweep: two series on 5x5 (all starts) and 6x8.
func sweep() string {
	var b strings.Builder
	b.WriteString(header)
	for _, bd := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 8}} {
		for r := range bd.Rows {
			for c := range bd.Cols {
				for _, s := range []string{"dfs", "warnsdorff"} {
					// The solvable column is theory's: a found run where
					// theory proves no tour starts is refused as it is read.
					solvable := theory.From(bd.Rows, bd.Cols, r, c, false)
					status, nodes := "found", bd.Squares()
					if (r+c)%3 == 0 || solvable == theory.No {
						status, nodes = "dead_end", 7
					}
					if s == "dfs" {
						nodes *= 1000
					}
					b.WriteString(strings.Join([]string{itoa(bd.Rows), itoa(bd.Cols), itoa(r), itoa(c), s, "first", "false", "0", "0",
						status, solvable.String(), itoa(nodes), "0", itoa(nodes * 10), itoa01(status == "found")}, ",") + "\n")
				}
			}
		}
	}
	return b.String()
}

func itoa(i int) string { return strconv.Itoa(i) }

func itoa01(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// render writes f as SVG and PNG and checks both decode. Under -short it
// skips the PNG: rasterising takes seconds under the race detector, and the
// SVG runs the same drawing code.
func render(t *testing.T, f *Figure) string {
	t.Helper()
	if !testing.Short() {
		var pngBuf bytes.Buffer
		if _, err := f.WriteTo(&pngBuf, "png"); err != nil {
			t.Fatalf("%s: png: %v", f.Name, err)
		}
		img, err := png.Decode(&pngBuf)
		if err != nil {
			t.Fatalf("%s: png does not decode: %v", f.Name, err)
		}
		if w, want := img.Bounds().Dx(), f.Width.Dots(DPI); math.Abs(float64(w)-want) > 1 {
			t.Errorf("%s: png is %d pixels wide, want %.0f", f.Name, w, want)
		}
	}
	var svgBuf bytes.Buffer
	if _, err := f.WriteTo(&svgBuf, "svg"); err != nil {
		t.Fatalf("%s: svg: %v", f.Name, err)
	}
	dec := xml.NewDecoder(bytes.NewReader(svgBuf.Bytes()))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: svg is not XML: %v", f.Name, err)
		}
	}
	return svgBuf.String()
}

func TestSizeCharts(t *testing.T) {
	res := results(t, sweep())
	for _, tt := range []struct {
		name string
		fn   func(*stats.Results) (*Figure, error)
		want []string // text the SVG must hold
	}{
		{"success", Success, []string{"Success from starts that have a tour", "Wilson", "dfs", "warnsdorff", "5x5", "6x8", "tours found / runs (%)", "100%"}},
		{"nodes", MedianNodes, []string{"Median nodes", "log scale", "dfs", "10k"}},
		{"time", MedianTime, []string{"Median time", "time per run", "µs"}},
	} {
		f, err := tt.fn(res)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if f.Name != tt.name {
			t.Errorf("name %q, want %q", f.Name, tt.name)
		}
		svg := render(t, f)
		for _, w := range tt.want {
			if !strings.Contains(svg, xmlEscape(w)) {
				t.Errorf("%s: svg lacks %q", tt.name, w)
			}
		}
	}
}

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// A log axis cannot show zero: zero medians are left out and counted, and a
// chart of nothing but zeros is ErrNoData, never a panic.
func TestLogAxisZeros(t *testing.T) {
	csv := header +
		"5,5,0,0,dfs,first,false,0,0,found,yes,25,0,0,true\n" +
		"6,6,0,0,dfs,first,false,0,0,found,yes,36,0,500,true\n" +
		"7,7,0,0,dfs,first,false,0,0,error,yes,0,0,0,false\n"
	res := results(t, csv)
	f, err := MedianTime(res)
	if err != nil {
		t.Fatal(err)
	}
	if svg := render(t, f); !strings.Contains(svg, "2 zero medians not shown") {
		t.Error("the title does not say that zero medians were left out")
	}
	res = results(t, header+"5,5,0,0,dfs,first,false,0,0,error,yes,0,0,0,false\n")
	if _, err := MedianNodes(res); !errors.Is(err, ErrNoData) {
		t.Errorf("all-zero nodes: %v, want ErrNoData", err)
	}
	// No start known to have a tour: nothing to show a rate of.
	res = results(t, header+"5,5,0,1,dfs,first,false,0,0,exhausted,no,9,0,9,false\n")
	if _, err := Success(res); !errors.Is(err, ErrNoData) {
		t.Errorf("success with no solvable start: %v, want ErrNoData", err)
	}
}

// One board only: the axis still has a range.
func TestSingleBoard(t *testing.T) {
	res := results(t, header+"8,8,0,0,dfs,first,false,0,0,found,yes,64,0,100,true\n")
	for _, fn := range []func(*stats.Results) (*Figure, error){Success, MedianNodes, MedianTime} {
		f, err := fn(res)
		if err != nil {
			t.Fatal(err)
		}
		render(t, f)
	}
}

func TestSizeAxis(t *testing.T) {
	sq := func(ns ...int) []board.Board {
		var bs []board.Board
		for _, n := range ns {
			bs = append(bs, board.Board{Rows: n, Cols: n})
		}
		return bs
	}
	// 5..12: 25..144 squares, linear. 5..50: a hundredfold, log.
	if a := newSizeAxis(sq(5, 6, 7, 8, 9, 10, 11, 12)); a.log || a.min >= 25 || a.max <= 144 {
		t.Errorf("5..12: %+v", a)
	}
	if a := newSizeAxis(sq(5, 50)); !a.log || a.x(board.Board{Rows: 10, Cols: 10}) != 2 {
		t.Errorf("5..50: %+v", a)
	}
	a := newSizeAxis(append(sq(5, 6, 7, 8, 9, 10, 11, 12, 100, 1000, 10000), board.Board{Rows: 6, Cols: 8}, board.Board{Rows: 8, Cols: 6}))
	style := textStyle(9)
	ticks := boardTicks{axis: a, width: 12 * vg.Centimeter, style: style}.Ticks(a.min, a.max)
	var named []string
	var right vg.Length = -1e9
	for _, tk := range ticks {
		if tk.Label == "" {
			continue
		}
		named = append(named, tk.Label)
		pos := 12 * vg.Centimeter * vg.Length((tk.Value-a.min)/(a.max-a.min))
		w := style.Width(tk.Label)
		if pos-w/2 < right {
			t.Errorf("label %q overlaps the one before", tk.Label)
		}
		right = pos + w/2
	}
	if len(ticks) != 12 || named[0] != "5x5" || named[len(named)-1] != "10000x10000" {
		t.Errorf("%d ticks, named %v", len(ticks), named)
	}
	// 6x8 and 8x6 share a place: one tick, named for both (if named).
	for _, tk := range ticks {
		if tk.Value == a.x(board.Board{Rows: 6, Cols: 8}) && tk.Label != "" && tk.Label != "6x8/8x6" {
			t.Errorf("48 squares named %q", tk.Label)
		}
	}
}

func TestHeatMap(t *testing.T) {
	res := results(t, sweep())
	for _, b := range res.Boards {
		f, err := HeatMap(res, b)
		if err != nil {
			t.Fatal(err)
		}
		svg := render(t, f)
		for _, w := range []string{b.String() + ": outcome and median nodes", "dfs: outcome", "warnsdorff: median nodes", "not run"} {
			if !strings.Contains(svg, w) {
				t.Errorf("%v: svg lacks %q", b, w)
			}
		}
	}
	// A big board with its corners run only, and one too big to draw.
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("30,30,0,0,dfs,first,false,0,0,found,yes,900,0,100,true\n")
	b.WriteString("50,50,0,0,dfs,first,false,0,0,found,yes,2500,0,100,true\n")
	res = results(t, b.String())
	for _, bd := range res.Boards {
		if _, err := HeatMap(res, bd); !errors.Is(err, ErrNoData) {
			t.Errorf("%v: %v, want ErrNoData", bd, err)
		}
	}
}

func TestTrimZeros(t *testing.T) {
	for in, want := range map[string]string{
		"1.00M": "1M", "10.0k": "10k", "2.50ms": "2.5ms", "1.20µs": "1.2µs", "25": "25", "1000": "1000", "0.50": "0.5",
	} {
		if got := trimZeros(in); got != want {
			t.Errorf("trimZeros(%q) = %q, want %q", in, got, want)
		}
	}
}

// A panic inside gonum/plot becomes an error.
func TestDrawPanic(t *testing.T) {
	f := &Figure{Name: "boom", Width: vg.Centimeter, Height: vg.Centimeter, draw: func(draw.Canvas) { panic("log scale met zero") }}
	if _, err := f.WriteTo(io.Discard, "png"); err == nil || !strings.Contains(err.Error(), "log scale met zero") {
		t.Errorf("err = %v", err)
	}
	if _, err := f.WriteTo(io.Discard, "gif"); err == nil {
		t.Error("gif accepted")
	}
}

// budgetSweep is a sweep with a budget: dfs is stopped by it from most
// starts, so its medians are lower bounds; warnsdorff finds or fails fast.
func budgetSweep() string {
	var b strings.Builder
	b.WriteString(runs.Header(false))
	for r := range 5 {
		for c := range 5 {
			for _, s := range []string{"dfs", "warnsdorff"} {
				status, nodes := "found", 25
				switch {
				case s == "dfs" && (r+c)%2 == 1:
					status, nodes = "node_limit", 1000
				case s == "dfs" && r < 3:
					nodes = 100 + 37*(r*5+c)
				case s == "dfs":
					status, nodes = "node_limit", 1000
				case (r+c)%2 == 1:
					status, nodes = "dead_end", 9
				}
				b.WriteString(strings.Join([]string{"5", "5", itoa(r), itoa(c), s, "first", "false", "0", "0",
					status, theory.From(5, 5, r, c, false).String(), itoa(nodes), "0", itoa(nodes * 10), itoa01(status == "found"), `"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"`,
					"false", "", "1000", "0", "none", "0", itoa(nodes * 10), ""}, ",") + "\n")
			}
		}
	}
	return b.String()
}

// Medians that rest on runs stopped by the budget are marked as lower
// bounds, and the title says what the marks mean.
func TestMedianBounds(t *testing.T) {
	res := results(t, budgetSweep())
	f, err := MedianNodes(res)
	if err != nil {
		t.Fatal(err)
	}
	if svg := render(t, f); !strings.Contains(svg, "arrows: at least this") {
		t.Error("the nodes chart does not explain its lower-bound marks")
	}
}

// The solved-within-budget curves, box plots and pair maps draw and say
// what they show.
func TestBoardCharts(t *testing.T) {
	res := results(t, budgetSweep())
	b := board.Board{Rows: 5, Cols: 5}
	for _, by := range []string{"nodes", "time"} {
		f, err := Solved(res, b, by)
		if err != nil {
			t.Fatal(err)
		}
		svg := render(t, f)
		if f.Name != "solved-vs-"+by+"-5x5" || !strings.Contains(svg, "solved within a budget of "+by) || !strings.Contains(svg, "dfs (13 runs)") {
			t.Errorf("%s: name %s", by, f.Name)
		}
	}
	f, err := NodesToSuccess(res, b)
	if err != nil {
		t.Fatal(err)
	}
	// dfs found from 8 of the 13 corner-coloured starts (those of rows 0
	// to 2), warnsdorff from all 13.
	if svg := render(t, f); !strings.Contains(svg, "8 of 13") || !strings.Contains(svg, "13 of 13") {
		t.Errorf("box plot labels: %s", f.Name)
	}
	hs := stats.Compare(res)
	if len(hs) != 1 || hs[0].AOnly != 0 || hs[0].BOnly != 5 {
		t.Fatalf("comparison %+v", hs)
	}
	f, err = PairMap(res, hs[0], "only-dfs-vs-warnsdorff-5x5")
	if err != nil {
		t.Fatal(err)
	}
	if svg := render(t, f); !strings.Contains(svg, "only warnsdorff (5)") {
		t.Error("pair map legend lacks the count")
	}
	if _, err := Solved(res, board.Board{Rows: 6, Cols: 6}, "nodes"); !errors.Is(err, ErrNoData) {
		t.Errorf("a board not run: %v", err)
	}
}

// A title wider than the plot beside a wide legend is broken at spaces
// into lines that fit, every word kept in order: centred over the plot,
// the nodes chart's note ran off the figure's left edge.
func TestWrapLines(t *testing.T) {
	sty := newPlot("", "", "").Title.TextStyle
	title := "Median nodes per run (every run, whatever its outcome)\n(arrows: at least this, the median rests on runs stopped by the budget)"
	width := 9 * vg.Centimeter
	got := wrapLines(title, sty, width)
	lines := strings.Split(got, "\n")
	if len(lines) < 3 {
		t.Errorf("%q: %d lines, want the long ones broken", got, len(lines))
	}
	for _, l := range lines {
		if w := measuring.width(l, sty.Font); w > width {
			t.Errorf("line %q is %v wide, more than %v", l, w, width)
		}
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(title), " ") {
		t.Errorf("words changed: %q", got)
	}
	if again := wrapLines(got, sty, width); again != got {
		t.Errorf("wrapping twice: %q, then %q", got, again)
	}
	if got := wrapLines(title, sty, 100*vg.Centimeter); got != title {
		t.Errorf("a title that fits was changed: %q", got)
	}
}

// The series of one strategy differ in lightness as well as dashes, by
// turns: every strategy's colour and its four shades differ by 0.02 in
// relative luminance (sRGB, linearised) or by a contrast ratio of 1.3,
// variant 5 comes back to the colour, and variant 0 is the colour itself.
func TestShades(t *testing.T) {
	lum := func(c color.RGBA) float64 {
		lin := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.04045 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
	}
	for i, c := range strategyColors {
		var v []color.RGBA
		for k := range len(shadeSteps) {
			v = append(v, shade(c, k))
		}
		if v[0] != c || shade(c, len(shadeSteps)) != c {
			t.Errorf("strategy %d: variant 0 %v, %d %v, want %v", i, v[0], len(shadeSteps), shade(c, len(shadeSteps)), c)
		}
		for a := range v {
			for b := a + 1; b < len(v); b++ {
				// Relative luminance differs by 0.02 at least, or the
				// contrast ratio (L1+0.05)/(L2+0.05) is 1.3 at least.
				la, lb := lum(v[a]), lum(v[b])
				ratio := (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
				if math.Abs(la-lb) < 0.02 && ratio < 1.3 {
					t.Errorf("strategy %d: variants %d and %d (%v, %v) differ by %.3f in luminance, contrast %.2f", i, a, b, v[a], v[b], math.Abs(la-lb), ratio)
				}
			}
		}
	}
}

package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"knightsweep/pkg/board"
	"knightsweep/pkg/chart"
	"knightsweep/pkg/stats"
)

// ErrInput marks errors in the input files (missing, empty, malformed,
// duplicated runs), as opposed to failures to write the report.
var ErrInput = errors.New("bad input")

// Options control GenerateWith.
type Options struct {
	// OutDir receives the report; "" means the first CSV's directory.
	OutDir string
	// BySource keeps each input file's runs in series of their own
	// (stats.Options.BySource).
	BySource bool
	// Now stamps the page; the zero time means time.Now().
	Now time.Time

	// noPNG skips the PNG files, for tests: rasterising takes seconds a
	// chart under the race detector.
	noPNG bool
}

// Output says what GenerateWith wrote.
type Output struct {
	Dir     string
	HTML    string
	Summary string
	// Charts lists the chart files written (PNG and SVG).
	Charts []string
	// Results are the statistics the report shows.
	Results *stats.Results
}

// Generate writes summary.csv, the charts and report.html for the runs.csv
// files at csvPaths into outDir ("" for the first CSV's directory). It is
// what experiment report runs, and what a sweep calls when it ends.
func Generate(ctx context.Context, outDir string, csvPaths []string) error {
	_, err := GenerateWith(ctx, csvPaths, Options{OutDir: outDir})
	return err
}

// GenerateWith is Generate with options; it returns what it wrote.
func GenerateWith(ctx context.Context, csvPaths []string, opt Options) (*Output, error) {
	if len(csvPaths) == 0 {
		return nil, fmt.Errorf("%w: no runs.csv given", ErrInput)
	}
	res, err := stats.ReadFiles(ctx, csvPaths, stats.Options{BySource: opt.BySource})
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	out := &Output{Dir: opt.OutDir, Results: res}
	if out.Dir == "" {
		out.Dir = filepath.Dir(csvPaths[0])
	}
	chartDir := filepath.Join(out.Dir, "charts")
	if err := os.MkdirAll(chartDir, 0o755); err != nil {
		return nil, err
	}

	out.Summary = filepath.Join(out.Dir, "summary.csv")
	if err := writeFile(out.Summary, func(w io.Writer) error { return stats.WriteSummaryCSV(w, res.Summaries()) }); err != nil {
		return nil, err
	}

	page := newPage(res, csvPaths, opt)
	if err := drawCharts(ctx, res, chartDir, page, out, !opt.noPNG); err != nil {
		return nil, err
	}
	out.HTML = filepath.Join(out.Dir, "report.html")
	if err := writeFile(out.HTML, page.write); err != nil {
		return nil, err
	}
	return out, nil
}

// writeFile writes path through a temporary file renamed into place, so
// that a failed write never leaves half a file where a good one was.
func writeFile(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// A figure is what the page shows and the charts directory keeps, as SVG
// and PNG: a chart (package chart) or a tour picture (package tourimage).
type figure struct {
	// name is a file-name stem, such as "success" or "tour-8x8".
	name string
	// title describes the figure in words, for its caption.
	title    string
	svg, png func(io.Writer) error
}

// chartFigure adapts a chart constructor's result.
func chartFigure(f *chart.Figure, err error) (*figure, error) {
	if err != nil {
		return nil, err
	}
	as := func(format string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := f.WriteTo(w, format); return err }
	}
	return &figure{name: f.Name, title: f.Title, svg: as("svg"), png: as("png")}, nil
}

// figureJob is one figure to build and save.
type figureJob struct {
	build func() (*figure, error)
	// into receives the figure, or a note saying why there is none.
	into *figureSlot
}

// drawCharts builds every chart, saves each as PNG and SVG in dir, and
// places it on the page. Charts are independent: they are drawn in
// parallel.
func drawCharts(ctx context.Context, res *stats.Results, dir string, page *page, out *Output, withPNG bool) error {
	var jobs []figureJob
	add := func(slot *figureSlot, build func() (*figure, error)) {
		jobs = append(jobs, figureJob{build: build, into: slot})
	}
	add(&page.Success, func() (*figure, error) { return chartFigure(chart.Success(res)) })
	add(&page.Nodes, func() (*figure, error) { return chartFigure(chart.MedianNodes(res)) })
	add(&page.Time, func() (*figure, error) { return chartFigure(chart.MedianTime(res)) })
	samples := map[board.Board]*stats.TourSample{}
	for i := range res.Tours {
		samples[res.Tours[i].Board] = &res.Tours[i]
	}
	saved := savedTours(res.Inputs)
	for i, b := range res.Boards {
		bs := &page.Boards[i]
		add(&bs.HeatMap, func() (*figure, error) { return chartFigure(chart.HeatMap(res, b)) })
		add(&bs.Tour, func() (*figure, error) {
			t, ok := saved[b]
			return tourFigure(b, samples[b], t, ok)
		})
	}

	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, job := range jobs {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			f, err := job.build()
			if err != nil {
				// A chart that cannot be drawn is a note on the page, not a
				// failed report.
				job.into.Note = err.Error()
				return nil
			}
			files, svg, err := saveFigure(f, dir, withPNG)
			if err != nil {
				if errors.Is(err, errDraw) {
					job.into.Note = err.Error()
					return nil
				}
				return err
			}
			job.into.Title = f.title
			job.into.SVG = template.HTML(svg)
			job.into.Files = files
			mu.Lock()
			out.Charts = append(out.Charts, files...)
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}

// errDraw marks a figure that failed to draw (as opposed to a failed write).
var errDraw = errors.New("cannot draw")

// saveFigure writes f as SVG and PNG in dir and returns the file names and
// the SVG element for the page.
func saveFigure(f *figure, dir string, withPNG bool) ([]string, []byte, error) {
	type file struct {
		ext  string
		data []byte
	}
	var svg bytes.Buffer
	if err := f.svg(&svg); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", errDraw, err)
	}
	todo := []file{{".svg", svg.Bytes()}}
	if withPNG {
		var png bytes.Buffer
		if err := f.png(&png); err != nil {
			return nil, nil, fmt.Errorf("%w: %w", errDraw, err)
		}
		todo = append(todo, file{".png", png.Bytes()})
	}
	var files []string
	for _, file := range todo {
		path := filepath.Join(dir, f.name+file.ext)
		if err := writeFile(path, func(w io.Writer) error { _, err := w.Write(file.data); return err }); err != nil {
			return nil, nil, err
		}
		files = append(files, path)
	}
	return files, inlineSVG(svg.Bytes()), nil
}

// inlineSVG drops the XML prologue so that the SVG can sit in HTML.
func inlineSVG(b []byte) []byte {
	if i := bytes.Index(b, []byte("<svg")); i >= 0 {
		return b[i:]
	}
	return b
}

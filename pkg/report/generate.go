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
	"slices"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"knightsweep/internal/input"
	"knightsweep/pkg/board"
	"knightsweep/pkg/chart"
	"knightsweep/pkg/stats"
)

// Formats are the chart file formats a report can write; SVG always.
var Formats = []string{"svg", "png", "pdf"}

// Options control GenerateWith.
type Options struct {
	// OutDir receives the report; "" means the first CSV's directory.
	OutDir string
	// BySource keeps each input file's runs in series of their own
	// (stats.Options.BySource).
	BySource bool
	// Formats lists chart formats besides SVG: "png", "pdf".
	Formats []string
	// Now stamps the page; the zero time means time.Now().
	Now time.Time
	// Exact adds the exact probabilities of the randomised greedy rules
	// sampled (exact.go), computed and cached in the report's directory
	// (ExactCache); ExactFrom reads them from an exact CSV instead.
	Exact     bool
	ExactFrom string
}

// Output says what GenerateWith wrote.
type Output struct {
	Dir  string
	HTML string
	// Tables are the CSV files: series.csv, summary.csv, headtohead.csv.
	Tables []string
	// Summary is summary.csv's path, among Tables.
	Summary string
	// Charts lists the chart files written, every format.
	Charts []string
	// Figures counts the charts and pictures drawn.
	Figures int
	// Results are the statistics the report shows.
	Results *stats.Results
	// Lead is the answer the page opens with, for the terminal to print.
	Lead *Lead
}

// Generate writes the report of the runs.csv files at csvPaths into outDir
// ("" for the first CSV's directory). It is what experiment report runs,
// and what a sweep and a merge call when they end.
func Generate(ctx context.Context, outDir string, csvPaths []string) error {
	_, err := GenerateWith(ctx, csvPaths, Options{OutDir: outDir})
	return err
}

// GenerateWith is Generate with options; it returns what it wrote. Once
// the runs are read, it returns its Output also with an error (a write
// that failed late, as on a full disk): the results computed, for the
// caller to print before the error.
func GenerateWith(ctx context.Context, csvPaths []string, opt Options) (*Output, error) {
	if len(csvPaths) == 0 {
		return nil, input.Errorf("", "no runs.csv given")
	}
	for _, f := range opt.Formats {
		if !slices.Contains(Formats, f) {
			return nil, input.Errorf("", "chart format %q: want %v", f, Formats)
		}
	}
	res, err := stats.ReadFiles(ctx, csvPaths, stats.Options{BySource: opt.BySource})
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, &input.Error{Err: err}
	}
	out := &Output{Dir: opt.OutDir, Results: res}
	if out.Dir == "" {
		out.Dir = filepath.Dir(csvPaths[0])
	}
	chartDir := filepath.Join(out.Dir, chartsDir)
	if err := os.MkdirAll(chartDir, 0o755); err != nil {
		return out, err
	}
	comparisons := stats.Compare(res)
	sweeps := readSweeps(csvPaths)
	labelMeasured(comparisons, sweeps)
	writers := map[string]func(io.Writer) error{
		seriesFile:     func(w io.Writer) error { return stats.WriteTotalsCSV(w, res.Totals) },
		summaryFile:    func(w io.Writer) error { return stats.WriteSummaryCSV(w, res.Summaries()) },
		headToHeadFile: func(w io.Writer) error { return stats.WriteHeadToHeadCSV(w, comparisons) },
	}
	for _, name := range tableFiles {
		path := filepath.Join(out.Dir, name)
		if err := writeFile(path, writers[name]); err != nil {
			return out, err
		}
		out.Tables = append(out.Tables, path)
	}
	out.Summary = filepath.Join(out.Dir, summaryFile)

	var exactSec *exactSection
	if opt.Exact || opt.ExactFrom != "" {
		if exactSec, err = exactChecks(ctx, res, opt, out.Dir); err != nil {
			return out, err
		}
	}
	// Not among the page's provenance notes alone: a series that mixes
	// two programs is an oddity the terminal prints too.
	res.Warnings = append(res.Warnings, sharedNames(sweeps, csvPaths, res, opt.BySource)...)
	res.Warnings = append(res.Warnings, manifestWarnings(sweeps)...)
	page := newPage(res, comparisons, csvPaths, sweeps, opt)
	out.Lead = page.Lead
	page.Exact = exactSec
	if err := drawCharts(ctx, res, page, savedTours(sweeps), chartDir, out, opt.Formats); err != nil {
		return out, err
	}
	out.HTML = filepath.Join(out.Dir, pageFile)
	if err := writeFile(out.HTML, page.write); err != nil {
		return out, err
	}
	return out, nil
}

// A figure is what the page shows and the charts directory keeps: a chart
// (package chart) or a tour picture (package tourimage).
type figure struct {
	// name is a file-name stem, such as "success" or "tour-8x8".
	name string
	// title describes the figure in words, for its caption.
	title string
	write func(w io.Writer, format string) error
}

// chartFigure adapts a chart constructor's result.
func chartFigure(f *chart.Figure, err error) (*figure, error) {
	if err != nil {
		return nil, err
	}
	return &figure{name: f.Name, title: f.Title, write: func(w io.Writer, format string) error {
		_, err := f.WriteTo(w, format)
		return err
	}}, nil
}

// figureJob is one figure to build and save.
type figureJob struct {
	build func() (*figure, error)
	// into receives the figure, or a note saying why there is none.
	into *figureSlot
}

// drawCharts builds the figures the page shows, saves each in dir (SVG and
// the formats asked for) and places it on the page. Figures are
// independent: they are drawn in parallel.
func drawCharts(ctx context.Context, res *stats.Results, page *page, saved map[board.Board]savedTour, dir string, out *Output, formats []string) error {
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
	for i := range page.Boards {
		bs := &page.Boards[i]
		b := bs.board
		if bs.Searched {
			add(&bs.SolvedNodes, func() (*figure, error) { return chartFigure(chart.Solved(res, b, "nodes")) })
			add(&bs.SolvedTime, func() (*figure, error) { return chartFigure(chart.Solved(res, b, "time")) })
			add(&bs.Boxes, func() (*figure, error) { return chartFigure(chart.NodesToSuccess(res, b)) })
		}
		add(&bs.HeatMap, func() (*figure, error) { return chartFigure(chart.HeatMap(res, b)) })
		for k := range bs.Pairs {
			pm := &bs.Pairs[k]
			add(&pm.Map, func() (*figure, error) { return chartFigure(chart.PairMap(res, pm.h, pm.name)) })
		}
		add(&bs.Tour, func() (*figure, error) {
			t, ok := saved[b]
			return tourFigure(b, samples[b], t, ok)
		})
	}
	page.Exact.figures(add)
	for _, r := range page.Rankings {
		r.figures(add)
	}

	for i := range page.RunLengths {
		rb := &page.RunLengths[i]
		add(&rb.Survival, func() (*figure, error) { return chartFigure(chart.Survival(res, rb.board)) })
	}

	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, job := range jobs {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() (err error) {
			defer func() {
				// A drawing that panics is a note on the page, not a lost report.
				if p := recover(); p != nil {
					job.into.Note = fmt.Sprintf("internal error drawing this figure: %v", p)
					err = nil
				}
			}()
			f, err := job.build()
			if err != nil {
				// A chart that cannot be drawn is a note on the page, not a
				// failed report.
				job.into.Note = err.Error()
				return nil
			}
			files, svg, err := saveFigure(f, dir, formats)
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
			out.Figures++
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	slices.Sort(out.Charts)
	return ctx.Err()
}

// errDraw marks a figure that failed to draw (as opposed to a failed write).
var errDraw = errors.New("cannot draw")

// saveFigure writes f as SVG and in the other formats asked for, and
// returns the file names and the SVG element for the page.
func saveFigure(f *figure, dir string, formats []string) ([]string, []byte, error) {
	var svg bytes.Buffer
	if err := f.write(&svg, "svg"); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", errDraw, err)
	}
	path := filepath.Join(dir, f.name+".svg")
	if err := writeFile(path, func(w io.Writer) error { _, err := w.Write(svg.Bytes()); return err }); err != nil {
		return nil, nil, err
	}
	files := []string{path}
	for _, format := range formats {
		if format == "svg" {
			continue
		}
		// Drawn before the file is opened, as the SVG is: a figure that
		// cannot be drawn is a note, a file that cannot be written a
		// failed report.
		var buf bytes.Buffer
		if err := f.write(&buf, format); err != nil {
			return nil, nil, fmt.Errorf("%w: %w", errDraw, err)
		}
		path := filepath.Join(dir, f.name+"."+format)
		if err := writeFile(path, func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err }); err != nil {
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

package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
)

//go:embed report.html.tmpl
var pageSource string

var pageTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"count":   stats.FormatCount,
	"ns":      stats.FormatNS,
	"percent": stats.FormatPercent,
	"ratio":   stats.FormatRatio,
	"f":       func(f stats.Float) float64 { return float64(f) },
	"pvalue":  formatP,
	"base":    filepath.Base,
}).Parse(pageSource))

// page is what report.html shows.
type page struct {
	Generated string
	Version   string
	Inputs    []input
	Rows      int
	Warnings  []string
	// Summary holds the groups board by board, so that series on one board
	// sit together.
	Summary []boardSummary
	// Compare holds the head-to-head tables, board by board.
	Compare              []boardCompare
	Success, Nodes, Time figureSlot
	Boards               []boardFigures
}

type input struct {
	Path     string
	Rows     int
	Manifest Manifest
}

type boardSummary struct {
	Board  string
	Groups []groupRow
}

type groupRow struct {
	*stats.Group
	Statuses string
}

type boardCompare struct {
	Board string
	Pairs []stats.Comparison
}

// figureSlot is a chart on the page, or a note saying why it is missing.
type figureSlot struct {
	Title string
	SVG   template.HTML
	Files []string
	Note  string
}

type boardFigures struct {
	Board   string
	HeatMap figureSlot
	Tour    figureSlot
}

func newPage(res *stats.Results, csvPaths []string, opt Options) *page {
	now := opt.Now
	if now.IsZero() {
		now = time.Now()
	}
	p := &page{
		Generated: now.Format("2006-01-02 15:04:05 MST"),
		Version:   version(),
		Rows:      res.Rows,
		Warnings:  res.Warnings,
	}
	for i, path := range csvPaths {
		in := input{Path: path, Manifest: readManifest(filepath.Dir(path))}
		if i < len(res.InputRows) {
			in.Rows = res.InputRows[i]
		}
		p.Inputs = append(p.Inputs, in)
	}
	for _, b := range res.Boards {
		bs := boardSummary{Board: b.String()}
		for _, g := range res.BoardGroups(b) {
			bs.Groups = append(bs.Groups, groupRow{Group: g, Statuses: statuses(&g.Summary)})
		}
		p.Summary = append(p.Summary, bs)
		p.Boards = append(p.Boards, boardFigures{Board: b.String()})
	}
	var cur *boardCompare
	for _, c := range stats.Compare(res) {
		if cur == nil || cur.Board != c.Board.String() {
			p.Compare = append(p.Compare, boardCompare{Board: c.Board.String()})
			cur = &p.Compare[len(p.Compare)-1]
		}
		cur.Pairs = append(cur.Pairs, c)
	}
	return p
}

// statuses lists the non-zero status counts other than found.
func statuses(s *stats.Summary) string {
	var parts []string
	for _, st := range status.All {
		if st == status.Found {
			continue
		}
		if n := s.StatusCount(st); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", st, n))
		}
	}
	return strings.Join(parts, ", ")
}

func (p *page) write(w io.Writer) error { return pageTemplate.Execute(w, p) }

// formatP writes a sign-test p-value; "~" marks a difference that could be
// chance (p >= 0.05), as benchstat does.
func formatP(p float64) string {
	if math.IsNaN(p) {
		return "-"
	}
	s := fmt.Sprintf("p=%.3f", p)
	if p < 0.001 {
		s = "p<0.001"
	}
	if p >= 0.05 {
		s += " ~"
	}
	return s
}

// version is the program's module version and VCS revision, if known.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return strings.TrimSpace(v + " " + bi.GoVersion)
}

package report

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"knightsweep/internal/buildinfo"
	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/stats/runlength"
	"knightsweep/pkg/status"
)

//go:embed report.html.tmpl
var pageSource string

//go:embed runlengths.html.tmpl
var runLengthSource string

// pageTemplate parses the page's template when a report is first written,
// not when the program starts (every experiment command would pay for it).
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"count":        format.Count,
		"ns":           format.NS,
		"percent":      format.Percent,
		"ratio":        format.Ratio,
		"f":            func(f stats.Float) float64 { return float64(f) },
		"pvalue":       format.P,
		"base":         filepath.Base,
		"countAtLeast": func(v stats.Float, censored bool) string { return atLeast(v, censored, format.Count) },
		"nsAtLeast":    func(v stats.Float, censored bool) string { return atLeast(v, censored, format.NS) },
		"backing":      backing,
		"hl":           hlText,
		// What the run-length section's text says of its method is what
		// package stats does.
		"minRuns":          func() int { return stats.MinRuns },
		"bootstraps":       func() string { return format.Grouped(runlength.Bootstraps) },
		"maxBootstrapRuns": func() string { return format.Grouped(runlength.MaxBootstrapRuns) },
	}).Parse(pageSource + runLengthSource + exactSource))
})

// page is what report.html shows.
type page struct {
	Generated string
	Version   string
	Inputs    []inputFile
	Rows      int
	Warnings  []string
	// Lead opens the page: the series best first, and sentences.
	Lead *Lead
	// Totals is each series over all its boards; Verdicts say
	// in words what the paired comparisons support.
	Totals   []stats.Total
	Verdicts []verdict
	// Summary holds the groups board by board, so that series on one board
	// sit together; Compare the paired comparisons likewise.
	Summary              []boardSummary
	Compare              []boardCompare
	Existence            []stats.Existence
	Success, Nodes, Time figureSlot
	Boards               []boardFigures
	// Rankings open the Answer when three or more series of one tour kind
	// ran; Comparisons then says which comparisons Head to head made.
	Rankings    []*ranking
	Comparisons string
	// RunLengths is the run-length section, board by board.
	RunLengths []runLengthBoard
	// Exact is the exact probabilities' section (report -exact), or nil.
	Exact *exactSection
	// names wraps the series' labels in text (Names).
	names *strings.Replacer
}

type inputFile struct {
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
	Pairs []stats.HeadToHead
}

// figureSlot is a chart on the page, or a note saying why it is missing.
type figureSlot struct {
	Title string
	SVG   template.HTML
	Files []string
	Note  string
}

// boardFigures are a board's pictures. Searched is true where some series
// searched (its runs did not all take the same, linear, course), which is
// where solved-within-budget curves and box plots say something.
type boardFigures struct {
	Board                          string
	board                          board.Board
	Searched                       bool
	SolvedNodes, SolvedTime, Boxes figureSlot
	HeatMap, Tour                  figureSlot
	Pairs                          []pairMap
}

// pairMap is the start map of one comparison on the board.
type pairMap struct {
	h    stats.HeadToHead
	name string
	Map  figureSlot
}

func newPage(res *stats.Results, comparisons []stats.HeadToHead, csvPaths []string, sweeps []sweep, opt Options) *page {
	now := opt.Now
	if now.IsZero() {
		now = time.Now()
	}
	p := &page{
		Generated: now.Format("2006-01-02 15:04:05 MST"),
		Version:   buildinfo.Version(),
		Rows:      res.Rows,
		Warnings:  append(provenance(sweeps, res), res.Warnings...),
		Totals:    res.Totals,
		Existence: res.Existence,
		names:     nameSpans(res.Series),
	}
	for i, path := range csvPaths {
		in := inputFile{Path: path, Manifest: sweeps[i].shown}
		if i < len(res.InputRows) {
			in.Rows = res.InputRows[i]
		}
		p.Inputs = append(p.Inputs, in)
	}
	for _, b := range res.Boards {
		bs := boardSummary{Board: b.String()}
		bf := boardFigures{Board: b.String(), board: b}
		for _, g := range res.BoardGroups(b) {
			bs.Groups = append(bs.Groups, groupRow{Group: g, Statuses: statuses(&g.Summary)})
			bf.Searched = bf.Searched || searched(g)
		}
		p.Summary = append(p.Summary, bs)
		p.Boards = append(p.Boards, bf)
	}
	var cur *boardCompare
	names := map[string]int{}
	for _, h := range comparisons {
		if cur == nil || cur.Board != h.Board {
			p.Compare = append(p.Compare, boardCompare{Board: h.Board})
			cur = &p.Compare[len(p.Compare)-1]
		}
		cur.Pairs = append(cur.Pairs, h)
		if h.Pooled || h.AOnly+h.BOnly == 0 {
			continue
		}
		for i := range p.Boards {
			if p.Boards[i].Board == h.Board {
				name := pairFileName(h.SeriesA, h.SeriesB, h.Board)
				if names[name]++; names[name] > 1 {
					name += fmt.Sprintf("-%d", names[name])
				}
				p.Boards[i].Pairs = append(p.Boards[i].Pairs, pairMap{h: h, name: name})
			}
		}
	}
	p.Lead = newLead(res, comparisons)
	p.Rankings = rankings(res)
	labelMixed(p.Rankings, sweeps)
	p.Verdicts = verdicts(byKind(comparisons))
	p.Comparisons = comparisonCounts(comparisons)
	p.RunLengths = runLengthBoards(res)
	return p
}

// searched reports whether a group's runs searched: a run stopped by its
// budget, a search exhausted, or a tour found after retreats.
func searched(g *stats.Group) bool {
	return g.Censored > 0 || g.Exhausted > 0 || g.Found > 0 && float64(g.NodesMax) > float64(g.Rows*g.Cols)
}

// nonWord matches what slug leaves out of a file name; compiled when
// first used, not at start-up (TestStartupInit).
var nonWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^a-z0-9]+`) })

// maxStem bounds a file-name stem made from series names, so that with a
// number to tell two apart and an extension the name stays under 100
// bytes, far inside every file system's 255.
const maxStem = 80

// pairFileName is the file-name stem of the map of the starts where only
// one of series a and b found a tour, on board. Names too long for
// maxStem are cut and end in a hash of the whole name, so that two long
// names that share a beginning still differ; the page's labels keep the
// names whole.
func pairFileName(a, b, board string) string {
	name := "only-" + slug(a) + "-vs-" + slug(b) + "-" + board
	if len(name) <= maxStem {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	const hashLen = 12
	return strings.TrimRight(name[:maxStem-hashLen-1], "-") + "-" + hex.EncodeToString(sum[:])[:hashLen]
}

// slug turns a series label into a piece of a file name.
func slug(s string) string {
	return strings.Trim(nonWord().ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// verdict is one pair's paragraph in the Answer: a short line saying which
// finds more tours and which needs less work, each with its adjusted
// p-value, then the statistics.
type verdict struct {
	Lead, Detail string
}

// lead is a pair's verdict line: which finds more tours (exact McNemar
// test) and which needs fewer nodes to a tour (exact sign test over every
// pair whose order the runs show), each after Holm's adjustment.
func lead(h stats.HeadToHead, where string, boards []stats.HeadToHead) string {
	v := fmt.Sprintf("%s against %s %s: ", h.LabelA, h.LabelB, where)
	switch {
	case neitherFound(h) && h.BothCensored == h.Pairs:
		// Not "they found them in the same runs": there were none.
		return v + "neither found a tour; every run was stopped by its budget."
	case neitherFound(h):
		v += "neither found a tour"
	case h.AOnly+h.BOnly == 0:
		v += "neither finds more tours (they found them in the same runs)"
	case h.Significant():
		v += fmt.Sprintf("%s finds more tours (%s adjusted)%s", either(h, h.BOnly > h.AOnly), format.P(float64(h.McNemarHolm)),
			carried(boards, stats.HeadToHead.Significant, func(b stats.HeadToHead) bool { return b.BOnly > b.AOnly }, h.BOnly > h.AOnly))
	default:
		// Not "neither finds more": a test that does not reject says
		// nothing of equality.
		v += fmt.Sprintf("the runs do not show which finds more tours (%s adjusted)", format.P(float64(h.McNemarHolm)))
	}
	fewer := costWords(h)
	switch {
	case h.CostBy == stats.CostCPU && h.Unlike():
		v += fmt.Sprintf("; their CPU times are measured differently (%s): not compared.", measuredText(h))
	case h.CostBy == stats.CostNone:
		v += "; no cost to compare."
	case h.CostALess+h.CostBLess == 0:
		v += fmt.Sprintf("; no pair shows which needs %s.", fewer)
	case h.CostOrderSignificant():
		v += fmt.Sprintf("; %s needs %s to a tour (%s adjusted)%s.", either(h, h.CostBLess > h.CostALess), fewer, format.P(float64(h.CostOrderHolm)),
			carried(boards, stats.HeadToHead.CostOrderSignificant, func(b stats.HeadToHead) bool { return b.CostBLess > b.CostALess }, h.CostBLess > h.CostALess))
	default:
		v += fmt.Sprintf("; the runs do not show which needs %s to a tour (%s adjusted).", fewer, format.P(float64(h.CostOrderHolm)))
	}
	return v
}

// carried says, of a verdict over all boards that a test supports, where
// the same test supports it board by board, when fewer than two boards do:
// a pooled verdict that one board carries (fixed:49 needing fewer nodes
// than fixed:8065 over 5x5, 6x6 and 7x7, from 5x5 alone) says so. sig is
// the test, dir the side a board's runs take, pooled the verdict's side.
// Empty for a verdict on one board, or one that two boards support.
func carried(boards []stats.HeadToHead, sig func(stats.HeadToHead) bool, dir func(stats.HeadToHead) bool, pooled bool) string {
	var with, without []string
	for _, b := range boards {
		if sig(b) && dir(b) == pooled {
			with = append(with, b.Board)
		} else {
			without = append(without, b.Board)
		}
	}
	switch {
	case len(boards) < 2 || len(with) > 1:
		return ""
	case len(with) == 0:
		return fmt.Sprintf(", though on no board alone (%s) does the test support it", strings.Join(without, ", "))
	}
	return fmt.Sprintf(", carried by %s alone: on %s the test does not support it", with[0], strings.Join(without, ", "))
}

// costWords says what a comparison's cost is: "fewer nodes", or "less CPU
// time (no nodes: ...)" where a series has no nodes and CPU time stands
// in for them (stats.CostCPU), which the page says wherever it compares.
func costWords(h stats.HeadToHead) string {
	if h.CostBy == stats.CostCPU {
		return "less CPU time (compared by CPU time: an external solver of the pair reports no nodes; " + cpuTie + ")"
	}
	return "fewer nodes"
}

// cpuTie says where a comparison by CPU time sees a tie
// (runs.CPUResolution).
var cpuTie = fmt.Sprintf("two runs less than %v apart tie, as the clock does not tell them apart", time.Duration(runs.CPUResolution))

// neitherFound reports whether neither series of a pair found a tour in
// any of its paired runs.
func neitherFound(h stats.HeadToHead) bool { return h.AFound+h.BFound == 0 }

// unknownCost says which pairs a comparison's cost leaves out, and why:
// none, some (runs without CPU time), or all (no cost to compare).
func unknownCost(h stats.HeadToHead) string {
	switch {
	case h.CostUnknown == 0:
		return ""
	case h.CostMixed:
		return " No cost comparison over all their boards: they compare by nodes on some boards and by CPU time, or by nothing, on others."
	case h.CostBy == stats.CostNone:
		verb := "records"
		if len(h.CostLacking) > 1 {
			verb = "record"
		}
		return fmt.Sprintf(" No cost comparison: a series of the pair records no nodes, so the pair would compare by CPU time, which %s %s on no run (cpu_ns empty, or a file without the column).", words.List(h.CostLacking), verb)
	}
	return fmt.Sprintf(" The CPU-time comparisons leave out %s where a run has no CPU time (cpu_ns empty): an unknown time is not taken as 0.", words.Count(h.CostUnknown, "pair"))
}

// either names series B of a pair if b, else series A.
func either(h stats.HeadToHead, b bool) string {
	if b {
		return h.LabelB
	}
	return h.LabelA
}

// verdicts says in words what the comparisons over all boards (or, for
// series that share one board, on it) support, after Holm's adjustment.
func verdicts(hs []stats.HeadToHead) []verdict {
	pooled := map[[2]string]bool{}
	byBoard := map[[2]string][]stats.HeadToHead{}
	for _, h := range hs {
		k := [2]string{h.LabelA, h.LabelB}
		if h.Pooled {
			pooled[k] = true
		} else {
			byBoard[k] = append(byBoard[k], h)
		}
	}
	var out []verdict
	for _, h := range hs {
		if !h.Pooled && pooled[[2]string{h.LabelA, h.LabelB}] {
			continue
		}
		where := "over all their boards"
		var boards []stats.HeadToHead
		if !h.Pooled {
			where = "on " + h.Board
		} else {
			boards = byBoard[[2]string{h.LabelA, h.LabelB}]
		}
		v := fmt.Sprintf("%s against %s %s, %d paired runs: ", h.LabelA, h.LabelB, where, h.Pairs)
		v += successVerdict(h)
		cost, differ := "nodes", "nodes differ"
		if h.CostBy == stats.CostCPU {
			cost, differ = "CPU time (an external solver of the pair reports no nodes)", "CPU times differ"
		}
		v += unknownCost(h)
		v += costVerdict(h, boards, cost, differ)
		v += orderVerdict(h, boards, cost)
		out = append(out, verdict{Lead: lead(h, where, boards), Detail: v})
	}
	return out
}

// successVerdict says which of the pair h finds more tours, and whether
// the test supports it.
func successVerdict(h stats.HeadToHead) string {
	v := ""
	if !neitherFound(h) {
		v += fmt.Sprintf("only %s found a tour in %d, only %s in %d", h.LabelA, h.AOnly, h.LabelB, h.BOnly)
	}
	switch {
	case neitherFound(h) && h.BothCensored == h.Pairs:
		v += "neither found a tour in any: a budget stopped every run of both, so these runs show neither which finds more tours nor which needs less to one."
	case neitherFound(h):
		v += "neither found a tour in any."
	case h.AOnly+h.BOnly == 0:
		v += "; they found tours from the same runs."
	case h.Significant():
		v += fmt.Sprintf(": %s succeeds more often (exact McNemar test, %s after Holm's adjustment).", either(h, h.BOnly > h.AOnly), format.P(float64(h.McNemarHolm)))
	default:
		v += fmt.Sprintf(": no difference in success that the data support (%s after Holm's adjustment).", format.P(float64(h.McNemarHolm)))
	}
	return v
}

// costVerdict says, over the pairs of h where both found a tour, how much
// more one needs of cost (nodes, or CPU time; differ says they differ),
// and whether the signed-rank test supports it, on boards too where h
// pools them.
func costVerdict(h stats.HeadToHead, boards []stats.HeadToHead, cost, differ string) string {
	v := ""
	if h.CostPairs > 0 {
		v += fmt.Sprintf(" Where both found one (%s), %s's %s over %s's: median ratio %s",
			words.Count(h.CostPairs, "pair"), h.LabelB, cost, h.LabelA, plainRatio(h.CostRatioMedian))
		switch {
		case h.CostTied == h.CostPairs:
			v += " (every pair ties: no shift to estimate)"
		case 2*h.CostTied >= h.CostPairs:
			// The estimate rests on the pairs that differ alone: from
			// 1 of 13 it describes that one, not the pairs.
			v += fmt.Sprintf(" (%d of the %d tie: no Hodges–Lehmann estimate, which would rest on the other %d alone)", h.CostTied, h.CostPairs, h.CostPairs-h.CostTied)
		default:
			v += fmt.Sprintf(", Hodges–Lehmann estimate %s (the shift the signed-rank test measures)", plainRatio(h.CostRatioHL))
			if h.CostTied > 0 {
				// The estimate and the test leave tied pairs out: an
				// estimate from 78 pairs of 900 is not the pair's effect.
				v += fmt.Sprintf(" (from the %s whose %s, as the signed-rank test; %d of the %d tie)",
					words.Count(h.CostPairs-h.CostTied, "pair"), differ, h.CostTied, h.CostPairs)
			}
		}
		// The direction is the test's, which the Hodges–Lehmann
		// estimate shares; the median ratio may lie on the other side.
		switch {
		case h.CostBy == stats.CostCPU && h.Unlike():
			v += fmt.Sprintf("; measured differently (%s), so no verdict rests on it (signed-rank test %s after Holm).", measuredText(h), format.P(float64(h.CostHolm)))
		case h.CostSignificant():
			more := "more"
			if h.CostRatioHL < 1 {
				more = "fewer"
			}
			v += fmt.Sprintf("; the signed-rank test supports that %s needs %s %s (%s after Holm)%s.", h.LabelB, more, strings.Fields(cost)[0], format.P(float64(h.CostHolm)),
				carried(boards, stats.HeadToHead.CostSignificant, func(b stats.HeadToHead) bool { return b.CostRatioHL < 1 }, h.CostRatioHL < 1))
		default:
			v += fmt.Sprintf("; a difference the signed-rank test does not support (%s after Holm).", format.P(float64(h.CostHolm)))
		}
	}
	return v
}

// orderVerdict says which of the pair h needs less cost to a tour more
// often, and whether the sign test supports it, on boards too where h
// pools them.
func orderVerdict(h stats.HeadToHead, boards []stats.HeadToHead, cost string) string {
	v := ""
	if ordered := h.CostALess + h.CostBLess; ordered > 0 {
		less := "fewer"
		if h.CostBy == stats.CostCPU {
			less = "less"
		}
		v += fmt.Sprintf(" %s%s to a tour (a run stopped by its budget needing more than it used, one that failed for good never finding one): %s needed %s in %d, %s in %d, and %d pairs tied or have no known order",
			strings.ToUpper(cost[:1]), cost[1:], h.LabelA, less, h.CostALess, h.LabelB, h.CostBLess, h.Pairs-h.CostUnknown-ordered)
		switch {
		case h.CostBy == stats.CostCPU && h.Unlike():
			v += fmt.Sprintf("; measured differently (%s), so no verdict rests on it (exact sign test %s after Holm).", measuredText(h), format.P(float64(h.CostOrderHolm)))
		case h.CostOrderSignificant():
			v += fmt.Sprintf("; %s needs %s more often (exact sign test, %s after Holm)%s.", either(h, h.CostBLess > h.CostALess), less, format.P(float64(h.CostOrderHolm)),
				carried(boards, stats.HeadToHead.CostOrderSignificant, func(b stats.HeadToHead) bool { return b.CostBLess > b.CostALess }, h.CostBLess > h.CostALess))
		default:
			v += fmt.Sprintf("; a difference the sign test does not support (%s after Holm).", format.P(float64(h.CostOrderHolm)))
		}
	}
	return v
}

// hlText writes a Hodges–Lehmann estimate of a ratio for the head-to-head
// table, or why it is left out: it rests on the pairs that do not tie, and
// where half of them or more tie (12 of 13 on 5x5, say) it describes the
// few that differ, not the pairs (whose median ratio is then 1).
func hlText(hl stats.Float, tied, pairs int) string {
	switch {
	case pairs == 0:
		return ""
	case 2*tied >= pairs:
		return fmt.Sprintf("no HL: %d of %d tie", tied, pairs)
	}
	return "HL " + format.Ratio(float64(hl))
}

// plainRatio writes a ratio without its multiplication sign.
func plainRatio(r stats.Float) string { return strings.TrimPrefix(format.Ratio(float64(r)), "×") }

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

// atLeast writes a figure, after "≥ " when it is a lower bound.
func atLeast(v stats.Float, censored bool, format func(float64) string) string {
	if censored {
		return "≥ " + format(float64(v))
	}
	return format(float64(v))
}

func (p *page) write(w io.Writer) error { return pageTemplate().Execute(w, p) }

// backing says what theory's verdicts on a board's starts rest on:
// "theorem 20, count 20", "none" where it settles none.
func backing(e stats.Existence) string {
	var parts []string
	for _, k := range []struct {
		n    int
		name string
	}{{e.ByTheorem, "theorem"}, {e.ByCount, "count"}, {e.ByCertificate, "certificate"}} {
		if k.n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k.name, k.n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

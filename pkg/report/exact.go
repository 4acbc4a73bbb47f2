package report

import (
	"cmp"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"knightsweep/internal/input"
	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/chart"
	"knightsweep/pkg/exact"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/stats"
)

// The exact section: where a sweep ran trials of a randomised greedy rule
// (warnsdorff -tiebreak random), the exact probability of a tour from each
// start (package exact) stands beside the sampled rate, and the sampled
// rate's Wilson interval must cover it.

//go:embed exact.html.tmpl
var exactSource string

// ExactCache is the file beside the report where report -exact keeps the
// probabilities it computed, in the format of experiment exact -out.
const ExactCache = "exact.csv"

// MaxExactComputed is the largest board whose probabilities report -exact
// computes itself (each start well under a second); larger boards' come
// from experiment exact -out, read with Options.ExactFrom.
const MaxExactComputed = exact.MaxExactSquares

// exactSection is what the page shows of the exact probabilities.
type exactSection struct {
	Source string
	// Checks counts the comparisons, Level the confidence of each
	// interval that decides an oddity (Bonferroni: 1-stats.Alpha/Checks,
	// a family-wise error rate of stats.Alpha), Missed95
	// the sampled rates outside their plain 95% interval, which chance
	// alone makes about one in twenty.
	Checks, Missed95, Oddities int
	Level                      string
	Rows                       []exactRow
	Notes                      []string
	Maps                       []exactMap
}

type exactRow struct {
	Board, Start, Series string
	Found, Attempts      int
	Rate                 string
	Lo95, Hi95           string
	Lo, Hi               string
	Exact                string
	Fraction             string
	Verdict              string
	Odd                  bool
}

type exactMap struct {
	board  board.Board
	labels []string
	probs  [][]float64
	Map    figureSlot
}

// exactRule returns the exact rule a group's runs sample, if any.
func exactRule(g *stats.Group) (exact.Rule, bool) {
	if g.Key.Strategy != "warnsdorff" {
		return 0, false
	}
	r, err := exact.ParseRule(g.Key.Tiebreak)
	if err != nil || !r.Randomised() || r.Sampled() == "" {
		return 0, false
	}
	return r, true
}

// exactGroup is a group that samples an exact rule, with the rule.
type exactGroup struct {
	*stats.Group
	rule exact.Rule
}

// key is the exact probability's key for the group's runs from sq.
func (g exactGroup) key(sq board.Square) exact.Key {
	return exact.Key{Board: g.Board(), Start: sq, Closed: g.Key.Closed, Rule: g.rule.String()}
}

// exactChecks builds the section: it reads opt.ExactFrom, or with
// opt.Exact computes what dir's cache lacks (boards up to
// MaxExactComputed squares) and saves it there (fill), compares each
// sampled start with its exact probability (compare), and lays out a map
// a board (maps). Oddities join res.Warnings. Bad input files are
// input.Errors.
func exactChecks(ctx context.Context, res *stats.Results, opt Options, dir string) (*exactSection, error) {
	sec := &exactSection{}
	var groups []exactGroup
	for _, g := range res.Groups {
		if rule, ok := exactRule(g); ok {
			groups = append(groups, exactGroup{g, rule})
		}
	}
	rows, cache, err := readExact(opt, dir)
	if err != nil {
		return nil, &input.Error{Err: err}
	}
	sec.Source = opt.ExactFrom
	if len(groups) == 0 {
		// Nothing is computed, so nothing is kept, and the page names no
		// exact.csv that does not exist.
		if cache != "" {
			sec.Source = "none computed"
		}
		sec.Notes = append(sec.Notes, "no series samples a randomised greedy rule (warnsdorff -tiebreak random): nothing to compare")
		return sec, nil
	}
	have := map[exact.Key]exact.Row{}
	for _, r := range rows {
		have[r.Key()] = r
	}
	if cache != "" {
		sec.Source = "computed by the report (experiment exact), kept in " + cache
		if err := sec.fill(ctx, groups, rows, have, cache); err != nil {
			return nil, err
		}
	}
	if sec.compare(res, groups, have, opt.ExactFrom != "") {
		sec.maps(groups, have)
	}
	return sec, nil
}

// fill computes the probabilities of every start of the groups' boards
// that have lacks (boards up to MaxExactComputed squares; larger ones get
// a note), adds them to have and keeps rows and them in cache.
func (sec *exactSection) fill(ctx context.Context, groups []exactGroup, rows []exact.Row, have map[exact.Key]exact.Row, cache string) error {
	added := false
	// The boards too large to compute, and the starts their runs cover,
	// each tour kind apart: the advice names them.
	type tooLarge struct {
		b      board.Board
		closed bool
	}
	skipped := map[tooLarge]map[board.Square]bool{}
	for _, g := range groups {
		b := g.Board()
		// Every start of the board, not only those sampled, for
		// its map (all of 8x8's take under a second).
		var starts []board.Square
		for i := range b.Squares() {
			r, c := b.RowCol(i)
			sq := board.Square{Row: r, Col: c}
			if _, ok := have[g.key(sq)]; !ok {
				starts = append(starts, sq)
			}
		}
		if len(starts) == 0 {
			continue
		}
		if b.Squares() > MaxExactComputed {
			k := tooLarge{b, g.Key.Closed}
			if skipped[k] == nil {
				skipped[k] = map[board.Square]bool{}
			}
			for _, st := range g.PerStart() {
				skipped[k][board.Square{Row: st.Row, Col: st.Col}] = true
			}
			continue
		}
		err := exact.Run(ctx, exact.Tasks(b, starts, g.rule), exact.Options{Rule: g.rule, Closed: g.Key.Closed},
			func(t exact.Task, r exact.Result) error {
				for _, sq := range t.Members {
					row := exact.NewRow(r, sq)
					rows = append(rows, row)
					have[row.Key()] = row
				}
				added = true
				return nil
			})
		if err != nil {
			return err
		}
	}
	for k, starts := range skipped {
		sec.Notes = append(sec.Notes, fmt.Sprintf("%v: more than %d squares, not computed by the report: run %s and give -exact-from FILE", k.b, MaxExactComputed, exactCommand(k.b, k.closed, starts)))
	}
	slices.Sort(sec.Notes)
	if added {
		// A cache that cannot be written costs the next report the
		// computing again, not this report.
		if err := exact.WriteCSV(cache, rows); err != nil {
			sec.Notes = append(sec.Notes, fmt.Sprintf("the exact probabilities could not be kept for the next report: %v", err))
		}
	}
	return nil
}

// exactCommand is the experiment exact command that computes the
// probabilities of starts on b: -starts all, corners or solvable where
// starts are just those, else the squares listed (exact's default is the
// corners alone).
func exactCommand(b board.Board, closed bool, starts map[board.Square]bool) string {
	arg := ""
	for _, name := range []string{"all", "corners", "solvable"} {
		st, err := plan.ParseStarts(name)
		if err != nil {
			continue
		}
		set := st.On(b, closed)
		same := set.Len() == len(starts)
		for sq := range starts {
			if _, ok := set.Position(sq); !ok {
				same = false
				break
			}
		}
		if same {
			arg = name
			break
		}
	}
	if arg == "" {
		var list []board.Square
		for sq := range starts {
			list = append(list, sq)
		}
		slices.SortFunc(list, func(x, y board.Square) int {
			return cmp.Or(cmp.Compare(x.Row, y.Row), cmp.Compare(x.Col, y.Col))
		})
		parts := make([]string, len(list))
		for i, sq := range list {
			parts[i] = sq.String()
		}
		arg = `"` + strings.Join(parts, ";") + `"`
	}
	kind := ""
	if closed {
		kind = " -closed"
	}
	return fmt.Sprintf("experiment exact -sizes %v -starts %s%s -out FILE", b, arg, kind)
}

// compare sets each sampled start's rate beside its exact probability,
// and reports whether there was any to compare. A start sampled without a
// probability is missing where one was to be had (from -exact-from, or a
// board the report computes).
func (sec *exactSection) compare(res *stats.Results, groups []exactGroup, have map[exact.Key]exact.Row, from bool) bool {
	type cmp struct {
		g    exactGroup
		st   stats.Start
		p    float64
		frac string
	}
	var cmps []cmp
	missing := 0
	// A run stopped by a budget is censored: it is no failure of the
	// rule, and counting it as one would name the solver defective
	// (-max-nodes 40 on 8x8: 0 of 3000, an oddity). A start with such
	// runs is not compared.
	censored, censoredStarts := 0, 0
	for _, g := range groups {
		b := g.Board()
		for _, st := range g.PerStart() {
			r, ok := have[g.key(board.Square{Row: st.Row, Col: st.Col})]
			if !ok || st.Attempts == 0 {
				if !ok && (from || b.Squares() <= MaxExactComputed) {
					missing++
				}
				continue
			}
			if st.Censored > 0 {
				censored += st.Censored
				censoredStarts++
				continue
			}
			cmps = append(cmps, cmp{g, st, r.Probability, r.ProbabilityFraction})
		}
	}
	if missing > 0 {
		sec.Notes = append(sec.Notes, fmt.Sprintf("%d starts sampled have no exact probability in %s", missing, sec.Source))
	}
	if censoredStarts > 0 {
		sec.Notes = append(sec.Notes, fmt.Sprintf("%s not compared: %s stopped by -max-nodes or -timeout before the rule's walk ended, so the sampled rate is not the rule's", words.Count(censoredStarts, "start"), words.Count(censored, "run")))
	}
	sec.Checks = len(cmps)
	if len(cmps) == 0 {
		sec.Notes = append(sec.Notes, "no start of a randomised greedy rule has an exact probability")
		return false
	}
	z := math.Sqrt2 * math.Erfinv(1-stats.Alpha/float64(len(cmps)))
	sec.Level = fmt.Sprintf("%.4g%%", 100*(1-stats.Alpha/float64(len(cmps))))
	for _, c := range cmps {
		iv95 := stats.Wilson(c.st.Found, c.st.Attempts, stats.Z95)
		iv := stats.Wilson(c.st.Found, c.st.Attempts, z)
		row := exactRow{Board: c.g.Board().String(), Start: board.Square{Row: c.st.Row, Col: c.st.Col}.String(), Series: c.g.Series,
			Found: c.st.Found, Attempts: c.st.Attempts, Rate: pct(c.st.Rate()),
			Lo95: pct(iv95.Lo), Hi95: pct(iv95.Hi),
			Lo: pct(iv.Lo), Hi: pct(iv.Hi),
			Exact: fmt.Sprintf("%.6f", c.p), Fraction: c.frac, Verdict: "covered"}
		if c.p < iv95.Lo || c.p > iv95.Hi {
			sec.Missed95++
			row.Verdict = "outside 95%, inside " + sec.Level
		}
		if c.p < iv.Lo || c.p > iv.Hi {
			sec.Oddities++
			row.Odd = true
			row.Verdict = "ODDITY: outside " + sec.Level
			res.Warnings = append(res.Warnings, fmt.Sprintf("exact: %v from %s, %s: %d of %d runs found a tour (%s), but the exact probability %.6f lies outside the %s Wilson interval [%s, %s]: a defect in the solver or the sampler",
				c.g.Board(), row.Start, c.g.Series, c.st.Found, c.st.Attempts, row.Rate, c.p, sec.Level, row.Lo, row.Hi))
		}
		sec.Rows = append(sec.Rows, row)
	}
	return true
}

// maps lays out a map a board: each rule's exact probabilities, as far as
// known.
func (sec *exactSection) maps(groups []exactGroup, have map[exact.Key]exact.Row) {
	byBoard := map[board.Board]*exactMap{}
	var order []board.Board
	for _, g := range groups {
		b := g.Board()
		m := byBoard[b]
		if m == nil {
			m = &exactMap{board: b}
			byBoard[b] = m
			order = append(order, b)
		}
		label := exact.Key{Rule: g.rule.String(), Closed: g.Key.Closed}.RuleText()
		if slices.Contains(m.labels, label) {
			continue
		}
		probs := make([]float64, b.Squares())
		for i := range probs {
			r, c := b.RowCol(i)
			probs[i] = math.NaN()
			if row, ok := have[g.key(board.Square{Row: r, Col: c})]; ok {
				probs[i] = row.Probability
			}
		}
		m.labels = append(m.labels, label)
		m.probs = append(m.probs, probs)
	}
	for _, b := range order {
		sec.Maps = append(sec.Maps, *byBoard[b])
	}
}

// readExact reads the exact probabilities opt names: opt.ExactFrom, or
// else the cache in dir, which need not exist yet (cache is then its
// path). Its errors name the flag, for CheckExact and exactChecks alike.
func readExact(opt Options, dir string) (rows []exact.Row, cache string, err error) {
	if opt.ExactFrom != "" {
		if rows, err = exact.ReadCSV(opt.ExactFrom); err != nil {
			return nil, "", fmt.Errorf("-exact-from: %w", err)
		}
		return rows, "", nil
	}
	cache = filepath.Join(dir, ExactCache)
	rows, err = exact.ReadCSV(cache)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, "", fmt.Errorf("-exact: the cache of exact probabilities: %w (remove it to compute them again)", err)
	}
	return rows, cache, nil
}

// CheckExact refuses, before any work, the exact probabilities that
// GenerateWith would read with opt into dir: a bad file would otherwise be
// refused after series.csv, the charts and headtohead.csv were written.
// Exact and ExactFrom both set are refused too: one would go unused
// without a word.
func CheckExact(opt Options, dir string) error {
	switch {
	case opt.Exact && opt.ExactFrom != "":
		return errors.New("-exact-from: with -exact: give one, -exact to compute the probabilities or -exact-from FILE to read them")
	case !opt.Exact && opt.ExactFrom == "":
		return nil
	}
	_, _, err := readExact(opt, dir)
	return err
}

// figures adds the section's maps to the figures to draw.
func (sec *exactSection) figures(add func(*figureSlot, func() (*figure, error))) {
	if sec == nil {
		return
	}
	for i := range sec.Maps {
		m := &sec.Maps[i]
		add(&m.Map, func() (*figure, error) { return chartFigure(chart.ExactMap(m.board, m.labels, m.probs)) })
	}
}

// pct writes a share as a percentage to 0.01%: the exact probabilities
// differ from the rates in the third digit, which format.Percent
// rounds away.
func pct(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

package stats

import (
	"path/filepath"
	"strings"

	"knightsweep/pkg/board"
)

// Results is everything a Collector found: the groups and what they span.
type Results struct {
	// Inputs names the files read, in order.
	Inputs []string
	// InputRows counts the runs read from each input.
	InputRows []int
	// Rows counts the runs read.
	Rows int
	// Groups are sorted by series, then by board (squares, then rows).
	Groups []*Group
	// Series lists the distinct series, in the order of Groups.
	Series []Series
	// Boards lists the distinct boards, smallest first.
	Boards []board.Board
	// Tours holds at most one found run per board, to picture its tour.
	Tours []TourSample
	// Warnings describe oddities in the data that do not stop a report:
	// found runs not marked verified, found runs where theory says no tour
	// exists, rows that disagree on whether a start is solvable.
	Warnings []string
}

// Series is one line in a chart against board size.
type Series struct {
	Key   SeriesKey
	Label string
}

// Group returns the group of series s on board b, or nil.
func (r *Results) Group(s SeriesKey, b board.Board) *Group {
	for _, g := range r.Groups {
		if g.Key.SeriesKey == s && g.Key.Rows == b.Rows && g.Key.Cols == b.Cols {
			return g
		}
	}
	return nil
}

// SeriesGroups returns the groups of series s, smallest board first.
func (r *Results) SeriesGroups(s SeriesKey) []*Group {
	var out []*Group
	for _, g := range r.Groups {
		if g.Key.SeriesKey == s {
			out = append(out, g)
		}
	}
	return out
}

// BoardGroups returns the groups on board b, in series order.
func (r *Results) BoardGroups(b board.Board) []*Group {
	var out []*Group
	for _, g := range r.Groups {
		if g.Key.Rows == b.Rows && g.Key.Cols == b.Cols {
			out = append(out, g)
		}
	}
	return out
}

// Summaries returns every group's Summary, in the order of Groups: the rows
// of summary.csv.
func (r *Results) Summaries() []Summary {
	out := make([]Summary, len(r.Groups))
	for i, g := range r.Groups {
		out[i] = g.Summary
	}
	return out
}

// seriesLabels names each series by its strategy and, where they tell
// series apart or differ from the default, its other settings.
func seriesLabels(keys []GroupKey, sources []string) map[SeriesKey]string {
	tiebreaks := map[string]map[string]bool{}
	orders := map[string]bool{}
	for _, k := range keys {
		if tiebreaks[k.Strategy] == nil {
			tiebreaks[k.Strategy] = map[string]bool{}
		}
		tiebreaks[k.Strategy][k.Tiebreak] = true
		orders[k.Order] = true
	}
	short := shortNames(sources)
	labels := map[SeriesKey]string{}
	for _, k := range keys {
		s := k.SeriesKey
		if _, ok := labels[s]; ok {
			continue
		}
		var b strings.Builder
		b.WriteString(s.Strategy)
		if s.Tiebreak != "first" || len(tiebreaks[s.Strategy]) > 1 {
			b.WriteString("/" + s.Tiebreak)
		}
		if len(orders) > 1 {
			b.WriteString(", order " + orderLabel(s.Order))
		}
		if s.Prune {
			b.WriteString(", prune")
		}
		if s.Closed {
			b.WriteString(", closed")
		}
		if s.Source != "" {
			b.WriteString(" [" + short[s.Source] + "]")
		}
		labels[s] = b.String()
	}
	return labels
}

// orderLabel writes an order in the literature's digits, shorter than
// offsets.
func orderLabel(s string) string {
	if s == "" {
		return "(none)"
	}
	o, err := board.ParseOrder(s)
	if err != nil {
		return s
	}
	return o.Digits()
}

// shortNames names each file by its directory when files are all called
// runs.csv (results/a/runs.csv -> a), else by its base name; full paths when
// those collide.
func shortNames(paths []string) map[string]string {
	out := map[string]string{}
	used := map[string]int{}
	for _, p := range paths {
		s := filepath.Base(p)
		if s == "runs.csv" {
			s = filepath.Base(filepath.Dir(p))
		}
		out[p] = s
		used[s]++
	}
	for p, s := range out {
		if used[s] > 1 {
			out[p] = p
		}
	}
	return out
}

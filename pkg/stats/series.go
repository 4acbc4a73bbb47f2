package stats

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/strategies"
)

// SeriesKey is what a series ran: everything that decides its runs but the
// board and start. Runs that differ in any of it never share a series:
// another tie-break rule, move order, pruning, tour kind or budget is
// another experiment.
type SeriesKey struct {
	Strategy string
	Tiebreak string
	Closed   bool
	// Order is the move order in offset notation, as board.Order.String
	// writes it (or the file's text, when it is not an order).
	Order string
	Prune bool
	// MaxNodes and TimeoutNS are the runs' budgets; 0 is none.
	MaxNodes  int64
	TimeoutNS int64
	// Restarts is the restart policy, as runs.csv's restart_policy writes
	// it; "none" for runs without restarts (and for files older than the
	// column).
	Restarts string
	// Source is the input file, set only with Options.BySource.
	Source string
}

// GroupKey identifies a group: one series on one board.
type GroupKey struct {
	SeriesKey
	Rows, Cols int
}

// Board returns the group's board.
func (k GroupKey) Board() board.Board { return board.Board{Rows: k.Rows, Cols: k.Cols} }

// Series is one line in a chart against board size, one row of the
// answer table.
type Series struct {
	Key SeriesKey
	// Label names the series as one word a sentence can hold: no commas,
	// no spaces (see label). Legacy is the name reports gave it before,
	// with commas ("dfs, order random, restarts fixed:49"), kept in the
	// CSV tables' series columns for the scripts that read them.
	Label, Legacy string
	// Look says how every chart draws the series: Strategy picks the colour
	// and marker (a built-in strategy's place in package strategies, so it
	// looks the same in every report; see lookPlaces for external solvers),
	// Variant the dashes among the series of one strategy (tie-break rules,
	// budgets).
	Look Look
}

// Look is how charts draw a series.
type Look struct {
	Strategy, Variant int
}

func compareSeries(a, b SeriesKey) int {
	return cmp.Or(
		compareBool(a.Closed, b.Closed),
		cmp.Compare(strategies.Rank(a.Strategy), strategies.Rank(b.Strategy)),
		cmp.Compare(a.Strategy, b.Strategy),
		cmp.Compare(strategies.TiebreakRank(a.Tiebreak), strategies.TiebreakRank(b.Tiebreak)),
		cmp.Compare(a.Tiebreak, b.Tiebreak),
		cmp.Compare(a.Order, b.Order),
		compareBool(a.Prune, b.Prune),
		cmp.Compare(a.MaxNodes, b.MaxNodes),
		cmp.Compare(a.TimeoutNS, b.TimeoutNS),
		compareBool(a.Restarts != runs.NoRestarts, b.Restarts != runs.NoRestarts),
		cmp.Compare(a.Restarts, b.Restarts),
		cmp.Compare(a.Source, b.Source),
	)
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// lookPlaces gives each strategy of keys (sorted) its place in the charts'
// palette: a built-in strategy its place in package strategies; an external
// solver, which has none, the first place that no other strategy of keys
// holds: those of the built-in strategies the data do not hold, then those
// past them, so that users' solvers beside each other are told apart: one
// place for every external solver would draw them in one colour, marker
// and line.
func lookPlaces(keys []SeriesKey) map[string]int {
	places := map[string]int{}
	taken := map[int]bool{}
	for _, k := range keys {
		if r := strategies.Rank(k.Strategy); r < len(strategies.Builtin) {
			places[k.Strategy], taken[r] = r, true
		}
	}
	next := 0
	for _, k := range keys {
		if _, ok := places[k.Strategy]; ok {
			continue
		}
		for taken[next] {
			next++
		}
		places[k.Strategy], taken[next] = next, true
	}
	return places
}

// seriesOf returns the distinct series of keys, sorted, labelled and given
// their looks.
func seriesOf(keys []SeriesKey, sources []string) []Series {
	keys = slices.Clone(keys)
	slices.SortFunc(keys, compareSeries)
	keys = slices.Compact(keys)
	tiebreaks := map[string]map[string]bool{}
	orders, budgets := map[string]bool{}, map[[2]int64]bool{}
	for _, k := range keys {
		if tiebreaks[k.Strategy] == nil {
			tiebreaks[k.Strategy] = map[string]bool{}
		}
		tiebreaks[k.Strategy][k.Tiebreak] = true
		if k.Order != strategies.OrderRandom { // named in its own series' label
			orders[k.Order] = true
		}
		budgets[[2]int64{k.MaxNodes, k.TimeoutNS}] = true
	}
	short := shortNames(sources)
	places := lookPlaces(keys)
	variants := map[string]int{}
	out := make([]Series, len(keys))
	for i, k := range keys {
		var b strings.Builder
		b.WriteString(k.Strategy)
		if k.Tiebreak != strategies.TieFirst || len(tiebreaks[k.Strategy]) > 1 {
			b.WriteString("/" + k.Tiebreak)
		}
		if len(orders) > 1 || k.Order == strategies.OrderRandom {
			b.WriteString(", order " + orderLabel(k.Order))
		}
		if k.Prune {
			b.WriteString(", prune")
		}
		if k.Closed {
			b.WriteString(", closed")
		}
		if len(budgets) > 1 {
			b.WriteString(", " + BudgetLabel(k.MaxNodes, k.TimeoutNS))
		}
		if k.Restarts != runs.NoRestarts {
			b.WriteString(", restarts " + k.Restarts)
		}
		if k.Source != "" {
			b.WriteString(" [" + short[k.Source] + "]")
		}
		out[i] = Series{Key: k, Label: label(k, len(tiebreaks[k.Strategy]) > 1, len(orders) > 1, len(budgets) > 1, short[k.Source]),
			Legacy: b.String(), Look: Look{Strategy: places[k.Strategy], Variant: variants[k.Strategy]}}
		variants[k.Strategy]++
	}
	return out
}

// label names a series in one word: the strategy; "/" and its tie-break
// rule when it is not the default or the strategy ran several; "/random"
// for a random move order, "/order:" and the order's digits when the data
// holds several orders; "+prune" and "+closed"; "@" and the budget when the
// data holds several ("@100k", "@30s", "@1M|1m0s", "@none"); "+" and the
// restart policy, its comma a "*" ("+fixed:49", "+geometric:100*2"); the
// file in brackets with -by-file ("[a]"). So "dfs/random+fixed:49" is dfs
// with a random move order restarted every 49 nodes, a name that reads as
// one inside a sentence, where "dfs, order random, restarts fixed:49's
// nodes" does not.
func label(k SeriesKey, tiebreaks, orders, budgets bool, source string) string {
	var b strings.Builder
	b.WriteString(k.Strategy)
	if k.Tiebreak != strategies.TieFirst || tiebreaks {
		b.WriteString("/" + k.Tiebreak)
	}
	switch {
	case k.Order == strategies.OrderRandom:
		b.WriteString("/random")
	case orders:
		b.WriteString("/order:" + strings.ReplaceAll(orderLabel(k.Order), " ", ""))
	}
	if k.Prune {
		b.WriteString("+prune")
	}
	if k.Closed {
		b.WriteString("+closed")
	}
	if budgets {
		b.WriteString("@" + shortBudget(k.MaxNodes, k.TimeoutNS))
	}
	if k.Restarts != runs.NoRestarts {
		b.WriteString("+" + strings.ReplaceAll(k.Restarts, ",", "*"))
	}
	if source != "" {
		b.WriteString("[" + source + "]")
	}
	return b.String()
}

// shortBudget writes a budget without spaces: "100k", "30s", "1M|1m0s",
// "none".
func shortBudget(maxNodes, timeoutNS int64) string {
	var parts []string
	if maxNodes > 0 {
		parts = append(parts, format.Count(float64(maxNodes)))
	}
	if timeoutNS > 0 {
		parts = append(parts, time.Duration(timeoutNS).String())
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "|")
}

// BudgetLabel names a series' budget: "100k nodes", "30s", "1M nodes or
// 1m0s", "no budget".
func BudgetLabel(maxNodes, timeoutNS int64) string {
	var parts []string
	if maxNodes > 0 {
		parts = append(parts, format.Count(float64(maxNodes))+" nodes")
	}
	if timeoutNS > 0 {
		parts = append(parts, time.Duration(timeoutNS).String())
	}
	if len(parts) == 0 {
		return "no budget"
	}
	return strings.Join(parts, " or ")
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
// those collide. The rows of Collector.Add come from no file (""): they
// have no name, where filepath.Base made it "." ("r[.]").
func shortNames(paths []string) map[string]string {
	out := map[string]string{}
	used := map[string]int{}
	for _, p := range paths {
		if p == "" {
			continue
		}
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

// Who names a strategy and, when it is not the default rule, its tie-break
// rule: "warnsdorff/random".
func Who(strategy, tiebreak string) string {
	if tiebreak != "" && tiebreak != strategies.TieFirst {
		return strategy + "/" + tiebreak
	}
	return strategy
}

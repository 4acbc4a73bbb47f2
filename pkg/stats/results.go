package stats

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"runtime"
	"runtime/debug"
	"slices"

	"golang.org/x/sync/errgroup"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
)

// Results is everything a Collector found: the groups and what they span.
type Results struct {
	// Inputs names the files read, in order; InputRows counts the runs read
	// from each.
	Inputs    []string
	InputRows []int
	// Rows counts the runs read.
	Rows int
	// Groups are sorted by series, then by board (squares, then rows).
	Groups []*Group
	// Series lists the distinct series, in the order of Groups.
	Series []Series
	// Boards lists the distinct boards, smallest first.
	Boards []board.Board
	// Existence says, board by board, on what the starts with a tour rest.
	Existence []Existence
	// Totals holds each series' figures over all boards: the answer.
	Totals []Total
	// Tours holds at most one found run per board, to picture its tour.
	Tours []TourSample
	// Warnings describe oddities in the data that do not stop a report:
	// found runs not marked verified, runs that ended in error, false
	// claims of no tour, rows cut short by a crash. (A found run where
	// theory says no tour starts is refused: runs.Row.CheckVerdict.)
	Warnings []string

	pairs []HeadToHead // computed once, by Compare
}

// Group is the runs of one series on one board, summarised.
type Group struct {
	Key GroupKey
	// Series is the label of the group's series (Series.Label).
	Series string
	Summary
	// Sources lists the input files that contributed runs.
	Sources []string
	// RunLengths are the measures of the whole distribution of run
	// lengths; nil for groups with fewer than MinRuns runs from starts
	// that have a tour.
	RunLengths *RunLengths
	// samples are the runs, sorted by start, then trial.
	samples []sample
	// witnessed holds the starts on the group's board from which some run
	// of the data found a tour of the group's kind.
	witnessed squares
	// tourCensored counts the runs from starts with a tour (those of
	// TourAttempts) that a budget stopped.
	tourCensored int
}

// squares is a sorted set of square indices: four bytes a square, where
// a map would take forty, for the million starts of a large sweep.
type squares []int32

func (s squares) has(sq int32) bool {
	_, ok := slices.BinarySearch(s, sq)
	return ok
}

// union returns the squares in a or b.
func union(a, b squares) squares {
	out := make(squares, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case a[0] > b[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// starts returns the distinct starts of sorted samples for which keep is
// true.
func starts(samples []sample, keep func(sample) bool) squares {
	var out squares
	for _, s := range samples {
		if keep(s) && (len(out) == 0 || out[len(out)-1] != s.start) {
			out = append(out, s.start)
		}
	}
	return out
}

// eachStart calls fn for each start square the group ran, in order, with
// what the square's runs did (all but the medians) and the runs.
func (g *Group) eachStart(fn func(st *Start, runs []sample)) {
	k := g.Key
	var st Start // one for every square: a Start each would escape to the heap
	for i := 0; i < len(g.samples); {
		sq := g.samples[i].start
		j := i + 1
		for j < len(g.samples) && g.samples[j].start == sq {
			j++
		}
		row, col := k.Board().RowCol(int(sq))
		st = Start{Row: row, Col: col, Theory: theory.From(k.Rows, k.Cols, row, col, k.Closed), Witnessed: g.witnessed.has(sq)}
		st.HasTour = st.Theory == theory.Yes || st.Theory == theory.Unknown && st.Witnessed
		for _, smp := range g.samples[i:j] {
			st.Attempts++
			if smp.found() {
				st.Found++
			}
			if smp.censored() {
				st.Censored++
			}
		}
		fn(&st, g.samples[i:j])
		i = j
	}
}

// PerStart returns one entry per start square run, by row then column: the
// per-start grid. It is worked out on each call, from the runs: a sweep of
// large boards has a million starts, and only the pictures of small boards
// ask for them.
func (g *Group) PerStart() []Start {
	var out []Start
	var nodes, times []obs
	g.eachStart(func(st *Start, runs []sample) {
		if len(runs) == 1 {
			// The median of one run is the run (describe's answer, without
			// its sorting).
			cens := runs[0].censored()
			st.Nodes, st.TimeNS = Bound{Value: float64(runs[0].nodes), Censored: cens}, Bound{Value: float64(runs[0].time), Censored: cens}
			out = append(out, *st)
			return
		}
		nodes, times = nodes[:0], times[:0]
		for _, smp := range runs {
			cens := smp.censored()
			nodes, times = append(nodes, obs{smp.nodes, cens}), append(times, obs{smp.time, cens})
		}
		st.Nodes, st.TimeNS = describe(nodes).Median, describe(times).Median
		out = append(out, *st)
	})
	return out
}

// Board returns the group's board.
func (g *Group) Board() board.Board { return g.Key.Board() }

// Start is what a group's runs did from one start square.
type Start struct {
	Row, Col int
	Attempts int
	Found    int
	// Censored counts the attempts stopped by a budget (-max-nodes,
	// -timeout): they neither found a tour nor showed there was none.
	Censored int
	// Theory is theory's answer for the square (package theory, as of this
	// report); Witnessed is true when some run in the data, of any series,
	// found a tour from it. HasTour is Theory Yes, or Unknown with a
	// witness: the starts a strategy can fairly be blamed for.
	Theory    theory.Answer
	Witnessed bool
	HasTour   bool
	// Nodes and TimeNS are the medians over the square's attempts.
	Nodes  Bound
	TimeNS Bound
}

// Rate returns the share of attempts from the square that found a tour.
func (s Start) Rate() float64 { return Rate(s.Found, s.Attempts) }

// Existence is what the starts run on one board, for one tour kind, rest
// on: theory's Yes, its No, and, where it says nothing, witnesses (a run
// that found a tour) or nothing at all.
type Existence struct {
	Board  board.Board
	Closed bool
	// Starts counts the distinct start squares run; the others split them.
	Starts, TheoryYes, TheoryNo, Witnessed, Unsettled int
	// ByTheorem, ByCount and ByCertificate split TheoryYes + TheoryNo by
	// what theory's verdict rests on (theory.Settle).
	ByTheorem, ByCount, ByCertificate int
}

// witnessKey is a board and tour kind.
type witnessKey struct {
	b      board.Board
	closed bool
}

// Finish computes every group's figures. It returns ErrNoRuns if no row
// was read, and an error naming the line if a job was read twice.
func (c *Collector) Finish() (*Results, error) {
	if c.rows == 0 {
		return nil, ErrNoRuns
	}
	res := &Results{Inputs: slices.Clone(c.sources), InputRows: slices.Clone(c.perFile), Rows: c.rows}
	keys := slices.Collect(maps.Keys(c.groups))
	slices.SortFunc(keys, func(a, b GroupKey) int {
		return cmp.Or(compareSeries(a.SeriesKey, b.SeriesKey), board.Compare(a.Board(), b.Board()))
	})
	var seriesKeys []SeriesKey
	for _, k := range keys {
		seriesKeys = append(seriesKeys, k.SeriesKey)
	}
	res.Series = seriesOf(seriesKeys, c.sources)
	labels := map[SeriesKey]Series{}
	for _, s := range res.Series {
		labels[s.Key] = s
	}

	// Sort each group's runs and refuse a job read twice; collect the
	// witnesses (starts from which some run found a tour) and the starts
	// run, by board and tour kind.
	witnesses := map[witnessKey]squares{}
	run := map[witnessKey]squares{}
	for _, k := range keys {
		a := c.groups[k]
		a.join()
		slices.SortFunc(a.samples, func(x, y sample) int {
			return cmp.Or(cmp.Compare(x.start, y.start), cmp.Compare(x.trial, y.trial), cmp.Compare(x.src, y.src), cmp.Compare(x.line, y.line))
		})
		for i := 1; i < len(a.samples); i++ {
			if x, y := a.samples[i-1], a.samples[i]; x.start == y.start && x.trial == y.trial {
				return nil, c.duplicate(k, x, y)
			}
		}
		wk := witnessKey{k.Board(), k.Closed}
		witnesses[wk] = union(witnesses[wk], starts(a.samples, sample.found))
		run[wk] = union(run[wk], starts(a.samples, func(sample) bool { return true }))
	}

	boards := map[board.Board]bool{}
	for _, k := range keys {
		a := c.groups[k]
		g := finishGroup(k, a, witnesses[witnessKey{k.Board(), k.Closed}])
		g.Series = labels[k.SeriesKey].Label
		g.Summary.Series, g.Summary.Label = labels[k.SeriesKey].Legacy, g.Series
		for src := range a.sources {
			g.Sources = append(g.Sources, c.sources[src])
		}
		slices.Sort(g.Sources)
		res.Groups = append(res.Groups, g)
		boards[k.Board()] = true
	}
	if err := eachRunLengths(res.Groups, c.opt.TableOnly); err != nil {
		return nil, err
	}
	linkRestarts(res.Groups)
	for _, g := range res.Groups {
		g.fillRunLengthColumns()
		g.ERTNodesCensored = g.tourCensored > 0 && !math.IsNaN(float64(g.ERTNodes))
		g.ertTimeCensored = g.tourCensored > 0 && !math.IsNaN(float64(g.ERTTimeNS))
		if g.RunLengths != nil && g.RunLengths.Restart != nil {
			g.RunLengths.Restart.Release()
		}
	}
	res.Boards = slices.SortedFunc(maps.Keys(boards), board.Compare)
	res.Existence = existence(run, witnesses)
	for _, b := range res.Boards {
		if t := c.tours[b]; t != nil {
			res.Tours = append(res.Tours, *t)
		}
	}
	res.Totals = totals(res)
	res.Warnings = c.warn.list()
	c.groups = nil // Finish is the end of the Collector's work
	return res, nil
}

// existence says, board by board and tour kind by tour kind, how the
// existence of a tour from each start run (in run) is settled: by theory,
// by a witness (a run that found one, in witnesses), or not at all.
func existence(run, witnesses map[witnessKey]squares) []Existence {
	var out []Existence
	for _, wk := range slices.SortedFunc(maps.Keys(run), func(a, b witnessKey) int {
		return cmp.Or(board.Compare(a.b, b.b), compareBool(a.closed, b.closed))
	}) {
		e := Existence{Board: wk.b, Closed: wk.closed}
		for _, sq := range run[wk] {
			r, col := wk.b.RowCol(int(sq))
			e.Starts++
			v := theory.Settle(wk.b.Rows, wk.b.Cols, r, col, wk.closed)
			switch v.Kind {
			case theory.KindTheorem:
				e.ByTheorem++
			case theory.KindCount:
				e.ByCount++
			case theory.KindCertificate:
				e.ByCertificate++
			}
			switch v.Answer {
			case theory.Yes:
				e.TheoryYes++
			case theory.No:
				e.TheoryNo++
			default:
				if witnesses[wk].has(sq) {
					e.Witnessed++
				} else {
					e.Unsettled++
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// duplicate describes a job read twice.
func (c *Collector) duplicate(k GroupKey, x, y sample) error {
	where := func(s sample) string {
		if name := c.sources[s.src]; name != "" {
			return fmt.Sprintf("%s line %d", name, s.line)
		}
		return "a row added"
	}
	r, col := k.Board().RowCol(int(x.start))
	hint := ""
	if len(c.sources) > 1 && !c.opt.BySource {
		hint = "; to compare repeated sweeps, keep each file apart (experiment report -by-file)"
	}
	return fmt.Errorf("%s repeats the run of %s (%v from %d,%d, %s, tiebreak %s, closed %t, trial %d)%s",
		where(y), where(x), k.Board(), r, col, k.Strategy, k.Tiebreak, k.Closed, x.trial, hint)
}

// finishGroup summarises a group; witnessed holds the starts on its board
// from which some run of the data found a tour.
func finishGroup(k GroupKey, a *accum, witnessed squares) *Group {
	g := &Group{Key: k, samples: a.samples, witnessed: witnessed}
	s := &g.Summary
	s.Strategy, s.Tiebreak, s.Closed, s.Order, s.Prune, s.Source = k.Strategy, k.Tiebreak, k.Closed, k.Order, k.Prune, k.Source
	s.MaxNodes, s.TimeoutNS = k.MaxNodes, k.TimeoutNS
	s.drawn = a.drawn
	s.Board, s.Rows, s.Cols = k.Board().String(), k.Rows, k.Cols
	var statusCount [8]int
	nodes := make([]obs, 0, len(a.samples))
	times := make([]obs, 0, len(a.samples))
	g.eachStart(func(st *Start, runs []sample) {
		s.Starts++
		switch st.Theory {
		case theory.Yes:
			s.SolvableAttempts += st.Attempts
			s.SolvableFound += st.Found
		case theory.No:
			// Never found: a found run there is refused as it is read
			// (runs.Row.CheckVerdict).
			s.Unsolvable += st.Attempts
		default:
			s.Unknown += st.Attempts
		}
		if st.HasTour {
			s.TourAttempts += st.Attempts
			s.TourFound += st.Found
			s.TourStarts++
			if st.Theory == theory.Unknown {
				s.WitnessStarts++
			}
		}
		for _, smp := range runs {
			cens := smp.censored()
			statusCount[smp.st]++
			if smp.verified && smp.found() {
				s.Verified++
			}
			if cens {
				s.Censored++
				if st.HasTour {
					g.tourCensored++
				}
			}
			nodes, times = append(nodes, obs{smp.nodes, cens}), append(times, obs{smp.time, cens})
		}
	})
	s.Attempts = len(a.samples)
	s.Found = statusCount[status.Found.Index()]
	s.SuccessRate, s.SuccessLo, s.SuccessHi = rateAndInterval(s.Found, s.Attempts)
	s.SolvableRate, s.SolvableLo, s.SolvableHi = rateAndInterval(s.SolvableFound, s.SolvableAttempts)
	s.TourRate, s.TourLo, s.TourHi = rateAndInterval(s.TourFound, s.TourAttempts)
	s.DeadEnd = statusCount[status.DeadEnd.Index()]
	s.NotClosed = statusCount[status.NotClosed.Index()]
	s.Exhausted = statusCount[status.Exhausted.Index()]
	s.NodeLimit = statusCount[status.NodeLimit.Index()]
	s.Timeout = statusCount[status.Timeout.Index()]
	s.Error = statusCount[status.Error.Index()]
	d := describe(nodes)
	s.NodesMedian, s.NodesMedianCensored = Float(d.Median.Value), d.Median.Censored
	s.NodesP90, s.NodesP90Censored = Float(d.P90.Value), d.P90.Censored
	s.NodesMax, s.NodesMaxCensored = Float(d.Max.Value), d.Max.Censored
	s.NodesMean = Float(d.Mean)
	d = describe(times)
	s.TimeMedianNS, s.TimeMedianCensored = Float(d.Median.Value), d.Median.Censored
	s.TimeP90NS, s.TimeP90Censored = Float(d.P90.Value), d.P90.Censored
	s.TimeMaxNS, s.TimeMaxCensored = Float(d.Max.Value), d.Max.Censored
	s.TimeMeanNS = Float(d.Mean)
	return g
}

func rateAndInterval(k, n int) (Float, Float, Float) {
	iv := Wilson(k, n, Z95)
	return Float(Rate(k, n)), Float(iv.Lo), Float(iv.Hi)
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

// SeriesOf returns the series of a group.
func (r *Results) SeriesOf(g *Group) Series {
	for _, s := range r.Series {
		if s.Key == g.Key.SeriesKey {
			return s
		}
	}
	return Series{Key: g.Key.SeriesKey, Label: g.Series, Legacy: g.Summary.Series}
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

// FoundNodes returns, for a group, the nodes of its runs from starts with a
// tour that found one, sorted, and how many runs there were from such
// starts: the data of a solved-within-budget curve and a box plot. nodes
// is nil when some run of the group recorded no nodes (an external solver
// that does not count them; lacksNodes, as Compare and the ranking decide),
// whose times are still there: drawn, the runs without nodes would show
// as tours found in 1 node.
func (g *Group) FoundNodes() (nodes []int64, times []int64, attempts int) {
	g.eachStart(func(st *Start, runs []sample) {
		if !st.HasTour {
			return
		}
		attempts += len(runs)
		for _, s := range runs {
			if s.found() {
				nodes = append(nodes, s.nodes)
				times = append(times, s.time)
			}
		}
	})
	if g.lacksNodes() {
		nodes = nil
	}
	slices.Sort(nodes)
	slices.Sort(times)
	return nodes, times, attempts
}

// eachRunLengths works out the groups' run-length measures (only the
// randomised groups' for the table alone), on every core: each group's are
// its own, its bootstraps seeded by its name, and they are most of the
// statistics' time (a greedy sweep's report spent half its CPU in them).
func eachRunLengths(groups []*Group, tableOnly bool) error {
	var eg errgroup.Group
	eg.SetLimit(runtime.GOMAXPROCS(0))
	for _, g := range groups {
		if tableOnly && !randomised(g.Summary) {
			continue
		}
		eg.Go(func() (err error) {
			defer func() {
				// A panic here is the program's, as it was on the caller's
				// goroutine: an error that names the group, not a crash.
				if p := recover(); p != nil {
					err = fmt.Errorf("internal error: run lengths of %s on %v: panic: %v\n%s", g.Series, g.Key.Board(), p, debug.Stack())
				}
			}()
			g.RunLengths = runLengths(g)
			return nil
		})
	}
	return eg.Wait()
}

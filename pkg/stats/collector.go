package stats

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// ErrNoRuns reports input without a single run.
var ErrNoRuns = errors.New("no runs: the input has a header but no rows")

// Options change how a Collector groups runs.
type Options struct {
	// BySource keeps each input file's runs in groups of their own, to
	// compare repeated sweeps (two machines, two builds). Without it the
	// files are one data set, such as the shards of one sweep, and a job
	// that appears twice is an error.
	BySource bool
	// MaxTourSquares bounds the boards whose tours (from a tour column) are
	// kept for pictures; 0 means DefaultMaxTourSquares.
	MaxTourSquares int
}

// DefaultMaxTourSquares is the largest board, in squares, whose tour a
// Collector keeps by default.
const DefaultMaxTourSquares = 100 * 100

// A Collector files rows into groups as they stream past. Call Read,
// ReadFile or Add for the rows, then Finish once.
type Collector struct {
	opt     Options
	groups  map[GroupKey]*accum
	sources []string
	perFile []int             // rows read from each source
	orders  map[string]string // file text -> canonical order
	tours   map[board.Board]*TourSample
	warn    warnings
	rows    int
}

// NewCollector returns an empty Collector.
func NewCollector(opt Options) *Collector {
	if opt.MaxTourSquares <= 0 {
		opt.MaxTourSquares = DefaultMaxTourSquares
	}
	return &Collector{
		opt:    opt,
		groups: map[GroupKey]*accum{},
		orders: map[string]string{},
		tours:  map[board.Board]*TourSample{},
	}
}

// ReadFile reads the runs.csv at path.
func (c *Collector) ReadFile(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return c.Read(ctx, path, f)
}

// Read reads one runs.csv from r; name says where it came from in errors,
// labels and Group.Sources. A file with a header but no rows is ErrNoRuns.
func (c *Collector) Read(ctx context.Context, name string, r io.Reader) error {
	src := len(c.sources)
	c.sources = append(c.sources, name)
	c.perFile = append(c.perFile, 0)
	n := 0
	err := runs.ForEach(r, func(t *runs.Row, line int) error {
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := c.add(t, src, name, line); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		n++
		return nil
	})
	if te := (*runs.TornError)(nil); errors.As(err, &te) {
		// Not a row: the remains of a write a crash interrupted.
		c.warn.add(name, te.Line, "rows cut short by a crash (no newline at the end of the file), left out")
		err = nil
	}
	if err == nil && n == 0 {
		err = ErrNoRuns
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// Add files one row that did not come from a file (a runner's own rows). It
// checks the row as a reader would.
func (c *Collector) Add(r runs.Row) error {
	if err := r.Validate(); err != nil {
		return err
	}
	if len(c.sources) == 0 || c.sources[len(c.sources)-1] != "" {
		c.sources = append(c.sources, "")
		c.perFile = append(c.perFile, 0)
	}
	return c.add(&r, len(c.sources)-1, "", 0)
}

func statusIndex(s status.Status) int { return s.Index() }

func (c *Collector) canonicalOrder(s string) string {
	if o, ok := c.orders[s]; ok {
		return o
	}
	o := s
	if s != "" {
		if ord, err := board.ParseOrder(s); err == nil {
			o = ord.String()
		}
	}
	c.orders[s] = o
	return o
}

func (c *Collector) add(t *runs.Row, src int, name string, line int) error {
	r := t
	st := statusIndex(r.Status)
	if st < 0 {
		// runs.Row.Validate rejects these already; a new status in solver
		// must get a column in Summary before it can be counted.
		return fmt.Errorf("unknown status %q", r.Status)
	}
	if r.Trial < 0 {
		return fmt.Errorf("trial %d: want 0 or more", r.Trial)
	}
	key := GroupKey{
		SeriesKey: SeriesKey{
			Strategy: r.Strategy,
			Tiebreak: r.Tiebreak,
			Closed:   r.Closed,
			Order:    c.canonicalOrder(r.Order),
			Prune:    r.Prune,
		},
		Rows: r.Rows,
		Cols: r.Cols,
	}
	if c.opt.BySource {
		key.Source = c.sources[src]
	}
	a := c.groups[key]
	if a == nil {
		a = &accum{cells: map[int32]*cell{}, lastSource: -1}
		c.groups[key] = a
	}
	sq := int32(r.StartRow*r.Cols + r.StartCol)
	ce := a.cells[sq]
	if ce == nil {
		ce = &cell{solvable: r.Solvable}
		a.cells[sq] = ce
	}
	if !ce.mark(r.Trial) {
		hint := ""
		if len(c.sources) > 1 && !c.opt.BySource {
			hint = "; to compare repeated sweeps, keep each file apart (experiment report -by-file)"
		}
		return fmt.Errorf("repeats a run already read (%dx%d from %d,%d, %s, tiebreak %s, closed %t, trial %d)%s",
			r.Rows, r.Cols, r.StartRow, r.StartCol, r.Strategy, r.Tiebreak, r.Closed, r.Trial, hint)
	}
	if ce.solvable != r.Solvable {
		c.warn.add(name, line, "rows for the same board and start disagree on solvable (%q and %q)", ce.solvable, r.Solvable)
	}
	if src != a.lastSource {
		if a.sources == nil {
			a.sources = map[int]bool{}
		}
		a.sources[src] = true
		a.lastSource = src
	}

	found := r.Status == status.Found
	a.status[st]++
	a.attempts++
	ce.attempts++
	if found {
		a.found++
		ce.found++
		if r.Verified {
			a.verified++
		} else {
			c.warn.add(name, line, "found runs not marked verified")
		}
	}
	switch r.Solvable {
	case "yes":
		a.solvAttempts++
		if found {
			a.solvFound++
		}
	case "no":
		a.unsolvable++
		if found {
			c.warn.add(name, line, "found runs from a start where theory says no tour exists")
		}
	default:
		a.unknown++
	}
	a.nodes = append(a.nodes, r.Nodes)
	a.times = append(a.times, r.TimeNS)
	a.at = append(a.at, sq)
	c.rows++
	c.perFile[src]++

	if found {
		c.noteTour(t, key, name)
	}
	return nil
}

// noteTour keeps, for each board, the first found run with a tour column
// (small boards only), or failing that the first found run.
func (c *Collector) noteTour(t *runs.Row, key GroupKey, name string) {
	b := key.Board()
	have := c.tours[b]
	keep := t.Tour != "" && b.Squares() <= c.opt.MaxTourSquares
	if have != nil && (have.Tour != "" || !keep) {
		return
	}
	ts := &TourSample{
		Board:    b,
		Start:    board.Square{Row: t.StartRow, Col: t.StartCol},
		Strategy: t.Strategy,
		Tiebreak: t.Tiebreak,
		Closed:   t.Closed,
		Source:   name,
	}
	if keep {
		ts.Tour = t.Tour
	}
	c.tours[b] = ts
}

// TourSample is a found run chosen to picture a board's tour.
type TourSample struct {
	Board    board.Board
	Start    board.Square
	Strategy string
	Tiebreak string
	Closed   bool
	// Tour is the tour column (square indices, space-separated), or "" when
	// the file had none.
	Tour   string
	Source string
}

// accum gathers one group's runs.
type accum struct {
	status                  [8]int // by index in status.All
	attempts, found         int
	solvAttempts, solvFound int
	unsolvable, unknown     int
	verified                int
	nodes, times            []int64
	at                      []int32 // start square of each sample
	cells                   map[int32]*cell
	sources                 map[int]bool
	lastSource              int
}

// cell gathers one start square's runs within a group.
type cell struct {
	attempts, found int
	solvable        string
	seen            uint64           // trials 0..63 read
	seenMore        map[int]struct{} // trials from 64 on
}

// mark records trial as read, reporting false if it already was.
func (c *cell) mark(trial int) bool {
	if trial < 64 {
		bit := uint64(1) << trial
		if c.seen&bit != 0 {
			return false
		}
		c.seen |= bit
		return true
	}
	if c.seenMore == nil {
		c.seenMore = map[int]struct{}{}
	}
	if _, ok := c.seenMore[trial]; ok {
		return false
	}
	c.seenMore[trial] = struct{}{}
	return true
}

// warnings counts each kind of oddity, keeping where it was first seen.
type warnings struct {
	order []string
	seen  map[string]*warning
}

type warning struct {
	n     int
	where string
}

func (w *warnings) add(name string, line int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if w.seen == nil {
		w.seen = map[string]*warning{}
	}
	if x := w.seen[msg]; x != nil {
		x.n++
		return
	}
	where := name
	if line > 0 {
		where = fmt.Sprintf("%s line %d", name, line)
	}
	w.seen[msg] = &warning{n: 1, where: where}
	w.order = append(w.order, msg)
}

func (w *warnings) list() []string {
	var out []string
	for _, msg := range w.order {
		x := w.seen[msg]
		s := fmt.Sprintf("%d %s", x.n, msg)
		if x.where != "" {
			s += " (first at " + x.where + ")"
		}
		out = append(out, s)
	}
	return out
}

// ReadFiles reads the runs.csv files at paths into one Collector and
// finishes it.
func ReadFiles(ctx context.Context, paths []string, opt Options) (*Results, error) {
	c := NewCollector(opt)
	for _, p := range paths {
		if err := c.ReadFile(ctx, p); err != nil {
			return nil, err
		}
	}
	return c.Finish()
}

// Finish computes every group's figures. It returns ErrNoRuns if no row
// was read.
func (c *Collector) Finish() (*Results, error) {
	if c.rows == 0 {
		return nil, ErrNoRuns
	}
	res := &Results{Inputs: slices.Clone(c.sources), InputRows: slices.Clone(c.perFile), Rows: c.rows, Warnings: c.warn.list()}
	keys := slices.Collect(maps.Keys(c.groups))
	slices.SortFunc(keys, func(a, b GroupKey) int {
		if c := compareSeries(a.SeriesKey, b.SeriesKey); c != 0 {
			return c
		}
		return compareBoards(a.Board(), b.Board())
	})
	labels := seriesLabels(keys, c.sources)
	boards := map[board.Board]bool{}
	for _, k := range keys {
		g := c.groups[k].finish(k)
		g.Series = labels[k.SeriesKey]
		g.Summary.Series = g.Series
		for src := range c.groups[k].sources {
			g.Sources = append(g.Sources, c.sources[src])
		}
		slices.Sort(g.Sources)
		res.Groups = append(res.Groups, g)
		if len(res.Series) == 0 || res.Series[len(res.Series)-1].Key != k.SeriesKey {
			res.Series = append(res.Series, Series{Key: k.SeriesKey, Label: g.Series})
		}
		boards[k.Board()] = true
	}
	res.Boards = slices.SortedFunc(maps.Keys(boards), compareBoards)
	for _, b := range res.Boards {
		if t := c.tours[b]; t != nil {
			res.Tours = append(res.Tours, *t)
		}
	}
	// Free the samples: Finish is the end of the Collector's work.
	c.groups = nil
	return res, nil
}

// finish summarises a group.
func (a *accum) finish(k GroupKey) *Group {
	g := &Group{Key: k}
	s := &g.Summary
	s.Strategy, s.Tiebreak, s.Closed, s.Order, s.Prune, s.Source = k.Strategy, k.Tiebreak, k.Closed, k.Order, k.Prune, k.Source
	s.Board, s.Rows, s.Cols = k.Board().String(), k.Rows, k.Cols
	s.Starts = len(a.cells)
	s.Attempts, s.Found = a.attempts, a.found
	s.SuccessRate = Float(Rate(a.found, a.attempts))
	iv := Wilson(a.found, a.attempts, Z95)
	s.SuccessLo, s.SuccessHi = Float(iv.Lo), Float(iv.Hi)
	s.SolvableAttempts, s.SolvableFound = a.solvAttempts, a.solvFound
	s.SolvableRate = Float(Rate(a.solvFound, a.solvAttempts))
	iv = Wilson(a.solvFound, a.solvAttempts, Z95)
	s.SolvableLo, s.SolvableHi = Float(iv.Lo), Float(iv.Hi)
	s.Unsolvable, s.Unknown = a.unsolvable, a.unknown
	for i, st := range status.All {
		n := a.status[i]
		switch st {
		case status.DeadEnd:
			s.DeadEnd = n
		case status.NotClosed:
			s.NotClosed = n
		case status.Exhausted:
			s.Exhausted = n
		case status.NodeLimit:
			s.NodeLimit = n
		case status.Timeout:
			s.Timeout = n
		case status.Error:
			s.Error = n
		}
	}
	s.Verified = a.verified

	// Per-start medians first: Describe sorts the samples in place.
	nodeMed := startMedians(a.at, a.nodes)
	timeMed := startMedians(a.at, a.times)
	for sq, ce := range a.cells {
		g.PerStart = append(g.PerStart, Start{
			Row: int(sq) / k.Cols, Col: int(sq) % k.Cols,
			Attempts: ce.attempts, Found: ce.found, Solvable: ce.solvable,
			Nodes: nodeMed[sq], TimeNS: timeMed[sq],
		})
	}
	slices.SortFunc(g.PerStart, func(a, b Start) int {
		return (a.Row*k.Cols + a.Col) - (b.Row*k.Cols + b.Col)
	})
	d := Describe(a.nodes)
	s.NodesMedian, s.NodesP90, s.NodesMax, s.NodesMean = Float(d.Median), Float(d.P90), Float(d.Max), Float(d.Mean)
	d = Describe(a.times)
	s.TimeMedianNS, s.TimeP90NS, s.TimeMaxNS, s.TimeMeanNS = Float(d.Median), Float(d.P90), Float(d.Max), Float(d.Mean)
	return g
}

// startMedians returns the median of v over the samples of each start.
func startMedians(at []int32, v []int64) map[int32]float64 {
	type pair struct {
		at int32
		v  int64
	}
	ps := make([]pair, len(at))
	for i := range at {
		ps[i] = pair{at[i], v[i]}
	}
	slices.SortFunc(ps, func(a, b pair) int {
		if a.at != b.at {
			return int(a.at - b.at)
		}
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	out := map[int32]float64{}
	sample := make([]int64, 0, 64)
	for i := 0; i < len(ps); {
		j := i
		sample = sample[:0]
		for j < len(ps) && ps[j].at == ps[i].at {
			sample = append(sample, ps[j].v)
			j++
		}
		out[ps[i].at] = Quantile(sample, 0.5)
		i = j
	}
	return out
}

package stats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
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
	// TableOnly is for results that serve the end-of-run table alone
	// (WriteTable): the run-length measures are worked out only for the
	// randomised groups, whose ERT the table shows, not for the spreads of
	// deterministic strategies over their starts (the bootstrap of a
	// 22,110-start greedy sweep cost more than the sweep's own end).
	TableOnly bool
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
	// last is the group of the last row: rows come in long runs of one
	// group, and hashing a key of four strings a row would be a tenth of
	// reading a file.
	last    *accum
	lastKey GroupKey
	// lastOrder and lastCanonical are the last order looked up, if
	// haveOrder.
	lastOrder, lastCanonical string
	haveOrder                bool
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
// A torn last line (a crash mid-write) is left out and named in a warning.
func (c *Collector) Read(ctx context.Context, name string, r io.Reader) error {
	src := len(c.sources)
	c.sources = append(c.sources, name)
	c.perFile = append(c.perFile, 0)
	n := 0
	err := runs.ForEach(r, func(row *runs.Row, line int) error {
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := c.add(row, src, name, line); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		n++
		return nil
	})
	if te := (*runs.TornError)(nil); errors.As(err, &te) {
		c.warn.add(name, te.Line, "row", "cut short by a crash (no newline at the end of the file), left out")
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

func (c *Collector) canonicalOrder(s string) string {
	if c.haveOrder && s == c.lastOrder {
		return c.lastCanonical
	}
	o := c.canonicalOrderSlow(s)
	c.lastOrder, c.lastCanonical, c.haveOrder = s, o, true
	return o
}

func (c *Collector) canonicalOrderSlow(s string) string {
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

func (c *Collector) add(r *runs.Row, src int, name string, line int) error {
	st := r.Status.Index()
	if st < 0 {
		// runs.Row.Validate rejects these already; a new status must get a
		// column in Summary before it can be counted.
		return fmt.Errorf("unknown status %q", r.Status)
	}
	key := GroupKey{
		SeriesKey: SeriesKey{
			Strategy:  r.Strategy,
			Tiebreak:  r.Tiebreak,
			Closed:    r.Closed,
			Order:     c.canonicalOrder(r.Order),
			Prune:     r.Prune,
			MaxNodes:  r.MaxNodes,
			TimeoutNS: r.TimeoutNS,
			Restarts:  cmp.Or(r.RestartPolicy, runs.NoRestarts),
		},
		Rows: r.Rows,
		Cols: r.Cols,
	}
	if c.opt.BySource {
		key.Source = c.sources[src]
	}
	a := c.last
	if a == nil || key != c.lastKey {
		a = c.groups[key]
		if a == nil {
			a = &accum{lastSource: -1}
			c.groups[key] = a
		}
		c.last, c.lastKey = a, key
	}
	sq := int32(r.StartRow*r.Cols + r.StartCol)
	a.drawn = a.drawn || r.Seed != 0 || r.Trial > 0
	if src != a.lastSource {
		if a.sources == nil {
			a.sources = map[int]bool{}
		}
		a.sources[src] = true
		a.lastSource = src
	}
	if err := r.Check(); err != nil {
		return &runs.ContentError{Err: err}
	}
	found := r.Status == status.Found
	if r.Status == status.Error {
		// A failure, not a search that ended, yet it counts as not found
		// in the rates: whoever reads them must know. The comparisons and
		// rankings leave it out.
		c.warn.add(name, line, "run", "of %s ended in error"+causesHere+": they count as not found in %s's rates, which rest "+
			"in part on runs that failed, not on searches that ended; the comparisons leave them out", r.Strategy, r.Strategy).cause(errorCause(r.Strategy, r.Error))
	}
	if r.Status == status.Exhausted && r.Solvable == theory.Yes.String() {
		// "No tour starts here" where theory proves one does: an external
		// solver's false claim (a complete built-in search cannot make it).
		c.warn.add(name, line, "run", "of %s claim that no tour starts at a square where theory proves one does (status exhausted, solvable yes): "+
			"false claims, a defect of %s", r.Strategy, r.Strategy)
	}
	if r.Trial > 1<<31-1 || src > 1<<16-1 {
		return fmt.Errorf("trial %d of file %d: more than this report can tell apart", r.Trial, src)
	}
	a.add(sample{start: sq, trial: int32(r.Trial), nodes: int64(r.Nodes), time: r.TimeNS, cpu: int64(r.CPUNS),
		line: int32(min(line, 1<<31-1)), src: uint16(src), st: uint8(st), verified: r.Verified})
	c.rows++
	c.perFile[src]++
	if found {
		c.noteTour(r, key, name)
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

// sample is one run of a group: sampleBytes, 40 on 64-bit machines, so
// that a million rows take 40 MB. line and src say where it was read.
type sample struct {
	start, trial int32
	nodes, time  int64
	cpu          int64 // runs.Unknown: not measured
	line         int32
	src          uint16
	st           uint8 // index in status.All
	verified     bool
}

func (s sample) found() bool    { return status.All[s.st] == status.Found }
func (s sample) censored() bool { return status.All[s.st].Censored() }
func (s sample) final() bool    { return status.All[s.st].Final() }
func (s sample) errored() bool  { return status.All[s.st] == status.Error }

// accum gathers one group's runs.
type accum struct {
	// samples holds the runs once Finish has joined the chunks; chunks
	// hold them while they are read, chunkLen apiece, so that a group
	// wastes at most one chunk's spare room (append's growth would
	// allocate five times the data over a million rows, and hold twice it).
	samples    []sample
	chunks     [][]sample
	sources    map[int]bool
	lastSource int
	// drawn is true when some run drew random numbers: a seed, or a trial
	// past the first (see Summary.drawn).
	drawn bool
}

// chunkLen is the number of runs in a full chunk: 160 KB.
const chunkLen = 4096

func (a *accum) add(s sample) {
	n := len(a.chunks)
	if n == 0 || len(a.chunks[n-1]) >= chunkLen {
		// A new chunk, small at first: most groups of a small sweep
		// have a few runs.
		size := 16
		if n > 0 {
			size = chunkLen
		}
		a.chunks = append(a.chunks, make([]sample, 0, size))
		n++
	}
	c := &a.chunks[n-1]
	if len(*c) == cap(*c) {
		// Double, up to chunkLen; made, not grown by append, whose size
		// classes would round the last doubling past chunkLen.
		g := make([]sample, len(*c), min(2*len(*c), chunkLen))
		copy(g, *c)
		*c = g
	}
	*c = append(*c, s)
}

// join makes the chunks one slice of exactly the runs.
func (a *accum) join() {
	total := 0
	for _, c := range a.chunks {
		total += len(c)
	}
	a.samples = make([]sample, 0, total)
	for _, c := range a.chunks {
		a.samples = append(a.samples, c...)
	}
	a.chunks = nil
}

// warnings counts each kind of oddity, keeping where it was first seen.
type warnings struct {
	order []string
	seen  map[string]*warning
}

type warning struct {
	n     int
	where string
	// noun is counted by n ("row"), msg says the rest of the sentence.
	noun, msg string
	// causes count the rows by cause, in the order first seen (cause),
	// for a msg that names them where it holds causesHere.
	causes []causeCount
}

type causeCount struct {
	what string
	n    int
}

// causesHere marks where a warning's message names its causes.
const causesHere = "\x00"

func (w *warnings) add(name string, line int, noun, format string, args ...any) *warning {
	msg := fmt.Sprintf(format, args...)
	if w.seen == nil {
		w.seen = map[string]*warning{}
	}
	key := noun + " " + msg
	if x := w.seen[key]; x != nil {
		x.n++
		return x
	}
	where := name
	if line > 0 {
		where = fmt.Sprintf("%s line %d", name, line)
	}
	x := &warning{n: 1, where: where, noun: noun, msg: msg}
	w.seen[key] = x
	w.order = append(w.order, key)
	return x
}

// cause counts the row just added to x as one of what.
func (x *warning) cause(what string) {
	for i := range x.causes {
		if x.causes[i].what == what {
			x.causes[i].n++
			return
		}
	}
	x.causes = append(x.causes, causeCount{what, 1})
}

// causesText names a warning's causes, each with its count where there
// are several: " (a panic in 2, the solver over its memory limit in 3;
// the error column says more)".
func (x *warning) causesText() string {
	parts := make([]string, len(x.causes))
	for i, c := range x.causes {
		parts[i] = c.what
		if len(x.causes) > 1 {
			parts[i] += fmt.Sprintf(" in %d", c.n)
		}
	}
	return " (" + strings.Join(parts, ", ") + "; the error column says more)"
}

func (w *warnings) list() []string {
	var out []string
	for _, msg := range w.order {
		x := w.seen[msg]
		msg := x.msg
		if len(x.causes) > 0 {
			msg = strings.Replace(msg, causesHere, x.causesText(), 1)
		}
		s := words.Count(x.n, x.noun) + " " + msg
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

// AddFrom files row r of the runs.csv named name, at line line, as Read
// would file it when reading that line, errors included: a sweep's rows
// as it writes them, so that its end-of-run table need not read them
// back.
func (c *Collector) AddFrom(name string, line int, r *runs.Row) error {
	if len(c.sources) == 0 || c.sources[len(c.sources)-1] != name {
		c.sources = append(c.sources, name)
		c.perFile = append(c.perFile, 0)
	}
	err := r.Validate()
	if err == nil {
		err = c.add(r, len(c.sources)-1, name, line)
	}
	if err != nil {
		return fmt.Errorf("%s: line %d: %w", name, line, err)
	}
	return nil
}

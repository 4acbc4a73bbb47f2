package plan

import (
	"cmp"
	"fmt"
	"iter"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"knightsweep/internal/input"
	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/theory"
)

// MaxJobs is the most jobs one sweep may hold. The bound keeps the resume
// bitmap (one bit a job) within 32 MiB; split larger studies into several
// sweeps.
const MaxJobs = 1 << 28

// Plan is the set of jobs that a sweep's Settings expand to: every board x
// start square x strategy x tie-break x trial.
//
// Jobs are not stored: a Plan keeps one cell per (board, strategy,
// tie-break) and computes jobs from their index, so its memory does not grow
// with the number of start squares or trials. Each job has an index in a
// canonical order (boards by size, then strategy, tie-break, trial and start
// square) that does not depend on the schedule, the shard or the worker
// count.
type Plan struct {
	settings Settings
	// set is the strategies the settings name, with their facts.
	set       *strategies.Set
	order     board.Order
	orderText string
	cells     []cell
	byKey     map[cellKey]int
	total     int64
	skipped   []Skip
}

// A cell is the jobs of one board, strategy and tie-break: trials x starts
// of them, with trial-major indices.
type cell struct {
	cellKey
	index int   // the cell's place in Plan.cells
	first int64 // index of the cell's first job
	// set is the start squares of -starts on the board; pos lists the
	// positions in set of those the strategy takes, when it takes only
	// some; nil means all.
	set StartSet
	pos []int
	// trials is Settings.Trials for randomised jobs, else 1.
	trials int
	// randomised is true for jobs that draw random numbers.
	randomised bool
	// randomOrder is set for runs in a random move order; policy is the
	// cell's restart policy (restarts its String).
	randomOrder bool
	policy      restart.Policy
	// prune is Settings.Prune for strategies that prune, else false.
	prune bool
	// bytes is the strategy's memory estimate, threads the cores a search
	// keeps busy.
	bytes   int64
	threads int
	// nodes[noTour] is the cost model's expected nodes of one job from a
	// start that has a tour (noTour false) or from one theory rules out,
	// after the budgets; noTour is the share of the cell's starts theory
	// rules out; nsPerNode and timeout price them (cost.go).
	nodes  [2]float64
	noTour float64
	// atOnce is the share of the starts theory rules out that the colour
	// rule rules out: a pruned search (prune) ends each of them at its
	// first node.
	atOnce    float64
	nsPerNode float64
	timeout   time.Duration
	// cost[noTour] is the estimated seconds of one job at the model's pace;
	// costAvg weighs them by their share of the cell's starts. They order
	// the schedule and deal the shards, so they depend on the settings
	// alone, never on the machine. paced is cost at this machine's pace
	// (SetPace): what Cost and each Job's Cost say; unloaded is cost at
	// its pace without other programs' load, which Runaway decides at.
	cost, paced, unloaded [2]float64
	costAvg               float64
	// external is set for an external solver's cell, whose cost is
	// unknown: zero above.
	external bool
}

// starts returns the number of start squares the cell runs.
func (c *cell) starts() int {
	if c.pos != nil {
		return len(c.pos)
	}
	return c.set.Len()
}

// jobs returns the number of jobs of the cell: the one place that counts
// them, for the plan, the schedule and the shard map alike.
func (c *cell) jobs() int64 { return int64(c.starts()) * int64(c.trials) }

// start returns the cell's k-th start square, 0 <= k < starts().
func (c *cell) start(k int) board.Square {
	if c.pos != nil {
		k = c.pos[k]
	}
	return c.set.At(k)
}

type cellKey struct {
	board    board.Board
	strategy string
	tiebreak string
	restarts string
}

// Skip is a part of the sweep that a strategy cannot run, left out of the
// plan rather than run into errors: a board it does not solve
// (strategies.Info.Boards), or start squares it does not take
// (strategies.Info.Starts). manifest.json lists them.
type Skip struct {
	Strategy string `json:"strategy"`
	Board    string `json:"board"`
	// Starts counts the start squares of -starts left out on the board.
	Starts int    `json:"starts"`
	Reason string `json:"reason"`
}

// String describes the skip in a line.
func (k Skip) String() string {
	return fmt.Sprintf("%s skips %d start(s) on %s: %s", k.Strategy, k.Starts, k.Board, k.Reason)
}

// New normalizes s and expands it. It allocates in proportion to the
// boards and strategies, never to the jobs, and refuses more than MaxJobs.
func New(s Settings) (*Plan, error) {
	if err := s.Normalize(); err != nil {
		return nil, err
	}
	o := board.DefaultOrder
	if s.Order != strategies.OrderRandom {
		var err error
		if o, err = board.ParseOrder(s.Order); err != nil {
			return nil, &input.Error{Flag: "-order", Err: err}
		}
	}
	known, err := s.Known()
	if err != nil {
		return nil, err // Normalize checked them
	}
	p := &Plan{settings: s, set: known, order: o, orderText: o.String(), byKey: map[cellKey]int{}}
	empty := 0 // boards -starts solvable leaves no start on
	for _, b := range s.Sizes {
		set := s.Starts.On(b, s.Closed)
		if set.Len() == 0 {
			// Every square of the board is left out: theory rules each out.
			p.skipped = append(p.skipped, Skip{Strategy: strings.Join(s.Strategies, ","), Board: b.String(),
				Starts: b.Rows * b.Cols, Reason: NoStartReason(s.Closed)})
			empty++
			continue
		}
		for _, name := range s.Strategies {
			in := info(known, name)
			pos, skip := acceptedStarts(in, b, set)
			if skip != nil {
				p.skipped = append(p.skipped, *skip)
			}
			if pos != nil && len(pos) == 0 {
				continue
			}
			for _, run := range s.runs(in) {
				tb, ro := run.tiebreak, s.randomOrder(in)
				c := cell{cellKey: cellKey{b, name, tb, run.policy.String()}, index: len(p.cells), first: p.total, set: set, pos: pos,
					trials: 1, prune: s.Prune && in.Prunes, randomOrder: ro, policy: run.policy,
					bytes: in.BytesOn(b.Rows, b.Cols), threads: in.ThreadsOn(b.Rows, b.Cols)}
				if c.randomised = in.RandomisedBy(tb, ro); c.randomised {
					c.trials = s.Trials
				}
				c.estimate(in, s)
				p.byKey[c.cellKey] = len(p.cells)
				p.cells = append(p.cells, c)
				p.total += c.jobs()
				if p.total > MaxJobs {
					flag := "-sizes"
					if s.Trials > 1 { // trials multiply every randomised cell
						flag = "-trials"
					}
					return nil, input.Errorf(flag, "the sweep would hold more than %d jobs; split it into several sweeps or narrow -sizes, -starts, -strategies, -trials or -restarts", MaxJobs)
				}
			}
		}
	}
	if p.total == 0 {
		var why []string
		for _, k := range p.skipped {
			why = append(why, k.String())
		}
		flag := "-strategies"
		if empty == len(s.Sizes) { // -starts solvable is the cause, not a strategy
			flag = "-starts"
		}
		return nil, input.Errorf(flag, "no job to run: %s", strings.Join(why, "; "))
	}
	return p, nil
}

// NoStartReason is why -starts solvable leaves no start on a board: the
// Skip's reason, and what the plan's line says of the board.
func NoStartReason(closed bool) string {
	if closed {
		return "theory says no closed tour passes any square of it (-starts solvable with -closed)"
	}
	return "theory says no tour starts on it (-starts solvable)"
}

// acceptedStarts returns the positions, in set, of the start squares
// strategy in takes on b, or nil if it takes them all, and what it leaves
// out.
func acceptedStarts(in strategies.Info, b board.Board, set StartSet) ([]int, *Skip) {
	n := set.Len()
	if in.Boards != nil {
		if err := in.Boards(b); err != nil {
			return []int{}, &Skip{Strategy: in.Name, Board: b.String(), Starts: n, Reason: err.Error()}
		}
	}
	if in.Starts == nil {
		return nil, nil
	}
	pos := []int{}
	for _, sq := range in.Starts(b) {
		if i, ok := set.Position(sq); ok {
			pos = append(pos, i)
		}
	}
	slices.Sort(pos)
	pos = slices.Compact(pos)
	if len(pos) == n {
		return nil, nil
	}
	return pos, &Skip{Strategy: in.Name, Board: b.String(), Starts: n - len(pos), Reason: in.Takes(b, board.Square{Row: -1}).Error()}
}

// Skipped lists what the plan leaves out because a strategy cannot run it.
func (p *Plan) Skipped() []Skip { return p.skipped }

// Settings returns the plan's normalized settings.
func (p *Plan) Settings() Settings { return p.settings }

// Len returns the number of jobs.
func (p *Plan) Len() int64 { return p.total }

// OrderText returns the move order in offset notation, as rows record it
// (those of runs in a random order record strategies.OrderRandom).
func (p *Plan) OrderText() string { return p.orderText }

// orderOf is the order column of c's rows.
func (p *Plan) orderOf(c *cell) string {
	if c.randomOrder {
		return strategies.OrderRandom
	}
	return p.orderText
}

// Job returns the job with index i, 0 <= i < Len().
func (p *Plan) Job(i int64) Job {
	ci := p.cellOf(i)
	return p.job(&p.cells[ci], i-p.cells[ci].first)
}

// cellOf returns the index of the cell that holds job i.
func (p *Plan) cellOf(i int64) int {
	return sort.Search(len(p.cells), func(k int) bool { return p.cells[k].first > i }) - 1
}

// job returns the k-th job of c.
func (p *Plan) job(c *cell, k int64) Job {
	n := int64(c.starts())
	s := p.settings
	j := Job{
		Index:     c.first + k,
		Board:     c.board,
		Start:     c.start(int(k % n)),
		Strategy:  c.strategy,
		Tiebreak:  c.tiebreak,
		Trial:     int(k / n),
		Closed:    s.Closed,
		MaxNodes:  s.MaxNodes,
		Timeout:   s.Timeout,
		Order:     p.order,
		OrderText: p.orderOf(c),
		Prune:     c.prune,
		Bytes:     c.bytes,
		Threads:   c.threads,
		SaveTour:  s.SaveTours,
	}
	j.RandomOrder, j.Restarts = c.randomOrder, c.policy
	j.Solvable = theory.From(c.board.Rows, c.board.Cols, j.Start.Row, j.Start.Col, s.Closed)
	j.Kind = c.kind(j.Solvable == theory.No)
	j.Cost = c.paced[b2i(j.Solvable == theory.No)]
	if j.Kind >= 0 { // randomised
		j.Seed = JobSeed(s.Seed, j)
	}
	return j
}

// noTour is 1 when theory rules out a tour from the start of c's k-th job,
// else 0: the index of its cost, without the rest of the job (its seed's
// hash above all), which Cost would pay at every job of a shard.
func (p *Plan) noTour(c *cell, k int64) int {
	sq := c.start(int(k % int64(c.starts())))
	return b2i(theory.From(c.board.Rows, c.board.Cols, sq.Row, sq.Col, p.settings.Closed) == theory.No)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Jobs yields every job in canonical order.
func (p *Plan) Jobs() iter.Seq[Job] {
	return func(yield func(Job) bool) {
		for ci := range p.cells {
			c := &p.cells[ci]
			for k := range c.jobs() {
				if !yield(p.job(c, k)) {
					return
				}
			}
		}
	}
}

// Index returns the index of the job that row ran, or an error saying why
// no job of the plan ran it.
func (p *Plan) Index(row *runs.Row) (int64, error) {
	s := p.settings
	b := board.Board{Rows: row.Rows, Cols: row.Cols}
	policy := cmp.Or(row.RestartPolicy, runs.NoRestarts)
	ci, ok := p.byKey[cellKey{b, row.Strategy, row.Tiebreak, policy}]
	switch {
	case !ok:
		with := ""
		if policy != runs.NoRestarts {
			with = ", restarts " + policy
		}
		return 0, fmt.Errorf("no job of this sweep runs %s (tie-break %s%s) on %v", row.Strategy, row.Tiebreak, with, b)
	case row.Closed != s.Closed || row.Prune != p.cells[ci].prune || row.Order != p.orderOf(&p.cells[ci]):
		return 0, fmt.Errorf("closed=%v prune=%v order %q: not this sweep's", row.Closed, row.Prune, row.Order)
	case row.MaxNodes != s.MaxNodes || row.TimeoutNS != s.Timeout.Nanoseconds():
		return 0, fmt.Errorf("budget max_nodes=%d timeout %v: this sweep's is max_nodes=%d timeout %v",
			row.MaxNodes, time.Duration(row.TimeoutNS), s.MaxNodes, s.Timeout)
	case row.Trial < 0 || row.Trial >= p.cells[ci].trials:
		return 0, fmt.Errorf("trial %d: not one of this sweep's", row.Trial)
	}
	c := &p.cells[ci]
	pos, ok := c.set.Position(board.Square{Row: row.StartRow, Col: row.StartCol})
	if ok && c.pos != nil {
		pos = slices.Index(c.pos, pos)
		ok = pos >= 0
	}
	if !ok {
		return 0, fmt.Errorf("start %d,%d on %v: not one of -starts %v that %s takes", row.StartRow, row.StartCol, b, s.Starts, row.Strategy)
	}
	k := int64(row.Trial)*int64(c.starts()) + int64(pos)
	if seed := p.job(c, k).Seed; row.Seed != seed {
		return 0, fmt.Errorf("trial %d with seed %d: this sweep's has seed %d", row.Trial, row.Seed, seed)
	}
	return c.first + k, nil
}

// Cost returns the number of jobs for which skip returns false and their
// estimated seconds of work (at the pace SetPace gave, if any): divided by
// the workers, the sweep's expected time.
func (p *Plan) Cost(skip func(index int64) bool) (jobs int64, seconds float64) {
	return p.sum(skip, machinePace, nil)
}

// Model returns what Cost returns at the cost model's own pace, whatever
// SetPace set.
func (p *Plan) Model(skip func(index int64) bool) (jobs int64, seconds float64) {
	return p.sum(skip, modelPace, nil)
}

// Unloaded returns what Cost returns at this machine's pace without
// other programs' load (Pace.Unloaded), the figure Runaway decides at.
func (p *Plan) Unloaded(skip func(index int64) bool) (jobs int64, seconds float64) {
	return p.sum(skip, unloadedPace, nil)
}

// CostByKind returns what Cost returns and, for each kind of job
// (Job.Kind), the part of the seconds that the jobs of the kind hold, in
// the one pass over the jobs that skip asks for (a -resume of a large
// sweep visits every job).
func (p *Plan) CostByKind(skip func(index int64) bool) (jobs int64, seconds float64, kinds []float64) {
	kinds = make([]float64, 2*len(p.cells))
	jobs, seconds = p.sum(skip, machinePace, kinds)
	return jobs, seconds, kinds
}

// The paces sum adds the jobs' seconds at.
const (
	modelPace    = iota // the cost model's
	machinePace         // this machine's, load and all (SetPace)
	unloadedPace        // this machine's without other programs' load
)

// sum returns the jobs for which skip returns false and their seconds,
// at pace, adding each kind's to kinds if it is not nil.
func (p *Plan) sum(skip func(index int64) bool, pace int, kinds []float64) (jobs int64, seconds float64) {
	var n float64
	p.each(skip, func(c *cell, noTour int, k float64) {
		cost := [...][2]float64{c.cost, c.paced, c.unloaded}[pace]
		n += k
		seconds += k * cost[noTour]
		if kind := c.kind(noTour == 1); kinds != nil && kind >= 0 {
			kinds[kind] += k * cost[noTour]
		}
	})
	return int64(math.Round(n)), seconds
}

// each calls f with the number of c's jobs of each kind (from a start with
// a tour, noTour 0, or without) for which skip returns false. Without
// skip, the numbers are the cell's jobs times the share of its starts
// theory rules out (noTour), which comes from a sample, not from every
// start: the jobs of 10000x10000 are too many to visit.
func (p *Plan) each(skip func(index int64) bool, f func(c *cell, noTour int, jobs float64)) {
	for ci := range p.cells {
		c := &p.cells[ci]
		var n [2]float64
		if skip == nil {
			n[1] = c.noTour * float64(c.jobs())
			n[0] = float64(c.jobs()) - n[1]
		} else {
			for k := range c.jobs() {
				if !skip(c.first + k) {
					n[p.noTour(c, k)]++
				}
			}
		}
		for i, k := range n {
			if k > 0 {
				f(c, i, k)
			}
		}
	}
}

// CheckMemory refuses a plan with a job whose memory estimate is over
// limit (0: no limit), naming -mem-limit.
func (p *Plan) CheckMemory(limit int64, format func(int64) string) error {
	if limit <= 0 {
		return nil
	}
	for _, c := range p.cells {
		if c.bytes > limit {
			return input.Errorf("-mem-limit", "%s on %v needs about %s, more than the limit of %s: raise -mem-limit or leave out that board",
				c.strategy, c.board, format(c.bytes), format(limit))
		}
	}
	return nil
}

// Schedule yields the jobs for which skip returns false, the longest
// expected first: workers that take jobs in this order stay busy to the
// end, as the last jobs to start are the shortest. Jobs of equal expected
// cost come in canonical order. First of all come Probes jobs of each
// randomised kind (Job.Kind): its runs are draws of one random process,
// so its first ones tell the progress meter what the rest will take,
// where the cost model can only guess.
func (p *Plan) Schedule(skip func(index int64) bool) iter.Seq[Job] {
	type unit struct {
		c      *cell
		noTour bool
	}
	var units []unit
	for ci := range p.cells {
		c := &p.cells[ci]
		units = append(units, unit{c, false}, unit{c, true})
	}
	slices.SortStableFunc(units, func(a, b unit) int {
		return cmp.Or(cmp.Compare(b.c.cost[b2i(b.noTour)], a.c.cost[b2i(a.noTour)]),
			cmp.Compare(b.c.board.Squares(), a.c.board.Squares()))
	})
	return func(yield func(Job) bool) {
		// The first pass yields each randomised unit's first Probes jobs,
		// the second every job but those.
		pass := func(probes bool) bool {
			for _, u := range units {
				random := u.c.kind(u.noTour) >= 0
				if probes && !random {
					continue
				}
				seen := 0 // of the unit's jobs to run
				for k := range u.c.jobs() {
					if skip != nil && skip(u.c.first+k) || p.noTour(u.c, k) != b2i(u.noTour) {
						continue
					}
					seen++
					probe := random && seen <= Probes
					if probes && !probe {
						break
					}
					if probe && !probes {
						continue
					}
					if !yield(p.job(u.c, k)) {
						return false
					}
				}
			}
			return true
		}
		if pass(true) {
			pass(false)
		}
	}
}

// Strategies returns the strategies the plan's settings name, with their
// facts: the built-in ones and the solvers the settings declare.
func (p *Plan) Strategies() *strategies.Set { return p.set }

// Probes is the number of jobs of each randomised kind that Schedule
// yields before all others.
const Probes = 10

// kind returns the kind of c's jobs from starts with a tour (noTour false)
// or without, or -1 if c's jobs are not randomised: their starts differ
// in cost systematically, so its first jobs do not stand for the rest.
func (c *cell) kind(noTour bool) int {
	if !c.randomised {
		return -1
	}
	return 2*c.index + b2i(noTour)
}

// StartsNote is what the plan's line adds to -starts, in brackets: the
// boards it leaves no start on (-starts solvable), which contribute
// nothing, and how many of the planned starts theory leaves unknown
// (beyond 41 x 41), whose runs no theory judges; "" when neither.
func (p *Plan) StartsNote() string {
	var notes, empty []string
	for _, k := range p.skipped {
		if k.Reason == NoStartReason(p.settings.Closed) {
			empty = append(empty, k.Board)
		}
	}
	if len(empty) > 0 {
		notes = append(notes, fmt.Sprintf("none on %s: %s", strings.Join(empty, ", "), NoStartReason(p.settings.Closed)))
	}
	var starts, unknown int64
	for _, b := range p.settings.Sizes {
		set := p.settings.Starts.On(b, p.settings.Closed)
		starts += int64(set.Len())
		unknown += int64(set.Unknown())
	}
	if unknown > 0 {
		notes = append(notes, fmt.Sprintf("%d starts, of which %d theory leaves unknown (beyond %d x %d)", starts, unknown, theory.MaxSettled, theory.MaxSettled))
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, "; ") + ")"
}

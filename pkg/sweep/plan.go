package sweep

import (
	"fmt"
	"iter"
	"slices"
	"sort"
	"strings"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
)

// MaxJobs is the most jobs one sweep may hold. The bound keeps the resume
// bitmap (one bit a job) small; split larger studies into several sweeps.
const MaxJobs = 1 << 28

// Plan is the set of jobs that a sweep's Settings expand to: every board x
// start square x strategy x tie-break x trial.
//
// Jobs are not stored: a Plan keeps one cell per (board, strategy,
// tie-break) and computes jobs from their index, so its memory does not grow
// with the number of start squares or trials. Each job has an index in a
// canonical order (boards by size, then strategy, tie-break, trial and start
// square) that does not depend on the schedule or the worker count.
type Plan struct {
	settings  Settings
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
	first  int64 // index of the cell's first job
	starts int   // start squares the cell runs
	// pos lists the positions (in Settings.Starts on the board) of the
	// starts the cell runs, when the strategy takes only some; nil: all.
	pos []int
	// trials is Settings.Trials for randomised jobs, else 1.
	trials int
	// prune is Settings.Prune for strategies that prune, else false.
	prune bool
	// bytes is the strategy's memory estimate (solver.Info.Bytes).
	bytes int64
	// cost is the estimated seconds one job of the cell takes.
	cost float64
}

// Skip is a part of the sweep that a strategy cannot run, left out of the
// plan rather than run into errors: a board it does not solve
// (solver.Info.Boards), or start squares it does not take
// (solver.Info.Starts). manifest.json lists them.
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

type cellKey struct {
	board    board.Board
	strategy string
	tiebreak string
}

// NewPlan normalizes s and expands it.
func NewPlan(s Settings) (*Plan, error) {
	if err := s.Normalize(); err != nil {
		return nil, err
	}
	o, err := board.ParseOrder(s.Order)
	if err != nil {
		return nil, &InputError{Flag: "-order", Err: err}
	}
	p := &Plan{settings: s, order: o, orderText: o.String(), byKey: map[cellKey]int{}}
	for _, b := range s.Sizes {
		n := s.Starts.Count(b)
		for _, name := range s.Strategies {
			info, _ := solver.Lookup(name) // Normalize checked the name
			pos, skip := acceptedStarts(info, b, s.Starts)
			if skip != nil {
				p.skipped = append(p.skipped, *skip)
			}
			starts := n
			if pos != nil {
				starts = len(pos)
			}
			if starts == 0 {
				continue
			}
			var bytes int64
			if info.Bytes != nil {
				bytes = info.Bytes(b.Rows, b.Cols)
			}
			for _, tb := range strategyTiebreaks(name, s.Tiebreaks) {
				c := cell{cellKey: cellKey{b, name, tb}, first: p.total, starts: starts, pos: pos,
					trials: 1, prune: s.Prune && info.Prunes, bytes: bytes}
				if randomised(tb) {
					c.trials = s.Trials
				}
				c.cost = estimate(name, b, s.Starts, s.Closed, s.MaxNodes, s.Timeout)
				p.byKey[c.cellKey] = len(p.cells)
				p.cells = append(p.cells, c)
				p.total += int64(starts) * int64(c.trials)
				if p.total > MaxJobs {
					return nil, inputErrorf("-sizes", "the sweep would hold more than %d jobs; split it into several sweeps or narrow -sizes, -starts or -strategies", MaxJobs)
				}
			}
		}
	}
	if p.total == 0 {
		var why []string
		for _, k := range p.skipped {
			why = append(why, k.String())
		}
		return nil, inputErrorf("-strategies", "no job to run: %s", strings.Join(why, "; "))
	}
	return p, nil
}

// acceptedStarts returns the positions, in starts on b, of the start
// squares strategy info takes there, or nil if it takes them all, and what
// it leaves out.
func acceptedStarts(info solver.Info, b board.Board, starts Starts) ([]int, *Skip) {
	n := starts.Count(b)
	if info.Boards != nil {
		if err := info.Boards(b); err != nil {
			return []int{}, &Skip{Strategy: info.Name, Board: b.String(), Starts: n, Reason: err.Error()}
		}
	}
	if info.Starts == nil {
		return nil, nil
	}
	pos := []int{}
	var names []string
	for _, sq := range info.Starts(b) {
		names = append(names, fmt.Sprintf("%d,%d", sq.Row, sq.Col))
		if i, ok := starts.Position(b, sq); ok {
			pos = append(pos, i)
		}
	}
	slices.Sort(pos)
	pos = slices.Compact(pos)
	if len(pos) == n {
		return nil, nil
	}
	return pos, &Skip{Strategy: info.Name, Board: b.String(), Starts: n - len(pos),
		Reason: "it starts only from " + strings.Join(names, " ")}
}

// strategyTiebreaks returns the tie-breaks of want that strategy accepts, or
// "first" if it accepts none of them.
func strategyTiebreaks(strategy string, want []string) []string {
	var tbs []string
	for _, tb := range want {
		if slices.Contains(tiebreaksOf(strategy), tb) {
			tbs = append(tbs, tb)
		}
	}
	if len(tbs) == 0 {
		tbs = []string{"first"}
	}
	return tbs
}

// Skipped lists what the plan leaves out because a strategy cannot run it.
func (p *Plan) Skipped() []Skip { return p.skipped }

// Settings returns the plan's normalized settings.
func (p *Plan) Settings() Settings { return p.settings }

// Len returns the number of jobs.
func (p *Plan) Len() int64 { return p.total }

// OrderText returns the move order in offset notation, as rows record it.
func (p *Plan) OrderText() string { return p.orderText }

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
	pos := int(k % int64(c.starts))
	if c.pos != nil {
		pos = c.pos[pos]
	}
	s := p.settings
	j := Job{
		Index:    c.first + k,
		Board:    c.board,
		Start:    s.Starts.At(c.board, pos),
		Strategy: c.strategy,
		Tiebreak: c.tiebreak,
		Trial:    int(k / int64(c.starts)),
		Closed:   s.Closed,
		MaxNodes: s.MaxNodes,
		Order:    p.order,
		Prune:    c.prune,
		Bytes:    c.bytes,
		Cost:     c.cost,
	}
	if randomised(c.tiebreak) {
		j.Seed = JobSeed(s.Seed, j, p.orderText)
	}
	return j
}

// Jobs yields every job in canonical order.
func (p *Plan) Jobs() iter.Seq[Job] {
	return func(yield func(Job) bool) {
		for ci := range p.cells {
			c := &p.cells[ci]
			for k := range int64(c.starts) * int64(c.trials) {
				if !yield(p.job(c, k)) {
					return
				}
			}
		}
	}
}

// Index returns the index of the job that row ran, or an error if no job of
// the plan ran it.
func (p *Plan) Index(row runs.Row) (int64, error) {
	s := p.settings
	b := board.Board{Rows: row.Rows, Cols: row.Cols}
	ci, ok := p.byKey[cellKey{b, row.Strategy, row.Tiebreak}]
	switch {
	case !ok:
		return 0, fmt.Errorf("no job runs %s (tie-break %s) on %v", row.Strategy, row.Tiebreak, b)
	case row.Closed != s.Closed || row.Prune != p.cells[ci].prune || row.Order != p.orderText:
		return 0, fmt.Errorf("closed=%v prune=%v order %q: not this sweep's", row.Closed, row.Prune, row.Order)
	case row.Trial < 0 || row.Trial >= p.cells[ci].trials:
		return 0, fmt.Errorf("trial %d: not one of this sweep's", row.Trial)
	}
	c := &p.cells[ci]
	pos, ok := s.Starts.Position(b, board.Square{Row: row.StartRow, Col: row.StartCol})
	if ok && c.pos != nil {
		pos = slices.Index(c.pos, pos)
		ok = pos >= 0
	}
	if !ok {
		return 0, fmt.Errorf("start %d,%d on %v: not one of -starts %v that %s takes", row.StartRow, row.StartCol, b, s.Starts, row.Strategy)
	}
	k := int64(row.Trial)*int64(c.starts) + int64(pos)
	if seed := p.job(c, k).Seed; row.Seed != seed {
		return 0, fmt.Errorf("trial %d with seed %d: this sweep's has seed %d", row.Trial, row.Seed, seed)
	}
	return c.first + k, nil
}

// Cost returns the number of jobs for which skip returns false and their
// estimated seconds.
func (p *Plan) Cost(skip func(index int64) bool) (jobs int64, seconds float64) {
	for ci := range p.cells {
		c := &p.cells[ci]
		n := int64(c.starts) * int64(c.trials)
		if skip != nil {
			for k := range n {
				if skip(c.first + k) {
					n--
				}
			}
		}
		jobs += n
		seconds += float64(n) * c.cost
	}
	return jobs, seconds
}

// Schedule yields the jobs for which skip returns false, the costliest
// first: cells in decreasing estimated cost, each cell's jobs in canonical
// order. Workers that take jobs in this order stay busy to the end, as the
// last jobs to start are the shortest.
func (p *Plan) Schedule(skip func(index int64) bool) iter.Seq[Job] {
	order := p.scheduleOrder()
	return func(yield func(Job) bool) {
		for _, c := range order {
			for k := range int64(c.starts) * int64(c.trials) {
				if skip != nil && skip(c.first+k) {
					continue
				}
				if !yield(p.job(c, k)) {
					return
				}
			}
		}
	}
}

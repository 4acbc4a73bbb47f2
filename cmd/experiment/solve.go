package main

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/sweep"
	"knightsweep/pkg/tour"
)

// maxGridSide is the longest side for which solve prints the step grid.
const maxGridSide = 40

// maxJSONTour is the most squares for which -json includes the tour.
const maxJSONTour = 1_000_000

// solveJSON is the object experiment solve -json prints: the run's record
// as a sweep would write it (plan.Job.Record: the columns of runs.csv, by
// their names), with the tour as numbers.
type solveJSON struct {
	runs.Row
	Tour []int32 `json:"tour,omitempty"`
}

func cmdSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve", "-sizes N | -rows R -cols C [-starts R,C] [-strategy S] [flags]", stderr)
	var bf boardFlags
	bf.register(fs)
	var start startFlags
	start.register(fs, "0,0", "start square `row,col`, 0-indexed from the top-left")
	strategy := fs.String("strategy", strategies.Names()[0], "search `strategy`: "+strategyList())
	order := fs.String("order", "", "move `order`: 8 offsets \"2,1 1,2 ...\" or digits \"34261578\" (default the classic DFS program's: "+board.DefaultOrder.String()+"), or random (for "+strings.Join(strategies.RandomOrders(), ", ")+": a uniformly random order at every square, drawn from -seed)")
	tiebreak := fs.String("tiebreak", strategies.TieFirst, "tie-break `rule` of "+strings.Join(strategies.Accepting(strategies.TieRandom), " and ")+": "+strings.Join(strategies.Tiebreaks, ", "))
	seed := fs.Uint64("seed", 0, "`seed` of the random tie-break rule and the random order (a sweep's seed column replays its run)")
	restarts := fs.String("restarts", restart.Policy{}.String(), "restart `policy` of a randomised backtracking search ("+strategies.RestartableList()+"): "+restart.Form)
	closed := fs.Bool("closed", false, "ask for a closed tour (the last square a knight's move from the start)")
	prune := fs.Bool("prune", false, "cut branches whose unvisited squares cannot all be covered (strategies: "+strings.Join(strategies.Pruning(), ", ")+")")
	maxNodes := fs.Int64("max-nodes", 0, "stop after `N` nodes (0: no limit)")
	timeout := fs.Duration("timeout", 0, "stop after this `duration`, such as 30s (0: no limit)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the grid")
	workers := fs.Int("workers", 0, "cores the search may use, `N` (0: all): on boards of up to 64 squares, dfs and warnsdorff-bt (tie-break first, without -prune) split their search across them, with the same outcome, nodes and tour as on one; parberry builds its quadrants in parallel")
	memLimit := fs.String("mem-limit", "", "refuse a search whose memory estimate exceeds this, such as 4GiB; 0 for none (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	var files tourOutputs
	files.register(fs)
	var sf solverFlags
	sf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	mem, err := memLimitFlag(*memLimit)
	if err != nil {
		return err
	}
	// The solvers are strategies before -strategy is checked.
	d, err := sf.declare(mem, 1)
	if err != nil {
		return err
	}
	defer d.Close()

	b, err := bf.board(fs)
	if err != nil {
		return err
	}
	sq, _, err := start.square(fs, b, false)
	if err != nil {
		return err
	}
	info, err := parseStrategy(*strategy)
	if err != nil {
		return err
	}
	if *prune && !info.Prunes {
		return usagef("-prune: strategy %s does not prune; -prune applies to %s", *strategy, strings.Join(strategies.Pruning(), ", "))
	}
	o, randomOrder, err := solveOrder(fs, *order, info)
	if err != nil {
		return err
	}
	if err := info.CheckTiebreak(*tiebreak); err != nil {
		return usagef("-tiebreak: %v", err)
	}
	policy, err := solvePolicy(*restarts, info, *tiebreak, randomOrder, *maxNodes, *timeout, b)
	if err != nil {
		return err
	}
	if *maxNodes < 0 {
		return usagef("-max-nodes %d: want 0 (no limit) or a positive number of nodes", *maxNodes)
	}
	if *timeout < 0 {
		return usagef("-timeout %v: want 0 (no limit) or a positive duration such as 30s", *timeout)
	}
	if err := parseWorkers(*workers); err != nil {
		return err
	}
	if err := files.check(b); err != nil {
		return err
	}
	if err := checkSolveMemory(info, b, mem); err != nil {
		return err
	}

	p := solver.Problem{Board: b, Start: sq, Strategy: *strategy, Order: o, Closed: *closed, MaxNodes: *maxNodes,
		Timeout: *timeout, Tiebreak: *tiebreak, Seed: *seed, Prune: *prune, Threads: *workers,
		RandomOrder: randomOrder, Restarts: policy}
	s, err := solver.New(p)
	if err != nil {
		return usageError{err}
	}
	res := s.Run(ctx)
	p = s.Problem()

	return finishSolve(stdout, stderr, p, res, *asJSON, files)
}

// finishSolve prints the outcome res of problem p, writes the tour files
// asked for, and returns the error the outcome exits with.
func finishSolve(stdout, stderr io.Writer, p solver.Problem, res solver.Result, asJSON bool, files tourOutputs) error {
	if err := writeSolve(stdout, stderr, p, res, asJSON); err != nil {
		return err
	}
	if err := files.write(p, res, stderr); err != nil {
		return err
	}
	switch res.Status {
	case status.Canceled:
		return errInterrupted
	case status.Error:
		return fmt.Errorf("strategy %s failed: %s", p.Strategy, res.Err)
	}
	return nil
}

// solveOrder returns the move order -order gives strategy info, or
// random, where it takes a uniformly random order at every square.
func solveOrder(fs *flag.FlagSet, order string, info strategies.Info) (o board.Order, random bool, err error) {
	random = strings.TrimSpace(order) == strategies.OrderRandom
	if !random {
		if o, err = parseOrderFlag(order); err != nil {
			return o, false, err
		}
	}
	if info.OwnOrder && setFlags(fs)["order"] {
		return o, false, usagef("-order: %s uses its own published move orders; leave -order out", info.Name)
	}
	if random && !info.RandomOrder {
		return o, false, usagef("-order random: %s takes no random move order; %s", info.Name, words.Do(strategies.RandomOrders()))
	}
	return o, random, nil
}

// checkSolveMemory refuses a search on b by strategy info that would need
// more than the memory limit mem, before allocating (a 20000 x 20000 dfs
// would ask for 12 GB), naming the strategies that need less.
func checkSolveMemory(info strategies.Info, b board.Board, mem memlimit.Limit) error {
	need := info.BytesOn(b.Rows, b.Cols)
	if mem.Bytes <= 0 || need <= mem.Bytes {
		return nil
	}
	alt := ""
	switch others := lean(b, info.Name, need); len(others) {
	case 0:
	case 1:
		alt = fmt.Sprintf(" (or %s, which needs less)", others[0])
	default:
		alt = fmt.Sprintf(" (or %s, which need less)", strings.Join(others, ", "))
	}
	return usagef("-mem-limit: %s on %v needs about %s, more than the limit of %s: raise -mem-limit or take a smaller board%s",
		info.Name, b, memlimit.Format(need), mem, alt)
}

// solvePolicy reads and checks solve's -restarts: one policy that the
// strategy, tie-break and order can restart, within the budgets.
func solvePolicy(v string, info strategies.Info, tiebreak string, randomOrder bool, maxNodes int64, timeout time.Duration, b board.Board) (restart.Policy, error) {
	if list, err := restart.ParseList(v); err == nil && len(list) > 1 {
		// A list is run's: "49;luby:49" is not a number of nodes said
		// nothing of that.
		return restart.Policy{}, usagef("-restarts %q: solve runs one policy, not a list (run -restarts takes one); want one of %s", v, restart.Form)
	}
	policy, err := restart.Parse(v)
	if err != nil {
		return policy, usagef("-restarts: %v", err)
	}
	if policy.Kind != restart.None && !info.Restartable(tiebreak, randomOrder) {
		return policy, usagef("-restarts %v: restarts apply only to randomised backtracking: %s", policy, strategies.RestartableList())
	}
	if err := policy.Check(maxNodes, timeout, b); err != nil {
		return policy, usagef("-restarts %v: %v", policy, err)
	}
	return policy, nil
}

// writeSolve prints a search's result: its record as JSON, or its tour's
// grid (boards up to maxGridSide) and a line of figures.
func writeSolve(stdout, stderr io.Writer, p solver.Problem, res solver.Result, asJSON bool) error {
	b := p.Board
	j := sweep.JobOf(p)
	res = sweep.Budgeted(&j, res)
	if asJSON {
		out := solveJSON{Row: sweep.Record(&j, res)}
		if res.Status == status.Found && b.Squares() <= maxJSONTour {
			out.Tour = res.Tour.Squares(nil)
		}
		return json.NewEncoder(stdout).Encode(out)
	}
	if res.Status == status.Found && b.Rows <= maxGridSide && b.Cols <= maxGridSide {
		if err := tour.WriteGrid(stdout, b.Rows, b.Cols, res.Tour.Squares(nil)); err != nil {
			return err
		}
	}
	restarts := ""
	if p.Restarts.Kind != restart.None {
		restarts = fmt.Sprintf(" restarts=%d", res.Restarts)
	}
	_, err := fmt.Fprintf(stdout, "status=%s nodes=%s backtracks=%s%s time=%v verified=%v\n",
		res.Status, countText(res.Nodes), countText(res.Backtracks), restarts, res.Elapsed.Round(time.Microsecond), res.Verified)
	if err != nil {
		return err
	}
	if res.Err != "" {
		fmt.Fprintln(stderr, "error:", res.Err)
	}
	return nil
}

// lean lists up to two strategies other than name that need less memory
// than need on b, the least first.
func lean(b board.Board, name string, need int64) []string {
	bytes := func(n string) int64 {
		info, _ := strategies.Lookup(n)
		return info.BytesOn(b.Rows, b.Cols)
	}
	var names []string
	for _, n := range strategies.Names() {
		if n != name && bytes(n) < need {
			names = append(names, n)
		}
	}
	slices.SortStableFunc(names, func(x, y string) int { return cmp.Compare(bytes(x), bytes(y)) })
	return names[:min(2, len(names))]
}

// countText writes a count, or "-" for one an external solver did not
// report (runs.Unknown).
func countText(n int64) string {
	if !runs.Count(n).Known() {
		return "-"
	}
	return strconv.FormatInt(n, 10)
}

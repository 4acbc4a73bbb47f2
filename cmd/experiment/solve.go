package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/sweep"
	"knightsweep/pkg/tourimage"
)

func cmdSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve", "-sizes N | -rows R -cols C [-starts R,C] [-strategy S] [flags]", stderr)
	var bf boardFlags
	bf.register(fs)
	var start startFlags
	start.register(fs, "0,0", "start square `row,col`, 0-indexed from the top-left")
	strategy := fs.String("strategy", strategies.Builtins().Names()[0], "search `strategy`: "+strings.Join(strategies.Builtins().Names(), ", "))
	order := fs.String("order", "", "move `order`: 8 offsets \"2,1 1,2 ...\" or digits \"34261578\" (default the classic DFS program's: "+board.DefaultOrder.String()+"), or random (for "+strings.Join(strategies.Builtins().RandomOrders(), ", ")+": a uniformly random order at every square, drawn from -seed)")
	tiebreak := fs.String("tiebreak", strategies.TieFirst, "tie-break `rule` of "+strings.Join(strategies.Builtins().Accepting(strategies.TieRandom), " and ")+": "+strings.Join(strategies.Tiebreaks, ", "))
	seed := fs.Uint64("seed", 0, "`seed` of the random tie-break rule and the random order (a sweep's seed column replays its run)")
	restarts := fs.String("restarts", restart.Policy{}.String(), "restart `policy` of a randomised backtracking search ("+strategies.Builtins().RestartableList()+"): "+restart.Form)
	closed := fs.Bool("closed", false, "ask for a closed tour (the last square a knight's move from the start)")
	prune := fs.Bool("prune", false, "cut branches whose unvisited squares cannot all be covered (strategies: "+strings.Join(strategies.Builtins().Pruning(), ", ")+")")
	maxNodes := fs.Int64("max-nodes", 0, "stop after `N` nodes (0: no limit)")
	timeout := fs.Duration("timeout", 0, "stop after this `duration`, such as 30s (0: no limit)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the grid")
	workers := fs.Int("workers", 0, "cores the search may use, `N` (0: all): on boards of up to 64 squares, dfs and warnsdorff-bt (tie-break first, without -prune) split their search across them, with the same outcome, nodes and tour as on one; parberry builds its quadrants in parallel")
	memLimit := fs.String("mem-limit", "", "refuse a search whose memory estimate exceeds this, such as 4GiB; 0 for none (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	var files sweep.TourFiles
	fs.StringVar(&files.Tour, "tour-out", "", "write the tour found to `FILE`: compact binary, or the step grid if FILE ends in .txt")
	fs.StringVar(&files.PNG, "png", "", fmt.Sprintf("draw the tour found to `FILE`, a PNG picture (boards up to %d x %d)", tourimage.MaxSide, tourimage.MaxSide))
	var sf solverFlags
	sf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	mem, err := memLimitFlag(*memLimit)
	if err != nil {
		return err
	}
	// A solver -strategy does not name would not run: a slip, as for run.
	if unnamed := sf.unnamed([]string{*strategy}); len(unnamed) > 0 {
		return sf.notNamed(unnamed[0], "-strategy")
	}
	// The solvers are strategies before -strategy is checked.
	d, err := sf.declare(mem, 1, stderr)
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
	p := solver.Problem{Board: b, Start: sq, Strategy: *strategy, Closed: *closed, MaxNodes: *maxNodes,
		Timeout: *timeout, Tiebreak: *tiebreak, Seed: *seed, Prune: *prune, Threads: *workers}
	info, err := p.Parse(d.set.Facts(), *order, setFlags(fs)["order"], *restarts)
	if err != nil {
		return err
	}
	if err := parseWorkers(*workers); err != nil {
		return err
	}
	if err := files.Check(b); err != nil {
		return err
	}
	if err := solver.CheckMemory(d.set.Facts(), info, b, mem); err != nil {
		return err
	}

	s, err := d.set.New(p)
	if err != nil {
		return usageError{err}
	}
	res := s.Run(ctx)
	p = s.Problem()

	return finishSolve(stdout, stderr, p, res, *asJSON, files)
}

// finishSolve prints the outcome res of problem p, writes the tour files
// asked for, and returns the error the outcome exits with.
func finishSolve(stdout, stderr io.Writer, p solver.Problem, res solver.Result, asJSON bool, files sweep.TourFiles) error {
	if err := sweep.WriteSolve(stdout, stderr, p, res, asJSON); err != nil {
		return err
	}
	if err := files.Write(p, res, stderr); err != nil {
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

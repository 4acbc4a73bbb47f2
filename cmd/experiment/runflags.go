package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/strategies"
	"knightsweep/pkg/sweep"
)

// runFlags are experiment run's flags as given, before they are checked.
type runFlags struct {
	config     string
	sizes      string
	starts     string
	strategies string
	order      string
	closed     bool
	maxNodes   int64
	timeout    time.Duration
	tiebreak   string
	restarts   string
	trials     int
	seed       uint64
	prune      bool
	memLimit   string
	workers    int
	out        string
	resume     bool
	mixed      bool
	shard      string
	saveTours  bool
	quiet      bool
	noReport   bool
	planOnly   bool
	force      bool
	solvers    solverFlags
	// declared holds the -solver declarations once checked (declare), and
	// known the command's strategies, the built-in ones and theirs; nil
	// means the built-in ones alone.
	declared []plan.Solver
	known    *strategies.Set
}

// shardEnv are the environment variables that "-shard auto/N" reads the
// index from, in this order: Slurm job arrays, Kubernetes Indexed Jobs.
var shardEnv = []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}

// register defines the flags on fs, with their defaults and help.
func (f *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.config, configFlag, "", "read flags from `FILE` (one a line, # comments) or an embedded preset (quick, dfs-vs-warnsdorff, closed, overnight, restarts); flags on the command line override it")
	fs.StringVar(&f.sizes, "sizes", "", "`boards`: N, A-B (every N x N from A to B) or RxC, comma-separated, such as 5-8,10,6x8")
	fs.StringVar(&f.starts, "starts", "all", "start `squares`: all, corners, solvable (those theory does not rule out: up to 41 x 41, exactly those with a tour), or row,col squares separated by semicolons, such as \"0,0;2,3\"")
	fs.StringVar(&f.strategies, "strategies", strings.Join(strategies.Builtins().Defaults(), ","), "comma-separated `strategies`, or all: "+strings.Join(strategies.Builtins().Names(), ", "))
	fs.StringVar(&f.order, "order", "", "move `order`: 8 offsets \"2,1 1,2 ...\" or digits \"34261578\" (default the classic DFS program's: "+board.DefaultOrder.String()+"), or random: a uniformly random order at every square, drawn from the job's seed, for "+strings.Join(strategies.Builtins().RandomOrders(), ", ")+" (a randomised series, with -trials); the others run the default order")
	fs.BoolVar(&f.closed, "closed", false, "ask for closed tours (the last square a knight's move from the start)")
	fs.Int64Var(&f.maxNodes, "max-nodes", 0, "stop each search after `N` nodes, status node_limit (0: no limit)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop each search after this `duration`, such as 30s, status timeout (0: no limit)")
	fs.StringVar(&f.tiebreak, "tiebreak", strategies.TieFirst, "comma-separated tie-break `rules` for the strategies with ties ("+strings.Join(strategies.Builtins().Accepting(strategies.TieRandom), ", ")+"): "+strings.Join(strategies.Tiebreaks, ", ")+"; each rule is a series of its own, strategies without ties run first")
	fs.StringVar(&f.restarts, "restarts", restart.Policy{}.String(), "restart `policies`, separated by semicolons (a comma works where the next policy begins with its name), each a series of its own: "+restart.Form+"; they apply to randomised backtracking ("+strategies.Builtins().RestartableList()+"), the other runs never restart")
	fs.IntVar(&f.trials, "trials", 1, "run each randomised job (-tiebreak random, -order random) `K` times, trials 0..K-1; deterministic jobs run once")
	fs.Uint64Var(&f.seed, "seed", 0, "base `seed` of the randomised jobs; each job's seed is a hash of it and the job, recorded in the seed column")
	fs.BoolVar(&f.prune, "prune", false, "prune dead branches in the strategies that can ("+strings.Join(strategies.Builtins().Pruning(), ", ")+"); the others run unpruned")
	fs.StringVar(&f.memLimit, "mem-limit", "", "bound the summed memory estimates of the searches running at once, such as 512MB or 4GiB; 0 for none (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	fs.IntVar(&f.workers, "workers", runtime.GOMAXPROCS(0), fmt.Sprintf("run `N` searches at once, 1..%d; the default is the number of usable CPUs", sweep.MaxWorkers))
	fs.StringVar(&f.out, "out", "", "output `directory` (default results/<timestamp>)")
	fs.BoolVar(&f.resume, "resume", false, "continue the sweep in -out: run only the jobs that have no row yet")
	fs.BoolVar(&f.mixed, strings.TrimPrefix(outdir.MixedBuildsFlag, "-"), false, "with -resume: continue a sweep whose rows another build of experiment wrote (refused by default: two builds may compute different rows)")
	fs.StringVar(&f.shard, "shard", "", "run only shard `i/N` of the sweep (0 <= i < N), or auto/N with i from $"+strings.Join(shardEnv, " or $")+"; combine the shards with experiment merge")
	fs.BoolVar(&f.saveTours, "save-tours", false, "add a tour column: the square indices of each tour found, space-separated")
	fs.BoolVar(&f.quiet, "quiet", false, "print no plan and no progress on stderr")
	fs.BoolVar(&f.planOnly, "plan", false, "print the plan (runs, shard, expected time, memory limit) on stdout and exit: check flags without running or writing anything")
	fs.BoolVar(&f.force, "force", false, "run a sweep refused as runaway: one the cost model expects to take more than 24 hours, or with searches that have no budget from starts where no tour exists")
	f.solvers.register(fs)
	fs.BoolVar(&f.noReport, "no-report", false, "do not write the report at the end (summary tables and charts; the terminal table is always printed)")
}

// strategyNames returns the names -strategies lists, the keyword "all"
// (every strategy of the command, the declared solvers' among them) as it is.
func (f *runFlags) strategyNames() []string {
	var names []string
	for name := range strings.SplitSeq(f.strategies, ",") {
		if name = strings.TrimSpace(name); name != "" {
			names = append(names, name)
		}
	}
	return names
}

// settings checks the flags that decide the rows and returns them as
// Settings. Errors are input.Errors naming the flag and what it accepts.
func (f *runFlags) settings() (plan.Settings, error) {
	var s plan.Settings
	var given plan.Given // no sizes: Normalize says -sizes is missing
	var err error
	if strings.TrimSpace(f.sizes) != "" {
		if given.Sizes, err = plan.ParseGivenSizes(f.sizes); err != nil {
			return s, &input.Error{Flag: "-sizes", Err: err}
		}
	}
	if strings.TrimSpace(f.starts) == "" {
		return s, emptyStarts("all")
	}
	if given.Starts, err = plan.ParseGivenStarts(f.starts); err != nil {
		return s, &input.Error{Flag: "-starts", Err: err}
	}
	known := f.known
	if known == nil {
		known = strategies.Builtins()
	}
	var names []string
	for _, name := range f.strategyNames() {
		if name == strategies.All {
			names = append(names, known.Names()...)
		} else {
			names = append(names, name)
		}
	}
	// A solver no series runs would still be recorded, and a sweep
	// resumed without it refused: it is a slip, refused here, or a typo
	// where an unknown name of -strategies is near it.
	if unnamed := f.solvers.unnamed(names); len(unnamed) > 0 {
		for _, n := range names {
			if near, ok := words.Nearest(n, unnamed); ok && !known.Has(n) {
				return s, input.Errorf("-strategies", "unknown strategy %q (did you mean %s? -solver declares it)", n, near)
			}
		}
		return s, f.solvers.notNamed(unnamed[0], "-strategies")
	}
	var tiebreaks []string
	for tb := range strings.SplitSeq(f.tiebreak, ",") {
		if tb = strings.TrimSpace(tb); tb != "" {
			tiebreaks = append(tiebreaks, tb)
		}
	}
	var restarts []string
	if strings.TrimSpace(f.restarts) != "" {
		policies, err := restart.ParseList(f.restarts)
		if err != nil {
			return s, &input.Error{Flag: "-restarts", Err: err}
		}
		for _, p := range policies {
			restarts = append(restarts, p.String())
		}
	}
	if f.trials < 1 {
		return s, input.Errorf("-trials", "%d: want a number of trials from 1 to %d", f.trials, plan.MaxJobs)
	}
	s = plan.Settings{
		Sizes: given.Sizes.Sizes, Starts: given.Starts.Starts, Given: given, Strategies: names, Tiebreaks: tiebreaks, Order: f.order,
		Closed: f.closed, MaxNodes: f.maxNodes, Timeout: f.timeout,
		Trials: f.trials, Seed: f.seed, Prune: f.prune, SaveTours: f.saveTours, Restarts: restarts,
		Solvers: f.declared,
	}
	return s, s.Normalize()
}

// options checks the flags that say where and how to run, reading the
// shard index from the environment for "-shard auto/N". Out is left empty
// when -out was not given.
func (f *runFlags) options(getenv func(string) string) (sweep.Options, error) {
	var o sweep.Options
	if f.workers < 1 || f.workers > sweep.MaxWorkers {
		return o, input.Errorf("-workers", "%d: want 1 to %d searches at once (default: the number of usable CPUs)", f.workers, sweep.MaxWorkers)
	}
	shard, err := parseShard(f.shard, getenv)
	if err != nil {
		return o, &input.Error{Flag: "-shard", Err: err}
	}
	if f.resume && f.out == "" {
		return o, input.Errorf("-resume", "needs -out: the directory of the sweep to continue")
	}
	mem, err := memLimitFlag(f.memLimit)
	if err != nil {
		return o, err
	}
	return sweep.Options{Out: f.out, Resume: f.resume, MixedBuilds: f.mixed, Workers: f.workers, MemLimit: mem, Shard: shard}, nil
}

// parseShard reads -shard: "i/N", or "auto/N" with i from the first of
// shardEnv that getenv returns non-empty. "" is the whole sweep.
func parseShard(s string, getenv func(string) string) (plan.Shard, error) {
	is, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok || strings.TrimSpace(is) != "auto" {
		return plan.ParseShard(s)
	}
	for _, v := range shardEnv {
		if i := strings.TrimSpace(getenv(v)); i != "" {
			sh, err := plan.ParseShard(i + "/" + ns)
			if err != nil {
				return plan.Shard{}, fmt.Errorf("%q with $%s=%q: %w", s, v, i, err)
			}
			return sh, nil
		}
	}
	return plan.Shard{}, fmt.Errorf("%q: neither $%s is set; outside a job array give the index as i/N", s, strings.Join(shardEnv, " nor $"))
}

// memLimitFlag reads a -mem-limit value; "" is the default (memlimit).
func memLimitFlag(v string) (memlimit.Limit, error) {
	l, err := memlimit.Flag(v)
	if err != nil {
		return l, &input.Error{Flag: "-mem-limit", Err: err}
	}
	return l, nil
}

func getenv(name string) string { return os.Getenv(name) }

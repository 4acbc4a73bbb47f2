package sweep

import (
	"flag"
	"os"
	"runtime"
	"strings"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/solver"
)

// DefaultStrategies are the strategies a sweep runs when -strategies is not
// given: the seeds' three, which apply to every board and start. The others
// do not (parberry builds tours of some even boards only, squirrel-cull
// starts from corners of square boards): name them, or give -strategies
// all. A sweep leaves out the boards and starts a strategy cannot take
// (Plan.Skipped) and says so.
const DefaultStrategies = "dfs,warnsdorff,warnsdorff-bt"

// Flags are experiment run's flags as given, before they are checked.
// Register binds them to a flag.FlagSet; Options checks them.
type Flags struct {
	Config     string
	Sizes      string
	Starts     string
	Strategies string
	Order      string
	Closed     bool
	MaxNodes   int64
	Timeout    time.Duration
	Tiebreak   string
	Trials     int
	Seed       uint64
	Prune      bool
	MemLimit   string
	Workers    int
	Out        string
	Resume     bool
	Shard      string
	SaveTours  bool
	Quiet      bool
	NoReport   bool
}

// Register defines the flags on fs, with their defaults and help.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.Config, ConfigFlag, "", "read flags from `FILE` (one a line, # comments) or an embedded preset (quick, dfs-vs-warnsdorff, closed, overnight); flags on the command line override it")
	fs.StringVar(&f.Sizes, "sizes", "", "`boards`: N, A-B (every N x N from A to B) or RxC, comma-separated, such as 5-8,10,6x8")
	fs.StringVar(&f.Starts, "starts", "all", "start `squares`: all, corners, or row,col squares separated by semicolons, such as \"0,0;2,3\"")
	fs.StringVar(&f.Strategies, "strategies", DefaultStrategies, "comma-separated `strategies`, or all: "+strings.Join(solver.Names(), ", "))
	fs.StringVar(&f.Order, "order", "", "move `order`: 8 offsets \"2,1 1,2 ...\" or digits \"34261578\" (default seed 003's: "+board.DefaultOrder.String()+")")
	fs.BoolVar(&f.Closed, "closed", false, "ask for closed tours (the last square a knight's move from the start)")
	fs.Int64Var(&f.MaxNodes, "max-nodes", 0, "stop each search after `N` nodes, status node_limit (0: no limit)")
	fs.DurationVar(&f.Timeout, "timeout", 0, "stop each search after this `duration`, such as 30s, status timeout (0: no limit)")
	fs.StringVar(&f.Tiebreak, "tiebreak", "first", "comma-separated tie-break `rules` for the strategies with ties (warnsdorff, warnsdorff-bt): "+strings.Join(solver.Tiebreaks, ", ")+"; each rule is a series of its own, strategies without ties run first")
	fs.IntVar(&f.Trials, "trials", 1, "run each randomised job (-tiebreak random) `K` times, trials 0..K-1; deterministic jobs run once")
	fs.Uint64Var(&f.Seed, "seed", 0, "base `seed` of the randomised jobs; each job's seed is a hash of it and the job, recorded in the seed column")
	fs.BoolVar(&f.Prune, "prune", false, "prune dead branches in the strategies that can ("+strings.Join(solver.Pruning(), ", ")+"); the others run unpruned")
	fs.StringVar(&f.MemLimit, "mem-limit", "", "bound the summed memory estimates of the searches running at once, such as 512MB or 4GiB; 0 for none (default half the machine's memory)")
	fs.IntVar(&f.Workers, "workers", runtime.GOMAXPROCS(0), "run `N` searches at once; the default is the number of usable CPUs")
	fs.StringVar(&f.Out, "out", "", "output `directory` (default results/<timestamp>)")
	fs.BoolVar(&f.Resume, "resume", false, "continue the sweep in -out: run only the jobs that have no row yet")
	fs.StringVar(&f.Shard, "shard", "", "run only shard `i/N` of the sweep (0 <= i < N), or auto/N with i from $SLURM_ARRAY_TASK_ID or $JOB_COMPLETION_INDEX; combine the shards with experiment merge")
	fs.BoolVar(&f.SaveTours, "save-tours", false, "add a tour column: the square indices of each tour found, space-separated")
	fs.BoolVar(&f.Quiet, "quiet", false, "print no progress on stderr")
	fs.BoolVar(&f.NoReport, "no-report", false, "do not write the report at the end (summary tables and charts; the terminal table is always printed)")
}

// Options checks the flags and returns the sweep they ask for. Errors are
// InputErrors naming the flag and what it accepts. Out is left empty when
// -out was not given; Progress and Terminal are the caller's to set.
func (f *Flags) Options() (Options, error) {
	var o Options
	if strings.TrimSpace(f.Sizes) == "" {
		return o, inputErrorf("-sizes", "missing; %s", sizesForm)
	}
	sizes, err := ParseSizes(f.Sizes)
	if err != nil {
		return o, &InputError{Flag: "-sizes", Err: err}
	}
	starts, err := ParseStarts(f.Starts)
	if err != nil {
		return o, &InputError{Flag: "-starts", Err: err}
	}
	var strategies []string
	for name := range strings.SplitSeq(f.Strategies, ",") {
		name = strings.TrimSpace(name)
		switch name {
		case "":
		case "all":
			strategies = append(strategies, solver.Names()...)
		default:
			strategies = append(strategies, name)
		}
	}
	if f.Workers < 1 {
		return o, inputErrorf("-workers", "%d: want at least 1 (default: the number of usable CPUs)", f.Workers)
	}
	shard, err := ParseShard(f.Shard, os.Getenv)
	if err != nil {
		return o, &InputError{Flag: "-shard", Err: err}
	}
	if f.Resume && f.Out == "" {
		return o, inputErrorf("-resume", "needs -out: the directory of the sweep to continue")
	}
	var tiebreaks []string
	for tb := range strings.SplitSeq(f.Tiebreak, ",") {
		if tb = strings.TrimSpace(tb); tb != "" {
			tiebreaks = append(tiebreaks, tb)
		}
	}
	if f.Trials < 1 {
		return o, inputErrorf("-trials", "%d: want a positive number of trials", f.Trials)
	}
	memLimit := DefaultMemLimit()
	if strings.TrimSpace(f.MemLimit) != "" {
		if memLimit, err = ParseBytes(f.MemLimit); err != nil {
			return o, &InputError{Flag: "-mem-limit", Err: err}
		}
	}
	o = Options{
		Settings: Settings{
			Sizes: sizes, Starts: starts, Strategies: strategies, Tiebreaks: tiebreaks, Order: f.Order,
			Closed: f.Closed, MaxNodes: f.MaxNodes, Timeout: f.Timeout,
			Trials: f.Trials, Seed: f.Seed, Prune: f.Prune, SaveTours: f.SaveTours,
		},
		Out: f.Out, Resume: f.Resume, Workers: f.Workers, MemLimit: memLimit, Shard: shard,
	}
	if err := o.Settings.Normalize(); err != nil {
		return Options{}, err
	}
	return o, nil
}

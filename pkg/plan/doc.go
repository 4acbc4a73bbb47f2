// Package plan turns a sweep's settings into its jobs, with no I/O: what a
// sweep computes, in what order, and which shard runs what. Package sweep
// runs a plan, package outdir keeps its output; experiment run's flags
// become Settings in the command.
//
// # Settings
//
// Settings say what a sweep computes: boards (ParseSizes reads
// "5-8,10,6x8"), start squares (ParseStarts reads "all", "corners",
// "solvable" or "0,0;2,3"), strategies, tie-break rules, trials, the move
// order, open or closed tours and the budgets of each search. Normalize puts
// them in canonical form, so that two spellings of the same sweep compare
// equal, and checks them against the limits below; every error is an
// input.Error that names the flag at fault and what it accepts.
//
// Limits, checked before anything is allocated: sides up to
// board.MaxSide, at most MaxBoards distinct boards (ranges are merged before
// they are listed), at most MaxListedStarts listed squares, at most MaxJobs
// jobs, at most MaxShards shards, tours saved only for boards of at most
// MaxTourSquares squares.
//
// # Plans and jobs
//
// New expands Settings into a Plan. A Plan does not store its jobs: it keeps
// one cell per board, strategy and tie-break rule and computes each job from
// its index, so a sweep of millions of jobs costs kilobytes. Jobs are
// numbered in a canonical order (boards by size, then strategy, tie-break
// rule, trial and start square) that depends only on the settings.
//
// Strategies that cannot take a board or a start (strategies.Info.Boards,
// Info.Starts) leave those jobs out (Skipped). A strategy without ties runs
// once, with the tie-break rule "first", whatever -tiebreak says; only
// randomised jobs (strategies.Info.Randomised) repeat for -trials, each with a
// seed of its own (JobSeed); a deterministic job runs once, as trial 0.
// These rules are the strategies' facts (package strategies: the built-in
// ones, which the solver registers when a program links it in, and the
// solvers the settings declare, Settings.Known); the plan asks them and
// depends on no search code.
//
// # Schedule and cost
//
// Schedule yields the jobs longest expected first, by a cost model
// (cost.go) that knows the budgets, the strategies' cost per node and
// whether theory says a tour starts at the square (a complete search must
// exhaust where none does), so that the last jobs to start are short and
// every core stays busy to the end.
//
// The model's times a node are the development machine's. SetPace scales
// Cost and each Job's Cost by this machine's Pace, which package sweep
// measures in a short trial of PaceSamples (jobs of the plan itself);
// Model keeps the model's own figure. The schedule and the shards never
// depend on the pace: the same settings deal the same shards anywhere.
//
// # Shards
//
// Shards splits the plan among machines: jobs are dealt round-robin to the
// shards, cells costliest first, each cell's jobs in a fixed scramble, so
// that every shard gets the same share, to within one job, of every board,
// strategy and tie-break rule. Every count of jobs (a cell's, a shard's) is
// computed in one place, cell.jobs, whatever the trials.
package plan

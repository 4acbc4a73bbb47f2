// Package sweep runs sweeps: every board x start square x strategy (x
// tie-break x trial) as one search each, spread over all cores, into a
// resumable CSV. It is the engine behind "experiment run".
//
// # Settings and plans
//
// Settings say what a sweep computes: boards (ParseSizes reads "5-8,10,6x8"),
// start squares (ParseStarts reads "all", "corners" or "0,0;2,3"),
// strategies, move order, closed or open tours and the budgets of each
// search. Normalize puts them in canonical form, so that two spellings of
// the same sweep compare equal, and checks them; every error is an
// InputError that names the flag at fault and what it accepts.
//
// NewPlan expands Settings into jobs. A Plan does not store its jobs: it
// keeps one cell per board, strategy and tie-break and computes each job
// from its index, so that a sweep of millions of jobs costs kilobytes.
//
// # Running
//
// Run checks the options, prepares the output directory and hands the jobs
// to Options.Workers workers (an errgroup), costliest first: a cost model
// (cost.go) guesses each job's time from the budgets, the strategy's cost
// per node and whether theory says a tour starts at the square, so that the
// last jobs to start are short and every core stays busy to the end. A
// finished search becomes a row; a failed or timed-out search is data, a
// panic is a row with status error, and a search canceled by the context
// (Ctrl-C) gets no row and runs again on resume.
//
// One goroutine owns runs.csv and writes the rows in small batches, at
// least every half second. manifest.json records the settings, the program
// and machine, the sessions and the counts by status. With Options.Resume,
// Run reads runs.csv back (package runs), cuts a truncated last line, and
// runs only the jobs that have no row; it refuses a directory whose
// manifest holds other settings.
//
// # Flags and flag files
//
// Flags binds experiment run's flags to a flag.FlagSet and turns them into
// Options. ParseArgs applies a flag file named by -config before the
// command line, which overrides it; see ParseFlagFile for the format.
//
// # The end-of-run table
//
// experiment run prints its end-of-run table and writes its report with
// packages stats and report, from the runs.csv a sweep leaves.
package sweep

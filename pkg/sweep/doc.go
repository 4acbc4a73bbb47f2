// Package sweep runs a sweep's plan: every job of a plan.Plan (or of one
// shard of it) as one search, spread over the workers, each finished
// search a row of runs.csv in the sweep's output directory (package
// outdir). It is the engine behind "experiment run".
//
// # Running
//
// Run checks the options, opens the output directory (resuming it if
// asked), and hands the jobs to Options.Workers workers in the plan's
// schedule order, longest expected first, so that the last jobs to start
// are short and every core stays busy to the end. A job whose strategy
// keeps several cores busy (strategies.Info.Threads) takes that many of the
// workers' slots. With a memory limit, a job first takes its estimate
// (strategies.Info.Bytes) from a weighted semaphore of the limit, so big jobs
// wait for room instead of running together.
//
// A finished search becomes a row: a failed or timed-out search is data, a
// panic is a row with status error, and a search canceled by the context
// (Ctrl-C) gets no row and runs again on resume. One goroutine owns
// runs.csv and writes the rows in small batches, at least every half
// second, and fsyncs them; it also saves the first tour found on each
// board small enough for a picture (outdir.SaveTour).
//
// manifest.json records the settings, the program and machine, the
// sessions and the counts by status; it says "running" while the sweep
// runs and how the session ended once it has, whatever ended it: a write
// error (a full disk) included.
//
// # One search
//
// "experiment solve" is one job run alone: WriteSolve prints its row (the
// record a sweep would write, or the tour's grid and a line of figures),
// and TourFiles writes its tour to a tour file and a picture.
package sweep

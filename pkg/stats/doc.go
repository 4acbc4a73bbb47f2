// Package stats turns the rows of runs.csv files into the figures a report
// shows, with the statistics a reviewer of a comparison of solvers expects:
// success first, cost second, censoring explicit, comparisons paired.
//
// # Series and groups
//
// A series is what was run: a strategy, its tie-break rule, move order,
// pruning, tour kind (open or closed) and budget (max_nodes, timeout_ns).
// Runs that differ in any of these never share a series: a 10^5-node sweep
// and a 10^7-node sweep of one strategy are two experiments. A group is one
// series on one board. A Collector reads rows as a stream (runs.ForEach)
// and files each into its group; memory grows with the runs (a 40-byte
// sample each), never with anything else. A job read twice (same board, start,
// series and trial) is an error naming both lines, unless Options.BySource
// keeps each file's runs apart.
//
// A series is labelled by its strategy and what sets it apart
// ("warnsdorff/random", ", order 34261578", ", prune", ", closed", the budget
// when the data holds several, "[file]"), and drawn in every chart with
// the colour and marker of its strategy (Look).
//
// # Starts that have a tour
//
// A strategy is judged on the starts that have a tour. Whether a start has
// one is theory's answer (package theory, as of this report, not the
// solvable column of the file, which records the theory of the program
// that ran) and, where theory does not know, a witness: a run of any
// series in the data that found one there. Existence reports how many
// starts of each board rest on each; a start with neither is left out of
// the rate, never counted as a failure.
//
// # Success
//
// For each group: runs, tours found, the success rate over the runs from
// starts with a tour and its Wilson score interval at 95% (z = 1.959964),
// which stays inside [0, 1] and is honest at 0 and 100%. Totals gives the
// same over all of a series' boards: the report's answer.
//
// # Cost, and runs stopped by a budget
//
// Nodes and time are over every run of a group, whatever its outcome (the
// cost of running the strategy there). A run stopped by -max-nodes or
// -timeout (node_limit, timeout) is censored: what it recorded is what it
// had spent when it was stopped, a lower bound of what it needed. Quantiles
// interpolate linearly between order statistics (Hyndman and Fan's type 7,
// as R and NumPy), and one that rests on a censored run (one at most as
// large as the larger order statistic used) is marked: the true figure is
// at least the one given, and reports write ">= value". Means are not given
// for groups with censored runs.
//
// # Head to head
//
// Compare pairs every two series of one tour kind, board by board and over
// all their common boards, on runs from the same start in the same trial.
// Success: the pairs where only A found a tour against those where only B
// did, and the exact McNemar test (the two-sided binomial test of those
// discordant pairs); pairs where both failed are ties, never wins. Cost:
// over the pairs where both found a tour, the median of the paired ratios
// B/A of nodes and of time, and the Wilcoxon signed-rank test of their
// logarithms (exact up to 100 pairs, the normal approximation with tie and
// continuity corrections beyond), with the number of pairs it rests on.
// To a tour: the pairs where A needed fewer nodes (less time) to find a
// tour against those where B did, over every pair whose order the runs
// show (a run stopped by its budget needed more than it used, one that
// failed for good never finds a tour), and the exact sign test; where one
// series often runs out of budget it rests on many more pairs than the
// cost test. A report makes many comparisons: each p-value is also given adjusted by
// Holm's method over all of the report's tests of its kind, and only an
// adjusted p below 0.05 (Alpha) is called significant.
//
// # Ranking many series
//
// Rank puts k series in order over the instances they all ran (board, start
// and trial, paired as above), by success or by cost to a tour (nodes, or
// time where a series records no nodes: CostMeasure). In each instance the
// series are ranked 1 (best) to k: by success, a run that found a tour
// above one that did not, two alike tying; by cost, by the order the runs
// show (sooner), an unknown order counting as a tie, so that a run stopped
// by its budget ranks as needing more than it used and a run that failed
// for good below every success. The Friedman test (with the correction for
// ties, and Iman and Davenport's F) says whether the series differ at all;
// the post-hoc test is the exact sign test of every two series over the
// same instances (McNemar's for success), Holm over the k(k-1)/2 tests, as
// Benavoli, Corani and Mangili (2016) recommend, not Nemenyi's test of mean
// ranks, whose verdict on two series moves with the others. By how much two
// series differ in cost is the median over the instances that test counts
// (ties left out) of the paired ratio, a run without a tour against one
// with a tour counting as infinitely costly: so the median lies on the side
// of 1 where the test's majority is, and is 1 where there is none (head to
// head's median rests on the pairs where both found a tour, and may not).
// The cliques of a critical-difference diagram are the runs of the order in
// which no two series differ by that test. A significant verdict that would
// not hold without one board's instances names the board (RestsOn).
//
// # Run lengths
//
// For every group with at least MinRuns runs from starts that have a tour,
// RunLengths describes the whole distribution of their nodes. Runs are
// independent draws: the trials of a randomised search from one start
// (each with its own seed), or, for a deterministic strategy run once from
// each of many starts, a spread over instances, which is labelled so and
// never used to predict restarts. A run stopped by its budget is censored:
// its length is more than it used. A run that failed for good (a dead end,
// an exhausted search) has no length to a tour: it never finds one.
//
// The measures themselves (survival, ERT, tail index, restart
// predictions, their bootstrap and delta-method intervals) are package
// stats/runlength, which needs only runs; this package files the runs of
// each group into it and sets a restart series beside its prediction.
package stats

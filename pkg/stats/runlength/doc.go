// Package runlength measures the distribution of run lengths of a
// search: how many nodes its runs take to find a tour. It needs only runs
// (Run: nodes, time, and how the run ended), not the groups, series or
// files they come from (package stats files runs into groups and asks it
// for each group with enough of them).
//
// Runs are independent draws: the trials of a randomised search from one
// start, each with its own seed. A run stopped by its budget is censored:
// its length is more than it used. A run that failed for good (a dead end,
// an exhausted search) has no length to a tour: it never finds one.
//
//   - Survival: P(nodes > x) by Kaplan and Meier, censored runs leaving the
//     risk set without a drop, failed runs staying in it.
//   - ERT, the expected running time (COCO's and IOHanalyzer's): the
//     nodes (time) of all runs, each counting what it used, over the runs
//     that found a tour; over several starts, the mean of each start's.
//     Its 95% interval is the percentile bootstrap, resampling each start's
//     runs apart, from a seed derived from what is measured (SeedOf), so
//     that a report is reproducible; past MaxBootstrapRuns runs, the delta
//     method's normal interval.
//   - Tail index: Hill's estimator in its censored form (the
//     maximum-likelihood fit of a Pareto tail above a threshold), with an
//     exact chi-squared interval without censoring and Garwood's with it.
//     Heavy-tailed is said only when the interval lies below 2 (below 1:
//     the mean grows with the budget) over a decade, not heavy-tailed only
//     when it lies above 2.
//   - Restarts: over each start's empirical distribution (Empirical), the
//     fixed cutoff c* that minimises E[min(X, c)] / P(X <= c), one cutoff
//     for all starts, its cost with a bootstrap interval and its ratio to
//     the ERT, the exact expected cost of Luby's sequence with the best
//     unit, and any policy's predicted cost (RestartPrediction.Predict).
//     Cutoffs past the fewest nodes at which a run was stopped cannot be
//     judged.
//
// The ERT and a fixed cutoff's cost are one formula, Σ min(X, c) over the
// runs that found a tour within c (c unbounded for the ERT), which the
// point estimate, the bootstrap and the delta method all compute through
// expectedCost.
package runlength

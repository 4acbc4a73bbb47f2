// Package stats turns the rows of runs.csv files into the figures a report
// shows.
//
// # Groups
//
// A Collector reads rows as a stream (runs.ForEach) and
// files each into a group: the runs of one strategy, tie-break rule, move
// order, pruning setting and tour kind (open or closed) on one board. Runs
// that differ in any of these settings never share a group, so a file that
// mixes settings gives separate, clearly labelled groups rather than a
// blended figure. Memory grows with the number of groups and with each
// group's samples (20 bytes a row), never with anything else.
//
// For every group, Finish computes (see Summary):
//
//   - attempts and tours found, and the success rate with its Wilson 95%
//     score interval;
//   - the same over the starts that theory says have a tour (solvable =
//     "yes"), so that a strategy is not blamed for squares with no tour;
//   - the number of runs that ended with each status;
//   - nodes and time: median, 90th percentile, maximum and mean, over every
//     attempt whatever its outcome (the cost of running the strategy).
//
// Quantiles interpolate linearly between order statistics (Hyndman and
// Fan's type 7, the default of R and NumPy): the median of an even sample is
// the mean of its two middle values.
//
// Each group also keeps one Start per start square it ran: attempts, tours
// found and the median nodes and time there. These are the per-start grids
// of the heat maps.
//
// # Series
//
// A Series is a group's settings without its board: one line in a chart
// of some figure against board size. Its label names the strategy and, where
// they matter, the tie-break rule ("warnsdorff/random"), the move order (when
// the data holds several), pruning, closed tours and the input file.
//
// # Head to head
//
// Compare pairs every two series on every board both ran, in the spirit of
// benchstat's comparison tables: the median nodes and time of each over the
// starts both ran, their ratio, and on how many of those starts each one won.
// At a start, the series that found tours more often wins; if both did
// equally well, the one with fewer median nodes wins; otherwise it is a tie.
// P is the two-sided exact sign test over the starts that were not ties.
//
// # Duplicates
//
// A runner never writes a job twice. A row that repeats a job already read
// (same board, start, strategy, tie-break, order, pruning, closed and trial)
// is therefore an error, unless Options.BySource is set and the two rows come
// from different files: then each file's runs form groups of their own.
package stats

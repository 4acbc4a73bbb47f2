// Package chart draws the charts of a report with gonum.org/v1/plot:
//
//   - Success: the success rate over starts that have a tour, by board
//     size, one line per series, with Wilson 95% intervals as error bars;
//   - MedianNodes and MedianTime: median nodes and median time by board
//     size, on log y axes;
//   - Survival: for one board, the Kaplan–Meier survival of run lengths,
//     P(nodes > x), log-log, one curve per series with enough runs;
//   - HeatMap: for one board, the outcome and the nodes of every start
//     square, one panel per series;
//   - Ranking: critical-difference diagrams (Demšar 2006) of rankings of
//     many series (stats.Rank), by success and by cost to a tour;
//   - Matrix: every two of those series, who does better and by how much,
//     and whether it holds after Holm's adjustment.
//
// Each constructor returns a *Figure, which writes itself as PNG or SVG.
// Pictures of tours are not charts: package tourimage draws them.
//
// # Board size axes
//
// The x axis of the by-size charts is the number of squares, rows x cols, so
// that square and rectangular boards share one axis; each board is marked by
// its name ("8x8", "6x8") where names do not collide, by a plain tick where
// they would. The axis is logarithmic when the largest board has at least 100
// times the squares of the smallest (sides spanning a decade, say 5 to 50),
// linear otherwise. Points of different series at one board are nudged
// sideways so that their error bars stay apart.
//
// Log axes cannot show zero: a median of zero nodes or nanoseconds is left
// out and the chart's title says how many were.
package chart

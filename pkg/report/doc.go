// Package report turns runs.csv files into what a user looks at in the
// morning and puts in a paper: tables as CSV, charts as SVG (and, on
// request, PNG and PDF), and report.html, one page that opens offline
// (charts inline as SVG, no scripts, nothing fetched).
//
// Generate writes, into the output directory (by default the first CSV's):
//
//	series.csv            the answer: each series over all its boards (stats.Total)
//	summary.csv           one row per series and board (stats.Summary)
//	headtohead.csv        paired comparisons of every two series (stats.HeadToHead)
//	charts/*.svg          success, nodes, time by board size; per board
//	                      heatmap-RxC, solved-vs-nodes-RxC, solved-vs-time-RxC,
//	                      nodes-to-success-RxC, only-A-B-RxC, tour-RxC,
//	                      survival-RxC
//	report.html           all of it on one page
//
// The page opens with the answer (per series: success over the runs from
// starts that have a tour, all boards together, with the budget, and one
// paragraph per pair of series that leads with a verdict line: which finds
// more tours, which needs fewer nodes, each with its adjusted p-value),
// then the comparisons and charts, the run lengths (survival curves, ERT,
// tail index and restart predictions: package stats's RunLengths), board
// by board, and keeps what was run (every
// manifest.json beside the CSVs, read as generic JSON and shown as it is)
// folded at the bottom. A missing or unreadable manifest is noted, not
// fatal. The statistics are package stats's; its documentation says how
// each figure is made.
//
// Charts are drawn where they say something: the solved-within-budget
// curves and the box plots on boards where some series searched (its
// successful runs did not all take the same number of nodes, or a run was
// stopped by its budget), the start maps of a comparison where one series
// found a tour where the other did not, heat maps on boards up to 40 a
// side that were run from enough of their squares. Each series has the
// look of its strategy in every chart.
//
// Tour pictures (package tourimage, as experiment solve -png draws them)
// are drawn for boards up to 100 a side, from the tour column of a
// -save-tours sweep or from the tours a sweep saves, one per board
// (outdir.SavedTour). The report never runs a solver: a picture shows a
// tour the sweep found, and its caption says which run found it.
//
// Every string from the input (strategy names, tie-break rules, orders,
// manifest values) reaches the page through html/template, which escapes
// it; the inline SVG escapes its own text.
package report

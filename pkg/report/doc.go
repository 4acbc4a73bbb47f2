// Package report turns runs.csv files into what a user looks at in the
// morning: summary.csv, charts as PNG and SVG, and report.html, one page that
// opens offline (charts inline as SVG, no scripts, nothing fetched).
//
// Generate writes, into the output directory (by default the first CSV's):
//
//	summary.csv       one row per group (package stats, Summary)
//	charts/*.png|svg  success.*, nodes.*, time.*, heatmap-RxC.*, tour-RxC.*
//	report.html       what was run, the summary and head-to-head tables, every chart
//
// "What was run" comes from the manifest.json beside each CSV, read as
// generic JSON: every field is shown as it is, so the page keeps up with
// whatever the runner records. A missing or unreadable manifest is noted, not
// fatal.
//
// Every string from the input (strategy names, tie-break rules, orders,
// manifest values) reaches the page through html/template, which escapes
// it; the inline SVG escapes its own text.
//
// Tour pictures (package tourimage, as experiment solve -png draws them)
// are drawn for boards up to 100 a side. They use the tour column of a
// -save-tours sweep. Without one, the report solves a tour for the picture
// from a start that found one in the sweep, with parberry or squirrel-cull
// where they take the board and start (linear, so big boards work) or else
// warnsdorff-bt, and says so in the picture's caption and under it.
package report

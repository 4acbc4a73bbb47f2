package sweep

import (
	"strconv"

	"knightsweep/pkg/runs"
)

// record appends the fields of r, and of tour if withTour, to dst in the
// column order of runs.csv.
//
// gocsv defines the columns (csvHeader writes the header with it, and
// runs.Read reads rows back with it), but its reflection costs about 5 µs
// a row, as much as the rest of the runner's work on a trivial job; this
// writes the same text in a tenth of that. TestRecordMatchesGocsv holds the
// two to the same output, so a column added to runs.Row fails it until it
// is added here.
func record(dst []string, r *runs.Row, tour string, withTour bool) []string {
	dst = append(dst,
		strconv.Itoa(r.Rows),
		strconv.Itoa(r.Cols),
		strconv.Itoa(r.StartRow),
		strconv.Itoa(r.StartCol),
		r.Strategy,
		r.Tiebreak,
		strconv.FormatBool(r.Closed),
		strconv.Itoa(r.Trial),
		strconv.FormatUint(r.Seed, 10),
		r.Status,
		r.Solvable,
		strconv.FormatInt(r.Nodes, 10),
		strconv.FormatInt(r.Backtracks, 10),
		strconv.FormatInt(r.TimeNS, 10),
		strconv.FormatBool(r.Verified),
		r.Order,
		strconv.FormatBool(r.Prune),
		r.Error,
		strconv.FormatInt(r.MaxNodes, 10),
		strconv.FormatInt(r.TimeoutNS, 10),
	)
	if withTour {
		dst = append(dst, tour)
	}
	return dst
}

package sweep

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/gocarina/gocsv"

	"knightsweep/pkg/runs"
)

// The fast row encoder writes exactly what gocsv writes, field by field,
// for rows that exercise every column and CSV quoting.
func TestRecordMatchesGocsv(t *testing.T) {
	rows := []runs.TourRow{
		{Row: runs.Row{Rows: 8, Cols: 8, StartRow: 7, StartCol: 6, Strategy: "warnsdorff-bt", Tiebreak: "first",
			Closed: true, Trial: 12, Seed: 1<<64 - 1, Status: "found", Solvable: "yes", Nodes: 8_250_733,
			Backtracks: 8_250_669, TimeNS: 101_234_567, Verified: true, Order: "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",
			Prune: true, MaxNodes: 40_000_000, TimeoutNS: 90e9}, Tour: "0 17 34"},
		{Row: runs.Row{Rows: 1, Cols: 1, Strategy: "dfs", Status: "error", Solvable: "unknown",
			Error: `panic: "quoted", comma | and more`}},
		{Row: runs.Row{Rows: 20000, Cols: 3, Status: "timeout", Solvable: "no", Nodes: -1, Error: " leading space"}},
	}
	for _, withTour := range []bool{false, true} {
		var want string
		var err error
		if withTour {
			want, err = gocsv.MarshalStringWithoutHeaders(rows)
		} else {
			plain := make([]runs.Row, len(rows))
			for i, r := range rows {
				plain[i] = r.Row
			}
			want, err = gocsv.MarshalStringWithoutHeaders(plain)
		}
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		var fields []string
		for i := range rows {
			fields = record(fields[:0], &rows[i].Row, rows[i].Tour, withTour)
			if err := w.Write(fields); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		if buf.String() != want {
			t.Errorf("tours %v:\n got %s\nwant %s", withTour, buf.String(), want)
		}
		header, _ := csv.NewReader(bytes.NewReader([]byte(csvHeader(withTour)))).Read()
		if len(fields) != len(header) {
			t.Errorf("tours %v: %d fields, %d columns", withTour, len(fields), len(header))
		}
	}
}

package stats

import (
	"encoding/csv"
	"io"

	"github.com/gocarina/gocsv"
)

// WriteSummaryCSV writes summary.csv: a header of SummaryColumns, then one
// row per summary.
func WriteSummaryCSV(w io.Writer, summaries []Summary) error {
	cw := csv.NewWriter(w)
	if len(summaries) == 0 {
		// gocsv writes nothing for an empty slice; keep the header.
		if err := cw.Write(SummaryColumns); err != nil {
			return err
		}
		cw.Flush()
		return cw.Error()
	}
	return gocsv.MarshalCSV(summaries, gocsv.NewSafeCSVWriter(cw))
}

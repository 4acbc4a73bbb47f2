package stats

import (
	"encoding/csv"
	"io"
	"reflect"

	"github.com/gocarina/gocsv"
)

// The report's tables, as CSV files written with gocsv: one row per
// element, one column per csv-tagged field, in field order.

// WriteSummaryCSV writes summary.csv: one row per group.
func WriteSummaryCSV(w io.Writer, s []Summary) error { return writeCSV(w, s) }

// WriteHeadToHeadCSV writes headtohead.csv: one row per comparison.
func WriteHeadToHeadCSV(w io.Writer, h []HeadToHead) error { return writeCSV(w, h) }

// WriteTotalsCSV writes series.csv: one row per series, over its boards.
func WriteTotalsCSV(w io.Writer, t []Total) error { return writeCSV(w, t) }

// Columns returns the CSV columns of a table's rows, T one of Summary,
// HeadToHead and Total.
func Columns[T any]() []string {
	t := reflect.TypeFor[T]()
	var cols []string
	for i := range t.NumField() {
		if tag := t.Field(i).Tag.Get("csv"); tag != "" && tag != "-" {
			cols = append(cols, tag)
		}
	}
	return cols
}

func writeCSV[T any](w io.Writer, rows []T) error {
	cw := csv.NewWriter(w)
	if len(rows) == 0 {
		// gocsv writes nothing for an empty slice; keep the header.
		if err := cw.Write(Columns[T]()); err != nil {
			return err
		}
		cw.Flush()
		return cw.Error()
	}
	return gocsv.MarshalCSV(rows, gocsv.NewSafeCSVWriter(cw))
}

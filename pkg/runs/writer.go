package runs

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// Writer writes rows of runs.csv. It buffers: call Flush to push the rows
// to the underlying writer and learn of any error.
type Writer struct {
	csv    *csv.Writer
	tours  bool
	fields []string
}

// NewWriter returns a Writer of rows to w, with the tour column if tours is
// set. It writes no header: a file appended to already has one (see
// WriteHeader).
func NewWriter(w io.Writer, tours bool) *Writer {
	return &Writer{csv: csv.NewWriter(w), tours: tours}
}

// WriteHeader writes the header line.
func (w *Writer) WriteHeader() error { return w.csv.Write(Columns(w.tours)) }

// Write writes one row. The Tour field is written only by a Writer with
// the tour column; a multi-line Error is folded onto one line, so that
// every row is one line of the file.
func (w *Writer) Write(r *Row) error {
	w.fields = appendFields(w.fields[:0], r, w.tours)
	return w.csv.Write(w.fields)
}

// Flush writes any buffered rows to the underlying writer and returns the
// first error of any write so far.
func (w *Writer) Flush() error {
	w.csv.Flush()
	return w.csv.Error()
}

// appendFields appends r's fields to dst in column order, as gocsv would
// format them (TestWriterMatchesGocsv holds the two to the same bytes).
func appendFields(dst []string, r *Row, tours bool) []string {
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
		string(r.Status),
		r.Solvable,
		strconv.FormatInt(r.Nodes, 10),
		strconv.FormatInt(r.Backtracks, 10),
		strconv.FormatInt(r.TimeNS, 10),
		strconv.FormatBool(r.Verified),
		r.Order,
		strconv.FormatBool(r.Prune),
		OneLine(r.Error),
		strconv.FormatInt(r.MaxNodes, 10),
		strconv.FormatInt(r.TimeoutNS, 10),
	)
	if tours {
		dst = append(dst, r.Tour)
	}
	return dst
}

// OneLine folds a multi-line message (a panic's stack trace) onto one line:
// every row of runs.csv must be one line of the file, so that a last line
// without its newline is always the remains of an interrupted write.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	s = strings.ReplaceAll(s, "\r", "")
	s = strings.ReplaceAll(s, "\n\t", " ")
	return strings.ReplaceAll(s, "\n", " | ")
}

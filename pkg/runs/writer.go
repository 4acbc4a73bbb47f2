package runs

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Writer writes rows of runs.csv. It buffers: call Flush to push the rows
// to the underlying writer and learn of any error. Writing a row allocates
// nothing: a sweep writes one per search.
type Writer struct {
	w     *bufio.Writer
	tours bool
	line  []byte
	err   error
}

// NewWriter returns a Writer of rows to w, with the tour column if tours is
// set. It writes no header: a file appended to already has one (see
// WriteHeader).
func NewWriter(w io.Writer, tours bool) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10), tours: tours}
}

// WriteHeader writes the header line.
func (w *Writer) WriteHeader() error {
	_, err := w.w.WriteString(Header(w.tours))
	return w.keep(err)
}

// Write writes one row. The Tour field is written only by a Writer with
// the tour column; a multi-line Error is folded onto one line, so that
// every row is one line of the file.
func (w *Writer) Write(r *Row) error {
	if w.err != nil {
		return w.err
	}
	w.line = appendRecord(w.line[:0], r, w.tours)
	_, err := w.w.Write(w.line)
	return w.keep(err)
}

// Flush writes any buffered rows to the underlying writer and returns the
// first error of any write so far.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	return w.keep(w.w.Flush())
}

func (w *Writer) keep(err error) error {
	if w.err == nil {
		w.err = err
	}
	return err
}

// appendRecord appends r's line to dst: its fields in column order, as
// gocsv (over encoding/csv) writes them. TestWriterMatchesGocsv holds the
// two to the same bytes, so a column added to Row fails it until it is
// added here.
func appendRecord(dst []byte, r *Row, tours bool) []byte {
	dst = strconv.AppendInt(dst, int64(r.Rows), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(r.Cols), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(r.StartRow), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(r.StartCol), 10)
	dst = append(dst, ',')
	dst = appendField(dst, r.Strategy)
	dst = append(dst, ',')
	dst = appendField(dst, r.Tiebreak)
	dst = append(dst, ',')
	dst = strconv.AppendBool(dst, r.Closed)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(r.Trial), 10)
	dst = append(dst, ',')
	dst = strconv.AppendUint(dst, r.Seed, 10)
	dst = append(dst, ',')
	dst = appendField(dst, string(r.Status))
	dst = append(dst, ',')
	dst = appendField(dst, r.Solvable)
	dst = append(dst, ',')
	dst = appendCount(dst, r.Nodes)
	dst = append(dst, ',')
	dst = appendCount(dst, r.Backtracks)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, r.TimeNS, 10)
	dst = append(dst, ',')
	dst = strconv.AppendBool(dst, r.Verified)
	dst = append(dst, ',')
	dst = appendField(dst, r.Order)
	dst = append(dst, ',')
	dst = strconv.AppendBool(dst, r.Prune)
	dst = append(dst, ',')
	dst = appendField(dst, OneLine(r.Error))
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, r.MaxNodes, 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, r.TimeoutNS, 10)
	dst = append(dst, ',')
	dst = appendField(dst, r.RestartPolicy)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, r.Restarts, 10)
	dst = append(dst, ',')
	dst = appendCount(dst, r.CPUNS)
	dst = append(dst, ',')
	dst = appendCount(dst, r.MaxRSSBytes)
	if tours {
		dst = append(dst, ',')
		dst = appendField(dst, r.Tour)
	}
	return append(dst, '\n')
}

// appendField appends a field as encoding/csv writes it: in double quotes,
// with its quotes doubled, when it holds a comma, a quote or a line break,
// starts with a space, or is \. (which a CSV reader could take for the end
// of data).
func appendField(dst []byte, s string) []byte {
	if !needsQuotes(s) {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			dst = append(dst, '"')
		}
		dst = append(dst, s[i])
	}
	return append(dst, '"')
}

// needsQuotes is encoding/csv's rule for a comma-separated field.
func needsQuotes(s string) bool {
	if s == "" {
		return false
	}
	if s == `\.` || strings.ContainsAny(s, ",\"\r\n") {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
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

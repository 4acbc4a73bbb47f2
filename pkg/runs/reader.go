package runs

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"knightsweep/pkg/status"
)

// MaxLineBytes bounds a line of runs.csv, so that a damaged or hostile file
// cannot make a reader hold gigabytes: a -save-tours row of the largest
// board that keeps its tours (1,000,000 squares) is about 7 MB.
const MaxLineBytes = 16 << 20

// TornError reports a last line without its newline: the remains of a row
// whose write a crash interrupted. It is never data.
type TornError struct {
	// Line is the line number of the torn row (1 for a torn header).
	Line int
}

func (e *TornError) Error() string {
	return fmt.Sprintf("line %d is cut short (no newline at the end of the file): the remains of a write a crash interrupted, not a row", e.Line)
}

// ContentError is a fault in what a runs.csv holds, rather than in reading
// it: a header that is not a runs.csv's, a malformed row, a row that is
// not the sweep's. It is bad input wherever it comes from (report, merge,
// run -resume: exit status 2), and names the line.
type ContentError struct {
	// Line is the line at fault, or 0 for the file as a whole.
	Line int
	Err  error
}

func (e *ContentError) Error() string {
	if e.Line == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *ContentError) Unwrap() error { return e.Err }

// BadInput marks a ContentError as bad input (package input's Is): what a
// runs.csv holds is the user's input, whichever command reads it.
func (*ContentError) BadInput() {}

// BOM is the UTF-8 byte-order mark, which a spreadsheet may put before a
// runs.csv's header when it saves the file: no part of the first column's
// name, and accepted wherever the header is read.
const BOM = "\uFEFF"

// Reader reads the rows of a runs.csv in order, checking each. Its memory
// does not grow with the length of the file, and reading a row allocates
// nothing but the text of its error and tour columns.
type Reader struct {
	recs  *records
	cols  []field
	tours bool
	done  bool
	line  int
	// words interns the text columns (strategy, status, order...), which
	// take a handful of values in a file of a million rows.
	words map[string]string
}

// maxWords bounds the words a Reader interns.
const maxWords = 4096

// NewReader reads and checks the header of the runs.csv in r.
func NewReader(r io.Reader) (*Reader, error) {
	recs := newRecords(r)
	header, line, torn, err := recs.next()
	switch {
	case err == io.EOF:
		return nil, &ContentError{Err: errors.New("empty file: no header")}
	case torn:
		return nil, &TornError{Line: line}
	case err == errTooLong:
		return nil, &ContentError{Line: 1, Err: err}
	case parseError(err) != nil:
		return nil, &ContentError{Line: 1, Err: fmt.Errorf("header: %w", parseError(err).Err)}
	case err != nil:
		return nil, err
	}
	names := make([]string, len(header))
	for i, h := range header {
		names[i] = string(h)
	}
	names[0] = strings.TrimPrefix(names[0], BOM)
	if err := CheckHeader(names); err != nil {
		return nil, &ContentError{Line: line, Err: err}
	}
	rd := &Reader{recs: recs, cols: make([]field, len(names)), words: map[string]string{}}
	for i, h := range names {
		rd.cols[i] = fieldOf(strings.TrimSpace(h))
		rd.tours = rd.tours || rd.cols[i] == fTour
	}
	return rd, nil
}

// HasTours reports whether the file has the tour column.
func (rd *Reader) HasTours() bool { return rd.tours }

// Line returns the line number of the row Read returned last.
func (rd *Reader) Line() int { return rd.line }

// Read reads the next row into row. It returns io.EOF after the last row,
// a *TornError (once, then io.EOF) for a last line cut short, and an error
// naming the line for a row that is malformed or fails Row.Validate. Any
// other error ends the reading.
func (rd *Reader) Read(row *Row) error {
	if rd.done {
		return io.EOF
	}
	rec, line, torn, err := rd.recs.next()
	switch {
	case err == io.EOF:
		rd.done = true
		return io.EOF
	case torn:
		rd.done = true
		return &TornError{Line: line}
	case err == errTooLong:
		rd.done = true
		return &ContentError{Line: rd.recs.tooLongAt, Err: err}
	case err != nil:
		rd.done = true
		if pe := parseError(err); pe != nil {
			return &ContentError{Line: pe.StartLine, Err: pe.Err}
		}
		return err
	}
	rd.line = line
	*row = Row{CPUNS: Unknown, MaxRSSBytes: Unknown} // files from before those columns
	if len(rec) != len(rd.cols) {
		err = csv.ErrFieldCount
	} else {
		err = rd.decode(rec, row)
	}
	if err == nil {
		err = row.Validate()
	}
	if err != nil {
		rd.done = true
		return &ContentError{Line: line, Err: err}
	}
	return nil
}

// parseError returns the *csv.ParseError in err's chain, or nil.
func parseError(err error) *csv.ParseError {
	var pe *csv.ParseError
	errors.As(err, &pe)
	return pe
}

// ForEach reads every row of the runs.csv in r and hands it to fn, with its
// line number, stopping at the first error from the file or from fn. A torn
// last line is not handed over: ForEach then returns a *TornError once
// every other row has been.
func ForEach(r io.Reader, fn func(row *Row, line int) error) error {
	rd, err := NewReader(r)
	if err != nil {
		return err
	}
	var row Row
	for {
		err := rd.Read(&row)
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
		if err := fn(&row, rd.Line()); err != nil {
			return err
		}
	}
}

// field is a column Reader knows, or fUnknown for a column it skips.
type field uint8

const (
	fUnknown field = iota
	fRows
	fCols
	fStartRow
	fStartCol
	fStrategy
	fTiebreak
	fClosed
	fTrial
	fSeed
	fStatus
	fSolvable
	fNodes
	fBacktracks
	fTimeNS
	fVerified
	fOrder
	fPrune
	fError
	fMaxNodes
	fTimeoutNS
	fRestartPolicy
	fRestarts
	fCPUNS
	fMaxRSSBytes
	fTour
	nFields
)

// fieldNames holds the column of each field, in Row's order: a test checks
// it against Row's tags, so that a new column cannot be left unread.
var fieldNames = [nFields]string{"", "rows", "cols", "start_row", "start_col", "strategy", "tiebreak",
	"closed", "trial", "seed", "status", "solvable", "nodes", "backtracks", "time_ns", "verified",
	"order", "prune", "error", "max_nodes", "timeout_ns", "restart_policy", "restarts", "cpu_ns", "max_rss_bytes", "tour"}

func fieldOf(name string) field {
	for f := fRows; f < nFields; f++ {
		if fieldNames[f] == name {
			return f
		}
	}
	return fUnknown
}

// decode sets row's fields from rec. It is stricter than gocsv's default
// decoding: a number may not be empty or fractional.
func (rd *Reader) decode(rec [][]byte, row *Row) error {
	for i, b := range rec {
		f := rd.cols[i]
		if f == fUnknown {
			continue
		}
		b = trimSpace(b)
		var err error
		switch f {
		case fRows:
			row.Rows, err = atoi(b)
		case fCols:
			row.Cols, err = atoi(b)
		case fStartRow:
			row.StartRow, err = atoi(b)
		case fStartCol:
			row.StartCol, err = atoi(b)
		case fStrategy:
			row.Strategy = rd.word(b)
		case fTiebreak:
			row.Tiebreak = rd.word(b)
		case fClosed:
			row.Closed, err = parseBool(b)
		case fTrial:
			row.Trial, err = atoi(b)
		case fSeed:
			row.Seed, err = parseUint(b)
		case fStatus:
			row.Status = status.Status(rd.word(b))
		case fSolvable:
			row.Solvable = rd.word(b)
		case fNodes:
			row.Nodes, err = parseCount(b)
		case fBacktracks:
			row.Backtracks, err = parseCount(b)
		case fTimeNS:
			row.TimeNS, err = parseInt(b)
		case fVerified:
			row.Verified, err = parseBool(b)
		case fOrder:
			row.Order = rd.word(b)
		case fPrune:
			if len(b) > 0 {
				row.Prune, err = parseBool(b)
			}
		case fError:
			row.Error = string(b)
		case fMaxNodes:
			if len(b) > 0 {
				row.MaxNodes, err = parseInt(b)
			}
		case fTimeoutNS:
			if len(b) > 0 {
				row.TimeoutNS, err = parseInt(b)
			}
		case fRestartPolicy:
			row.RestartPolicy = rd.word(b)
		case fRestarts:
			if len(b) > 0 {
				row.Restarts, err = parseInt(b)
			}
		case fCPUNS:
			row.CPUNS, err = parseCount(b)
		case fMaxRSSBytes:
			row.MaxRSSBytes, err = parseCount(b)
		case fTour:
			row.Tour = string(b)
		}
		if err != nil {
			if ne := (*strconv.NumError)(nil); errors.As(err, &ne) {
				err = ne.Err
			}
			return fmt.Errorf("column %s: %q: %w", fieldNames[f], b, err)
		}
	}
	return nil
}

// parseCount reads a Count: empty is Unknown, otherwise a number that may
// not be negative.
func parseCount(b []byte) (Count, error) {
	if len(b) == 0 {
		return Unknown, nil
	}
	v, err := parseInt(b)
	if err == nil && v < 0 {
		err = errors.New("negative: want a count, or nothing for unknown")
	}
	return Count(v), err
}

// trimSpace is bytes.TrimSpace, quick for the usual field that starts and
// ends in a printable ASCII character.
func trimSpace(b []byte) []byte {
	if len(b) == 0 || b[0] > ' ' && b[0] < 0x80 && b[len(b)-1] > ' ' && b[len(b)-1] < 0x80 {
		return b
	}
	return bytes.TrimSpace(b)
}

// word returns b as a string, the same string for the same text while
// fewer than maxWords have been seen.
func (rd *Reader) word(b []byte) string {
	if s, ok := rd.words[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(rd.words) < maxWords {
		rd.words[s] = s
	}
	return s
}

// parseInt is strconv.ParseInt(b, 10, 64) without converting b to a
// string for the usual case, plain digits; anything else goes to strconv,
// for its exact rules and errors.
func parseInt(b []byte) (int64, error) {
	if len(b) > 0 && len(b) <= 18 {
		neg := b[0] == '-'
		digits := b
		if neg {
			digits = b[1:]
		}
		if len(digits) > 0 {
			var n int64
			ok := true
			for _, c := range digits {
				if c < '0' || c > '9' {
					ok = false
					break
				}
				n = n*10 + int64(c-'0')
			}
			if ok {
				if neg {
					n = -n
				}
				return n, nil
			}
		}
	}
	return strconv.ParseInt(string(b), 10, 64)
}

func parseUint(b []byte) (uint64, error) {
	if len(b) > 0 && len(b) <= 19 {
		var n uint64
		for _, c := range b {
			if c < '0' || c > '9' {
				return strconv.ParseUint(string(b), 10, 64)
			}
			n = n*10 + uint64(c-'0')
		}
		return n, nil
	}
	return strconv.ParseUint(string(b), 10, 64)
}

func parseBool(b []byte) (bool, error) {
	switch string(b) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return strconv.ParseBool(string(b))
}

func atoi(b []byte) (int, error) {
	n, err := parseInt(b)
	if err == nil && int64(int(n)) != n {
		_, err = strconv.ParseInt(string(b), 10, 0) // out of range for int
	}
	return int(n), err
}

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

// Reader reads the rows of a runs.csv in order, checking each. Its memory
// does not grow with the length of the file.
type Reader struct {
	src   *lineGuard
	csv   *csv.Reader
	cols  []field
	tours bool
	// next is the record read ahead, so that a last line can be told torn
	// before it is handed over; nextLine is its line, nextErr its error.
	next     []string
	nextLine int
	nextErr  error
	done     bool
	line     int
}

// NewReader reads and checks the header of the runs.csv in r.
func NewReader(r io.Reader) (*Reader, error) {
	src := &lineGuard{r: r}
	cr := csv.NewReader(src)
	cr.ReuseRecord = true
	cr.FieldsPerRecord = 0 // every row as long as the header
	header, err := cr.Read()
	switch {
	case err == io.EOF:
		return nil, errors.New("empty file: no header")
	case err != nil:
		return nil, fmt.Errorf("header: %w", err)
	}
	header = append([]string(nil), header...)
	rd := &Reader{src: src, csv: cr, cols: make([]field, len(header))}
	rd.readAhead()
	if rd.nextErr == io.EOF && !src.endsInNewline() {
		return nil, &TornError{Line: 1}
	}
	if err := CheckHeader(header); err != nil {
		return nil, err
	}
	for i, h := range header {
		rd.cols[i] = fieldOf(strings.TrimSpace(h))
		rd.tours = rd.tours || rd.cols[i] == fTour
	}
	return rd, nil
}

// HasTours reports whether the file has the tour column.
func (rd *Reader) HasTours() bool { return rd.tours }

// Line returns the line number of the row Read returned last.
func (rd *Reader) Line() int { return rd.line }

func (rd *Reader) readAhead() {
	rd.next, rd.nextErr = rd.csv.Read()
	if rd.nextErr == nil {
		rd.nextLine, _ = rd.csv.FieldPos(0)
	} else if pe := (*csv.ParseError)(nil); errors.As(rd.nextErr, &pe) {
		rd.nextLine = pe.StartLine
	}
}

// Read reads the next row into row. It returns io.EOF after the last row,
// a *TornError (once, then io.EOF) for a last line cut short, and an error
// naming the line for a row that is malformed or fails Row.Validate. Any
// other error ends the reading.
func (rd *Reader) Read(row *Row) error {
	if rd.done {
		return io.EOF
	}
	rec, line, err := rd.next, rd.nextLine, rd.nextErr
	if rd.src.err != nil {
		rd.done = true
		return rd.src.err
	}
	if err == io.EOF {
		rd.done = true
		return io.EOF
	}
	rd.line = line
	if err == nil {
		*row = Row{}
		err = rd.decode(rec, row)
		if err == nil {
			err = row.Validate()
		}
	}
	rd.readAhead()
	if rd.nextErr == io.EOF && !rd.src.endsInNewline() {
		rd.done = true
		return &TornError{Line: line}
	}
	if rd.src.err != nil {
		rd.done = true
		return rd.src.err
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		rd.done = true
		return fmt.Errorf("line %d: %w", line, err)
	}
	return nil
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
	fTour
	nFields
)

// fieldNames holds the column of each field, in Row's order: a test checks
// it against Row's tags, so that a new column cannot be left unread.
var fieldNames = [nFields]string{"", "rows", "cols", "start_row", "start_col", "strategy", "tiebreak",
	"closed", "trial", "seed", "status", "solvable", "nodes", "backtracks", "time_ns", "verified",
	"order", "prune", "error", "max_nodes", "timeout_ns", "tour"}

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
func (rd *Reader) decode(rec []string, row *Row) error {
	for i, v := range rec {
		f := rd.cols[i]
		if f == fUnknown {
			continue
		}
		v = strings.TrimSpace(v)
		var err error
		switch f {
		case fRows:
			row.Rows, err = atoi(v)
		case fCols:
			row.Cols, err = atoi(v)
		case fStartRow:
			row.StartRow, err = atoi(v)
		case fStartCol:
			row.StartCol, err = atoi(v)
		case fStrategy:
			row.Strategy = v
		case fTiebreak:
			row.Tiebreak = v
		case fClosed:
			row.Closed, err = strconv.ParseBool(v)
		case fTrial:
			row.Trial, err = atoi(v)
		case fSeed:
			row.Seed, err = strconv.ParseUint(v, 10, 64)
		case fStatus:
			row.Status = status.Status(v)
		case fSolvable:
			row.Solvable = v
		case fNodes:
			row.Nodes, err = strconv.ParseInt(v, 10, 64)
		case fBacktracks:
			row.Backtracks, err = strconv.ParseInt(v, 10, 64)
		case fTimeNS:
			row.TimeNS, err = strconv.ParseInt(v, 10, 64)
		case fVerified:
			row.Verified, err = strconv.ParseBool(v)
		case fOrder:
			row.Order = v
		case fPrune:
			if v != "" {
				row.Prune, err = strconv.ParseBool(v)
			}
		case fError:
			row.Error = v
		case fMaxNodes:
			if v != "" {
				row.MaxNodes, err = strconv.ParseInt(v, 10, 64)
			}
		case fTimeoutNS:
			if v != "" {
				row.TimeoutNS, err = strconv.ParseInt(v, 10, 64)
			}
		case fTour:
			row.Tour = v
		}
		if err != nil {
			if ne := (*strconv.NumError)(nil); errors.As(err, &ne) {
				err = ne.Err
			}
			return fmt.Errorf("column %s: %q: %w", fieldNames[f], v, err)
		}
	}
	return nil
}

func atoi(s string) (int, error) {
	n, err := strconv.ParseInt(s, 10, 0)
	return int(n), err
}

// lineGuard passes a reader through, remembering its last byte (to tell a
// torn last line) and failing a line longer than MaxLineBytes.
type lineGuard struct {
	r       io.Reader
	last    byte
	any     bool
	lineLen int
	err     error
}

func (g *lineGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if n > 0 {
		g.any = true
		g.last = p[n-1]
		longest := g.lineLen + n
		if i := bytes.IndexByte(p[:n], '\n'); i >= 0 {
			longest = g.lineLen + i
			g.lineLen = n - bytes.LastIndexByte(p[:n], '\n') - 1
		} else {
			g.lineLen += n
		}
		if longest > MaxLineBytes && g.err == nil {
			g.err = fmt.Errorf("a line longer than %d bytes: not a runs.csv", MaxLineBytes)
			return n, g.err
		}
	}
	return n, err
}

func (g *lineGuard) endsInNewline() bool { return g.any && g.last == '\n' }

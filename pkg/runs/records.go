package runs

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
)

// records splits a CSV stream into records, as encoding/csv does (RFC 4180
// with \r\n or \n line ends, empty lines skipped), without its cost on the
// lines runs.csv is made of: a line of plain fields and quoted fields
// without quotes or newlines inside (an order, "2,1 1,2 ...") is split at
// its commas in place, allocating nothing; any other record (an error
// message with a quote in it, a malformed line) is handed to encoding/csv
// whole. A differential fuzz test holds the two to the same records.
type records struct {
	br *bufio.Reader
	// line is the number of the last line read; tooLongAt the line a
	// record refused as too long starts on.
	line      int
	tooLongAt int
	// long holds a line longer than the read buffer; acc a quoted record
	// of several lines.
	long   []byte
	acc    []byte
	fields [][]byte
	// quoted holds the fields encoding/csv returned for a quoted record.
	quoted []string
}

func newRecords(r io.Reader) *records {
	return &records{br: bufio.NewReaderSize(r, 64<<10)}
}

// errTooLong reports a record longer than MaxLineBytes.
var errTooLong = fmt.Errorf("a line longer than %d bytes: not a runs.csv", MaxLineBytes)

// next returns the next record's fields, valid until the next call, and
// the line it starts on. torn is true for a last line without its
// newline: its fields are not returned. err is io.EOF at the end, a
// *csv.ParseError for a malformed record (its lines counted in this
// stream), errTooLong, or the reader's error.
func (rs *records) next() (fields [][]byte, start int, torn bool, err error) {
	for {
		line, err := rs.readLine()
		if err == errTooLong {
			rs.tooLongAt = rs.line + 1
		}
		if err == io.EOF {
			if len(line) == 0 {
				return nil, 0, false, io.EOF
			}
			rs.line++
			return nil, rs.line, true, nil
		}
		if err != nil {
			return nil, 0, false, err
		}
		rs.line++
		start = rs.line
		body := trimNewline(line)
		if len(body) == 0 {
			continue // encoding/csv skips empty lines
		}
		if fields, ok := rs.split(body); ok {
			return fields, start, false, nil
		}
		return rs.quotedRecord(line, start)
	}
}

// split splits a line at its commas in place. It handles what runs.csv
// holds, unquoted fields and quoted ones without a quote or newline inside
// (an order, "2,1 1,2 ..."), and reports false for anything else, which
// encoding/csv then reads.
func (rs *records) split(body []byte) ([][]byte, bool) {
	rs.fields = rs.fields[:0]
	start := 0
	for start <= len(body) {
		if start < len(body) && body[start] == '"' {
			end := bytes.IndexByte(body[start+1:], '"')
			if end < 0 {
				return nil, false // a newline or the end inside quotes
			}
			end += start + 1
			if end+1 < len(body) && body[end+1] != ',' {
				return nil, false // an escaped quote, or a quote mid-field
			}
			rs.fields = append(rs.fields, body[start+1:end])
			start = end + 2 // past the line's end after its last field: the loop ends
			continue
		}
		// One pass over the bytes: fields are short, and a call to
		// bytes.IndexByte a field costs more than it saves.
		i := start
		for ; i < len(body) && body[i] != ','; i++ {
			if body[i] == '"' {
				return nil, false // a bare quote: encoding/csv's error
			}
		}
		rs.fields = append(rs.fields, body[start:i])
		start = i + 1
	}
	return rs.fields, true
}

// quotedRecord reads the rest of a record that split could not (until its
// quotes pair up: a newline inside quotes is data) and parses it with
// encoding/csv.
func (rs *records) quotedRecord(first []byte, start int) ([][]byte, int, bool, error) {
	rec := append(rs.acc[:0], first...)
	quotes := bytes.Count(first, []byte{'"'})
	for quotes%2 == 1 {
		line, err := rs.readLine()
		if err == io.EOF {
			if len(line) == 0 {
				break // an open quote at the end: encoding/csv says what is wrong
			}
			rs.line++
			return nil, start, true, nil
		}
		if err != nil && err != errTooLong {
			return nil, 0, false, err
		}
		if err == errTooLong || len(rec)+len(line) > MaxLineBytes {
			rs.tooLongAt = start
			return nil, 0, false, errTooLong
		}
		rs.line++
		rec = append(rec, line...)
		quotes += bytes.Count(line, []byte{'"'})
	}
	rs.acc = rec
	cr := csv.NewReader(bytes.NewReader(rec))
	cr.FieldsPerRecord = -1
	fields, err := cr.Read()
	if err != nil {
		if pe := (*csv.ParseError)(nil); errors.As(err, &pe) {
			pe.StartLine += start - 1
			pe.Line += start - 1
		}
		return nil, start, false, err
	}
	rs.quoted = fields
	rs.fields = rs.fields[:0]
	for _, f := range rs.quoted {
		rs.fields = append(rs.fields, []byte(f))
	}
	return rs.fields, start, false, nil
}

// readLine returns the next line with its newline, or what is left at the
// end with io.EOF. The line is valid until the next call.
func (rs *records) readLine() ([]byte, error) {
	line, err := rs.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		rs.long = append(rs.long[:0], line...)
		for err == bufio.ErrBufferFull {
			if len(rs.long) > MaxLineBytes {
				return nil, errTooLong
			}
			line, err = rs.br.ReadSlice('\n')
			rs.long = append(rs.long, line...)
		}
		line = rs.long
	}
	if len(line) > MaxLineBytes+1 {
		return nil, errTooLong
	}
	if err == io.EOF || err == nil {
		return line, err
	}
	return nil, err
}

// trimNewline drops a line's \n or \r\n.
func trimNewline(line []byte) []byte {
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
		if n > 0 && line[n-1] == '\r' {
			n--
		}
	}
	return line[:n]
}

package runs

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/gocarina/gocsv"
)

// ReadTours is Read for files that may carry a tour column (-save-tours):
// fn receives each row with its tour ("" when the file has no tour column).
func ReadTours(r io.Reader, fn func(TourRow) error) error {
	return read(r, fn)
}

// read checks the header, then streams the rows through gocsv's channel
// reader, validating each.
//
// It receives from gocsv.UnmarshalToChan itself rather than through
// gocsv.UnmarshalToCallbackWithError, which is that same reader plus a
// reflect.Value.Call and an unbuffered reflect receive per row: a quarter of
// the time of reading a 1,000,000-row file here. A buffered channel also
// spares a goroutine switch per row.
func read(r io.Reader, fn func(TourRow) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	first, err := br.ReadString('\n')
	if err != nil && err != io.EOF {
		return err
	}
	if strings.TrimSpace(first) == "" {
		return errors.New("empty file: no header")
	}
	header, err := csv.NewReader(strings.NewReader(first)).Read()
	if err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if err := CheckHeader(header); err != nil {
		return err
	}
	in := &stoppableReader{r: io.MultiReader(strings.NewReader(first), br)}
	rows := make(chan rowDecoder, 512)
	done := make(chan error, 1)
	go func() { done <- gocsv.UnmarshalToChan(in, rows) }()
	line := 1
	var fnErr error
	for d := range rows {
		if fnErr != nil {
			continue // drain, so that the decoder can finish
		}
		line++
		if err := d.Row.Validate(); err != nil {
			fnErr = fmt.Errorf("line %d: %w", line, err)
		} else {
			fnErr = fn(d.TourRow)
		}
		if fnErr != nil {
			in.stop()
		}
	}
	err = <-done
	if fnErr != nil {
		return fnErr
	}
	return err
}

// stoppableReader ends its input early once stopped, so that a read that
// has failed does not parse the rest of a long file.
type stoppableReader struct {
	r       io.Reader
	stopped atomic.Bool
}

func (s *stoppableReader) Read(p []byte) (int, error) {
	if s.stopped.Load() {
		return 0, io.EOF
	}
	return s.r.Read(p)
}

func (s *stoppableReader) stop() { s.stopped.Store(true) }

// rowDecoder decodes a TourRow column by column (gocsv calls
// UnmarshalCSVWithFields for each). gocsv's default decoding sets each field
// through reflection and boxes every value: on a 1,000,000-row file that
// alone took 6 to 8 s here, against 3.5 to 4.5 s with this decoder. It is
// also stricter than gocsv's defaults: a required number may not be empty or
// fractional.
type rowDecoder struct{ TourRow }

// UnmarshalCSVWithFields implements gocsv.TypeUnmarshalCSVWithFields.
func (d *rowDecoder) UnmarshalCSVWithFields(key, value string) error {
	r := &d.TourRow
	value = strings.TrimSpace(value)
	var err error
	switch strings.TrimSpace(key) {
	case "rows":
		r.Rows, err = atoi(value)
	case "cols":
		r.Cols, err = atoi(value)
	case "start_row":
		r.StartRow, err = atoi(value)
	case "start_col":
		r.StartCol, err = atoi(value)
	case "strategy":
		r.Strategy = value
	case "tiebreak":
		r.Tiebreak = value
	case "closed":
		r.Closed, err = strconv.ParseBool(value)
	case "trial":
		r.Trial, err = atoi(value)
	case "seed":
		r.Seed, err = strconv.ParseUint(value, 10, 64)
	case "status":
		r.Status = value
	case "solvable":
		r.Solvable = value
	case "nodes":
		r.Nodes, err = strconv.ParseInt(value, 10, 64)
	case "backtracks":
		r.Backtracks, err = strconv.ParseInt(value, 10, 64)
	case "time_ns":
		r.TimeNS, err = strconv.ParseInt(value, 10, 64)
	case "verified":
		r.Verified, err = strconv.ParseBool(value)
	case "order":
		r.Order = value
	case "prune":
		if value != "" {
			r.Prune, err = strconv.ParseBool(value)
		}
	case "error":
		r.Error = value
	case "tour":
		r.Tour = value
	}
	if err != nil {
		return fmt.Errorf("column %s: %w", key, err)
	}
	return nil
}

func atoi(s string) (int, error) {
	n, err := strconv.ParseInt(s, 10, 0)
	return int(n), err
}

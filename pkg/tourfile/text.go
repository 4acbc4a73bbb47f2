package tourfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"knightsweep/pkg/tour"
)

// MaxTextSide is the longest board side the text form is written for.
const MaxTextSide = 1000

const textHeader = "# knightsweep tour"

// WriteText writes t as a header line and its step-number grid.
func WriteText(w io.Writer, t Tour) error {
	if err := t.check(); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	if t.Rows > MaxTextSide || t.Cols > MaxTextSide {
		return fmt.Errorf("write tour: the text form is for boards up to %d a side; %dx%d is larger (use the binary form)", MaxTextSide, t.Rows, t.Cols)
	}
	var p tour.Path
	if err := p.SetSquares(t.Rows, t.Cols, t.Squares); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	kind := "open"
	if t.Closed {
		kind = "closed"
	}
	if _, err := fmt.Fprintf(w, "%s %dx%d %s\n", textHeader, t.Rows, t.Cols, kind); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	if err := tour.WriteGrid(w, t.Rows, t.Cols, t.Squares); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	return nil
}

// ReadText reads the text form.
func ReadText(r io.Reader) (Tour, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16*MaxTextSide)
	if !sc.Scan() {
		return Tour{}, fmt.Errorf("read tour: no header line: %w", noEOF(orEOF(sc.Err())))
	}
	var t Tour
	var kind string
	head, ok := strings.CutPrefix(sc.Text(), textHeader+" ")
	if !ok {
		return Tour{}, fmt.Errorf("read tour: header %q does not start with %q", sc.Text(), textHeader)
	}
	if _, err := fmt.Sscanf(head, "%dx%d %s", &t.Rows, &t.Cols, &kind); err != nil || (kind != "open" && kind != "closed") {
		return Tour{}, fmt.Errorf("read tour: header %q: want %s RxC open|closed", sc.Text(), textHeader)
	}
	if t.Rows < 1 || t.Rows > MaxTextSide || t.Cols < 1 || t.Cols > MaxTextSide {
		return Tour{}, fmt.Errorf("read tour: board %dx%d: the text form holds sides 1..%d", t.Rows, t.Cols, MaxTextSide)
	}
	t.Closed = kind == "closed"
	n := t.Rows * t.Cols
	squares := make([]int32, n)
	for i := range squares {
		squares[i] = -1
	}
	// The grid is read whole before its numbers are placed, so that one
	// numbered from 1 (one too high throughout) is told as such, not as
	// its first number out of range.
	grid := make([]int, n)
	zero, high := false, -1
	for r := range t.Rows {
		if !sc.Scan() {
			return Tour{}, fmt.Errorf("read tour: grid row %d missing: %w", r, noEOF(orEOF(sc.Err())))
		}
		fields := strings.Fields(sc.Text())
		if len(fields) != t.Cols {
			return Tour{}, fmt.Errorf("read tour: grid row %d has %d entries, want %d", r, len(fields), t.Cols)
		}
		for c, f := range fields {
			i := r*t.Cols + c
			grid[i] = -1
			if f == "." {
				continue
			}
			step, err := strconv.Atoi(f)
			if err != nil || step < 0 || step > n {
				return Tour{}, fmt.Errorf("read tour: row %d col %d: %q is not a step number 0..%d or \".\"", r, c, f, n-1)
			}
			grid[i] = step
			zero = zero || step == 0
			high = max(high, step)
		}
	}
	if !zero && high >= 1 {
		return Tour{}, fmt.Errorf("read tour: the grid's step numbers start at 1 and run to %d: one too high, as the text form numbers steps from 0 (the start is 0)", high)
	}
	length := 0
	for i, step := range grid {
		switch {
		case step < 0:
			continue
		case step == n:
			r, c := i/t.Cols, i%t.Cols
			return Tour{}, fmt.Errorf("read tour: row %d col %d: %q is not a step number 0..%d or \".\"", r, c, strconv.Itoa(step), n-1)
		case squares[step] >= 0:
			return Tour{}, fmt.Errorf("read tour: step %d appears twice", step)
		}
		squares[step] = int32(i)
		length++
	}
	if sc.Scan() && strings.TrimSpace(sc.Text()) != "" {
		return Tour{}, errors.New("read tour: text after the grid")
	}
	for i := range length {
		if squares[i] < 0 {
			return Tour{}, fmt.Errorf("read tour: steps run to %d but step %d is missing", length-1, i)
		}
	}
	t.Squares = squares[:length]
	if err := t.check(); err != nil {
		return Tour{}, fmt.Errorf("read tour: %w", err)
	}
	var p tour.Path
	p.Reset(t.Rows, t.Cols, t.Squares[0])
	if i := p.Encode(0, t.Squares[0], t.Squares[1:]) + 1; i > 0 {
		return Tour{}, fmt.Errorf("read tour: step %d to step %d is not a knight's move", i-1, i)
	}
	return t, nil
}

// orEOF returns err, or io.EOF when a scanner stopped at the end of input.
func orEOF(err error) error {
	if err == nil {
		return io.EOF
	}
	return err
}

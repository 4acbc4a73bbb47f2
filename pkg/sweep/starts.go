package sweep

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"knightsweep/pkg/board"
)

// Starts says which start squares a sweep tries on each board: all of
// them, the corners, or a fixed list. The zero Starts means all.
type Starts struct {
	kind startKind
	// list holds the squares of a list, sorted, without repeats.
	list []board.Square
}

type startKind int

const (
	allStarts startKind = iota
	cornerStarts
	listStarts
)

// AllStarts is every square of each board.
var AllStarts = Starts{}

const startsForm = "want all, corners, or a list of row,col squares separated by semicolons, such as 0,0;2,3"

// ParseStarts reads a -starts value: "all", "corners", or squares
// "row,col" separated by semicolons ("0,0;2,3").
func ParseStarts(s string) (Starts, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "all", "":
		return Starts{kind: allStarts}, nil
	case "corners":
		return Starts{kind: cornerStarts}, nil
	}
	st := Starts{kind: listStarts}
	for item := range strings.SplitSeq(s, ";") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		sq, err := board.ParseSquare(item)
		if err != nil {
			return Starts{}, fmt.Errorf("%v; %s", err, startsForm)
		}
		if sq.Row < 0 || sq.Col < 0 {
			return Starts{}, fmt.Errorf("square %v: negative row or column; %s", sq, startsForm)
		}
		st.list = append(st.list, sq)
	}
	if len(st.list) == 0 {
		return Starts{}, fmt.Errorf("%q holds no square; %s", s, startsForm)
	}
	slices.SortFunc(st.list, compareSquares)
	st.list = slices.Compact(st.list)
	return st, nil
}

// String returns the canonical -starts value.
func (st Starts) String() string {
	switch st.kind {
	case cornerStarts:
		return "corners"
	case listStarts:
		parts := make([]string, len(st.list))
		for i, sq := range st.list {
			parts[i] = sq.String()
		}
		return strings.Join(parts, ";")
	}
	return "all"
}

// MarshalText writes the canonical -starts value.
func (st Starts) MarshalText() ([]byte, error) { return []byte(st.String()), nil }

// UnmarshalText reads a -starts value.
func (st *Starts) UnmarshalText(b []byte) error {
	v, err := ParseStarts(string(b))
	if err != nil {
		return err
	}
	*st = v
	return nil
}

// Check reports a listed square that is off board b.
func (st Starts) Check(b board.Board) error {
	for _, sq := range st.list {
		if !b.Contains(sq.Row, sq.Col) {
			return fmt.Errorf("square %v is off the %v board: listed squares must lie on every board of -sizes", sq, b)
		}
	}
	return nil
}

// Count returns the number of start squares on b.
func (st Starts) Count(b board.Board) int {
	switch st.kind {
	case cornerStarts:
		return len(corners(b))
	case listStarts:
		return len(st.list)
	}
	return b.Squares()
}

// At returns the i-th start square on b, 0 <= i < Count(b), in row-major
// order.
func (st Starts) At(b board.Board, i int) board.Square {
	switch st.kind {
	case cornerStarts:
		return corners(b)[i]
	case listStarts:
		return st.list[i]
	}
	r, c := b.RowCol(i)
	return board.Square{Row: r, Col: c}
}

// Position returns i such that At(b, i) == sq, or false if sq is not one of
// the starts on b.
func (st Starts) Position(b board.Board, sq board.Square) (int, bool) {
	if !b.Contains(sq.Row, sq.Col) {
		return 0, false
	}
	switch st.kind {
	case cornerStarts:
		i := slices.Index(corners(b), sq)
		return i, i >= 0
	case listStarts:
		i := slices.Index(st.list, sq)
		return i, i >= 0
	}
	return b.Index(sq.Row, sq.Col), true
}

// corners returns the distinct corners of b in row-major order: four on
// most boards, fewer on boards one square wide.
func corners(b board.Board) []board.Square {
	last, right := b.Rows-1, b.Cols-1
	cs := []board.Square{{Row: 0, Col: 0}, {Row: 0, Col: right}, {Row: last, Col: 0}, {Row: last, Col: right}}
	slices.SortFunc(cs, compareSquares)
	return slices.Compact(cs)
}

// compareSquares orders squares row-major.
func compareSquares(a, b board.Square) int {
	return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
}

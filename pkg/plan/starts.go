package plan

import (
	"cmp"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"knightsweep/pkg/board"
	"knightsweep/pkg/theory"
)

// Starts says which start squares a sweep tries on each board: all of
// them, the corners, those theory does not rule out (solvable: on boards up
// to 41 x 41, where theory settles every start, exactly those with a tour;
// beyond, those it says yes or unknown of), or a fixed list. The zero
// Starts means all.
type Starts struct {
	kind startKind
	// list holds the squares of a list, sorted, without repeats.
	list []board.Square
}

type startKind int

const (
	allStarts startKind = iota
	cornerStarts
	solvableStarts
	listStarts
)

// MaxListedStarts bounds a -starts list.
const MaxListedStarts = 100_000

const startsForm = "want all, corners, solvable (the squares theory does not rule out: up to 41 x 41, exactly those with a tour), or a list of row,col squares separated by semicolons, such as 0,0;2,3"

// StartsKind says what a -starts value names: every square, the corners,
// the solvable squares, or a list.
type StartsKind int

// The kinds of -starts.
const (
	AllStarts      = StartsKind(allStarts)
	CornerStarts   = StartsKind(cornerStarts)
	SolvableStarts = StartsKind(solvableStarts)
	ListStarts     = StartsKind(listStarts)
)

// Kind returns what st names.
func (st Starts) Kind() StartsKind { return StartsKind(st.kind) }

// GivenStarts is a -starts value as read: the set plan keeps (sorted),
// and for a list its squares in the order given, without repeats, for the
// commands that print a line a start in that order.
type GivenStarts struct {
	Starts
	// Order is a list's squares as given; nil for all, corners or
	// solvable.
	Order []board.Square
}

// ParseGivenStarts reads a -starts value as ParseStarts does, keeping a
// list's order.
func ParseGivenStarts(s string) (GivenStarts, error) {
	st, order, err := parseStarts(s, startsForm)
	return GivenStarts{Starts: st, Order: order}, err
}

// ParseStarts reads a -starts value: "all", "corners", "solvable", or
// squares "row,col" separated by semicolons ("0,0;2,3").
func ParseStarts(s string) (Starts, error) {
	st, _, err := parseStarts(s, startsForm)
	return st, err
}

// OneStart reads the -starts (or -start) value of a command that takes one
// square (solve), or one or every square where every is set (count's
// grid), as ParseStarts reads it, with the same messages but for what the
// command accepts: a square off b is refused as Check refuses it, and
// corners, solvable or a list of several squares are refused by name.
func OneStart(s string, b board.Board, every bool) (sq board.Square, all bool, err error) {
	form := OneStartForm(every)
	st, order, err := parseStarts(s, form)
	switch {
	case err != nil:
		return sq, false, err
	case st.kind == allStarts && every:
		return sq, true, nil
	case st.kind != listStarts || len(order) != 1:
		return sq, false, fmt.Errorf("%q: %s (corners, solvable and lists of squares are run's, exact's and theory's)", truncate(strings.TrimSpace(s)), form)
	}
	if sq = order[0]; !b.Contains(sq.Row, sq.Col) {
		return sq, false, errors.New(offBoard(sq, b))
	}
	return sq, false, nil
}

// offBoard says that sq is off b, and which squares are on it.
func offBoard(sq board.Square, b board.Board) string {
	return fmt.Sprintf("square %v is off the %v board; want row 0..%d and col 0..%d", sq, b, b.Rows-1, b.Cols-1)
}

// OneStartForm says what OneStart accepts.
func OneStartForm(every bool) string {
	if every {
		return "want all or one row,col square, such as 0,0"
	}
	return "want one row,col square, such as 0,0"
}

func parseStarts(s, form string) (Starts, []board.Square, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "all", "":
		return Starts{kind: allStarts}, nil, nil
	case "corners":
		return Starts{kind: cornerStarts}, nil, nil
	case "solvable":
		return Starts{kind: solvableStarts}, nil, nil
	}
	st := Starts{kind: listStarts}
	for item := range strings.SplitSeq(s, ";") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		if len(st.list) == MaxListedStarts {
			return Starts{}, nil, fmt.Errorf("more than %d squares listed; %s", MaxListedStarts, form)
		}
		sq, err := board.ParseSquare(item)
		if err != nil {
			return Starts{}, nil, fmt.Errorf("%v; %s", err, form)
		}
		if sq.Row < 0 || sq.Col < 0 || sq.Row >= board.MaxSide || sq.Col >= board.MaxSide {
			return Starts{}, nil, fmt.Errorf("square %v: row and column must be 0..%d; %s", sq, board.MaxSide-1, form)
		}
		st.list = append(st.list, sq)
	}
	if len(st.list) == 0 {
		return Starts{}, nil, fmt.Errorf("%q holds no square; %s", truncate(s), form)
	}
	var order []board.Square
	for _, sq := range st.list {
		if !slices.Contains(order, sq) {
			order = append(order, sq)
		}
	}
	slices.SortFunc(st.list, compareSquares)
	st.list = slices.Compact(st.list)
	return st, order, nil
}

// String returns the canonical -starts value.
func (st Starts) String() string {
	switch st.kind {
	case cornerStarts:
		return "corners"
	case solvableStarts:
		return "solvable"
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

// Check reports a listed square that is off some board of sizes.
func (st Starts) Check(sizes Sizes) error {
	if st.kind != listStarts || len(sizes) == 0 {
		return nil
	}
	short, narrow := sizes[0], sizes[0]
	for _, b := range sizes {
		if b.Rows < short.Rows {
			short = b
		}
		if b.Cols < narrow.Cols {
			narrow = b
		}
	}
	for _, sq := range st.list {
		for _, b := range []board.Board{short, narrow} {
			if !b.Contains(sq.Row, sq.Col) {
				return fmt.Errorf("%s: listed squares must lie on every board of -sizes", offBoard(sq, b))
			}
		}
	}
	return nil
}

// On returns the start squares on board b, for open tours or closed ones.
func (st Starts) On(b board.Board, closed bool) StartSet {
	set := StartSet{kind: st.kind, b: b, closed: closed}
	switch st.kind {
	case cornerStarts:
		set.list = b.Corners()
	case listStarts:
		set.list = st.list
	case solvableStarts:
		set.excl = theory.ExcludedOn(b.Rows, b.Cols, closed)
		if set.excl == theory.ExcludeListed {
			for i := range b.Squares() {
				r, c := b.RowCol(i)
				if !set.excl.Excludes(b.Rows, b.Cols, r, c, closed) {
					set.list = append(set.list, board.Square{Row: r, Col: c})
				}
			}
		}
	}
	return set
}

// StartSet is the start squares of a sweep on one board, in row-major
// order, computed from their position without listing them: a sweep of a
// 20000 x 20000 board names its squares by index.
type StartSet struct {
	kind startKind
	b    board.Board
	excl theory.Excluded
	// list holds the squares of a list, of the corners, or of a small
	// board's solvable squares.
	list []board.Square
	// closed is the tour kind the set was made for (Unknown asks theory).
	closed bool
}

// Unknown returns how many of the set's starts theory leaves Unknown
// (none on a board up to theory.MaxSettled x theory.MaxSettled), without
// listing the squares of a huge board: -starts all and solvable leave out
// only starts theory rules out, so theirs are all the board's.
func (s StartSet) Unknown() int {
	if !s.listed() {
		return theory.UnknownOn(s.b.Rows, s.b.Cols, s.closed)
	}
	n := 0
	for _, sq := range s.list {
		if theory.Settle(s.b.Rows, s.b.Cols, sq.Row, sq.Col, s.closed).Answer == theory.Unknown {
			n++
		}
	}
	return n
}

// listed reports whether the set is its list.
func (s StartSet) listed() bool {
	return s.kind == listStarts || s.kind == cornerStarts || s.kind == solvableStarts && s.excl == theory.ExcludeListed
}

// Len returns the number of start squares.
func (s StartSet) Len() int {
	switch {
	case s.listed():
		return len(s.list)
	case s.kind == solvableStarts && s.excl == theory.ExcludeAll:
		return 0
	case s.kind == solvableStarts && s.excl == theory.ExcludeOtherColour:
		return (s.b.Squares() + 1) / 2
	case s.kind == solvableStarts && s.excl == theory.ExcludeInnerRanks:
		return 2 * max(s.b.Rows, s.b.Cols)
	}
	return s.b.Squares()
}

// At returns the i-th start square, 0 <= i < Len().
func (s StartSet) At(i int) board.Square {
	rows, cols := s.b.Rows, s.b.Cols
	switch {
	case s.listed():
		return s.list[i]
	case s.kind == solvableStarts && s.excl == theory.ExcludeOtherColour:
		// The corner colour, (row+col) even: cols/2 a row when cols is
		// even; else (cols+1)/2 on even rows and (cols-1)/2 on odd ones.
		if cols%2 == 0 {
			r := i / (cols / 2)
			return board.Square{Row: r, Col: 2*(i%(cols/2)) + r%2}
		}
		r, k := 2*(i/cols), i%cols
		if k >= (cols+1)/2 {
			return board.Square{Row: r + 1, Col: 2*(k-(cols+1)/2) + 1}
		}
		return board.Square{Row: r, Col: 2 * k}
	case s.kind == solvableStarts && s.excl == theory.ExcludeInnerRanks:
		if rows == 4 {
			if i < cols {
				return board.Square{Row: 0, Col: i}
			}
			return board.Square{Row: 3, Col: i - cols}
		}
		return board.Square{Row: i / 2, Col: 3 * (i % 2)}
	}
	r, c := s.b.RowCol(i)
	return board.Square{Row: r, Col: c}
}

// Position returns i such that At(i) == sq, or false if sq is not a start.
func (s StartSet) Position(sq board.Square) (int, bool) {
	rows, cols := s.b.Rows, s.b.Cols
	if !s.b.Contains(sq.Row, sq.Col) {
		return 0, false
	}
	switch {
	case s.listed():
		i, ok := slices.BinarySearchFunc(s.list, sq, compareSquares)
		return i, ok
	case s.kind == solvableStarts && s.excl == theory.ExcludeAll:
		return 0, false
	case s.kind == solvableStarts && s.excl == theory.ExcludeOtherColour:
		if (sq.Row+sq.Col)%2 == 1 {
			return 0, false
		}
		if cols%2 == 0 {
			return sq.Row*(cols/2) + sq.Col/2, true
		}
		i := (sq.Row / 2) * cols
		if sq.Row%2 == 1 {
			i += (cols + 1) / 2
		}
		return i + sq.Col/2, true
	case s.kind == solvableStarts && s.excl == theory.ExcludeInnerRanks:
		if rows == 4 {
			switch sq.Row {
			case 0:
				return sq.Col, true
			case 3:
				return cols + sq.Col, true
			}
			return 0, false
		}
		switch sq.Col {
		case 0:
			return 2 * sq.Row, true
		case 3:
			return 2*sq.Row + 1, true
		}
		return 0, false
	}
	return s.b.Index(sq.Row, sq.Col), true
}

// compareSquares orders squares row-major.
func compareSquares(a, b board.Square) int {
	return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
}

// InOrder yields the starts of b in the order -starts gave them: a
// list's squares on b in the order given, else the set's in row-major
// order, named by index and never listed whole.
func (starts GivenStarts) InOrder(b board.Board, closed bool) iter.Seq[board.Square] {
	return func(yield func(board.Square) bool) {
		if starts.Order != nil {
			for _, sq := range starts.Order {
				if b.Contains(sq.Row, sq.Col) && !yield(sq) {
					return
				}
			}
			return
		}
		set := starts.On(b, closed)
		for i := range set.Len() {
			if !yield(set.At(i)) {
				return
			}
		}
	}
}

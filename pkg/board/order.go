package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Move is a knight's offset: drow and dcol are ±1 and ±2 in some arrangement.
type Move struct {
	DRow, DCol int
}

// String returns "drow,dcol".
func (m Move) String() string { return fmt.Sprintf("%d,%d", m.DRow, m.DCol) }

func (m Move) isKnight() bool {
	a, b := abs(m.DRow), abs(m.DCol)
	return a == 1 && b == 2 || a == 2 && b == 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Order is the eight knight moves in the order a strategy tries them.
type Order [8]Move

// DigitMoves are the literature's numbered moves: digit d stands for
// DigitMoves[d-1] (Squirrel & Cull, Ganzfried).
var DigitMoves = Order{{-2, 1}, {-1, 2}, {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}}

// Orders of the classic programs and the literature.
var (
	// ClassicDFS is the order of the classic depth-first program, the
	// default: counterclockwise from (2,1): (2,1) (1,2) (-1,2) (-2,1)
	// (-2,-1) (-1,-2) (1,-2) (2,-1).
	ClassicDFS = Order{{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}}
	// VerticalFirst is the order of the classic Warnsdorff-ordered
	// backtracking program: the moves two rows long first, (2,±1)
	// (-2,±1), then (1,±2) (-1,±2).
	VerticalFirst = Order{{2, 1}, {2, -1}, {-2, 1}, {-2, -1}, {1, 2}, {1, -2}, {-1, 2}, {-1, -2}}
	// Clockwise is the classic greedy Warnsdorff program's order, clockwise
	// from (-2,1): the literature's digits 12345678.
	Clockwise = DigitMoves
)

// The names these orders had when they were called after the programs
// that first used them here.
var (
	// Deprecated: use ClassicDFS.
	Seed003 = ClassicDFS
	// Deprecated: use VerticalFirst.
	Seed000 = VerticalFirst
	// Deprecated: use Clockwise.
	Seed002 = Clockwise
)

// DefaultOrder is the order used when none is given: ClassicDFS.
var DefaultOrder = ClassicDFS

// String returns the order in offset notation, the form ParseOrder reads.
func (o Order) String() string {
	parts := make([]string, len(o))
	for i, m := range o {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

// Digits returns the order in the literature's digits ("34261578").
func (o Order) Digits() string {
	var b strings.Builder
	for _, m := range o {
		for d, dm := range DigitMoves {
			if dm == m {
				b.WriteByte(byte('1' + d))
			}
		}
	}
	return b.String()
}

// Validate reports whether o holds eight distinct knight moves.
func (o Order) Validate() error {
	for i, m := range o {
		if !m.isKnight() {
			return fmt.Errorf("move %d (%v) is not a knight's move: want ±1 and ±2", i+1, m)
		}
		for _, prev := range o[:i] {
			if prev == m {
				return fmt.Errorf("move %v appears twice: want all 8 knight moves once each", m)
			}
		}
	}
	return nil
}

// ParseOrder reads an order in offset notation ("2,1 1,2 -1,2 -2,1 -2,-1
// -1,-2 1,-2 2,-1") or as eight digits ("34261578"). An empty string gives
// DefaultOrder.
func ParseOrder(s string) (Order, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultOrder, nil
	}
	var o Order
	var err error
	if strings.Contains(s, ",") {
		o, err = parseOffsets(s)
	} else {
		o, err = parseDigits(s)
	}
	if err == nil {
		err = o.Validate()
	}
	if err != nil {
		return Order{}, fmt.Errorf("move order %q: %w", s, err)
	}
	return o, nil
}

var errOrderForm = errors.New(`want 8 offsets like "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1" or 8 digits 1-8 like "34261578"`)

func parseOffsets(s string) (Order, error) {
	fields := strings.Fields(s)
	if len(fields) != 8 {
		return Order{}, fmt.Errorf("got %d moves: %w", len(fields), errOrderForm)
	}
	var o Order
	for i, f := range fields {
		r, c, ok := strings.Cut(f, ",")
		dr, err1 := strconv.Atoi(r)
		dc, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil {
			return Order{}, fmt.Errorf("move %q: %w", f, errOrderForm)
		}
		o[i] = Move{dr, dc}
	}
	return o, nil
}

func parseDigits(s string) (Order, error) {
	if len(s) != 8 {
		return Order{}, fmt.Errorf("got %d characters: %w", len(s), errOrderForm)
	}
	var o Order
	for i := range len(s) {
		d := s[i]
		if d < '1' || d > '8' {
			return Order{}, fmt.Errorf("character %q: %w", d, errOrderForm)
		}
		o[i] = DigitMoves[d-'1']
	}
	return o, nil
}

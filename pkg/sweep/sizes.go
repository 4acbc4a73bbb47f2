package sweep

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"knightsweep/pkg/board"
)

// Sizes is the set of boards a sweep covers, sorted by squares, then rows,
// without repeats: the canonical form of -sizes, so that "5-8" and
// "8,7,6,5" are the same settings.
type Sizes []board.Board

// sizesForm says what -sizes accepts; every parse error ends with it.
var sizesForm = fmt.Sprintf("want N (an N x N board), A-B (every N x N from A to B) or RxC, comma-separated, such as 5-8,10,6x8; sides 1..%d", board.MaxSide)

// ParseSizes reads a -sizes value: comma-separated items, each N for an
// N x N board, A-B for every square board from A x A to B x B, or RxC for a
// rectangle. Every side must be 1..board.MaxSide.
func ParseSizes(s string) (Sizes, error) {
	var out Sizes
	items := strings.Split(s, ",")
	for _, item := range items {
		item = strings.TrimSpace(item)
		boards, err := parseSizeItem(item)
		if err != nil {
			return nil, fmt.Errorf("%q: %w; %s", item, err, sizesForm)
		}
		out = append(out, boards...)
	}
	out.normalize()
	return out, nil
}

func parseSizeItem(item string) ([]board.Board, error) {
	if item == "" {
		return nil, fmt.Errorf("empty item")
	}
	if a, b, ok := strings.Cut(item, "-"); ok {
		lo, err1 := side(a)
		hi, err2 := side(b)
		if err := cmp.Or(err1, err2); err != nil {
			return nil, err
		}
		if lo > hi {
			return nil, fmt.Errorf("range %d-%d runs backwards", lo, hi)
		}
		boards := make([]board.Board, 0, hi-lo+1)
		for n := lo; n <= hi; n++ {
			boards = append(boards, board.Board{Rows: n, Cols: n})
		}
		return boards, nil
	}
	if r, c, ok := strings.Cut(strings.ToLower(item), "x"); ok {
		rows, err1 := side(r)
		cols, err2 := side(c)
		if err := cmp.Or(err1, err2); err != nil {
			return nil, err
		}
		return []board.Board{{Rows: rows, Cols: cols}}, nil
	}
	n, err := side(item)
	if err != nil {
		return nil, err
	}
	return []board.Board{{Rows: n, Cols: n}}, nil
}

// side reads one board side.
func side(s string) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	if n < 1 || n > board.MaxSide {
		return 0, fmt.Errorf("side %d is outside 1..%d", n, board.MaxSide)
	}
	return n, nil
}

func (z *Sizes) normalize() {
	slices.SortFunc(*z, func(a, b board.Board) int {
		return cmp.Or(cmp.Compare(a.Squares(), b.Squares()), cmp.Compare(a.Rows, b.Rows))
	})
	*z = slices.Compact(*z)
}

// String returns the boards as a -sizes value: "5x5,6x6,6x8".
func (z Sizes) String() string {
	parts := make([]string, len(z))
	for i, b := range z {
		parts[i] = b.String()
	}
	return strings.Join(parts, ",")
}

// MarshalJSON writes the boards as a list of "RxC" strings.
func (z Sizes) MarshalJSON() ([]byte, error) {
	parts := make([]string, len(z))
	for i, b := range z {
		parts[i] = b.String()
	}
	return json.Marshal(parts)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (z *Sizes) UnmarshalJSON(data []byte) error {
	var parts []string
	if err := json.Unmarshal(data, &parts); err != nil {
		return err
	}
	if len(parts) == 0 {
		*z = nil
		return nil
	}
	s, err := ParseSizes(strings.Join(parts, ","))
	if err != nil {
		return err
	}
	*z = s
	return nil
}

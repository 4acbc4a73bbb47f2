package plan

import (
	"cmp"
	"encoding/json"
	"errors"
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

// MaxBoards is the most distinct boards a sweep may cover.
const MaxBoards = 100_000

// sizesForm says what -sizes accepts; every parse error ends with it.
var sizesForm = fmt.Sprintf("want N (an N x N board), A-B (every N x N from A to B) or RxC, comma-separated, such as 5-8,10,6x8; sides 1..%d, at most %d boards", board.MaxSide, MaxBoards)

// ParseSizes reads a -sizes value: comma-separated items, each N for an
// N x N board, A-B for every square board from A x A to B x B, or RxC for a
// rectangle. Every side must be 1..board.MaxSide.
//
// Ranges are merged before any board is listed, so that a value that
// repeats a range many times costs what the range costs, and a value that
// names more than MaxBoards distinct boards is refused before they are.
func ParseSizes(s string) (Sizes, error) {
	z, _, err := parseSizes(s, false)
	return z, err
}

// GivenSizes is a -sizes value as read: plan's Sizes (sorted) and the
// boards in the order given, without repeats, for the commands that print
// a board after another in that order.
type GivenSizes struct {
	Sizes
	Order []board.Board
}

// ParseGivenSizes reads a -sizes value as ParseSizes does, keeping the
// order given.
func ParseGivenSizes(s string) (GivenSizes, error) {
	z, order, err := parseSizes(s, true)
	return GivenSizes{Sizes: z, Order: order}, err
}

func parseSizes(s string, keepOrder bool) (Sizes, []board.Board, error) {
	var spans [][2]int // square boards, as ranges of sides
	var given [][2]int // the items in order: a range, or {-1, i} for rectangle i
	var rectList []board.Board
	rects := map[board.Board]bool{}
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		lo, hi, rect, err := parseSizeItem(item)
		if err != nil {
			return nil, nil, fmt.Errorf("%q: %w; %s", truncate(item), err, sizesForm)
		}
		if keepOrder && rect != nil {
			given = append(given, [2]int{-1, len(rectList)})
			rectList = append(rectList, *rect)
		} else if keepOrder {
			given = append(given, [2]int{lo, hi})
		}
		if rect != nil {
			rects[*rect] = true
			if len(rects) > MaxBoards {
				return nil, nil, fmt.Errorf("more than %d boards; %s", MaxBoards, sizesForm)
			}
			continue
		}
		spans = append(spans, [2]int{lo, hi})
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	var merged [][2]int
	n := len(rects)
	for _, sp := range spans {
		if k := len(merged) - 1; k >= 0 && sp[0] <= merged[k][1]+1 {
			merged[k][1] = max(merged[k][1], sp[1])
			continue
		}
		merged = append(merged, sp)
	}
	for _, sp := range merged {
		n += sp[1] - sp[0] + 1
	}
	if n > MaxBoards {
		return nil, nil, fmt.Errorf("%d boards; %s", n, sizesForm)
	}
	out := make(Sizes, 0, n)
	for _, sp := range merged {
		for side := sp[0]; side <= sp[1]; side++ {
			out = append(out, board.Board{Rows: side, Cols: side})
		}
	}
	for b := range rects {
		out = append(out, b)
	}
	out.normalize()
	if !keepOrder {
		return out, nil, nil
	}
	// Each board once, each side of a range visited once however the
	// ranges overlap: next[s] leads to the first side from s not yet
	// listed (a disjoint-set forest), so that a long value of overlapping
	// ranges costs what its distinct boards do.
	order := make([]board.Board, 0, len(out))
	seenRect := map[board.Board]bool{}
	next := make([]int, board.MaxSide+2)
	for i := range next {
		next[i] = i
	}
	find := func(s int) int {
		for next[s] != s {
			next[s] = next[next[s]]
			s = next[s]
		}
		return s
	}
	for _, g := range given {
		if g[0] < 0 {
			if b := rectList[g[1]]; !seenRect[b] {
				seenRect[b] = true
				order = append(order, b)
			}
			continue
		}
		for side := find(g[0]); side <= g[1]; side = find(side) {
			order = append(order, board.Board{Rows: side, Cols: side})
			next[side] = side + 1
		}
	}
	return out, order, nil
}

// truncate shortens an item quoted in a message.
func truncate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// parseSizeItem reads one item: a range of square boards (lo, hi), or a
// rectangle.
func parseSizeItem(item string) (lo, hi int, rect *board.Board, err error) {
	if item == "" {
		return 0, 0, nil, fmt.Errorf("empty item")
	}
	if a, b, ok := strings.Cut(item, "-"); ok {
		lo, err1 := side(a)
		hi, err2 := side(b)
		if err := cmp.Or(err1, err2); err != nil {
			return 0, 0, nil, err
		}
		if lo > hi {
			return 0, 0, nil, fmt.Errorf("range %d-%d runs backwards", lo, hi)
		}
		return lo, hi, nil, nil
	}
	if r, c, ok := strings.Cut(strings.ToLower(item), "x"); ok {
		rows, err1 := side(r)
		cols, err2 := side(c)
		if err := cmp.Or(err1, err2); err != nil {
			return 0, 0, nil, err
		}
		if rows == cols {
			return rows, rows, nil, nil
		}
		return 0, 0, &board.Board{Rows: rows, Cols: cols}, nil
	}
	n, err := side(item)
	return n, n, nil, err
}

// side reads one board side.
func side(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		// "-5" reads as a range whose first side is missing.
		return 0, errors.New("a side is missing (a range is A-B; sides are 1 or more)")
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", truncate(s))
	}
	if n < 1 || n > board.MaxSide {
		return 0, fmt.Errorf("side %d is outside 1..%d", n, board.MaxSide)
	}
	return n, nil
}

func (z *Sizes) normalize() {
	slices.SortFunc(*z, board.Compare)
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

package plan

import (
	"fmt"
	"strings"
)

// Given is a sweep's -sizes and -starts as read (ParseGivenSizes,
// ParseGivenStarts): what Settings keeps beside its sorted Sizes and Starts.
type Given struct {
	Sizes  GivenSizes
	Starts GivenStarts
}

// maxBoardsListed is the most boards SizesText names one by one; more are
// named by their span.
const maxBoardsListed = 4

// SizesText names the boards in the order given: "8x8,6x6"; more than
// maxBoardsListed by the span of the sorted ones, "5x5 to 40x40".
func (s Settings) SizesText() string {
	if len(s.Sizes) > maxBoardsListed {
		return fmt.Sprintf("%v to %v", s.Sizes[0], s.Sizes[len(s.Sizes)-1])
	}
	order := s.Given.Sizes.Order
	if len(order) != len(s.Sizes) {
		return s.Sizes.String()
	}
	return Sizes(order).String()
}

// maxStartsListed is the most squares of a -starts list StartsText names;
// the rest it counts, so that a list of thousands of squares (a whole
// board's) does not fill the terminal.
const maxStartsListed = 8

// StartsText names -starts as given: a list's squares in their order
// ("2,2;0,0"; the first maxStartsListed and the rest counted, "0,0;...;0,7
// and 92 more"), else all, corners or solvable.
func (s Settings) StartsText() string {
	if s.Starts.Kind() != ListStarts {
		return s.Starts.String()
	}
	order := s.Given.Starts.Order
	if len(order) != len(s.Starts.list) {
		order = s.Starts.list
	}
	parts := make([]string, 0, maxStartsListed)
	for _, sq := range order[:min(len(order), maxStartsListed)] {
		parts = append(parts, sq.String())
	}
	text := strings.Join(parts, ";")
	if more := len(order) - len(parts); more > 0 {
		text += fmt.Sprintf(" and %d more", more)
	}
	return text
}

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

// StartsText names -starts as given: a list's squares in their order
// ("2,2;0,0"), else all, corners or solvable.
func (s Settings) StartsText() string {
	order := s.Given.Starts.Order
	if s.Starts.Kind() != ListStarts || len(order) != len(s.Starts.list) {
		return s.Starts.String()
	}
	parts := make([]string, len(order))
	for i, sq := range order {
		parts[i] = sq.String()
	}
	return strings.Join(parts, ";")
}

package plan

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

func TestParseSizes(t *testing.T) {
	for _, tt := range []struct {
		in, want string
	}{
		{"8", "8x8"},
		{"5-8", "5x5,6x6,7x7,8x8"},
		{"8,7,6,5", "5x5,6x6,7x7,8x8"},
		{"5-8,10,6x8", "5x5,6x6,6x8,7x7,8x8,10x10"},
		{" 6 , 6x6,5-6 ", "5x5,6x6"},
		{"3x4,4x3", "3x4,4x3"},
		{"6X8", "6x8"},
		{"1", "1x1"},
		{"20000", "20000x20000"},
		{"7-7", "7x7"},
	} {
		got, err := ParseSizes(tt.in)
		if err != nil || got.String() != tt.want {
			t.Errorf("ParseSizes(%q) = %v, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestParseSizesErrors(t *testing.T) {
	for _, tt := range []struct {
		in, want string
	}{
		{"8-5", "range 8-5 runs backwards"},
		{"0", "side 0 is outside 1..20000"},
		{"abc", `"abc" is not a whole number`},
		{"20001", "side 20001"},
		{"", "empty item"},
		{"5,,6", "empty item"},
		{"5-", "a side is missing"},
		{"-5", "a side is missing (a range is A-B; sides are 1 or more)"},
		{"6x", "a side is missing"},
		{"6x0", "side 0"},
		{"3x4x5", "is not a whole number"},
		{"5.5", "is not a whole number"},
	} {
		_, err := ParseSizes(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), sizesForm) {
			t.Errorf("ParseSizes(%q) error %v; want %q and the accepted forms", tt.in, err, tt.want)
		}
	}
}

func TestSizesJSON(t *testing.T) {
	z, err := ParseSizes("5-6,6x8")
	if err != nil {
		t.Fatal(err)
	}
	data, err := z.MarshalJSON()
	if err != nil || string(data) != `["5x5","6x6","6x8"]` {
		t.Fatalf("MarshalJSON = %s, %v", data, err)
	}
	var back Sizes
	if err := back.UnmarshalJSON(data); err != nil || back.String() != z.String() {
		t.Errorf("round trip: %v, %v", back, err)
	}
}

// A -sizes value that repeats a range many times is merged, not expanded:
// it costs what the range costs (issue: "1-20000" a hundred thousand times
// used to list two billion boards before removing the repeats).
func TestParseSizesRepeatedRanges(t *testing.T) {
	in := strings.Repeat("1-20000,", 100_000) + "3x4"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	z, err := ParseSizes(in)
	runtime.ReadMemStats(&after)
	if err != nil || len(z) != 20001 {
		t.Fatalf("ParseSizes: %d boards, %v", len(z), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("ParseSizes allocated %d MB for a %d KB value", alloc>>20, len(in)>>10)
	}
}

// More than MaxBoards distinct boards are refused before they are listed.
func TestParseSizesTooMany(t *testing.T) {
	var b strings.Builder
	b.WriteString("1-20000")
	n := 20000
	for r := 1; n <= MaxBoards; r++ {
		for c := r + 1; c <= 20000 && n <= MaxBoards; c++ {
			fmt.Fprintf(&b, ",%dx%d", r, c)
			n++
		}
	}
	_, err := ParseSizes(b.String())
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d boards", MaxBoards)) {
		t.Errorf("error %v", err)
	}
}

// ParseGivenSizes keeps the boards in the order given, each once, beside
// plan's sorted Sizes.
func TestParseGivenSizes(t *testing.T) {
	for _, c := range []struct{ in, order, sorted string }{
		{"8,6", "8x8,6x6", "6x6,8x8"},
		{"9,5-7,6x8,6,8x6,6x8", "9x9,5x5,6x6,7x7,6x8,8x6", "5x5,6x6,6x8,8x6,7x7,9x9"},
		{"7-9,1-8,8", "7x7,8x8,9x9,1x1,2x2,3x3,4x4,5x5,6x6", "1x1,2x2,3x3,4x4,5x5,6x6,7x7,8x8,9x9"},
	} {
		t.Run(c.in, func(t *testing.T) {
			g, err := ParseGivenSizes(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := Sizes(g.Order).String(); got != c.order {
				t.Errorf("order %s, want %s", got, c.order)
			}
			if got := g.Sizes.String(); got != c.sorted {
				t.Errorf("sorted %s, want %s", got, c.sorted)
			}
		})
	}
}

// ParseGivenStarts keeps a list's order and says what -starts names.
func TestParseGivenStarts(t *testing.T) {
	g, err := ParseGivenStarts("3,3;0,0;3,3")
	if err != nil || g.Kind() != ListStarts || len(g.Order) != 2 || g.Order[0] != (board.Square{Row: 3, Col: 3}) || g.String() != "0,0;3,3" {
		t.Errorf("a list: %+v, %v", g, err)
	}
	for in, kind := range map[string]StartsKind{" ALL ": AllStarts, "corners": CornerStarts, "Solvable": SolvableStarts} {
		if g, err := ParseGivenStarts(in); err != nil || g.Kind() != kind || g.Order != nil {
			t.Errorf("%q: %+v, %v", in, g, err)
		}
	}
}

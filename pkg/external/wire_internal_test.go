package external

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"knightsweep/pkg/board"
)

// A request's line is what encoding/json writes of it, byte for byte,
// for every kind of field value (appendWire writes it without reflection).
func TestWireIsJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Request
	}{
		{"zero", Request{}},
		{"warm-up", Request{ID: 1, Rows: 1, Cols: 1}},
		{"typical", Request{ID: 17, Rows: 8, Cols: 8, Start: [2]int{0, 0}, Order: board.DigitMoves.String(), TimeoutMS: 60000}},
		{"extremes", Request{ID: math.MaxInt64, Rows: -1, Cols: math.MaxInt, Start: [2]int{-3, math.MinInt}, Closed: true,
			Seed: math.MaxUint64, MaxNodes: math.MinInt64, TimeoutMS: 1}},
		{"order to escape", Request{ID: 2, Order: "a\"b\\c<d>&e\x01\u2028é\xff"}},
		// Each byte that needs encoding/json alone, so that each is seen.
		{"quote alone", Request{Order: `"`}},
		{"backslash alone", Request{Order: `\`}},
		{"< alone", Request{Order: "<"}},
		{"> alone", Request{Order: ">"}},
		{"& alone", Request{Order: "&"}},
		{"control byte alone", Request{Order: "\x01"}},
		{"invalid UTF-8 alone", Request{Order: "\xff"}},
		{"U+2028 alone", Request{Order: "\u2028"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			r.Version, r.SeedText = Version, strconv.FormatUint(r.Seed, 10)
			want, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, '\n')
			if got := appendWire([]byte("kept"), tc.r); !bytes.Equal(got, append([]byte("kept"), want...)) {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

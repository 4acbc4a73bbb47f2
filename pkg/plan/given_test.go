package plan

import (
	"encoding/json"
	"testing"
)

// Settings keep -sizes and -starts in the order given beside their sorted
// forms: the plan's line names them so, and what is recorded and compared
// (the JSON of the manifest, Diff) is the sorted form alone.
func TestSettingsKeepGivenOrder(t *testing.T) {
	sizes, err := ParseGivenSizes("8,6,5x7,6")
	if err != nil {
		t.Fatal(err)
	}
	starts, err := ParseGivenStarts("1,1;0,0;1,1")
	if err != nil {
		t.Fatal(err)
	}
	given := Settings{Sizes: sizes.Sizes, Starts: starts.Starts, Given: Given{sizes, starts}, Strategies: []string{"warnsdorff"}}
	sorted := Settings{Sizes: sizes.Sizes, Starts: starts.Starts, Strategies: []string{"warnsdorff"}}
	for _, c := range []struct {
		name      string
		s         Settings
		sz, start string
	}{
		{"given", given, "8x8,6x6,5x7", "1,1;0,0"},
		{"sorted", sorted, "5x7,6x6,8x8", "0,0;1,1"},
	} {
		if got := c.s.SizesText(); got != c.sz {
			t.Errorf("%s: SizesText %q, want %q", c.name, got, c.sz)
		}
		if got := c.s.StartsText(); got != c.start {
			t.Errorf("%s: StartsText %q, want %q", c.name, got, c.start)
		}
	}
	a, _ := json.Marshal(given)
	b, _ := json.Marshal(sorted)
	if string(a) != string(b) {
		t.Errorf("the order given is recorded:\n%s\n%s", a, b)
	}
	if d := given.Diff(sorted); len(d) != 0 {
		t.Errorf("Diff: %v, want none", d)
	}
	many, _ := ParseGivenSizes("9,5-8")
	if got := (Settings{Sizes: many.Sizes, Given: Given{Sizes: many}}).SizesText(); got != "5x5 to 9x9" {
		t.Errorf("five boards: %q, want their span", got)
	}
}

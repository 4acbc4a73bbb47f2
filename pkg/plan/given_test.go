package plan

import (
	"encoding/json"
	"strconv"
	"strings"
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

// TestStartsTextLongList: the plan's line names the first squares of a
// long -starts list and counts the rest, in the order given or sorted,
// instead of printing every square of a board of thousands.
func TestStartsTextLongList(t *testing.T) {
	var list []string
	for c := 9; c >= 0; c-- {
		list = append(list, "0,"+strconv.Itoa(c))
	}
	starts, err := ParseGivenStarts(strings.Join(list, ";"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		s    Settings
		want string
	}{
		{"given", Settings{Starts: starts.Starts, Given: Given{Starts: starts}}, "0,9;0,8;0,7;0,6;0,5;0,4;0,3;0,2 and 2 more"},
		{"sorted", Settings{Starts: starts.Starts}, "0,0;0,1;0,2;0,3;0,4;0,5;0,6;0,7 and 2 more"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.s.StartsText(); got != c.want {
				t.Errorf("StartsText %q, want %q", got, c.want)
			}
		})
	}
	eight, _ := ParseGivenStarts(strings.Join(list[:8], ";"))
	if got, want := (Settings{Starts: eight.Starts, Given: Given{Starts: eight}}).StartsText(), strings.Join(list[:8], ";"); got != want {
		t.Errorf("eight squares: %q, want every one, %q", got, want)
	}
}

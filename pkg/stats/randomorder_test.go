package stats

import (
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

// A series in a random move order says so even when it is the only one; a
// series in the default order beside it is not labelled with that order;
// restart policies are series of their own. Labels are one word (no
// commas, no spaces); the names with commas stay as Legacy.
func TestRandomOrderLabels(t *testing.T) {
	def := board.DefaultOrder.String()
	keys := []SeriesKey{
		{Strategy: "dfs", Tiebreak: "first", Order: "random", Restarts: "none"},
		{Strategy: "dfs", Tiebreak: "first", Order: "random", Restarts: "luby:49"},
		{Strategy: "warnsdorff-bt", Tiebreak: "random", Order: def, Restarts: "none"},
		{Strategy: "warnsdorff-bt", Tiebreak: "random", Order: def, Restarts: "fixed:49"},
		{Strategy: "warnsdorff-bt", Tiebreak: "random", Order: def, Restarts: "geometric:100,2"},
		{Strategy: "warnsdorff-bt", Tiebreak: "random", Order: def, Prune: true, Closed: true, Restarts: "none"},
	}
	var got, legacy []string
	for _, s := range seriesOf(keys, nil) {
		got = append(got, s.Label)
		legacy = append(legacy, s.Legacy)
		if strings.ContainsAny(s.Label, ", ") {
			t.Errorf("label %q has a comma or a space", s.Label)
		}
	}
	want := []string{"dfs/random", "dfs/random+luby:49", "warnsdorff-bt/random", "warnsdorff-bt/random+fixed:49",
		"warnsdorff-bt/random+geometric:100*2", "warnsdorff-bt/random+prune+closed"}
	if !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
	wantLegacy := []string{"dfs, order random", "dfs, order random, restarts luby:49", "warnsdorff-bt/random",
		"warnsdorff-bt/random, restarts fixed:49", "warnsdorff-bt/random, restarts geometric:100,2", "warnsdorff-bt/random, prune, closed"}
	if !slices.Equal(legacy, wantLegacy) {
		t.Errorf("legacy names %q, want %q", legacy, wantLegacy)
	}
}

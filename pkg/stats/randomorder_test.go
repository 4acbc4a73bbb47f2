package stats

import (
	"slices"
	"testing"

	"knightsweep/pkg/board"
)

// A series in a random move order says so even when it is the only one; a
// series in the default order beside it is not labelled with that order;
// restart policies are series of their own.
func TestRandomOrderLabels(t *testing.T) {
	def := board.DefaultOrder.String()
	keys := []SeriesKey{
		{Strategy: "dfs", Tiebreak: "first", Order: "random", Restarts: "none"},
		{Strategy: "dfs", Tiebreak: "first", Order: "random", Restarts: "luby:49"},
		{Strategy: "warnsdorff-bt", Tiebreak: "random", Order: def, Restarts: "none"},
		{Strategy: "warnsdorff-bt", Tiebreak: "random", Order: def, Restarts: "fixed:49"},
	}
	var got []string
	for _, s := range seriesOf(keys, nil) {
		got = append(got, s.Label)
	}
	want := []string{"dfs, order random", "dfs, order random, restarts luby:49", "warnsdorff-bt/random", "warnsdorff-bt/random, restarts fixed:49"}
	if !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
}

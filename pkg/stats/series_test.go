package stats

import (
	"maps"
	"testing"
	"time"
)

// A budget of 0 is no budget: it is left out of the words.
func TestBudgetWords(t *testing.T) {
	for _, tt := range []struct {
		name              string
		maxNodes, timeout int64
		short, label      string
	}{
		{"none", 0, 0, "none", "no budget"},
		{"nodes", 100000, 0, "100k", "100k nodes"},
		{"time", 0, int64(30 * time.Second), "30s", "30s"},
		{"both", 1000000, int64(time.Minute), "1.00M|1m0s", "1.00M nodes or 1m0s"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := shortBudget(tt.maxNodes, tt.timeout); got != tt.short {
				t.Errorf("shortBudget = %q, want %q", got, tt.short)
			}
			if got := BudgetLabel(tt.maxNodes, tt.timeout); got != tt.label {
				t.Errorf("BudgetLabel = %q, want %q", got, tt.label)
			}
		})
	}
}

// Files are named by their directory (runs.csv) or base name, and by
// their whole path where two would share a name.
func TestShortNames(t *testing.T) {
	got := shortNames([]string{"/x/a/runs.csv", "/y/a/runs.csv", "/z/b.csv", ""})
	want := map[string]string{"/x/a/runs.csv": "/x/a/runs.csv", "/y/a/runs.csv": "/y/a/runs.csv", "/z/b.csv": "b.csv"}
	if !maps.Equal(got, want) {
		t.Errorf("shortNames = %v, want %v", got, want)
	}
}

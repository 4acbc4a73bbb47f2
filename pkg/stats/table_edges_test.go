package stats

import (
	"strings"
	"testing"
)

// A label exactly as wide as the series column (22 runes) stays on its
// row; only a longer one gets a line of its own.
func TestLabelAsWideAsItsColumn(t *testing.T) {
	s := Summary{Label: "warnsdorff-bt/first@1M", Board: "5x5", Found: 12, Attempts: 25, TourFound: 12, TourAttempts: 13,
		NodesMedian: 24, TimeMedianNS: 900, Strategy: "warnsdorff-bt", Tiebreak: "first"}
	var b strings.Builder
	if err := WriteTable(&b, []Summary{s}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], s.Label+" 5x5 ") {
		t.Errorf("table:\n%s\nwant the header and one row starting %q", b.String(), s.Label+" 5x5 ")
	}
}

func TestFraction(t *testing.T) {
	for _, tt := range []struct {
		name        string
		found, runs int
		want        string
	}{
		{"short", 3, 5, "3/5"},
		{"ten columns exactly", 1234, 56789, "1234/56789"},
		{"eleven columns", 12345, 67890, "12.3k/67.9k"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := fraction(tt.found, tt.runs); got != tt.want {
				t.Errorf("fraction(%d, %d) = %q, want %q", tt.found, tt.runs, got, tt.want)
			}
		})
	}
}

func TestCut(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		n       int
		want    string
	}{
		{"shorter", "abc", 5, "abc"},
		{"exactly n", "abcde", 5, "abcde"},
		{"longer", "abcdef", 5, "abcd…"},
		{"runes, not bytes", "5×5×5", 5, "5×5×5"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := cut(tt.s, tt.n); got != tt.want {
				t.Errorf("cut(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
			}
		})
	}
}

// A series is all errors when it has runs and every one is an error; a
// series without runs is not.
func TestAllErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		t    Total
		want bool
	}{
		{"no runs", Total{}, false},
		{"every run an error", Total{Attempts: 2, Errors: 2}, true},
		{"one of two", Total{Attempts: 2, Errors: 1}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.t.AllErrors(); got != tt.want {
				t.Errorf("%+v.AllErrors() = %v, want %v", tt.t, got, tt.want)
			}
		})
	}
}

package progress

import (
	"math"
	"testing"
)

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		seconds float64
		want    string
	}{
		{"milliseconds", 0.2744, "about 274ms"},
		{"seconds", 12.34, "about 12.3s"},
		{"minutes", 200.4, "about 3m20s"},
		{"hours", 3900.2, "about 1h5m0s"},
		{"days", 5795 * 3600, "about 241 days"},
		// plain dfs on 9x9 without a budget: 10^17 s overflows a
		// time.Duration, which once printed as -2562047h47m16.85s.
		{"beyond a duration", 1e17, "more than a year"},
		{"infinite", math.Inf(1), "more than a year"},
		{"negative", -1, "unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Estimate(tc.seconds); got != tc.want {
				t.Errorf("Estimate(%g) = %q, want %q", tc.seconds, got, tc.want)
			}
		})
	}
}

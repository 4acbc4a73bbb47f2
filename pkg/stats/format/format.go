// Package format writes the figures of tables, pages, charts and the
// terminal as a reader takes them in: counts compactly (12.3k), in full
// for prose (5,000) or as a round budget is said (60M), times with their
// unit, shares and ratios. It is a leaf: the summaries (package stats),
// the run-length measures (stats/runlength), the sweep's plan, the report
// and the charts all write numbers through it. Sizes in bytes are
// memlimit's (Format, the inverse of its Parse, on the same floor).
package format

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Count writes a count compactly: 950, 21.2, 12.3k, 8.25M, 1.20G;
// "-" for NaN. Whole numbers under 10,000 are written in full, fractions
// (medians, means) to three significant digits.
func Count(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	// Not "+InfT", which the units below would make of it.
	if math.IsInf(v, 1) {
		return "∞"
	}
	if math.IsInf(v, -1) {
		return "-∞"
	}
	if math.Abs(v) < 10000 {
		if v == math.Trunc(v) || math.Abs(v) >= 1000 {
			return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
		}
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	scale := 1e3
	for _, unit := range []string{"k", "M", "G", "T"} {
		// 999,950 rounds to 1000k: write it as 1.00M.
		if s := sig3(v / scale); unit == "T" || len(strings.TrimLeft(s, "-")) < 4 || strings.Contains(s, ".") {
			return s + unit
		}
		scale *= 1e3
	}
	panic("unreachable")
}

// Grouped writes a non-negative n in full with commas between groups of
// three digits, as prose writes numbers: 5,000.
func Grouped[T ~int | ~int64](n T) string {
	s := strconv.FormatInt(int64(n), 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Round writes n as people say a round count, exactly: 60M, 220M, 1.5k,
// 2G; a count that is not round to a tenth of its unit in full (12345).
func Round(n int64) string {
	switch {
	case n >= 1e9 && n%1e8 == 0:
		return strconv.FormatFloat(float64(n)/1e9, 'f', -1, 64) + "G"
	case n >= 1e6 && n%1e5 == 0:
		return strconv.FormatFloat(float64(n)/1e6, 'f', -1, 64) + "M"
	case n >= 1e3 && n%1e2 == 0:
		return strconv.FormatFloat(float64(n)/1e3, 'f', -1, 64) + "k"
	}
	return strconv.FormatInt(n, 10)
}

// sig3 writes v with three significant digits.
func sig3(v float64) string {
	switch a := math.Abs(v); {
	case a < 10:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case a < 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

// NS writes nanoseconds as a duration with three significant digits:
// 850ns, 12.3µs, 4.56ms, 1.23s, 2m5s; "-" for NaN, "∞" for +Inf (a
// bootstrap interval's end where resamples without a tour are likely).
func NS(ns float64) string {
	if math.IsNaN(ns) {
		return "-"
	}
	// Not time.Duration's overflow, which +Inf would make.
	if math.IsInf(ns, 0) {
		return Count(ns)
	}
	switch a := math.Abs(ns); {
	case a < 1e3:
		return strconv.FormatFloat(ns, 'f', 0, 64) + "ns"
	case a < 1e6:
		return sig3(ns/1e3) + "µs"
	case a < 1e9:
		return sig3(ns/1e6) + "ms"
	case a < 60e9:
		return sig3(ns/1e9) + "s"
	}
	return time.Duration(ns).Round(time.Second).String()
}

// Percent writes a proportion as a percentage with one decimal; "-"
// for NaN.
func Percent(p float64) string {
	if math.IsNaN(p) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*p)
}

// Ratio writes a ratio to three significant digits: ×0.00222,
// ×34.8, ×8400, ×3.1e-05; "-" for NaN or infinity.
func Ratio(r float64) string {
	switch a := math.Abs(r); {
	case math.IsNaN(r) || math.IsInf(r, 0):
		return "-"
	case a >= 1000 && a < 1e6:
		return "×" + strconv.FormatFloat(r, 'f', 0, 64)
	}
	return "×" + strconv.FormatFloat(r, 'g', 3, 64)
}

// ShortRatio writes a ratio in a few characters, for a chart's cell: 0.31,
// 3.2, 45, 1.2k (a power of ten from a million or under a thousandth:
// 3e-05); "∞" for +Inf and "0" for 0 (a side that never found
// what the other did, or the reverse), "-" for NaN. A ratio other than 1
// that would round to 1 is written "<1" or ">1": which side of 1 it lies
// on is what a reader takes from it.
func ShortRatio(x float64) string {
	var s string
	switch {
	case math.IsNaN(x):
		return "-"
	case x == 0 || math.IsInf(x, 0):
		return Count(x)
	case x >= 1e6 || x < 1e-3:
		s = strconv.FormatFloat(x, 'e', 0, 64)
	case x >= 1000:
		s = strings.TrimSuffix(strconv.FormatFloat(x/1000, 'f', 1, 64), ".0") + "k"
	case x >= 10:
		s = strconv.FormatFloat(x, 'f', 0, 64)
	default:
		s = strconv.FormatFloat(x, 'g', 2, 64)
	}
	switch {
	case s != "1" || x == 1:
		return s
	case x < 1:
		return "<1"
	}
	return ">1"
}

// P writes a p-value as the report does: "p=0.003", "p<0.001", "-"
// when there is none.
func P(p float64) string {
	switch {
	case math.IsNaN(p):
		return "-"
	case p < 0.001:
		return "p<0.001"
	}
	return "p=" + strconv.FormatFloat(p, 'g', 3, 64)
}

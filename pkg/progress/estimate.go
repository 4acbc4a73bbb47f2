package progress

import (
	"fmt"
	"math"
	"time"
)

// year is the longest estimate worth a figure: a sweep without a budget
// over boards where a complete search is hopeless (plain dfs on 9x9) is
// estimated at 10^17 seconds and more, past what a time.Duration holds.
const year = 365.25 * 24 * 3600

// Estimate writes an estimated time in seconds the way a person reads it:
// "about" a time to the millisecond below a second, to the second below an
// hour, to the minute below two days, in days below a year; "more than a
// year" beyond (never an overflowed, negative duration).
func Estimate(seconds float64) string {
	switch {
	case math.IsNaN(seconds) || seconds < 0:
		return "unknown"
	case seconds >= year:
		return "more than a year"
	case seconds >= 2*24*3600:
		return fmt.Sprintf("about %.0f days", seconds/(24*3600))
	}
	d := time.Duration(seconds * float64(time.Second))
	switch {
	case d >= time.Hour:
		d = d.Round(time.Minute)
	case d >= time.Minute:
		d = d.Round(time.Second)
	case d >= time.Second:
		d = d.Round(100 * time.Millisecond)
	default:
		d = d.Round(time.Millisecond)
	}
	return "about " + d.String()
}

package runs

import (
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/status"
)

// CheckVerdict refuses a row theory contradicts and reads a row of an
// older file, whose solvable says unknown where theory now settles the
// start, as before.
func TestCheckVerdict(t *testing.T) {
	for _, tc := range []struct {
		name              string
		rows, cols, r, c  int
		st                status.Status
		solvable, wantErr string
	}{
		{"found where its column says no", 3, 7, 1, 3, status.Found, "no", "where its own solvable column says none starts"},
		{"found where the count is 0", 3, 7, 1, 3, status.Found, "unknown", "where theory proves none starts (count 0)"},
		{"claims yes where the count is 0", 3, 7, 1, 3, status.DeadEnd, "yes", "solvable yes from 1,3 of 3x7, where theory proves no (count 0)"},
		{"claims no where a tour starts", 8, 8, 0, 0, status.DeadEnd, "no", "where theory proves yes (theorem schwenk)"},
		{"old file's unknown, found", 3, 7, 0, 0, status.Found, "unknown", ""},
		{"old file's unknown, no tour", 3, 7, 1, 3, status.DeadEnd, "unknown", ""},
		{"agrees", 3, 7, 0, 0, status.Found, "yes", ""},
		{"beyond 41, unknown", 43, 45, 0, 0, status.Found, "unknown", ""},
		{"beyond 41, colour", 43, 45, 0, 1, status.Found, "unknown", "theorem colour"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Row{Rows: tc.rows, Cols: tc.cols, StartRow: tc.r, StartCol: tc.c, Status: tc.st, Solvable: tc.solvable}
			err := r.CheckVerdict()
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("CheckVerdict = %v, want %q", err, tc.wantErr)
			}
		})
	}
}

// CheckTime refuses what a time budget rules out and passes what the
// harness writes: a timeout at or past its budget, however far (a solver's
// grace period), a run that ended on its own within TimeOverrun past it,
// an error at any time.
func TestCheckTime(t *testing.T) {
	const s = int64(time.Second)
	for _, tc := range []struct {
		name              string
		st                status.Status
		timeNS, timeoutNS int64
		refused           bool
	}{
		{"timeout without a budget", status.Timeout, 5 * s, 0, true},
		{"timeout at its budget", status.Timeout, s, s, false},
		{"timeout after the grace period", status.Timeout, 2*s + s/2, s, false},
		{"timeout a millisecond short of 10 ms", status.Timeout, 9 * s / 1000, 10 * s / 1000, false},
		{"timeout a hundredth short", status.Timeout, 99 * s / 100, s, false},
		{"timeout well short", status.Timeout, 1000, s, true},
		{"timeout at 0 under a tiny budget", status.Timeout, 0, 1, false},
		{"found within its budget", status.Found, s / 2, s, false},
		{"found within the overrun", status.Found, s + TimeOverrun, s, false},
		{"found past the overrun", status.Found, s + TimeOverrun + 1, s, true},
		{"found 50 times its budget", status.Found, 50 * s, s, true},
		{"dead end past the overrun", status.DeadEnd, 3 * s, s, true},
		{"node limit past the overrun", status.NodeLimit, 3 * s, s, true},
		{"found without a budget", status.Found, 1000 * s, 0, false},
		{"error past the overrun", status.Error, 100 * s, s, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckTime(tc.st, tc.timeNS, tc.timeoutNS)
			if (err != nil) != tc.refused {
				t.Errorf("CheckTime(%s, %d, %d) = %v, want refused %v", tc.st, tc.timeNS, tc.timeoutNS, err, tc.refused)
			}
			over := Overran(tc.st, tc.timeNS, tc.timeoutNS)
			if over && !tc.refused {
				t.Errorf("Overran, yet CheckTime passes it")
			}
		})
	}
}

package runs

import (
	"strings"
	"testing"

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

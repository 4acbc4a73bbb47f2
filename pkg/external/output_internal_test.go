package external

import (
	"strconv"
	"strings"
	"testing"
)

// TestQuoteShortensPast120: a message quotes a line of 120 characters
// whole, and one of 121 as its first 117 and "...".
func TestQuoteShortensPast120(t *testing.T) {
	for _, tt := range []struct{ n, keep int }{{120, 120}, {121, 117}} {
		s := strings.Repeat("x", tt.n)
		want := s[:tt.keep]
		if tt.keep < tt.n {
			want += "..."
		}
		if got := quote(s); got != strconv.Quote(want) {
			t.Errorf("%d characters: %s, want %q", tt.n, got, want)
		}
	}
}

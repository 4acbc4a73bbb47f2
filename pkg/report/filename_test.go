package report

import (
	"strings"
	"testing"
)

// A file name made from series names stays under 100 bytes with its
// number and extension, and two long names that share their first 80
// bytes still make two names; short names are kept as they are.
func TestPairFileName(t *testing.T) {
	long := strings.Repeat("a", 115)
	for _, tt := range []struct{ a, b, want string }{
		{"dfs", "warnsdorff-bt", "only-dfs-vs-warnsdorff-bt-6x6"},
		{long + "x", long + "y", ""},
		{long + "y", long + "x", ""},
	} {
		got := pairFileName(tt.a, tt.b, "6x6")
		if tt.want != "" && got != tt.want {
			t.Errorf("pairFileName(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.want)
		}
		if n := len(got + "-99.png"); n >= 100 {
			t.Errorf("pairFileName of %d and %d bytes: %d bytes with a number and an extension", len(tt.a), len(tt.b), n)
		}
	}
	if x, y := pairFileName(long+"x", long+"y", "6x6"), pairFileName(long+"y", long+"x", "6x6"); x == y {
		t.Errorf("two pairs of names, one file name %q", x)
	}
}

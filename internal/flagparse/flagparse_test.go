package flagparse

import (
	"bytes"
	"testing"
)

// TestUsageWithoutFlags: the usage of a command that takes no flags
// (experiment version -h) says so, instead of a heading "Flags:" over
// nothing and a synopsis line ending in a space; one with flags lists them.
func TestUsageWithoutFlags(t *testing.T) {
	for _, c := range []struct {
		name, synopsis string
		flags          bool
		want           string
	}{
		{"version", "", false, "usage: experiment version\n\nIt takes no flags.\n"},
		{"x", "[-n N]", true, "usage: experiment x [-n N]\n\nFlags:\n  -n int\n    \tthe count\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			fs := New(c.name, c.synopsis, &out)
			if c.flags {
				fs.Int("n", 0, "the count")
			}
			fs.Usage()
			if out.String() != c.want {
				t.Errorf("usage %q, want %q", out.String(), c.want)
			}
		})
	}
}

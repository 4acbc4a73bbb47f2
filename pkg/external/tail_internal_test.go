package external

import (
	"strings"
	"testing"
)

// A process's stderr, written in pieces: the head kept is its first line,
// newline included, whatever the pieces; the tail its last bytes.
func TestTailHead(t *testing.T) {
	for _, tt := range []struct {
		name   string
		writes []string
		head   string
	}{
		{"one write", []string{"abc\ndef\n"}, "abc\n"},
		{"line over two writes", []string{"abc", "def\nghi"}, "abcdef\n"},
		{"newline first in the second write", []string{"abc", "\nxyz"}, "abc\n"},
		{"no newline yet", []string{"abc", "def"}, "abcdef"},
		{"a line past headSize", []string{strings.Repeat("x", headSize-1), "yz\n"}, strings.Repeat("x", headSize-1) + "y"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var tl tail
			all := ""
			for _, w := range tt.writes {
				tl.Write([]byte(w))
				all += w
			}
			if string(tl.head) != tt.head {
				t.Errorf("head %q, want %q", tl.head, tt.head)
			}
			if string(tl.buf) != all || tl.all != int64(len(all)) {
				t.Errorf("tail %q (%d bytes in all), want %q", tl.buf, tl.all, all)
			}
		})
	}
}

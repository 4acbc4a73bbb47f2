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
		{"the second line not kept", []string{"abc\n", "def\n"}, "abc\n"},
		// The tail: the last tailSize (4096) bytes, from one write longer
		// than that, or from two that are together.
		{"a write longer than the tail", []string{"a\n" + strings.Repeat("y", 4998)}, "a\n"},
		{"two writes longer than the tail", []string{"b\n" + strings.Repeat("y", 2998), strings.Repeat("z", 2000)}, "b\n"},
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
			want := all[max(0, len(all)-tailSize):]
			if string(tl.buf) != want || tl.all != int64(len(all)) {
				t.Errorf("tail of %d bytes (%d in all), want the last %d of %d", len(tl.buf), tl.all, len(want), len(all))
			}
		})
	}
}

// stderr of exactly 300 bytes is quoted whole, not cut to "..." and its
// last 297.
func TestTailLineAt300(t *testing.T) {
	for _, tt := range []struct {
		name string
		n    int
		want string
	}{
		{"300 bytes", 300, strings.Repeat("x", 300)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var tl tail
			tl.Write([]byte(strings.Repeat("x", tt.n)))
			if got := tl.line(); got != tt.want {
				t.Errorf("line() of %d bytes = %d bytes, want %d", tt.n, len(got), len(tt.want))
			}
		})
	}
}

// Output exactly as long as the cap is kept whole and is not over it.
func TestCappedAtItsMax(t *testing.T) {
	c := &capped{max: 10}
	c.Write([]byte("0123456789"))
	if string(c.buf) != "0123456789" || c.lost {
		t.Errorf("kept %q, over the cap %v; want all 10 bytes, not over", c.buf, c.lost)
	}
	c.Write([]byte("x"))
	if string(c.buf) != "0123456789" || !c.lost {
		t.Errorf("kept %q, over the cap %v; want the 10 bytes, over", c.buf, c.lost)
	}
}

// A hidden character first in a line is escaped too.
func TestOneLineHiddenFirst(t *testing.T) {
	if got, want := oneLine("\u202eabc"), `\u202eabc`; got != want {
		t.Errorf("oneLine = %q, want %q", got, want)
	}
}

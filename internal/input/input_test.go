package input

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// content stands for a package's own bad-input type (runs.ContentError),
// which marks itself without importing this package.
type content struct{ msg string }

func (c *content) Error() string { return c.msg }
func (*content) BadInput()       {}

func TestIs(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want bool
		msg  string
	}{
		{"nil", nil, false, ""},
		{"plain", errors.New("disk full"), false, "disk full"},
		{"runtime wrapping a file error", fmt.Errorf("write: %w", fs.ErrPermission), false, "write: permission denied"},
		{"flag", Errorf("-sizes", "%q: want a size such as 5x5", "9x"), true, `-sizes: "9x": want a size such as 5x5`},
		{"file contents", &Error{Err: errors.New("t/runs.csv: line 2: bad")}, true, "t/runs.csv: line 2: bad"},
		{"wrapped flag", fmt.Errorf("report: %w", Errorf("-out", "missing")), true, "report: -out: missing"},
		{"another package's type", fmt.Errorf("merge: %w", &content{"line 3: a second row"}), true, "merge: line 3: a second row"},
		{"Errorf wraps with %w", Errorf("merge", "x: %w", &content{"y"}), true, "merge: x: y"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Is(tc.err); got != tc.want {
				t.Errorf("Is(%v) = %v, want %v", tc.err, got, tc.want)
			}
			if tc.err != nil && tc.err.Error() != tc.msg {
				t.Errorf("message %q, want %q", tc.err.Error(), tc.msg)
			}
		})
	}
	var c *content
	if !errors.As(Errorf("merge", "x: %w", &content{"y"}), &c) || c.msg != "y" {
		t.Error("Errorf's %w does not wrap")
	}
}

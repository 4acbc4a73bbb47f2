package progress

import (
	"testing"

	"github.com/acarl005/stripansi"
)

// TestStripansiStandIn checks that the stand-in for mpb's dependency
// stripansi (third_party/stripansi, put in place by go.mod's replace
// directive so that its pattern is compiled when first used, not at every
// start) strips what the original strips. That the stand-in is the one
// linked is cmd/experiment's TestStartupInit's to see: the original
// allocates at start-up, and stripansi is not among the libraries allowed to.
func TestStripansiStandIn(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"plain", "12 runs, 3 found", "12 runs, 3 found"},
		{"colour", "\x1b[1;31mred\x1b[0m text", "red text"},
		{"cursor", "a\x1b[2Kb\x1b[10Dc", "abc"},
		{"eight-bit CSI", "\u009b32mgreen", "green"},
		{"title", "\x1b]0;knightsweep\x07done", "done"},
		{"private mode", "\x1b[?25lhidden\x1b[?25h", "hidden"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := stripansi.Strip(c.in); got != c.want {
				t.Errorf("Strip(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

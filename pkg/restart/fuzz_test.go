package restart

import (
	"strings"
	"testing"
)

// FuzzParse: whatever Parse accepts, it prints in a form it reads back
// as the same policy, which prints the same again (restart_policy's
// canonical form is a fixed point), and whose cutoffs are positive and
// never fall (Luby's and fixed's repeat, geometric's grow). ParseList
// accepts a list of what Parse accepts.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"none", "", "fixed:49", "luby:1", "geometric:100,1.5", "geometric:10,1",
		" luby : 49 ", "fixed:0", "fixed:-1", "luby:1e99", "geometric:10,NaN", "geometric:10,2,3", "LUBY:49",
		"none;fixed:49;luby:49", "geometric:100,2,fixed:49"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if list, err := ParseList(s); err == nil && len(list) == 0 {
			t.Fatalf("ParseList(%q) accepted no policy", s)
		}
		p, err := Parse(s)
		if err != nil {
			return
		}
		text := p.String()
		q, err := Parse(text)
		if err != nil || q != p || q.String() != text {
			t.Fatalf("Parse(%q) = %v, printed %q, read back %v (%v)", s, p, text, q, err)
		}
		if strings.ContainsAny(text, ";\n") {
			t.Fatalf("%q prints as %q, which a list would split", s, text)
		}
		if p.Kind == None {
			return
		}
		prev := int64(0)
		for i := range int64(64) {
			c := p.Cutoff(i)
			if c < 1 || p.Kind == Geometric && c < prev {
				t.Fatalf("%v: cutoff %d is %d after %d", p, i, c, prev)
			}
			prev = c
		}
	})
}

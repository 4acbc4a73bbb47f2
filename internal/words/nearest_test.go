package words

import "testing"

// A typo finds its name (a swap, a letter missing, one too many, another
// case); a different word finds none; a known word needs no hint.
func TestNearest(t *testing.T) {
	known := []string{"dfs", "warnsdorff", "warnsdorff-bt", "centre", "quick", "closed", "overnight", "sizes", "starts"}
	for _, tt := range []struct{ word, want string }{
		{"center", "centre"},
		{"warnsdorf", "warnsdorff"},
		{"warnsdorff-bT", "warnsdorff-bt"},
		{"quikc", "quick"},
		{"sizez", "sizes"},
		{"dsf", "dfs"},
		{"starst", "starts"},
		{"parberry", ""},
		{"bfs", ""},
		{"x", ""},
		{"quick", ""},
	} {
		got, ok := Nearest(tt.word, known)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("Nearest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	if s := Suggest("center", known); s != " (did you mean centre?)" {
		t.Errorf("Suggest = %q", s)
	}
}

package status

import "testing"

// The words are what runs.csv holds: a contract that never changes.
func TestWords(t *testing.T) {
	want := []string{"found", "dead_end", "not_closed", "exhausted", "node_limit", "timeout", "error"}
	if len(All) != len(want) {
		t.Fatalf("All has %d statuses, want %d", len(All), len(want))
	}
	for i, w := range want {
		if string(All[i]) != w || All[i].Index() != i || !All[i].Valid() {
			t.Errorf("All[%d] = %q (index %d), want %q", i, All[i], All[i].Index(), w)
		}
	}
	for _, bad := range []string{"canceled", "Found", "", "won"} {
		if _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestCensored(t *testing.T) {
	for _, s := range All {
		want := s == NodeLimit || s == Timeout
		if s.Censored() != want {
			t.Errorf("%s.Censored() = %v", s, !want)
		}
	}
}

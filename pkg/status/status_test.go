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

// Every status is exactly one of: a tour, a budget that ran out, a failure
// no budget mends, an error.
func TestFinal(t *testing.T) {
	for _, s := range All {
		want := s == DeadEnd || s == NotClosed || s == Exhausted
		if s.Final() != want {
			t.Errorf("%s.Final() = %v", s, !want)
		}
		kinds := 0
		for _, is := range []bool{s == Found, s.Censored(), s.Final(), s == Error} {
			if is {
				kinds++
			}
		}
		if kinds != 1 {
			t.Errorf("%s is %d of found, censored, final and error", s, kinds)
		}
	}
}

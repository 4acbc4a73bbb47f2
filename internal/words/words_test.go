package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 pairs"}, {1, "1 pair"}, {2, "2 pairs"}, {-1, "-1 pairs"}} {
		if got := Count(c.n, "pair"); got != c.want {
			t.Errorf("Count(%d, pair) = %q, want %q", c.n, got, c.want)
		}
	}
	if got := Count(int64(1), "found run"); got != "1 found run" {
		t.Errorf("int64: %q", got)
	}
}

func TestList(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want string
	}{
		{nil, ""}, {[]string{"a"}, "a"}, {[]string{"a", "b"}, "a and b"}, {[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := List(tt.in); got != tt.want {
			t.Errorf("List(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if Noun(1, "run") != "run" || Noun(0, "run") != "runs" {
		t.Error("Noun does not agree with its count")
	}
}

func TestDo(t *testing.T) {
	if got := Do([]string{"dfs"}); got != "dfs does" {
		t.Errorf("one: %q", got)
	}
	if got := Do([]string{"warnsdorff", "warnsdorff-bt"}); got != "warnsdorff, warnsdorff-bt do" {
		t.Errorf("two: %q", got)
	}
}

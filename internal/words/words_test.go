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

func TestDo(t *testing.T) {
	if got := Do([]string{"dfs"}); got != "dfs does" {
		t.Errorf("one: %q", got)
	}
	if got := Do([]string{"warnsdorff", "warnsdorff-bt"}); got != "warnsdorff, warnsdorff-bt do" {
		t.Errorf("two: %q", got)
	}
}

package strategies

import "testing"

// Folded finds the strategy a name equals but for case, and nothing for a
// name no strategy spells.
func TestFolded(t *testing.T) {
	set, err := (*Set)(nil).With(Info{Name: "dfs"}, Info{Name: "warnsdorff"}, Info{Name: "warnsdorff-bt"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, want string
		ok         bool
	}{
		{"Warnsdorff", "warnsdorff", true},
		{"WARNSDORFF-BT", "warnsdorff-bt", true},
		{"dfs", "dfs", true},
		{"warnsdorf", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := set.Folded(tt.name); got != tt.want || ok != tt.ok {
				t.Errorf("Folded(%q) = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
			}
		})
	}
}

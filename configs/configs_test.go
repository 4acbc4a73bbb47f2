package configs

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestPresets(t *testing.T) {
	want := []string{"closed", "dfs-vs-warnsdorff", "overnight", "quick", "restarts"}
	if got := Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %q; want %q", got, want)
	}
	for _, name := range want {
		a, err := Read(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Read(name + Ext)
		if err != nil || string(a) != string(b) {
			t.Errorf("Read(%q): %v", name+Ext, err)
		}
		// The embedded preset is the file in this directory.
		disk, err := os.ReadFile(name + Ext)
		if err != nil || string(disk) != string(a) {
			t.Errorf("%s: embedded copy differs from the file: %v", name, err)
		}
		// Each preset's header says what it covers and what it costs.
		if !strings.HasPrefix(string(a), "# "+name+":") || !strings.Contains(string(a), "# Covers:") || !strings.Contains(string(a), "# Costs:") {
			t.Errorf("%s: header lacks the name, Covers: or Costs:\n%s", name, a)
		}
	}
	if _, err := Read("nonesuch"); err == nil || !strings.Contains(err.Error(), "want one of closed, dfs-vs-warnsdorff, overnight, quick, restarts") {
		t.Errorf("Read(nonesuch): %v", err)
	}
}

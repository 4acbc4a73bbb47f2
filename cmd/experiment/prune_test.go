package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// solve -prune finds seed 003's tour with far fewer nodes, and says so in
// its JSON.
func TestSolvePrune(t *testing.T) {
	type result struct {
		Prune  bool    `json:"prune"`
		Status string  `json:"status"`
		Nodes  int64   `json:"nodes"`
		Tour   []int32 `json:"tour"`
	}
	var plain, pruned result
	for _, r := range []struct {
		args []string
		into *result
	}{
		{[]string{"solve", "-size", "8", "-json"}, &plain},
		{[]string{"solve", "-size", "8", "-json", "-prune"}, &pruned},
	} {
		out, errOut, code := runCLI(t, r.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", r.args, code, errOut)
		}
		if err := json.Unmarshal([]byte(out), r.into); err != nil {
			t.Fatalf("%v: %v: %s", r.args, err, out)
		}
	}
	if plain.Prune || !pruned.Prune || pruned.Status != "found" || !slices.Equal(plain.Tour, pruned.Tour) ||
		plain.Nodes != 8250733 || pruned.Nodes >= plain.Nodes {
		t.Errorf("plain %+v\npruned %+v", plain, pruned)
	}
	_, errOut, code := runCLI(t, "solve", "-size", "8", "-strategy", "warnsdorff", "-prune")
	if code != 2 || !strings.Contains(errOut, "-prune: strategy warnsdorff does not prune; -prune applies to dfs, warnsdorff-bt") {
		t.Errorf("warnsdorff -prune: exit %d: %s", code, errOut)
	}
}

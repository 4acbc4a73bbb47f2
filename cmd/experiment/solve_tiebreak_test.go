package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSolveTiebreakFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "-size", "8", "-strategy", "warnsdorff", "-tiebreak", "nope"}, `-tiebreak: unknown tie-break rule "nope": want one of first, random, pohl, roth`},
		{[]string{"solve", "-size", "8", "-tiebreak", "pohl"}, "-tiebreak: strategy dfs accepts only first; pohl is for warnsdorff, warnsdorff-bt"},
		{[]string{"solve", "-size", "8", "-strategy", "squirrel-cull", "-tiebreak", "random"}, "strategy squirrel-cull accepts only first"},
		{[]string{"solve", "-size", "8", "-strategy", "warnsdorff", "-seed", "x"}, "-seed"},
		{[]string{"solve", "-rows", "8", "-cols", "10", "-strategy", "squirrel-cull"}, "squirrel-cull on 8x10: the board must be square"},
		{[]string{"solve", "-size", "8", "-start", "3,3", "-strategy", "squirrel-cull"}, "the start must be a corner (0,0 0,7 7,0 or 7,7), not 3,3"},
		{[]string{"solve", "-size", "8", "-strategy", "squirrel-cull", "-order", "12345678"}, "-order: squirrel-cull uses its own"},
	} {
		_, errOut, code := runCLI(t, tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// -tiebreak and -seed reach the search and the JSON; the same seed gives
// the same tour, another seed another.
func TestSolveTiebreakJSON(t *testing.T) {
	solve := func(args ...string) map[string]any {
		t.Helper()
		out, errOut, code := runCLI(t, append([]string{"solve", "-size", "20", "-json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return got
	}
	a := solve("-strategy", "warnsdorff", "-tiebreak", "random", "-seed", "5")
	if a["tiebreak"] != "random" || a["seed"] != 5.0 || a["status"] != "found" {
		t.Errorf("random seed 5: %v %v %v", a["tiebreak"], a["seed"], a["status"])
	}
	b := solve("-strategy", "warnsdorff", "-tiebreak", "random", "-seed", "5")
	c := solve("-strategy", "warnsdorff", "-tiebreak", "random", "-seed", "6")
	tour := func(m map[string]any) string { s, _ := json.Marshal(m["tour"]); return string(s) }
	if tour(a) != tour(b) || tour(a) == tour(c) {
		t.Errorf("seed 5 twice gave different tours, or seed 6 the same one")
	}
	d := solve("-strategy", "squirrel-cull")
	if d["status"] != "found" || d["verified"] != true || d["tiebreak"] != "first" || d["seed"] != 0.0 {
		t.Errorf("squirrel-cull: %v", d)
	}
	for _, rule := range []string{"first", "pohl", "roth"} {
		if e := solve("-strategy", "warnsdorff-bt", "-tiebreak", rule); e["status"] != "found" || e["tiebreak"] != rule {
			t.Errorf("warnsdorff-bt %s: %v", rule, e["status"])
		}
	}
}

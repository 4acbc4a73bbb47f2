package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The 5x5 grid of directed open tours by start square, as published.
func TestCountFiveByFive(t *testing.T) {
	out, errOut, code := runCLI(t, "count", "-size", "5", "-starts", "all")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "count_5x5_all.golden", timeField.ReplaceAllString(out, "time=T"))

	out, errOut, code = runCLI(t, "count", "-size", "5", "-start", "0,0", "-workers", "1")
	if code != 0 || !strings.HasPrefix(out, "count=304 nodes=") || !strings.Contains(out, "complete=true") {
		t.Errorf("5x5 from the corner: exit %d: %s %s", code, out, errOut)
	}
}

func TestCountJSON(t *testing.T) {
	var got map[string]any
	out, errOut, code := runCLI(t, "count", "-rows", "3", "-cols", "10", "-closed", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, k := range []string{"count", "nodes", "time_ns", "complete", "rows", "cols", "start_row", "start_col", "closed"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, out)
		}
	}
	// 16 undirected closed tours of 3x10 are 32 directed ones from a square.
	if got["count"] != 32.0 || got["complete"] != true || got["grid"] != nil {
		t.Errorf("3x10 closed: %s", out)
	}

	out, _, code = runCLI(t, "count", "-rows", "3", "-cols", "4", "-starts", "all", "-json")
	got = nil
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if got["total"] != 16.0 || got["count"] != 16.0 || len(got["grid"].([]any)) != 3 || got["start_row"] != nil {
		t.Errorf("3x4 all: %s", out)
	}
	if row := got["grid"].([]any)[0].([]any); len(row) != 4 || row[0] != 2.0 {
		t.Errorf("3x4 grid row 0: %v", row)
	}
}

// A count stopped by -timeout prints its partial counts, marked, and exits 1.
func TestCountTimeout(t *testing.T) {
	out, errOut, code := runCLI(t, "count", "-size", "6", "-starts", "all", "-timeout", "20ms")
	if code != 1 || !strings.Contains(out, "complete=false") || !strings.Contains(out, "+") ||
		!strings.Contains(errOut, "count incomplete: -timeout 20ms passed; the counts printed are lower bounds") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	out, _, code = runCLI(t, "count", "-size", "6", "-timeout", "20ms", "-json")
	if code != 1 || !strings.Contains(out, `"complete":false`) {
		t.Errorf("-json: exit %d, stdout %q", code, out)
	}
}

func TestCountBadFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"count"}, "-size: missing"},
		{[]string{"count", "-size", "9"}, "-size: count takes boards of at most 64 squares; 9x9 has 81"},
		{[]string{"count", "-size", "5", "-starts", "some"}, `-starts "some": the only value is all`},
		{[]string{"count", "-size", "5", "-starts", "all", "-start", "1,1"}, "not both"},
		{[]string{"count", "-size", "5", "-start", "5,5"}, "-start 5,5: off the 5x5 board"},
		{[]string{"count", "-size", "5", "-workers", "-1"}, "-workers -1"},
		{[]string{"count", "-size", "5", "-timeout", "-1s"}, "-timeout -1s"},
		{[]string{"count", "-size", "5", "x"}, "unexpected argument"},
	} {
		_, errOut, code := runCLI(t, tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

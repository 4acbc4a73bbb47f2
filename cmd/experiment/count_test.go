package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
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
		{[]string{"count"}, "-sizes: missing"},
		{[]string{"count", "-size", "9"}, "-size: board 9x9 has 81 squares: enumeration takes boards of at most 64 (the frontier method, boards up to 8 squares across)"},
		{[]string{"count", "-rows", "9", "-cols", "12", "-method", "frontier"}, "-rows/-cols: board 9x12 is 9 squares across: the frontier method takes boards up to 8 across"},
		{[]string{"count", "-size", "5", "-method", "fast"}, `-method: unknown method "fast": want auto, enumerate, frontier`},
		{[]string{"count", "-size", "5", "-total", "-starts", "all"}, "-total: give -total, -starts R,C or -starts all"},
		{[]string{"count", "-size", "5", "-mem-limit", "lots"}, "-mem-limit"},
		{[]string{"count", "-size", "5", "-method", "frontier", "-checkpoint-every", "-1m"}, "-checkpoint-every -1m0s"},
		{[]string{"count", "-size", "5", "-starts", "some"}, `-starts: square "some": want row,col such as 0,0; want all or one row,col square, such as 0,0`},
		{[]string{"count", "-size", "5", "-starts", ""}, `-starts: empty; want all or one row,col square, such as 0,0 (leave -starts out for 0,0)`},
		{[]string{"count", "-sizes", "5,6"}, `-sizes 5,6: 2 boards; give one board`},
		{[]string{"count", "-sizes", "5", "-size", "5"}, `not both`},
		{[]string{"count", "-size", "5", "-starts", "all", "-start", "1,1"}, "not both"},
		{[]string{"count", "-size", "5", "-start", "5,5"}, "-start: square 5,5 is off the 5x5 board; want row 0..4 and col 0..4"},
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

// The frontier method prints the grid enumeration prints, with the states
// it expanded in place of nodes; -total counts past 36 squares in one
// pass; a count over -mem-limit stops with exit 1 and says what to do.
func TestCountFrontier(t *testing.T) {
	enum, _, code := runCLI(t, "count", "-size", "5", "-starts", "all", "-method", "enumerate")
	front, errOut, code2 := runCLI(t, "count", "-size", "5", "-starts", "all", "-method", "frontier")
	strip := func(s string) string {
		return regexp.MustCompile(` (nodes|states)=\d+ time=\S+`).ReplaceAllString(s, "")
	}
	if code != 0 || code2 != 0 || strip(enum) != strip(front) || !strings.Contains(front, " states=") {
		t.Errorf("enumeration (exit %d):\n%s\nfrontier (exit %d):\n%s%s", code, enum, code2, front, errOut)
	}

	var got map[string]any
	out, errOut, code := runCLI(t, "count", "-rows", "3", "-cols", "13", "-total", "-json")
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errOut)
	}
	// 3x13: 39 squares, past enumeration's 36, so auto counts by frontier.
	if got["method"] != "frontier" || got["total"] != 257728.0 || got["count"] != 257728.0 || got["grid"] != nil || got["peak_states"] == nil {
		t.Errorf("3x13 -total: %s", out)
	}

	_, errOut, code = runCLI(t, "count", "-size", "6", "-total", "-method", "frontier", "-mem-limit", "1MiB")
	if code != 1 || !strings.Contains(errOut, "the frontier count needs about") || !strings.Contains(errOut, "raise -mem-limit") {
		t.Errorf("-mem-limit 1MiB: exit %d, %s", code, errOut)
	}
}

// A frontier count stopped by -timeout saves its checkpoint and says so; the
// same command then resumes it to the full count and removes the file.
func TestCountCheckpoint(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "ck")
	args := []string{"count", "-rows", "5", "-cols", "8", "-total", "-method", "frontier", "-checkpoint", ck, "-json"}
	// The first squares take milliseconds, the whole count about 0.5 s.
	out, errOut, code := runCLI(t, append(args, "-timeout", "100ms")...)
	if code != 1 || !strings.Contains(out, `"complete":false`) || !strings.Contains(errOut, "checkpoint saved in "+ck+": run the same command to resume") {
		t.Fatalf("stopped: exit %d: %s%s", code, out, errOut)
	}
	// A byte of it flipped (in its states, or its checksum line) is bad
	// input, refused before anything is counted or printed; the
	// checkpoint of -total is not one start's, and the refusal says how.
	saved, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []int{len(saved) / 2, len(saved) - 3} {
		bad := bytes.Clone(saved)
		bad[at] ^= 0x55
		os.WriteFile(ck, bad, 0o644)
		out, errOut, code = runCLI(t, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "-checkpoint: checkpoint "+ck+" is damaged") || !strings.Contains(errOut, "delete it to count from the start") {
			t.Errorf("byte %d of %d flipped: exit %d: %s%s", at, len(saved), code, out, errOut)
		}
	}
	os.WriteFile(ck, saved, 0o644)
	_, errOut, code = runCLI(t, "count", "-rows", "5", "-cols", "8", "-start", "0,0", "-method", "frontier", "-checkpoint", ck)
	if code != 2 || !strings.Contains(errOut, "belongs to another count, 5x8, every start together (-rows 5 -cols 8 -total), not this one, 5x8 from 0,0 (-rows 5 -cols 8 -starts 0,0): run that count to resume it") {
		t.Errorf("-start 0,0 on -total's checkpoint: exit %d: %s", code, errOut)
	}
	out, errOut, code = runCLI(t, args...)
	if code != 0 || !strings.Contains(out, `"count":36122108`) || !strings.Contains(out, `"resumed":true`) {
		t.Errorf("resumed: exit %d: %s%s", code, out, errOut)
	}
	if _, err := os.Stat(ck); err == nil {
		t.Error("the checkpoint is still there after the count completed")
	}
}

// Every command takes -sizes and -starts; count's and solve's -size and
// -start are aliases that print the same; an empty -starts is refused by
// every command, naming -starts, as an empty -sizes is.
func TestSizesAndStartsEverywhere(t *testing.T) {
	for _, pair := range [][2][]string{
		{{"count", "-sizes", "5", "-starts", "all"}, {"count", "-size", "5", "-starts", "all"}},
		{{"count", "-sizes", "5", "-starts", "1,2"}, {"count", "-size", "5", "-start", "1,2"}},
		{{"count", "-sizes", "3x4", "-starts", "0,0"}, {"count", "-rows", "3", "-cols", "4"}},
		{{"solve", "-sizes", "6", "-starts", "1,2", "-strategy", "warnsdorff"}, {"solve", "-size", "6", "-start", "1,2", "-strategy", "warnsdorff"}},
	} {
		a, errA, codeA := runCLI(t, pair[0]...)
		b, errB, codeB := runCLI(t, pair[1]...)
		times := regexp.MustCompile(`time=\S+|"time_ns":\d+|\d+(\.\d+)?[µm]?s\b`)
		if codeA != 0 || codeB != 0 || times.ReplaceAllString(a, "") != times.ReplaceAllString(b, "") || a == "" {
			t.Errorf("%v: exit %d %q %s\n%v: exit %d %q %s", pair[0], codeA, a, errA, pair[1], codeB, b, errB)
		}
	}
	for _, args := range [][]string{
		{"run", "-sizes", "5", "-strategies", "warnsdorff", "-plan"},
		{"exact", "-sizes", "5"},
		{"theory", "-sizes", "5"},
		{"count", "-sizes", "5"},
		{"solve", "-sizes", "5"},
	} {
		args = append(args, "-starts", "")
		if out, errOut, code := runCLI(t, args...); code != 2 || !strings.Contains(errOut, "-starts: empty") || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and -starts: empty", args, code, out, errOut)
		}
	}
}

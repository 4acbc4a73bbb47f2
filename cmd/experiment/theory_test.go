package main

import (
	"context"
	"encoding/json"
	"strings"
	"syscall"
	"testing"

	"knightsweep/pkg/certify"
	"knightsweep/pkg/tour"
)

// theory -sizes 9x11 -starts all -tours: every corner-coloured start of
// 9x11 (and of 11x9) has a certificate whose tour, printed from the start,
// solve's validator accepts; every other start is ruled out by the colour
// rule; nothing is unknown.
func TestTheoryToursValidate(t *testing.T) {
	for _, size := range []string{"9x11", "11x9"} {
		out, errOut, code := runCLI(t, "theory", "-sizes", size, "-starts", "all", "-tours", "-json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", size, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 99 {
			t.Fatalf("%s: %d lines, want 99", size, len(lines))
		}
		yes := 0
		for _, l := range lines {
			var j certify.VerdictJSON
			if err := json.Unmarshal([]byte(l), &j); err != nil {
				t.Fatalf("%v: %s", err, l)
			}
			start := j.StartRow*j.Cols + j.StartCol
			switch {
			case (j.StartRow+j.StartCol)%2 == 0:
				yes++
				if j.Solvable != "yes" || j.Backing != "certificate" || !strings.HasPrefix(j.Certificate, "warnsdorff -tiebreak random -seed ") {
					t.Errorf("%s", l)
				}
				if err := tour.Validate(j.Rows, j.Cols, start, j.Tour, false); err != nil {
					t.Errorf("%dx%d from %d,%d: %v", j.Rows, j.Cols, j.StartRow, j.StartCol, err)
				}
			default:
				if j.Solvable != "no" || j.Backing != "theorem" || j.Theorem != "colour" || j.Tour != nil {
					t.Errorf("%s", l)
				}
			}
		}
		if yes != 50 {
			t.Errorf("%s: %d starts with a tour, want 50", size, yes)
		}
	}
}

// The text form names each backing; counts are exact; beyond 41 a start no
// theorem settles is unknown, with the reason.
func TestTheoryText(t *testing.T) {
	out, errOut, code := runCLI(t, "theory", "-sizes", "3x7,4x10,8,42x43", "-starts", "0,0;1,3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"3x7 from 0,0: yes (count 8)\n",
		"3x7 from 1,3: no (count 0)\n",
		"4x10 from 0,0: yes (count 247833)\n",
		"4x10 from 1,3: no (theorem outer-rank)\n",
		"8x8 from 0,0: yes (theorem schwenk)\n",
		"42x43 from 1,3: yes (theorem schwenk)\n",
		"8 starts: 6 yes, 2 no, 0 unknown; by theorem 5, by count 3, by certificate 0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	out, _, code = runCLI(t, "theory", "-sizes", "43x45", "-starts", "0,0;0,1")
	if want := "43x45 from 0,0: unknown (none: only boards with both sides up to 41"; code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "43x45 from 0,1: no (theorem colour)") {
		t.Errorf("exit %d, want %q in\n%s", code, want, out)
	}
}

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// A write error is exit 1 with the error, in the text form as in -json
// (the text form ignored it and exited 0).
func TestTheoryWriteError(t *testing.T) {
	for _, form := range [][]string{nil, {"-json"}} {
		var stderr strings.Builder
		args := append([]string{"-sizes", "9x11", "-starts", "all"}, form...)
		err := cmdTheory(context.Background(), args, fullWriter{}, &stderr)
		if code := exitCode(err, &stderr); code != 1 || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q", form, code, stderr.String())
		}
	}
}

// Ctrl-C or SIGTERM is exit 130, "interrupted", as for exact and report
// (theory said "context canceled" and exited 1).
func TestTheoryInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr strings.Builder
	err := cmdTheory(ctx, []string{"-sizes", "3000x3000", "-starts", "all"}, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 130 || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// The lines come out in the order of -sizes and of a -starts list, as
// exact's do (theory sorted both).
func TestTheoryOrder(t *testing.T) {
	out, errOut, code := runCLI(t, "theory", "-sizes", "9x11,3x4", "-starts", "2,3;0,0;2,3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []string
	for l := range strings.Lines(out) {
		got = append(got, strings.Fields(l)[0]+" "+strings.Fields(l)[2])
	}
	want := []string{"9x11 2,3:", "9x11 0,0:", "3x4 2,3:", "3x4 0,0:", "4 3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q:\n%s", got, want, out)
	}
}

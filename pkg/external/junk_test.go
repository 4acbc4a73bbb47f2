package external_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// A JSON answer with anything after its object is an error naming what
// follows, in both modes, a closing bracket too many ("}}") too, which
// encoding/json's More passes over.
func TestAnswerWithJunkAfterItsObject(t *testing.T) {
	for _, tt := range []struct{ name, answer, junk string }{
		{"a word", `{"status":"dead_end"} trailing`, `"trailing"`},
		{"a brace too many", `{"status":"dead_end"}}`, `"}"`},
		{"a bracket", `{"status":"dead_end"}]`, `"]"`},
		{"a second object", `{"status":"dead_end"}{"status":"exhausted"}`, `"{\"status\":\"exhausted\"}"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := external.ParseAnswer([]byte(tt.answer)); err == nil || !strings.Contains(err.Error(), tt.junk+" after its object") {
				t.Errorf("ParseAnswer(%s): %v, want an error naming %s", tt.answer, err, tt.junk)
			}
			for _, stdio := range []bool{false, true} {
				body := "echo '" + tt.answer + "'"
				if stdio {
					body = "while read -r l; do echo '" + tt.answer + "'; done"
				}
				res := solve(t, script(t, body, stdio, external.Limits{}), 5, 5, 0)
				if res.Status != status.Error || !strings.Contains(res.Err, tt.junk+" after its object") {
					t.Errorf("stdio %v: %s (%s), want an error naming %s", stdio, res.Status, res.Err, tt.junk)
				}
			}
		})
	}
}

// One process a run gets the request numbered 1 (docs/solvers.md: ids
// count from 1 for each process), and an answer that carries another id
// is an error, as in stdio mode; one without an id, or with 1, is taken.
func TestOneProcessAnswerID(t *testing.T) {
	for _, tt := range []struct{ name, answer, reason string }{
		{"another request", `{"id":7,"status":"dead_end"}`, "answer for request 7, not for request 1"},
		{"its own", `{"id":1,"status":"dead_end"}`, ""},
		{"none", `{"status":"dead_end"}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := `read -r l; case "$l" in *'"id":1,'*) echo '` + tt.answer + `';; *) echo "request $l" >&2; exit 3;; esac`
			res := solve(t, script(t, body, false, external.Limits{}), 5, 5, 0)
			switch {
			case tt.reason == "" && res.Status != status.DeadEnd:
				t.Errorf("%s (%s), want dead_end taken", res.Status, res.Err)
			case tt.reason != "" && (res.Status != status.Error || !strings.Contains(res.Err, tt.reason)):
				t.Errorf("%s (%s), want an error saying %q", res.Status, res.Err, tt.reason)
			}
		})
	}
}

// A script whose #! line names an interpreter that cannot run is refused
// when the solver is resolved, before any run, naming the interpreter, as
// a missing script file is: each run would fail to start, exec naming the
// script as the file missing.
func TestScriptInterpreterMissing(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "not-exec")
	if err := os.WriteFile(notExec, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, shebang, want string }{
		{"a missing path", "#!/no/such/python", "its interpreter /no/such/python (its #! line) cannot run: no such file"},
		{"a path with arguments", "#! /no/such/python -u", "its interpreter /no/such/python"},
		{"a file not executable", "#!" + notExec, "its interpreter " + notExec + " (its #! line) is not an executable file"},
		{"a directory", "#!" + dir, "is not an executable file"},
		{"env of a program not in PATH", "#!/usr/bin/env no-such-interpreter-44", "its interpreter no-such-interpreter-44 (its #! line runs /usr/bin/env no-such-interpreter-44) is not in $PATH"},
		{"env -S", "#!/usr/bin/env -S no-such-interpreter-44 -u", "its interpreter no-such-interpreter-44"},
		{"none", "#!", "its #! line names no interpreter"},
		{"sh", "#!/bin/sh", ""},
		{"env sh", "#!/usr/bin/env sh", ""},
		{"no #! line", "echo", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "solver.py")
			if err := os.WriteFile(path, []byte(tt.shebang+"\necho '{\"status\":\"dead_end\"}'\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			spec, err := external.Parse("s=" + path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = external.Resolve(spec)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "s: "+path+": ")):
				t.Errorf("%v, want an error naming the solver, the script and %q", err, tt.want)
			}
		})
	}
}

// A stdio solver that prints a banner before its first answer gets an
// error that quotes the banner as a line of text and says where such
// words go (stderr), not the JSON decoder's "invalid character". (A
// banner already written when the first request is sent is a line before
// that request, which says so.)
func TestStdioBannerSaysSo(t *testing.T) {
	body := `read -r l; echo 'My "great" solver v1.0, ready'; echo '{"status":"dead_end"}'; while read -r l; do echo '{"status":"dead_end"}'; done`
	res := solve(t, script(t, body, true, external.Limits{}), 5, 5, 0)
	want := `JSON answer: none but a line of text, "My \"great\" solver v1.0, ready" (a solver prints its answers alone on stdout: a banner or a message goes to stderr)`
	if res.Status != status.Error || !strings.Contains(res.Err, want) {
		t.Errorf("%s (%s), want an error saying %q", res.Status, res.Err, want)
	}
}

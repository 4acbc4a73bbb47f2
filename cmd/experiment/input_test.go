package main

import (
	"errors"
	"os/exec"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestInputScripts runs the scripts of testdata/input: bad input refused
// before the work, with exit status 2 and one line naming the flag; what a
// command computed kept when a late write fails. They take a second or two
// in all, so they run under -short too.
func TestInputScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/input", ContinueOnError: true, Cmds: map[string]func(*testscript.TestScript, bool, []string){
		"status": cmdStatus,
	}})
}

// cmdStatus is the script command "status N prog args...": it runs prog
// and fails unless it exits with status N (stdout and stderr are kept for
// the next commands, as exec keeps them).
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status %q: want a number", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		got = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("%v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

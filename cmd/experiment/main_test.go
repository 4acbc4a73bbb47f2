package main

import (
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain makes the test binary experiment itself in two cases: a child a
// test starts to kill (childEnv), and the experiment command of the script
// tests (testscript installs it on the scripts' PATH).
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(childEnv); ok {
		os.Exit(exitCode(run(os.Stdout, os.Stderr, strings.Split(args, childSep)), os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"experiment": func() { os.Exit(exitCode(run(os.Stdout, os.Stderr, os.Args[1:]), os.Stderr)) },
	})
}

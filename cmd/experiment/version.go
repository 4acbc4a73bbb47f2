package main

import (
	"context"
	"fmt"
	"io"

	"knightsweep/internal/buildinfo"
)

// cmdVersion is experiment version: the module version and the commit the
// binary was built from, as manifests record them.
func cmdVersion(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	i := buildinfo.Read()
	commit := i.Commit
	if commit == "" {
		commit = "unknown (built without VCS information: use make build or make install)"
	}
	_, err := fmt.Fprintf(stdout, "knightsweep experiment %s\ncommit %s\n%s\n", i.Module, commit, i.GoVersion)
	return err
}

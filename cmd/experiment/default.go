package main

import (
	"context"
	"io"
)

// defaultPreset is the preset experiment runs with no arguments.
const defaultPreset = "quick"

// cmdDefault is what experiment does with no arguments: the quick preset,
// embedded in the program, into results/<timestamp>/.
func cmdDefault(ctx context.Context, stdout, stderr io.Writer) error {
	return cmdRun(ctx, []string{"-config", defaultPreset}, stdout, stderr)
}

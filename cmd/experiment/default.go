package main

import (
	"context"
	"io"
)

// cmdDefault is what experiment does with no arguments: until the sweep
// runner exists, seed 003's example.
func cmdDefault(ctx context.Context, stdout, stderr io.Writer) error {
	return cmdSolve(ctx, []string{"-size", "8", "-start", "0,0", "-strategy", "dfs"}, stdout, stderr)
}

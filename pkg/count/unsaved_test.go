package count

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// A checkpoint that cannot be saved when the count stops loses nothing
// counted: the counts come back, as lower bounds, with the
// *CheckpointError (experiment count prints them before the error).
func TestUnsavedCheckpointKeepsCounts(t *testing.T) {
	for _, c := range []struct {
		name   string
		b      board.Board
		method Method
		all    bool
	}{
		{"enumerate, every start", board.Board{Rows: 5, Cols: 5}, Enumerate, true},
		{"enumerate, one start", board.Board{Rows: 5, Cols: 5}, Enumerate, false},
		{"frontier, every start", board.Board{Rows: 4, Cols: 7}, Frontier, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			sub := filepath.Join(dir, "sub")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			spoiled := false
			opt := Options{Method: c.method, Workers: 1, Checkpoint: filepath.Join(sub, "ck"), CheckpointEvery: time.Hour,
				Progress: func(done, total int) {
					if done > 0 && !spoiled {
						// A file where the checkpoint's directory was: the
						// save when the count stops fails.
						spoiled = true
						if err := os.RemoveAll(sub); err != nil {
							t.Error(err)
						}
						if err := os.WriteFile(sub, nil, 0o644); err != nil {
							t.Error(err)
						}
						cancel()
					}
				}}
			var total interface{ Sign() int }
			var nodes int64
			var complete bool
			var err error
			if c.all {
				var g Grid
				g, err = All(ctx, c.b, opt)
				nodes, complete = g.Nodes, g.AllComplete
				if g.Total != nil {
					total = g.Total
				}
			} else {
				var r Result
				r, err = From(ctx, c.b, board.Square{}, opt)
				nodes, complete = r.Nodes, r.Complete
				if r.Tours != nil {
					total = r.Tours
				}
			}
			var ce *CheckpointError
			if !spoiled {
				t.Skip("the count ended before its first progress report")
			}
			if !errors.As(err, &ce) {
				t.Fatalf("error %v, want a *CheckpointError", err)
			}
			if total == nil || nodes == 0 || complete {
				t.Errorf("counts lost: total %v, nodes %d, complete %v", total, nodes, complete)
			}
		})
	}
}

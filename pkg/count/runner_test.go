package count

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
)

// One count at a time holds a checkpoint: a second is refused naming the
// holder, before it could save over the first's work. Temporary files a
// count killed while saving left beside the checkpoint are removed; other
// files are not.
func TestRunnerLocksCheckpoint(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	req := Request{Board: board.Board{Rows: 5, Cols: 5}, Options: Options{Checkpoint: ck}}
	held, err := durable.LockBeside(ck)
	if err != nil {
		t.Fatal(err)
	}
	_, _, _, err = req.Run(context.Background())
	var ue *UnusableError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), ck+" is in use by another run (process ") ||
		!strings.HasSuffix(err.Error(), "wait for it to end, or name another file") {
		t.Errorf("a second count on a checkpoint held: %v", err)
	}
	held.Release()

	for _, name := range []string{".ck4316685385035084613", ".ckx12", ".other123", "ck7"} {
		os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644)
	}
	ans, _, _, err := req.Run(context.Background())
	if err != nil || ans.Count.Int64() != 304 {
		t.Fatalf("5x5 from 0,0: %v, %v; want 304", ans.Count, err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".ck4316685385035084613")); err == nil {
		t.Error("a temporary file of the checkpoint's was left")
	}
	for _, name := range []string{".ckx12", ".other123", "ck7"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was removed", name)
		}
	}
}

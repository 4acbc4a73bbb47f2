package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/outdir"
)

// fullDisk is runs.csv on a disk that fills up after room bytes: the write
// that crosses the limit writes what fits and fails, as write(2) does.
type fullDisk struct {
	syncWriter
	room int
}

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) <= d.room {
		d.room -= len(p)
		return d.syncWriter.Write(p)
	}
	n, _ := d.syncWriter.Write(p[:d.room])
	d.room = 0
	return n, &os.PathError{Op: "write", Path: outdir.RunsFile, Err: syscall.ENOSPC}
}

// A write error stops the run with an error that says so and a manifest
// that says failed; every row already written stays, and -resume finishes
// the sweep with exactly the rows of an uninterrupted run.
func TestRunWriteError(t *testing.T) {
	want := testOptions(t, "5,6", 5000, 2, "dfs", "warnsdorff", "warnsdorff-bt")
	if _, err := runSweep(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	wantRows := readRows(t, filepath.Join(want.Out, outdir.RunsFile))
	for _, room := range []int{0, 1, 700, 5000} {
		opts := want
		opts.Out = filepath.Join(t.TempDir(), "out")
		opts.wrapRuns = func(f syncWriter) syncWriter { return &fullDisk{f, room} }
		sum, err := runSweep(context.Background(), opts)
		if err == nil || !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "writing rows") {
			t.Fatalf("room %d: error %v; want a write error", room, err)
		}
		var ie *input.Error
		if errors.As(err, &ie) || errors.Is(err, ErrInterrupted) {
			t.Errorf("room %d: %v is not a runtime failure", room, err)
		}
		if sum == nil || sum.State != outdir.StateFailed {
			t.Errorf("room %d: summary %+v", room, sum)
		}
		m, err := outdir.ReadManifest(opts.Out)
		if err != nil || m.State != outdir.StateFailed || !strings.Contains(m.Error, "no space left") {
			t.Errorf("room %d: manifest %+v, %v", room, m, err)
		}
		// Every complete line on disk is a whole row of the right run.
		before, _ := os.ReadFile(filepath.Join(opts.Out, outdir.RunsFile))
		opts.wrapRuns, opts.Resume = nil, true
		sum, err = runSweep(context.Background(), opts)
		if err != nil || sum.State != outdir.StateCompleted {
			t.Fatalf("room %d: resume: %+v, %v", room, sum, err)
		}
		after, _ := os.ReadFile(filepath.Join(opts.Out, outdir.RunsFile))
		keep := len(before) - int(sum.Repaired)
		if !strings.HasPrefix(string(after), string(before[:keep])) {
			t.Errorf("room %d: resume changed the rows written before the error", room)
		}
		sameRows(t, "resumed after a write error", readRows(t, sum.Runs), wantRows)
	}
}

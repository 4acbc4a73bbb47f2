package exact

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

// A -work checkpoint whose runs are cut, gone or changed, or whose
// manifest is a link, is refused naming the file and what to do, as a
// damaged manifest is.
func TestWorkRunRefusalsSayWhatToDo(t *testing.T) {
	b := board.Board{Rows: 7, Cols: 7}
	o := Options{Workers: 2, Method: MethodFrontier, MemLimit: 64 << 10}
	for _, tc := range []struct {
		name   string
		change func(path string, r run)
		want   string
	}{
		{"run cut", func(path string, r run) { os.Truncate(path, r.Bytes-1) }, "the manifest says"},
		{"run gone", func(path string, r run) { os.Remove(path) }, "a run it names"},
		{"run changed", func(path string, r run) {
			data, _ := os.ReadFile(path)
			data[len(data)-1] ^= 1
			os.WriteFile(path, data, 0o644)
		}, "the file is corrupt"},
		// A link planted as the manifest is refused as one, not read
		// through as the walk's.
		{"manifest a link", func(path string, r run) {
			m := filepath.Join(filepath.Dir(path), manifestName)
			target := m + ".elsewhere"
			os.Rename(m, target)
			os.Symlink(target, m)
		}, manifestName + " is a symbolic link"},
		{"manifest a directory", func(path string, r run) {
			m := filepath.Join(filepath.Dir(path), manifestName)
			os.Remove(m)
			os.Mkdir(m, 0o755)
		}, "is a directory: not a walk's manifest"},
		{"start's directory a file", func(path string, r run) {
			dir := filepath.Dir(path)
			os.RemoveAll(dir)
			os.WriteFile(dir, []byte("x\n"), 0o644)
		}, "is a file, not a walk's directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := o
			o.Work = t.TempDir()
			walkTo(t, b, board.Square{}, o, 20)
			dir := WorkDir(o.Work, b, board.Square{})
			m, ok, err := readWork(dir, b, board.Square{}, o)
			if !ok || err != nil || len(m.Runs) == 0 {
				t.Fatalf("its checkpoint: %v, %d runs, %v", ok, len(m.Runs), err)
			}
			tc.change(filepath.Join(dir, m.Runs[0].Name), m.Runs[0])
			err = CheckWork(b, board.Square{}, o)
			advice := workFormat.Advice
			if tc.name == "manifest a link" || tc.name == "start's directory a file" {
				advice = "remove it" // a file's own words
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), advice) {
				t.Errorf("CheckWork = %v, want %q and %q", err, tc.want, advice)
			}
		})
	}
}

// walkTo walks from start under o (which names a -work directory) and
// stops it, as an interrupt would, when depth stop begins: the
// checkpoint on disk is the one before depth stop.
func walkTo(t *testing.T, b board.Board, start board.Square, o Options, stop int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o.Tick = func(p Progress) {
		if p.Depth == stop {
			cancel()
		}
	}
	if _, err := From(ctx, b, start, o); !errors.Is(err, context.Canceled) {
		t.Fatalf("From stopped at depth %d = %v, want the context's error", stop, err)
	}
}

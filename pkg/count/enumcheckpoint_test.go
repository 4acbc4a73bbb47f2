package count

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// An enumeration stopped halfway keeps a checkpoint of the subtrees it
// finished; the same count resumes from it, with any number of workers,
// and ends with the counts and nodes of a count never stopped (with a
// checkpoint too: without, open tours of a square board are counted by
// their halves). The count is of 6x6, or with -short of 5x6.
func TestEnumerationResumes(t *testing.T) {
	b := board.Board{Rows: 6, Cols: 6}
	if testing.Short() {
		b = board.Board{Rows: 5, Cols: 6}
	}
	whole := walked(t, b)
	for _, tc := range []struct {
		name          string
		first, second int // workers
		closed        bool
	}{
		{"open, 2 then 1 workers", 2, 1, false},
		{"open, 1 then 2 workers", 1, 2, false},
		{"closed", 2, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.first < tc.second {
				t.Skip("one worker then two, as two then one: make test-all runs it")
			}
			want := whole
			if tc.closed {
				want = enumerated(t, b, true)
			}
			path := filepath.Join(t.TempDir(), "made", "ck.json")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stopAt := 0
			opt := Options{Method: Enumerate, Closed: tc.closed, Workers: tc.first, Checkpoint: path,
				Progress: func(done, total int) {
					if stopAt == 0 {
						stopAt = total / 3
					}
					if done >= stopAt {
						cancel()
					}
				}}
			part, err := All(ctx, b, opt)
			if err != nil {
				t.Fatal(err)
			}
			if part.AllComplete || !part.Kept || part.Total.Cmp(want.Total) >= 0 {
				t.Fatalf("stopped count: complete %v, kept %v, total %v of %v", part.AllComplete, part.Kept, part.Total, want.Total)
			}
			if _, err := os.Stat(path); err != nil {
				t.Fatal(err)
			}
			resumedAt := -1
			opt = Options{Method: Enumerate, Closed: tc.closed, Workers: tc.second, Checkpoint: path,
				Progress: func(done, total int) {
					if resumedAt < 0 {
						resumedAt = done
					}
				}}
			got, err := All(context.Background(), b, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Resumed || !got.AllComplete || got.Total.Cmp(want.Total) != 0 || got.Nodes != want.Nodes {
				t.Errorf("resumed count: resumed %v complete %v total %v nodes %d; never stopped: total %v nodes %d",
					got.Resumed, got.AllComplete, got.Total, got.Nodes, want.Total, want.Nodes)
			}
			for r := range want.Tours {
				for c := range want.Tours[r] {
					if got.Tours[r][c].Cmp(want.Tours[r][c]) != 0 {
						t.Errorf("square %d,%d: %d resumed, %d never stopped", r, c, got.Tours[r][c], want.Tours[r][c])
					}
				}
			}
			if resumedAt < stopAt/2 {
				t.Errorf("resumed at %d subtrees done; %d were done when it stopped", resumedAt, stopAt)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the checkpoint is still there after the count completed: %v", err)
			}
		})
	}
}

// An enumeration saves its checkpoint as it goes, not only when stopped:
// once minEnumSave has passed since the count began, the next subtree
// finished saves it, and the count, run to the end, is 5x6's 37,568 open
// tours, with the checkpoint removed.
func TestEnumerationSavesAsItGoes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck.json")
	calls, savedAt := 0, 0
	g, err := All(context.Background(), board.Board{Rows: 5, Cols: 6}, Options{Method: Enumerate, Workers: 1, Checkpoint: path,
		Progress: func(done, total int) {
			calls++
			if calls == 1 {
				time.Sleep(minEnumSave) // before the first subtree
			}
			if _, err := os.Stat(path); err == nil && savedAt == 0 {
				savedAt = done
			}
		}})
	if err != nil || !g.AllComplete || !isTotal(g, 37568) {
		t.Fatalf("5x6: %v tours (complete %v), %v; want 37568", g.Total, g.AllComplete, err)
	}
	if savedAt != 2 {
		t.Errorf("checkpoint first seen with %d subtrees done, want 2 (saved when the first was)", savedAt)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the checkpoint is still there after the count completed: %v", err)
	}
}

// An enumeration saves no checkpoint after its last subtree, however long
// since the last save: it is complete, and removes the file. Here a save
// then would fail (the path made a directory, which the count's removal
// takes away empty).
func TestEnumerationSavesNothingAfterItsLastSubtree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck.json")
	g, err := All(context.Background(), board.Board{Rows: 5, Cols: 6}, Options{Method: Enumerate, Workers: 1, Checkpoint: path,
		Progress: func(done, total int) {
			if done == total {
				time.Sleep(minEnumSave)
				os.Remove(path)
				os.Mkdir(path, 0o755)
			}
		}})
	if err != nil || !g.AllComplete || !isTotal(g, 37568) {
		t.Errorf("5x6: %v tours (complete %v), %v; want 37568 and no save after the last subtree", g.Total, g.AllComplete, err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the checkpoint is still there after the count completed: %v", err)
	}
}

// A checkpoint is used only by the count that saved it.
func TestEnumerationCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	stopped := func(b board.Board, path string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		_, err := All(ctx, b, Options{Method: Enumerate, Checkpoint: path, Progress: func(done, total int) {
			if done > 0 {
				cancel()
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	ck55 := filepath.Join(dir, "5x5.json")
	stopped(board.Board{Rows: 5, Cols: 5}, ck55)
	damaged := filepath.Join(dir, "damaged.json")
	data, _ := os.ReadFile(ck55)
	os.WriteFile(damaged, data[:len(data)/2], 0o644)
	frontier := filepath.Join(dir, "frontier.ck")
	os.WriteFile(frontier, []byte(frontierFormat.Head()+"{}\n"), 0o644)
	notADir := filepath.Join(dir, "file")
	os.WriteFile(notADir, nil, 0o644)

	for _, tc := range []struct {
		name   string
		b      board.Board
		closed bool
		path   string
		want   string
	}{
		{"another board", board.Board{Rows: 5, Cols: 6}, false, ck55, "belongs to another count, 5x5, every start (-sizes 5 -starts all), not this one, 5x6"},
		{"closed tours", board.Board{Rows: 5, Cols: 5}, true, ck55, "belongs to another count"},
		{"damaged", board.Board{Rows: 5, Cols: 5}, false, damaged, "is damaged"},
		{"a frontier count's", board.Board{Rows: 5, Cols: 5}, false, frontier, "is a frontier count's"},
		{"cannot be saved", board.Board{Rows: 5, Cols: 5}, false, filepath.Join(notADir, "ck.json"), "saving checkpoint"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := All(context.Background(), tc.b, Options{Method: Enumerate, Closed: tc.closed, Checkpoint: tc.path})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

package count

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"knightsweep/internal/atomicfile"
)

// A checkpoint file holds a frontier count's progress: a magic line, a
// JSON header (the count it belongs to, the passes done and their counts,
// the square the saved layer is before and the tours completed in the
// pass), then the layer's states, 24 bytes each (the packed state and its
// 128-bit count, little-endian). It is replaced atomically, so a count
// killed while saving leaves the previous checkpoint.

const checkpointMagic = "knightsweep frontier checkpoint 1\n"

// checkpointHeader is the JSON part of a checkpoint.
type checkpointHeader struct {
	Rows   int    `json:"rows"`
	Cols   int    `json:"cols"`
	Closed bool   `json:"closed"`
	Passes []int  `json:"passes"` // each pass's start square (-1: any)
	Counts []u128 `json:"counts"` // the passes done
	Next   int    `json:"next"`
	Total  u128   `json:"total"`
	States int64  `json:"states"`
}

// checkpoint is a checkpoint file read back.
type checkpoint struct {
	checkpointHeader
	counts []u128
	layer  frontierLayer
}

func (j *frontierJob) header(l frontierLayer) checkpointHeader {
	h := checkpointHeader{Rows: j.b.Rows, Cols: j.b.Cols, Closed: j.opt.Closed, Counts: j.counts,
		Next: l.next, Total: l.total, States: int64(size(l.states))}
	for _, p := range j.passes {
		h.Passes = append(h.Passes, p.start)
	}
	return h
}

// matches returns an error unless ck was saved by the same count as j.
func (ck *checkpoint) matches(j *frontierJob) error {
	want := j.header(frontierLayer{})
	if ck.Rows != want.Rows || ck.Cols != want.Cols || ck.Closed != want.Closed || !slices.Equal(ck.Passes, want.Passes) {
		what := func(h checkpointHeader) string {
			kind := "open"
			if h.Closed {
				kind = "closed"
			}
			return fmt.Sprintf("%dx%d %s, %d passes", h.Rows, h.Cols, kind, len(h.Passes))
		}
		return fmt.Errorf("checkpoint %s belongs to another count (%s, not %s): remove it or name another file",
			j.opt.Checkpoint, what(ck.checkpointHeader), what(want))
	}
	if ck.Next < 0 || ck.Next > j.plan.n || len(ck.Counts) > len(ck.Passes) {
		return fmt.Errorf("checkpoint %s is damaged: square %d of %d, %d passes done of %d", j.opt.Checkpoint, ck.Next, j.plan.n, len(ck.Counts), len(ck.Passes))
	}
	return nil
}

func writeCheckpoint(path string, j *frontierJob, l frontierLayer) error {
	err := atomicfile.Write(path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		head, err := json.Marshal(j.header(l))
		if err != nil {
			return err
		}
		bw.WriteString(checkpointMagic)
		bw.Write(head)
		bw.WriteByte('\n')
		var rec [24]byte
		for _, part := range l.states {
			for _, e := range part {
				binary.LittleEndian.PutUint64(rec[0:], e.key)
				binary.LittleEndian.PutUint64(rec[8:], e.n.hi)
				binary.LittleEndian.PutUint64(rec[16:], e.n.lo)
				if _, err := bw.Write(rec[:]); err != nil {
					return err
				}
			}
		}
		return bw.Flush()
	})
	if err != nil {
		return &CheckpointError{Path: path, Err: err}
	}
	return nil
}

// CheckpointError reports a checkpoint that could not be written: the
// count stops, since what it did would be lost with it.
type CheckpointError struct {
	Path string
	Err  error
}

func (e *CheckpointError) Error() string {
	return fmt.Sprintf("saving checkpoint %s: %v", e.Path, e.Err)
}

func (e *CheckpointError) Unwrap() error { return e.Err }

// readCheckpoint reads path, or returns nil if there is no such file. A
// checkpoint whose states would take more than limit bytes (if positive)
// is refused with a *MemoryError before they are read; squares is the
// board's, for the error.
func readCheckpoint(path string, squares int, limit int64) (*checkpoint, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	damaged := func(why string) error {
		return fmt.Errorf("checkpoint %s is damaged or not a checkpoint: %s", path, why)
	}
	br := bufio.NewReaderSize(f, 1<<20)
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != checkpointMagic {
		return nil, damaged("no checkpoint header")
	}
	line, err := br.ReadBytes('\n')
	if err != nil {
		return nil, damaged("the header is cut")
	}
	ck := &checkpoint{}
	if err := json.Unmarshal(line, &ck.checkpointHeader); err != nil {
		return nil, damaged(err.Error())
	}
	// The file's size bounds the states before any is allocated.
	if body := st.Size() - int64(len(magic)+len(line)); ck.States < 0 || body != ck.States*24 {
		return nil, damaged(fmt.Sprintf("%d bytes of states for %d states", body, ck.States))
	}
	if need := ck.States * entryBytes; limit > 0 && need > limit {
		return nil, &MemoryError{Square: ck.Next, Squares: squares, States: ck.States, Need: need, Limit: limit}
	}
	ck.counts = ck.Counts
	states := make([]entry, ck.States)
	ck.layer = frontierLayer{next: ck.Next, total: ck.Total, states: [][]entry{states}}
	var rec [24]byte
	for i := range states {
		if _, err := io.ReadFull(br, rec[:]); err != nil {
			return nil, damaged(err.Error())
		}
		states[i] = entry{key: binary.LittleEndian.Uint64(rec[0:]),
			n: u128{hi: binary.LittleEndian.Uint64(rec[8:]), lo: binary.LittleEndian.Uint64(rec[16:])}}
	}
	return ck, nil
}

func removeCheckpoint(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

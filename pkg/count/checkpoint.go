package count

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strings"

	"knightsweep/internal/durable"
	wording "knightsweep/internal/words"
	"knightsweep/pkg/board"
)

// A checkpoint file holds a frontier count's progress: a magic line, a
// JSON header (the count it belongs to, the passes done and their counts,
// and for the pass under way each side's squares added and tours
// completed and, once the sides have met, the parts of the join done and
// the tours they made), then the front side's states and the back side's,
// 24 bytes each (the packed state and its 128-bit count, little-endian),
// then the checksum line, over all of it: a sealed file of package
// durable, so that a byte damaged anywhere is refused rather than give a
// wrong count that says it is complete, and a count killed while saving
// leaves the previous checkpoint. Formats 1 and 2 are not resumed: nothing
// tells a format 2 file whole from a damaged one.
var frontierFormat = durable.Format{Name: "frontier checkpoint", Version: 3,
	Advice: "delete it to count from the start, or name another file"}

// checkpointHeaderMax bounds the JSON header read back, so that a damaged
// file without a newline is not read whole: a header holds a count a pass
// and a join's chunks, kilobytes.
const checkpointHeaderMax = 16 << 20

// checkpointHeader is the JSON part of a checkpoint.
type checkpointHeader struct {
	Rows   int          `json:"rows"`
	Cols   int          `json:"cols"`
	Closed bool         `json:"closed"`
	Passes []int        `json:"passes"` // each pass's start square (-1: any)
	Counts []u256       `json:"counts"` // the passes done
	Front  sideHeader   `json:"front"`
	Back   sideHeader   `json:"back"`
	Join   joinedHeader `json:"join"`
}

type sideHeader struct {
	Done   int   `json:"done"`
	States int64 `json:"states"`
	Tours  u128  `json:"tours"`
}

type joinedHeader struct {
	Chunks int   `json:"chunks"`
	Done   []int `json:"done"`
	Tours  u256  `json:"tours"`
}

// checkpoint is a checkpoint file read back.
type checkpoint struct {
	checkpointHeader
	counts      []u256
	front, back []entry
}

func (j *frontierJob) header(m *meeting) checkpointHeader {
	h := checkpointHeader{Rows: j.b.Rows, Cols: j.b.Cols, Closed: j.opt.Closed, Counts: j.counts}
	for _, p := range j.passes {
		h.Passes = append(h.Passes, p.start)
	}
	if m != nil {
		h.Front = sideHeader{Done: m.front.done, States: int64(m.front.size()), Tours: m.front.tours}
		h.Back = sideHeader{Done: m.back.done, States: int64(m.back.size()), Tours: m.back.tours}
		h.Join.Chunks = m.join.chunks
		for i, ok := range m.join.done {
			if ok {
				h.Join.Done = append(h.Join.Done, i)
				h.Join.Tours, _ = h.Join.Tours.add(m.join.tours[i])
			}
		}
	}
	return h
}

// matches returns an error unless ck was saved by the same count as j.
func (ck *checkpoint) matches(j *frontierJob) error {
	want := j.header(nil)
	if ck.Rows != want.Rows || ck.Cols != want.Cols || ck.Closed != want.Closed || !slices.Equal(ck.Passes, want.Passes) {
		return anotherCount(j.opt.Checkpoint, ck.describe(), j.describe())
	}
	n := j.plan.n
	if ck.Front.Done < 0 || ck.Back.Done < 0 || ck.Front.Done+ck.Back.Done > n || len(ck.Counts) > len(ck.Passes) ||
		(len(ck.Counts) == len(ck.Passes) && ck.Front.States+ck.Back.States > 0) {
		return damagedCheckpoint(j.opt.Checkpoint, fmt.Sprintf("%d and %d squares of %d, %d passes done of %d",
			ck.Front.Done, ck.Back.Done, n, len(ck.Counts), len(ck.Passes)))
	}
	return nil
}

// describe says which count j is, as the user asked for it: a count from
// one start keeps that start in its words even where the colour rule
// leaves it no pass to make.
func (j *frontierJob) describe() string {
	if j.asked != "" {
		return j.asked
	}
	h := j.header(nil)
	return h.describe()
}

// describe says which count a header is of, in words and in the flags
// that ask for it: its board, open or closed tours, and its passes' start
// squares (-total: one pass with none; -starts all: one for each class of
// squares).
func (h *checkpointHeader) describe() string {
	switch {
	case h.Closed:
		return fmt.Sprintf("%s closed tours (%s -closed)", boardWords(h.Rows, h.Cols), boardFlags(h.Rows, h.Cols))
	case len(h.Passes) == 1 && h.Passes[0] < 0:
		return fmt.Sprintf("%s, every start together (%s -total)", boardWords(h.Rows, h.Cols), boardFlags(h.Rows, h.Cols))
	case len(h.Passes) == 1 && h.Cols > 0:
		return startWords(h.Rows, h.Cols, h.Passes[0]/h.Cols, h.Passes[0]%h.Cols, false)
	}
	return fmt.Sprintf("%s, every start (%s -starts all)", boardWords(h.Rows, h.Cols), boardFlags(h.Rows, h.Cols))
}

// startWords describes the count of one board's tours from square r,c:
// "7x7 from 0,0 (-sizes 7 -starts 0,0)".
func startWords(rows, cols, r, c int, closed bool) string {
	if closed {
		return fmt.Sprintf("%s closed tours from %d,%d (%s -closed -starts %d,%d)", boardWords(rows, cols), r, c, boardFlags(rows, cols), r, c)
	}
	return fmt.Sprintf("%s from %d,%d (%s -starts %d,%d)", boardWords(rows, cols), r, c, boardFlags(rows, cols), r, c)
}

func boardWords(rows, cols int) string { return fmt.Sprintf("%dx%d", rows, cols) }

// boardFlags are the flags that name a board: -sizes N for a square one.
func boardFlags(rows, cols int) string {
	if rows == cols {
		return fmt.Sprintf("-sizes %d", rows)
	}
	return fmt.Sprintf("-rows %d -cols %d", rows, cols)
}

// anotherCount is the refusal of a checkpoint that another count saved:
// it is that count's work, which its own command resumes.
func anotherCount(path, its, this string) error {
	return unusable("checkpoint %s belongs to another count, %s, not this one, %s: run that count to resume it, or name another file", path, its, this)
}

// damagedCheckpoint is the refusal of a checkpoint whose content fails a
// check, and what to do about it.
func damagedCheckpoint(path, why string) error {
	return unusable("checkpoint %s is damaged (%s): delete it to count from the start, or name another file", path, why)
}

// notCheckpoint is the refusal of a file that is no checkpoint of the
// method's: it may be the user's, named by mistake, so it is not theirs to
// delete.
func notCheckpoint(path, method string) error {
	return unusable("checkpoint %s is not %s checkpoint, nor any count's: name another file (a count writes its checkpoint where there is none)", path, method)
}

// checkpointRefused turns durable's refusal of a checkpoint of format f
// into the count's words: the other method's checkpoint (other), an
// earlier version's, another file named by mistake, or a damaged one.
// this describes the count that read it. The other method's checkpoint is
// named for what it is, whatever its size: it is another count's work,
// not damage.
func checkpointRefused(path string, err error, f, other durable.Format, method, this string) error {
	var de *durable.Error
	switch {
	case !errors.As(err, &de):
		return err
	case de.Found.Name == other.Name:
		kind, flag := "a frontier count's", "-method frontier"
		if other.Name == enumFormat.Name {
			kind, flag = "an enumeration's", "-method enumerate"
		}
		its := describeCheckpoint(path)
		switch {
		case its == "":
			return unusable("checkpoint %s is %s checkpoint: give %s, or name another file", path, kind, flag)
		case its == this:
			return unusable("checkpoint %s is %s checkpoint of %s: give %s, or name another file", path, kind, its, flag)
		}
		return unusable("checkpoint %s is %s checkpoint of %s, not of this count, %s: run that count with %s to resume it, or name another file",
			path, kind, its, this, flag)
	case de.Found.Name == f.Name && de.Found.Version < f.Version:
		return unusable("checkpoint %s was written by an earlier version of %s (format %d, without a checksum to tell it whole from damaged), "+
			"which this one does not resume: delete it to count from the start", path, map[bool]string{true: "the frontier method", false: "enumeration"}[f.Name == frontierFormat.Name], de.Found.Version)
	case de.Foreign:
		return notCheckpoint(path, method)
	}
	return damagedCheckpoint(path, strings.TrimPrefix(de.Reason, "damaged: "))
}

// describeCheckpoint says which count the checkpoint at path is of, from
// its header, or "" if it cannot tell. It reads the header alone, not the
// states a frontier checkpoint holds.
func describeCheckpoint(path string) string {
	if f, err := durable.Open(path, frontierFormat, math.MaxInt64); err == nil {
		defer f.Close()
		var h checkpointHeader
		line, err := durable.ReadLine(f.Reader(), checkpointHeaderMax)
		if err != nil || json.Unmarshal(line, &h) != nil || h.Rows <= 0 || h.Cols <= 0 {
			return ""
		}
		return h.describe()
	}
	body, err := durable.Read(path, enumFormat, enumCheckpointMax)
	var ck enumCheckpoint
	if err != nil || json.Unmarshal(body, &ck) != nil || ck.Rows <= 0 || ck.Cols <= 0 {
		return ""
	}
	return ck.describe()
}

// meeting returns the pass under way that ck holds, nil if it holds none,
// or an error if a state could not be stepped from.
func (ck *checkpoint) meeting(j *frontierJob) (*meeting, error) {
	if len(ck.Counts) == len(ck.Passes) {
		return nil, nil
	}
	p := j.plan
	pass := j.passes[len(ck.Counts)]
	task := frontierTask{closed: j.opt.Closed, start: -1}
	if pass.start >= 0 {
		r, c := j.b.RowCol(pass.start)
		task.start = p.vertex(board.Square{Row: r, Col: c})
	}
	m := newMeeting(p, task)
	for _, sd := range []struct {
		s      *side
		h      sideHeader
		states []entry
	}{{m.front, ck.Front, ck.front}, {m.back, ck.Back, ck.back}} {
		sd.s.done, sd.s.tours = sd.h.Done, sd.h.Tours
		sd.s.states = [][]entry{sd.states}
		width := len(sd.s.squares())
		var all u128
		for _, e := range sd.states {
			all = all.or(e.n)
			if !validKey(e.key, width) {
				return nil, fmt.Errorf("state %#x is not one the %s side can have after %d squares", e.key, sideName(sd.s.front), sd.h.Done)
			}
		}
		sd.s.high = all.bitLen()
	}
	if ck.Join.Chunks > 0 {
		m.join = joinProgress{chunks: ck.Join.Chunks, done: make([]bool, ck.Join.Chunks), tours: make([]u256, ck.Join.Chunks)}
		for _, i := range ck.Join.Done {
			if i < 0 || i >= ck.Join.Chunks || !m.met() {
				return nil, fmt.Errorf("join part %d of %d", i, ck.Join.Chunks)
			}
			m.join.done[i] = true
		}
		if len(ck.Join.Done) > 0 {
			m.join.tours[ck.Join.Done[0]] = ck.Join.Tours
		}
	}
	return m, nil
}

func sideName(front bool) string {
	if front {
		return "front"
	}
	return "back"
}

func writeCheckpoint(path string, j *frontierJob, m *meeting) error {
	err := durable.Write(path, frontierFormat, func(bw io.Writer) error {
		head, err := json.Marshal(j.header(m))
		if err != nil {
			return err
		}
		bw.Write(append(head, '\n'))
		var rec [24]byte
		for _, sd := range []*side{m.front, m.back} {
			err := sd.each(func(e entry) error {
				binary.LittleEndian.PutUint64(rec[0:], e.key)
				binary.LittleEndian.PutUint64(rec[8:], e.n.hi)
				binary.LittleEndian.PutUint64(rec[16:], e.n.lo)
				_, err := bw.Write(rec[:])
				return err
			})
			if err != nil {
				return err
			}
		}
		return nil
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

// UnusableError reports a checkpoint file that this count cannot resume
// from: damaged, another count's, another method's or another version's.
// What the file holds is input (the user named it with -checkpoint), so
// the command calls it bad input, unlike a checkpoint that cannot be
// written (*CheckpointError).
type UnusableError struct{ Err error }

func (e *UnusableError) Error() string { return e.Err.Error() }
func (e *UnusableError) Unwrap() error { return e.Err }

func unusable(format string, args ...any) error {
	return &UnusableError{fmt.Errorf(format, args...)}
}

// readCheckpoint reads path, or returns nil if there is no such file. A
// checkpoint whose states would take more than limit bytes (if positive)
// is refused with a *MemoryError before they are read; squares is the
// board's, for the error; this describes the count that reads it.
func readCheckpoint(path string, squares int, limit int64, this string) (*checkpoint, error) {
	f, err := durable.Open(path, frontierFormat, math.MaxInt64)
	if durable.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, checkpointRefused(path, err, frontierFormat, enumFormat, "a frontier count's", this)
	}
	defer f.Close()
	damaged := func(why string) error { return damagedCheckpoint(path, why) }
	br := f.Reader()
	line, err := durable.ReadLine(br, checkpointHeaderMax)
	var tl *durable.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, damaged("the header is " + err.Error())
	case err != nil:
		return nil, damaged("the header is cut")
	}
	ck := &checkpoint{}
	if err := json.Unmarshal(line, &ck.checkpointHeader); err != nil {
		return nil, damaged(err.Error())
	}
	// The file's size bounds the states before any is allocated.
	states := ck.Front.States + ck.Back.States
	if body := f.BodySize() - int64(len(line)); ck.Front.States < 0 || ck.Back.States < 0 || body != states*24 {
		return nil, damaged(fmt.Sprintf("%d bytes of states for %s", body, wording.Count(states, "state")))
	}
	if need := states * entryBytes; limit > 0 && need > limit {
		return nil, &MemoryError{Square: ck.Front.Done + ck.Back.Done, Squares: squares, States: states, Need: need, Limit: limit}
	}
	ck.counts = ck.Counts
	read := func(n int64) ([]entry, error) {
		out := make([]entry, n)
		var rec [24]byte
		for i := range out {
			if _, err := io.ReadFull(br, rec[:]); err != nil {
				return nil, damaged(err.Error())
			}
			out[i] = entry{key: binary.LittleEndian.Uint64(rec[0:]),
				n: u128{hi: binary.LittleEndian.Uint64(rec[8:]), lo: binary.LittleEndian.Uint64(rec[16:])}}
		}
		return out, nil
	}
	if ck.front, err = read(ck.Front.States); err != nil {
		return nil, err
	}
	if ck.back, err = read(ck.Back.States); err != nil {
		return nil, err
	}
	if err := f.Check(); err != nil {
		return nil, checkpointRefused(path, err, frontierFormat, enumFormat, "a frontier count's", this)
	}
	return ck, nil
}

func removeCheckpoint(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

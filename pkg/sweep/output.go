package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gocarina/gocsv"

	"knightsweep/pkg/runs"
)

// The files a sweep writes into its output directory.
const (
	RunsFile     = "runs.csv"
	ManifestFile = "manifest.json"
)

// output is a sweep's output directory, ready for new rows: runs.csv is
// open for appending after its header and any rows already there.
type output struct {
	dir  string
	file *os.File
	// lock keeps other runs out of dir while this one uses it.
	lock *dirLock
	// prev is the manifest of the sweep being resumed, or nil.
	prev *Manifest
	// done marks the jobs that already have a row; ndone counts them.
	done  bitset
	ndone int64
	// counts holds the statuses of the rows already there.
	counts map[string]int64
	// cut is the number of bytes of a truncated last line removed on resume.
	cut int64
}

// openOutput prepares dir for the sweep of plan's jobs that sel selects,
// and locks it (see lockDir). A missing or empty directory starts afresh.
// A directory with files is refused unless resume is set; then it must hold
// the manifest of a sweep with the same settings and shard, and the rows in
// its runs.csv mark their jobs done.
func openOutput(dir string, resume bool, plan *Plan, sel *selection) (_ *output, err error) {
	if dir == "" {
		return nil, inputErrorf("-out", "missing: name the output directory, such as results/NAME")
	}
	out := &output{dir: dir, done: newBitset(plan.Len()), counts: map[string]int64{}}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, inputErrorf("-out", "%s is a file; want a directory", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if out.lock, err = lockDir(dir); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			out.close()
		}
	}()
	entries, err := os.ReadDir(dir)
	entries = slices.DeleteFunc(entries, func(e fs.DirEntry) bool {
		return e.Name() == LockFile || (e.Name() == RunsFile && noRows(filepath.Join(dir, RunsFile)))
	})
	switch {
	case err != nil:
		return nil, err
	case len(entries) > 0 && !resume:
		return nil, inputErrorf("-out", "%s is not empty: give a new directory, or add -resume to finish the sweep in it", dir)
	case len(entries) > 0:
		prev, err := readManifest(filepath.Join(dir, ManifestFile))
		if err != nil {
			return nil, &InputError{Flag: "-resume", Err: fmt.Errorf("%s holds no sweep to resume: %w", dir, err)}
		}
		if diffs := prev.Settings.Diff(plan.Settings()); len(diffs) > 0 {
			return nil, inputErrorf("-resume", "%s was run with other settings (%s); resume with the same flags, or give a new -out",
				dir, strings.Join(diffs, "; "))
		}
		if was, now := prev.Shard.shardText(), sel.shard.String(); was != now {
			return nil, inputErrorf("-shard", "%s holds shard %q, not %q; resume it with the same -shard, or give a new -out", dir, was, now)
		}
		out.prev = prev
	}
	if err := out.openRuns(plan, sel); err != nil {
		return nil, err
	}
	return out, nil
}

// noRows reports whether the runs.csv at path holds no complete row: a run
// killed before it wrote its manifest leaves such a file, which does not
// make its directory a sweep to resume or refuse.
func noRows(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 64<<10) // more than a header and a row
	n, err := io.ReadFull(f, buf)
	return (err == nil || err == io.EOF || err == io.ErrUnexpectedEOF) && bytes.Count(buf[:n], []byte("\n")) <= 1
}

// close closes runs.csv and unlocks the directory.
func (out *output) close() {
	if out.file != nil {
		out.file.Close()
	}
	out.lock.release()
}

// openRuns opens or creates runs.csv, repairs a truncated last line, checks
// the header and marks the jobs that have rows.
func (out *output) openRuns(plan *Plan, sel *selection) error {
	path := filepath.Join(out.dir, RunsFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	out.file = f
	header := csvHeader(plan.Settings().SaveTours)
	if out.cut, err = repairTail(f); err != nil {
		return fmt.Errorf("repair %s: %w", path, err)
	}
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	if size == 0 {
		if _, err := f.WriteString(header); err != nil {
			return err
		}
		return f.Sync()
	}
	first := make([]byte, min(size, int64(len(header))))
	if _, err := f.ReadAt(first, 0); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	if string(first) != header {
		line, _, _ := bytes.Cut(first, []byte("\n"))
		return fmt.Errorf("%s: header %q is not this program's %q: resume it with the version that wrote it, or start a new -out",
			path, line, strings.TrimSuffix(header, "\n"))
	}
	line := 1
	err = runs.Read(io.NewSectionReader(f, 0, size), func(r runs.Row) error {
		line++
		i, err := plan.Index(r)
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		if !sel.has(i) {
			return fmt.Errorf("line %d: %s on %dx%d from %d,%d (trial %d) belongs to shard %d/%d, not to -shard %s",
				line, r.Strategy, r.Rows, r.Cols, r.StartRow, r.StartCol, r.Trial, sel.m.of(i), sel.shard.Count, sel.shard)
		}
		if out.done.has(i) {
			return fmt.Errorf("line %d: a second row for %s on %dx%d from %d,%d (trial %d)",
				line, r.Strategy, r.Rows, r.Cols, r.StartRow, r.StartCol, r.Trial)
		}
		out.done.set(i)
		out.ndone++
		out.counts[r.Status]++
		return nil
	})
	if err != nil {
		return fmt.Errorf("resume from %s: %w", path, err)
	}
	return nil
}

// repairTail cuts a last line that lacks its newline: the remains of a row
// whose write a crash interrupted. Every line of runs.csv ends in a newline
// (rows are one line each: see oneLine), so everything after the last
// newline is such a remnant. It returns the number of bytes cut.
func repairTail(f *os.File) (int64, error) {
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil || size == 0 {
		return 0, err
	}
	keep, err := completeLength(f, size)
	if err != nil || keep == size {
		return 0, err
	}
	return size - keep, truncate(f, keep)
}

// completeLength returns the length of the complete lines of the first size
// bytes of f: up to and including the last newline.
func completeLength(f io.ReaderAt, size int64) (int64, error) {
	const chunk = 64 << 10
	buf := make([]byte, min(chunk, size))
	end := size
	for end > 0 {
		start := max(0, end-chunk)
		b := buf[:end-start]
		if _, err := f.ReadAt(b, start); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, nil // not even the header is complete
}

func truncate(f *os.File, size int64) error {
	if err := f.Truncate(size); err != nil {
		return err
	}
	return f.Sync()
}

// csvHeader returns the header line of runs.csv, as gocsv writes it.
func csvHeader(saveTours bool) string {
	var s string
	var err error
	if saveTours {
		s, err = gocsv.MarshalString([]runs.TourRow{})
	} else {
		s, err = gocsv.MarshalString([]runs.Row{})
	}
	if err != nil {
		panic(err) // the row types are fixed: this cannot fail
	}
	return s
}

// writeFileAtomic replaces path with data: readers see the old file or the
// new one, never a part.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644) // CreateTemp makes it private
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

func readManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := m.Settings.Normalize(); err != nil {
		return nil, fmt.Errorf("%s: settings: %w", path, err)
	}
	return &m, nil
}

// NewOutDir returns root/<timestamp of now>, such as
// results/20250102-150405, adding -2, -3, ... if that exists already.
func NewOutDir(root string, now time.Time) string {
	base := filepath.Join(root, now.Format("20060102-150405"))
	dir := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
			return dir
		}
		dir = fmt.Sprintf("%s-%d", base, i)
	}
}

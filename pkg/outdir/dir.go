package outdir

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// The files a sweep writes into its output directory.
const (
	RunsFile     = "runs.csv"
	ManifestFile = "manifest.json"
)

// Dir is a sweep's output directory, locked and ready for new rows:
// runs.csv is open for appending after its header and the rows already
// there.
type Dir struct {
	Path string
	// Runs is runs.csv, open for appending; the caller writes and closes it.
	Runs *os.File
	// Prev is the manifest of the sweep being resumed, or nil.
	Prev *Manifest
	// Recovered says why the manifest was rebuilt from the flags given:
	// there was none beside runs.csv. "" if it was not.
	Recovered string
	// Done marks the jobs that already have a row; NDone counts them, and
	// Counts holds their statuses.
	Done   plan.JobSet
	NDone  int64
	Counts map[status.Status]int64
	// Cut is the number of bytes of a torn last line removed on resume.
	Cut  int64
	lock *Lock
}

// OpenOptions say what Open accepts in a directory that holds a sweep.
type OpenOptions struct {
	// Resume continues the sweep there; without it such a directory is
	// refused.
	Resume bool
	// MixedBuilds continues it even though another build wrote its rows
	// (see Manifest.Builds).
	MixedBuilds bool
}

// Open prepares dir for the jobs of p that sel selects, and locks it. A
// missing or empty directory starts afresh. A directory with files is
// refused unless o.Resume is set; then it must hold a sweep with the same
// settings and shard, whose rows this build wrote (unless o.MixedBuilds).
// Its runs.csv is checked row by row against the plan; a torn last line is
// cut off, and the rows there mark their jobs done.
//
// A manifest missing beside runs.csv (a kill before its first write) is
// rebuilt from the flags given (Recovered), provided every row of runs.csv
// belongs to their plan: the flags say what the sweep is. One empty, cut
// short or edited is damaged (it is written by rename, whole or not at
// all) and refused, naming it. Errors in what the user gave are
// input.Errors.
func Open(dir string, o OpenOptions, p *plan.Plan, sel *plan.Selection) (_ *Dir, err error) {
	if dir == "" {
		return nil, input.Errorf("-out", "missing: name the output directory, such as results/NAME")
	}
	d := &Dir{Path: dir, Done: plan.NewJobSet(p.Len()), Counts: map[status.Status]int64{}}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, input.Errorf("-out", "%s is a file; want a directory", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if d.lock, err = LockDir(dir); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			d.Close()
		}
	}()
	entries, err := contents(dir)
	switch {
	case err != nil:
		return nil, err
	case len(entries) > 0 && !o.Resume:
		return nil, errNotEmpty(dir)
	case len(entries) > 0:
		for _, name := range []string{ManifestFile, RunsFile} {
			// A directory of that name is no sweep's file: reading it
			// would say "missing" and writing it fail late.
			if fi, err := os.Stat(filepath.Join(dir, name)); err == nil && !fi.Mode().IsRegular() {
				return nil, input.Errorf("-resume", "%s holds no sweep to resume: its %s is not a file; give a new -out", dir, name)
			}
		}
		// A link planted as the manifest is refused as one, not read
		// through to whatever it leads to.
		if err := durable.NotLink(filepath.Join(dir, ManifestFile)); err != nil {
			return nil, RefuseLink("-out", err, "")
		}
		prev, err := ReadManifest(filepath.Join(dir, ManifestFile))
		switch {
		case err == nil:
			if err := sameSweep(dir, prev, p, sel.Shard); err != nil {
				return nil, err
			}
			if err := rowsGone(dir, prev); err != nil {
				return nil, err
			}
			if !o.MixedBuilds {
				if err := checkResumeBuild(dir, prev); err != nil {
					return nil, err
				}
			}
			d.Prev = prev
		case errors.Is(err, fs.ErrNotExist) && exists(filepath.Join(dir, RunsFile)):
			d.Recovered = "manifest.json was missing (a run killed before writing it): rebuilt from the flags given, every row checked against them"
		default:
			return nil, input.Errorf("-resume", "%s holds no sweep to resume: %w", dir, err)
		}
	}
	if err := writable(dir); err != nil {
		return nil, err
	}
	if err := d.openRuns(p, sel); err != nil {
		return nil, err
	}
	return d, nil
}

// writable refuses, as bad input naming -out, a runs.csv or manifest.json
// in dir that cannot be written (immutable, read-only), as every command
// refuses such an output before any work: the sweep would fail at its
// first row or at its end. A link is left to the writers, which refuse it.
func writable(dir string) error {
	for _, name := range []string{RunsFile, ManifestFile} {
		path := filepath.Join(dir, name)
		if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() {
			if err := outpath.File("-out", path); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckNew refuses, as Open does without -resume, a directory dir that
// holds files: for a command that checks -out before it prints its plan.
// A missing directory is new.
func CheckNew(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // missing, or a fault Open reports
	}
	for _, e := range entries {
		if counts(dir, e) {
			return errNotEmpty(dir)
		}
	}
	return nil
}

func errNotEmpty(dir string) error {
	return input.Errorf("-out", "%s is not empty: give a new directory, or add -resume to finish the sweep in it", dir)
}

// counts reports whether entry e of dir makes it a directory that holds
// something: anything but the lock, temporary files a kill left behind and
// a runs.csv without a complete row.
func counts(dir string, e fs.DirEntry) bool {
	switch {
	case e.Name() == LockFile, durable.IsTemp(e.Name()):
		return false
	case e.Name() == RunsFile && noRows(filepath.Join(dir, RunsFile)):
		return false
	}
	return true
}

// contents lists dir's entries but the lock, temporary files a kill left
// behind (removed) and a runs.csv without a complete row.
func contents(dir string) ([]fs.DirEntry, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []fs.DirEntry
	for _, e := range entries {
		if durable.IsTemp(e.Name()) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
		if counts(dir, e) {
			out = append(out, e)
		}
	}
	return out, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
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

// Close closes runs.csv if the caller has not, and unlocks the directory.
func (d *Dir) Close() {
	if d.Runs != nil {
		d.Runs.Close()
	}
	d.lock.Release()
}

// RunsPath returns the path of the directory's runs.csv.
func (d *Dir) RunsPath() string { return filepath.Join(d.Path, RunsFile) }

// openRuns opens or creates runs.csv, cuts a torn last line, checks the
// header and marks the jobs that have rows.
func (d *Dir) openRuns(p *plan.Plan, sel *plan.Selection) error {
	path := d.RunsPath()
	f, err := durable.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return RefuseLink("-out", err, path)
	}
	d.Runs = f
	header := runs.Header(p.Settings().SaveTours)
	if d.Cut, err = runs.RepairTail(f); err != nil {
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
	// A spreadsheet that saved the file may have added a UTF-8 byte-order
	// mark and CRLF line ends, which the reader accepts (rows appended
	// to it end in LF, which it accepts beside them).
	first := make([]byte, min(size, int64(len(header)+len(runs.BOM)+1)))
	if _, err := f.ReadAt(first, 0); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	line, _, _ := bytes.Cut(bytes.TrimPrefix(first, []byte(runs.BOM)), []byte("\n"))
	if string(bytes.TrimSuffix(line, []byte("\r")))+"\n" != header {
		return &runs.ContentError{Err: fmt.Errorf("%s: line 1: header %q is not this program's %q: resume it with the version that wrote it, or start a new -out",
			path, line, strings.TrimSuffix(header, "\n"))}
	}
	err = runs.ForEach(io.NewSectionReader(f, 0, size), func(r *runs.Row, line int) error {
		i, err := p.Index(r)
		if err != nil {
			return &runs.ContentError{Line: line, Err: err}
		}
		if !sel.Has(i) {
			return &runs.ContentError{Line: line, Err: fmt.Errorf("%v belongs to shard %d/%d, not to -shard %s",
				r.Key(), sel.ShardOf(i), sel.Shard.Count, sel.Shard)}
		}
		if d.Done.Has(i) {
			return &runs.ContentError{Line: line, Err: fmt.Errorf("a second row for %v", r.Key())}
		}
		d.Done.Add(i)
		d.NDone++
		d.Counts[r.Status]++
		return nil
	})
	var ce *runs.ContentError
	switch {
	case errors.As(err, &ce) && ce.Line > 1:
		// The rows are the sweep's work: the line at fault alone goes.
		return fmt.Errorf("resume from %s: %w: remove that line (-resume runs its job again) or give a new -out", path, err)
	case err != nil:
		return fmt.Errorf("resume from %s: %w", path, err)
	}
	return nil
}

// sameSweep refuses to resume dir, whose manifest is prev, with a plan of
// other settings or another shard.
func sameSweep(dir string, prev *Manifest, p *plan.Plan, shard plan.Shard) error {
	if diffs := prev.Settings.Diff(p.Settings()); len(diffs) > 0 {
		return input.Errorf("-resume", "%s was run with other settings (%s); resume with the same flags, or give a new -out",
			dir, strings.Join(diffs, "; "))
	}
	if was, now := prev.ShardText(), shard.String(); was != now {
		return input.Errorf("-shard", "%s holds shard %q, not %q; resume it with the same -shard, or give a new -out", dir, was, now)
	}
	return nil
}

// CheckResume refuses, before any work (the plan shown, a pace trial),
// to resume dir with other settings or another shard than its manifest
// records, as Open would after them. A manifest it cannot read it leaves
// to Open, which rebuilds or refuses it.
func CheckResume(dir string, p *plan.Plan, shard plan.Shard) error {
	prev, err := ReadManifest(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil
	}
	if err := sameSweep(dir, prev, p, shard); err != nil {
		return err
	}
	return rowsGone(dir, prev)
}

// rowsGone refuses to resume the sweep of dir, whose manifest is prev,
// where its runs.csv is missing, or holds no row (emptied), but prev says
// it held rows: the sweep would run again whole, and a runs.csv removed or
// emptied by mistake can be restored.
func rowsGone(dir string, prev *Manifest) error {
	if prev.Rows == 0 {
		return nil
	}
	path := filepath.Join(dir, RunsFile)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return input.Errorf("-resume", "%s: %s is missing, though %s records %d rows in it: restore it to go on from them, or give a new -out to run the sweep again",
			dir, RunsFile, ManifestFile, prev.Rows)
	}
	if noRows(path) {
		return input.Errorf("-resume", "%s: %s holds no row, though %s records %d rows in it: restore its rows to go on from them, or give a new -out to run the sweep again",
			dir, RunsFile, ManifestFile, prev.Rows)
	}
	return nil
}

// Done returns the jobs of p that the runs.csv in dir has rows for: what
// -resume will skip, for the plan printed before it starts. It checks
// nothing (Open does, under the lock); rows that are not p's are left out,
// and reading stops at the first malformed one.
func Done(dir string, p *plan.Plan) (plan.JobSet, error) {
	f, err := os.Open(filepath.Join(dir, RunsFile))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	done := plan.NewJobSet(p.Len())
	err = runs.ForEach(f, func(r *runs.Row, _ int) error {
		if i, err := p.Index(r); err == nil {
			done.Add(i)
		}
		return nil
	})
	return done, err
}

// Recount reads the directory's runs.csv again and returns its rows by
// status: after a failed write, the file is the only account of which rows
// reached the disk (a torn last line is no row).
func (d *Dir) Recount() (map[status.Status]int64, error) {
	f, err := os.Open(d.RunsPath())
	if err != nil {
		return nil, err
	}
	defer f.Close()
	counts := map[status.Status]int64{}
	err = runs.ForEach(f, func(r *runs.Row, _ int) error {
		counts[r.Status]++
		return nil
	})
	if te := (*runs.TornError)(nil); errors.As(err, &te) {
		err = nil
	}
	return counts, err
}

// mkdirs makes dir and the directories above it that are missing, and
// returns the topmost one it made ("" if dir was there): what to remove to
// leave no trace.
func mkdirs(dir string) (string, error) {
	made := ""
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		made = d
	}
	return made, os.MkdirAll(dir, 0o755)
}

// NewName returns root/<timestamp of now>, such as results/20250102-150405,
// adding -2, -3, ... if that exists already.
func NewName(root string, now time.Time) string {
	base := filepath.Join(root, now.Format("20060102-150405"))
	dir := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
			return dir
		}
		dir = fmt.Sprintf("%s-%d", base, i)
	}
}

package durable

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/google/renameio/v2"
)

// Option changes how Replace writes.
type Option int

// NoSync skips the fsync before the rename, for files that can be made
// again from others (a report's charts and tables): the rename still keeps
// readers from half a file, but a power cut may leave an empty one. A
// report of a hundred charts spends most of its time in fsync otherwise.
const NoSync Option = 1

// NoFollow refuses a path that is a symbolic link (a *LinkError) instead
// of replacing the file it leads to: the files the program writes into a
// directory of its own (an output or work directory), where a link is
// none of the program's making.
const NoFollow Option = 2

func has(opts []Option, o Option) bool {
	for _, x := range opts {
		if x == o {
			return true
		}
	}
	return false
}

// Replace replaces path with what write writes to it. The data goes to a
// temporary file beside path (".<name><digits>"), which is synced and
// renamed over path; on failure it is removed. Where path is a symbolic
// link, the file it leads to is replaced (see Links), never the link.
// Without NoSync, the directory is synced after the rename too, so that
// the new name survives a power cut as the data does.
func Replace(path string, write func(io.Writer) error, opts ...Option) error {
	if has(opts, NoFollow) {
		if err := NotLink(path); err != nil {
			return err
		}
	}
	path, err := Target(path)
	if err != nil {
		return err
	}
	if has(opts, NoSync) {
		return named(path, writeNoSync(path, write))
	}
	if err := named(path, writeSync(path, write)); err != nil {
		return err
	}
	return SyncDir(filepath.Dir(path))
}

// SyncDir makes the names in dir durable: files created, renamed or
// removed in it.
func SyncDir(dir string) error { return Sync(dir) }

// Sync makes the file or directory at path durable (fsync).
func Sync(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// named puts path in the place of the temporary file's name in err's
// text: the user named path, and ".name8172997946007270410" means
// nothing to them. The error still wraps what it wrapped.
func named(path string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &le) && isTempOf(le.Old, path):
		return &renamedError{strings.ReplaceAll(err.Error(), le.Old+" "+le.New, path), err}
	case errors.As(err, &pe) && isTempOf(pe.Path, path):
		return &renamedError{strings.ReplaceAll(err.Error(), pe.Path, path), err}
	}
	return err
}

type renamedError struct {
	msg string
	err error
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }

// isTempOf reports whether temp is a temporary file of Replace's for path.
func isTempOf(temp, path string) bool {
	base := filepath.Base(temp)
	return filepath.Dir(temp) == filepath.Dir(path) && IsTemp(base) &&
		strings.HasPrefix(base, "."+filepath.Base(path))
}

func writeSync(path string, write func(io.Writer) error) error {
	f, err := renameio.NewPendingFile(path, renameio.WithTempDir(filepath.Dir(path)),
		renameio.WithPermissions(0o644), renameio.WithExistingPermissions())
	if err != nil {
		return err
	}
	defer f.Cleanup()
	if err := write(f); err != nil {
		return err
	}
	return f.CloseAtomicallyReplace()
}

// ReplaceBytes replaces path with data.
func ReplaceBytes(path string, data []byte, opts ...Option) error {
	return Replace(path, func(w io.Writer) error { _, err := w.Write(data); return err }, opts...)
}

// writeNoSync is Write without the fsync: a temporary file named as
// renameio names them, renamed over path.
func writeNoSync(path string, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// maxLinks bounds the links followed, as the kernel's ELOOP does.
const maxLinks = 40

// Links returns the way from path to the file that writing path writes:
// path, then, while the last one is a symbolic link, the path it points
// to. A rename replaces a link, not the file it points to, so Write
// replaces the last path: a link a user made to keep a result elsewhere
// (or /dev/stdout) stays a link. A path missing on the way ends it.
func Links(path string) ([]string, error) {
	way := []string{path}
	for {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return way, nil
		}
		if len(way) > maxLinks {
			return way, &fs.PathError{Op: "follow", Path: way[0], Err: syscall.ELOOP}
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return way, err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
		way = append(way, path)
	}
}

// Target returns the file that writing path writes: the last of Links.
func Target(path string) (string, error) {
	way, err := Links(path)
	return way[len(way)-1], err
}

// RemoveTemps removes the temporary files that writes of path by Replace
// left behind, killed mid-write: "." and path's name, then digits. The
// caller holds path's lock, so that no write of it is under way.
func RemoveTemps(path string) {
	dir, base := filepath.Dir(path), "."+filepath.Base(path)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), base)
		if ok && rest != "" && strings.Trim(rest, "0123456789") == "" && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// IsTemp reports whether the file name is a temporary file of Replace's, left
// behind by a process killed mid-write: "." and a name, then digits.
func IsTemp(name string) bool {
	if !strings.HasPrefix(name, ".") {
		return false
	}
	digits := len(name) - len(strings.TrimRight(name, "0123456789"))
	return digits > 0 && digits < len(name)-1
}

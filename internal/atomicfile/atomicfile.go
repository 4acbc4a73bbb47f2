// Package atomicfile replaces files atomically: readers see the old file
// or the new one, never a part of either, and a write that fails or is
// killed leaves the old file as it was. It is the one way this program
// writes a file it may rewrite (manifests, runs.csv of a merge, reports,
// charts, tour files), over github.com/google/renameio.
package atomicfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/renameio/v2"
)

// Option changes how Write writes.
type Option int

// NoSync skips the fsync before the rename, for files that can be made
// again from others (a report's charts and tables): the rename still keeps
// readers from half a file, but a power cut may leave an empty one. A
// report of a hundred charts spends most of its time in fsync otherwise.
const NoSync Option = 1

// Write replaces path with what write writes to it. The data goes to a
// temporary file beside path (".<name><digits>"), which is synced and
// renamed over path; on failure it is removed.
func Write(path string, write func(io.Writer) error, opts ...Option) error {
	for _, o := range opts {
		if o == NoSync {
			return writeNoSync(path, write)
		}
	}
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

// WriteBytes replaces path with data.
func WriteBytes(path string, data []byte, opts ...Option) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err }, opts...)
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

// IsTemp reports whether the file name is a temporary file of Write's, left
// behind by a process killed mid-write: "." and a name, then digits.
func IsTemp(name string) bool {
	if !strings.HasPrefix(name, ".") {
		return false
	}
	digits := len(name) - len(strings.TrimRight(name, "0123456789"))
	return digits > 0 && digits < len(name)-1
}

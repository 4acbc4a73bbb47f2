// Package atomicfile replaces files atomically: readers see the old file
// or the new one, never a part of either, and a write that fails or is
// killed leaves the old file as it was. It is the one way this program
// writes a file it may rewrite (manifests, runs.csv of a merge, reports,
// charts, tour files), over github.com/google/renameio.
package atomicfile

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/google/renameio/v2"
)

// Write replaces path with what write writes to it. The data goes to a
// temporary file beside path (".<name><digits>"), which is synced and
// renamed over path; on failure it is removed.
func Write(path string, write func(io.Writer) error) error {
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
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
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

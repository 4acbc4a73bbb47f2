package tourfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// IsText reports whether WriteFile and ReadFile use the text form for name:
// names ending in ".txt". Any other name gets the binary format (".ktour"
// is the customary extension).
func IsText(name string) bool { return strings.EqualFold(filepath.Ext(name), ".txt") }

// WriteFile writes t to the named file, in the text form if IsText(name)
// and in the binary format otherwise, through WriteAtomic.
func WriteFile(name string, t Tour) error {
	write := Write
	if IsText(name) {
		write = WriteText
	}
	return WriteAtomic(name, func(w io.Writer) error { return write(w, t) })
}

// WriteAtomic creates the named file with what write writes. It writes a
// temporary file beside it and renames it into place, so that a failure
// leaves no half-written file and any earlier file as it was.
func WriteAtomic(name string, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := write(f); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}

// ReadFile reads the named file, in the text form if IsText(name) and in the
// binary format otherwise.
func ReadFile(name string) (Tour, error) {
	f, err := os.Open(name)
	if err != nil {
		return Tour{}, err
	}
	defer f.Close()
	read := Read
	if IsText(name) {
		read = ReadText
	}
	t, err := read(f)
	if err != nil {
		return Tour{}, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

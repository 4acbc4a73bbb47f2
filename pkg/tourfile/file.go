package tourfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"knightsweep/internal/durable"
	"knightsweep/pkg/tour"
)

// IsText reports whether WriteFile and ReadFile use the text form for name:
// names ending in ".txt". Any other name gets the binary format (".ktour"
// is the customary extension).
func IsText(name string) bool { return strings.EqualFold(filepath.Ext(name), ".txt") }

// WriteFile writes t to the named file, in the text form if IsText(name)
// and in the binary format otherwise, atomically (package durable): a
// failure leaves no half-written file and any earlier file as it was.
func WriteFile(name string, t Tour) error {
	write := Write
	if IsText(name) {
		write = WriteText
	}
	return durable.Replace(name, func(w io.Writer) error { return write(w, t) })
}

// WritePathFile is WriteFile for a tour.Path: the binary format straight
// from the path's moves (a tour of 10^8 squares never exists as squares),
// the text form from its squares.
func WritePathFile(name string, p *tour.Path, closed bool) error {
	if IsText(name) {
		t := Tour{Rows: p.Rows(), Cols: p.Cols(), Closed: closed, Squares: p.Squares(nil)}
		return durable.Replace(name, func(w io.Writer) error { return WriteText(w, t) })
	}
	return durable.Replace(name, func(w io.Writer) error { return WritePath(w, p, closed) })
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

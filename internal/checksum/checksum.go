// Package checksum is the program's one checksum of the files it writes
// and reads back: CRC-32C (Castagnoli), which the processor computes on
// amd64 and arm64 at gigabytes a second, so that checking a checkpoint of
// tens of megabytes costs milliseconds.
//
// A sealed file ends in a line "crc32c 89abcdef\n", the CRC-32C of every
// byte before it, in hexadecimal: a byte flipped anywhere, a number edited
// by hand or a file cut short fails the check, and the line says by itself
// what the file is protected by. Write through a Writer and call Seal, or
// Seal a file made whole in memory; read through a Reader and call Check
// before using what was read, or Open a file read whole.
package checksum

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"
)

// Table is the CRC-32C table, for files that keep their CRCs elsewhere
// (the exact method's runs, named by its manifest).
var Table = crc32.MakeTable(crc32.Castagnoli)

const trailerPrefix = "crc32c "

// TrailerSize is the length of a sealed file's last line.
const TrailerSize = len(trailerPrefix) + 8 + 1

// Error is a sealed file whose check failed: it is damaged, cut, or was
// never sealed.
type Error struct{ Reason string }

func (e *Error) Error() string { return e.Reason }

// Writer computes the CRC of what is written through it.
type Writer struct {
	w   io.Writer
	crc uint32
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

func (w *Writer) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	w.crc = crc32.Update(w.crc, Table, p[:n])
	return n, err
}

// Seal writes the last line: the CRC of everything written before it.
func (w *Writer) Seal() error {
	_, err := w.w.Write(trailer(w.crc))
	return err
}

func trailer(crc uint32) []byte {
	return fmt.Appendf(make([]byte, 0, TrailerSize), "%s%08x\n", trailerPrefix, crc)
}

// Seal returns data followed by its last line.
func Seal(data []byte) []byte {
	return append(data, trailer(crc32.Checksum(data, Table))...)
}

// Open checks data, a sealed file read whole, and returns what precedes
// its last line.
func Open(data []byte) ([]byte, error) {
	if len(data) < TrailerSize {
		return nil, errShort(int64(len(data)))
	}
	body, last := data[:len(data)-TrailerSize], data[len(data)-TrailerSize:]
	return body, compare(crc32.Checksum(body, Table), last)
}

func errShort(size int64) error {
	return &Error{fmt.Sprintf("%d bytes, too short to end in its checksum line (cut?)", size)}
}

// compare checks last, a file's last line, against crc, its body's.
func compare(crc uint32, last []byte) error {
	hex, ok := strings.CutPrefix(string(last), trailerPrefix)
	hex, nl := strings.CutSuffix(hex, "\n")
	want, err := strconv.ParseUint(hex, 16, 32)
	if !ok || !nl || len(hex) != 8 || err != nil {
		return &Error{fmt.Sprintf("it does not end in a checksum line (%q): cut, or damaged", last)}
	}
	if uint32(want) != crc {
		return &Error{fmt.Sprintf("its CRC-32C is %08x, its last line says %08x", crc, want)}
	}
	return nil
}

// LooksSealed reports whether the file of size bytes that r reads ends in
// what looks like a checksum line, true or not: a file that does is one of
// ours, damaged at its start, rather than another file named by mistake.
func LooksSealed(r io.ReaderAt, size int64) bool {
	last := make([]byte, TrailerSize)
	if size < int64(TrailerSize) {
		return false
	}
	if _, err := r.ReadAt(last, size-int64(TrailerSize)); err != nil {
		return false
	}
	return bytes.HasPrefix(last, []byte(trailerPrefix))
}

// Reader reads a sealed file's body, computing its CRC, and stops at its
// last line.
type Reader struct {
	r    io.Reader
	left int64
	crc  uint32
}

// NewReader returns a Reader of the sealed file of size bytes that r
// reads from its start.
func NewReader(r io.Reader, size int64) (*Reader, error) {
	if size < int64(TrailerSize) {
		return nil, errShort(size)
	}
	return &Reader{r: r, left: size - int64(TrailerSize)}, nil
}

func (r *Reader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.r.Read(p)
	r.crc = crc32.Update(r.crc, Table, p[:n])
	r.left -= int64(n)
	if errors.Is(err, io.EOF) && r.left > 0 {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

// Check reads what is left of the body and the last line, and returns an
// *Error unless the line holds the body's CRC.
func (r *Reader) Check() error {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return err
	}
	last := make([]byte, TrailerSize)
	n, err := io.ReadFull(r.r, last)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return err
	}
	return compare(r.crc, last[:n])
}

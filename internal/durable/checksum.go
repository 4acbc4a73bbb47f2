package durable

import (
	"bytes"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"strconv"
	"strings"
	"sync"
)

// table is the CRC-32C table, made when first used: building it costs more
// than the rest of the program's start-up, and most commands never seal
// or check a file.
var table = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// Update returns crc updated with the bytes of p: the CRC-32C of files
// whose CRCs are kept elsewhere (the runs of exact's frontier method, each
// named with its CRC by a sealed manifest).
func Update(crc uint32, p []byte) uint32 { return crc32.Update(crc, table(), p) }

// NewHash returns a new CRC-32C hash.
func NewHash() hash.Hash32 { return crc32.New(table()) }

const trailerPrefix = "crc32c "

// TrailerSize is the length of a sealed file's last line.
const TrailerSize = len(trailerPrefix) + 8 + 1

// ChecksumError is a sealed file whose check failed: it is damaged, cut, or was
// never sealed.
type ChecksumError struct{ Reason string }

func (e *ChecksumError) Error() string { return e.Reason }

// SumWriter computes the CRC of what is written through it.
type SumWriter struct {
	w   io.Writer
	crc uint32
}

// NewWriter returns a SumWriter that writes to w.
func NewWriter(w io.Writer) *SumWriter { return &SumWriter{w: w} }

func (w *SumWriter) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	w.crc = crc32.Update(w.crc, table(), p[:n])
	return n, err
}

// Seal writes the last line: the CRC of everything written before it.
func (w *SumWriter) Seal() error {
	_, err := w.w.Write(trailer(w.crc))
	return err
}

func trailer(crc uint32) []byte {
	return fmt.Appendf(make([]byte, 0, TrailerSize), "%s%08x\n", trailerPrefix, crc)
}

// Seal returns data followed by its last line.
func Seal(data []byte) []byte {
	return append(data, trailer(crc32.Checksum(data, table()))...)
}

// Unseal checks data, a sealed file read whole, and returns what precedes
// its last line.
func Unseal(data []byte) ([]byte, error) {
	if len(data) < TrailerSize {
		return nil, errShort(int64(len(data)))
	}
	body, last := data[:len(data)-TrailerSize], data[len(data)-TrailerSize:]
	return body, compare(crc32.Checksum(body, table()), last)
}

func errShort(size int64) error {
	return &ChecksumError{fmt.Sprintf("%d bytes, too short to end in its checksum line (cut?)", size)}
}

// compare checks last, a file's last line, against crc, its body's.
func compare(crc uint32, last []byte) error {
	hex, ok := strings.CutPrefix(string(last), trailerPrefix)
	hex, nl := strings.CutSuffix(hex, "\n")
	want, err := strconv.ParseUint(hex, 16, 32)
	if !ok || !nl || len(hex) != 8 || err != nil {
		return &ChecksumError{fmt.Sprintf("it does not end in a checksum line (%q): cut, or damaged", last)}
	}
	if uint32(want) != crc {
		return &ChecksumError{fmt.Sprintf("its CRC-32C is %08x, its last line says %08x", crc, want)}
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

// SumReader reads a sealed file's body, computing its CRC, and stops at its
// last line.
type SumReader struct {
	r    io.Reader
	left int64
	crc  uint32
}

// NewReader returns a SumReader of the sealed file of size bytes that r
// reads from its start.
func NewReader(r io.Reader, size int64) (*SumReader, error) {
	if size < int64(TrailerSize) {
		return nil, errShort(size)
	}
	return &SumReader{r: r, left: size - int64(TrailerSize)}, nil
}

func (r *SumReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.r.Read(p)
	r.crc = crc32.Update(r.crc, table(), p[:n])
	r.left -= int64(n)
	if errors.Is(err, io.EOF) && r.left > 0 {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

// Check reads what is left of the body and the last line, and returns an
// *ChecksumError unless the line holds the body's CRC.
func (r *SumReader) Check() error {
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

// Package durable is the one way this program writes a file that must
// survive a crash and reads it back: a sweep's manifest.json, count's
// checkpoints, exact's -work manifest and command.json, exact's -out.
//
// Such a file is written atomically: to a temporary file beside it, which
// is synced, renamed over the old one, and the directory synced, so that
// a kill or a power cut leaves the old file or the new one, never a part
// of either (Replace). A sealed file also says what it is and is checked
// as a whole: its first line names its format and version ("knightsweep
// frontier checkpoint 3"), and its last line is the CRC-32C of every byte
// before it ("crc32c 89abcdef"), so that a byte flipped anywhere, a number
// edited by hand or a file cut short is refused rather than read as true
// (Write, Open, Read). A JSON file that people read too (manifest.json)
// keeps both inside the JSON: a "format" field first and a "crc32c" field
// last (MarshalJSON, UnmarshalJSON). Every read is bounded before
// anything is read, so that a damaged or hostile file costs at most the
// bound in memory, never its own size (ReadFile, ReadAll, ReadLine). Each
// refusal is an *Error naming the file and what to do.
//
// Files the program writes into a directory of its own (an output or a
// work directory) are created without following a symbolic link there
// (NoFollow, OpenFile, WriteFile): a planted link is a *LinkError.
package durable

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// Format names a sealed file's format and its version.
type Format struct {
	// Name is what the file is, in words: "frontier checkpoint".
	Name    string
	Version int
	// Advice says what to do with a file of this name that cannot be
	// used (damaged, another version's): "delete it to count from the
	// start".
	Advice string
}

const headPrefix = "knightsweep "

// Head is the first line of a file of format f.
func (f Format) Head() string { return fmt.Sprintf("%s%s %d\n", headPrefix, f.Name, f.Version) }

// Error is a durable file that is refused: it names the file, says what is
// wrong with it and what to do.
type Error struct {
	Path   string
	Reason string
	Advice string
	// Found is the format and version the file's head names, if it names
	// one: a file of another version (Found.Name the one asked for) or of
	// another format.
	Found Format
	// Cut says the file ends before its checksum: what a kill during a
	// write in place leaves.
	Cut bool
	// Foreign says the file does not start with any format's head: no
	// file this program wrote.
	Foreign bool
	// Err is what the reason rests on (a *ChecksumError, a
	// *TooLargeError), if anything.
	Err error
}

func (e *Error) Error() string {
	s := e.Path + ": " + e.Reason
	if e.Advice != "" {
		s += ": " + e.Advice
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// Write replaces path with a sealed file of format f: its head line, what
// body writes, and the checksum line over both (see Replace for opts).
func Write(path string, f Format, body func(io.Writer) error, opts ...Option) error {
	return Replace(path, func(w io.Writer) error {
		cw := NewWriter(w)
		bw := bufio.NewWriterSize(cw, 1<<20)
		bw.WriteString(f.Head())
		if err := body(bw); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		return cw.Seal()
	}, opts...)
}

// WriteBytes replaces path with a sealed file of format f holding body.
func WriteBytes(path string, f Format, body []byte, opts ...Option) error {
	return Write(path, f, func(w io.Writer) error { _, err := w.Write(body); return err }, opts...)
}

// File is a sealed file open for reading, its head read and checked: Read
// reads its body, and Check, after the body, checks the checksum line.
type File struct {
	f    *os.File
	sum  *SumReader
	br   *bufio.Reader
	path string
	body int64
	want Format
}

// Open opens the sealed file at path, of format f and at most max bytes.
// A missing file is an error that errors.Is(err, fs.ErrNotExist)
// recognises; a file too large, of another format or version, or whose
// head is not one of ours, is an *Error.
func Open(path string, f Format, max int64) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	file, err := open(fh, path, f, max)
	if err != nil {
		fh.Close()
		return nil, err
	}
	return file, nil
}

func open(fh *os.File, path string, f Format, max int64) (*File, error) {
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	refuse := func(reason string, err error) error {
		return &Error{Path: path, Reason: reason, Advice: f.Advice, Err: err}
	}
	// The head is read before the size is bounded: a file of another
	// format, larger than this one's bound, is named for what it is, not
	// called damaged.
	first := make([]byte, 256)
	n, _ := fh.ReadAt(first, 0)
	line, _, _ := bytes.Cut(first[:n], []byte("\n"))
	line = append(line, '\n')
	found, ok := parseHead(line)
	switch {
	case !ok && LooksSealed(fh, st.Size()):
		return nil, refuse(fmt.Sprintf("its first line is not %s's (damaged?)", A(f.Name)), nil)
	case !ok:
		return nil, &Error{Path: path, Reason: "not " + A(f.Name) + " (it does not start with " + strconv.Quote(strings.TrimSuffix(f.Head(), "\n")) + ")",
			Advice: "give the file this program wrote, or another name", Foreign: true}
	case found.Name != f.Name:
		return nil, &Error{Path: path, Reason: fmt.Sprintf("%s, not %s", A(found.Name), A(f.Name)), Found: found,
			Advice: "give " + A(f.Name) + ", or another name"}
	case found.Version != f.Version:
		return nil, &Error{Path: path, Reason: fmt.Sprintf("%s of format %d, which this build does not read (it reads format %d)", A(f.Name), found.Version, f.Version),
			Found: found, Advice: f.Advice}
	case st.Size() > max:
		tl := &TooLargeError{Max: max}
		return nil, refuse(fmt.Sprintf("damaged: %d bytes, %v for %s", st.Size(), tl, A(f.Name)), tl)
	}
	sum, err := NewReader(fh, st.Size())
	if err != nil {
		return nil, refuse("damaged: "+err.Error(), err)
	}
	br := bufio.NewReaderSize(sum, 1<<20)
	if _, err := br.Discard(len(line)); err != nil {
		return nil, refuse("damaged: "+err.Error(), err)
	}
	body := st.Size() - int64(len(line)+TrailerSize)
	if body < 0 {
		return nil, refuse("damaged: cut short after its first line", nil)
	}
	return &File{f: fh, sum: sum, br: br, path: path, body: body, want: f}, nil
}

// parseHead reads a head line: "knightsweep NAME VERSION\n".
func parseHead(line []byte) (Format, bool) {
	s, ok := strings.CutPrefix(string(line), headPrefix)
	s, nl := strings.CutSuffix(s, "\n")
	i := strings.LastIndexByte(s, ' ')
	if !ok || !nl || i < 1 {
		return Format{}, false
	}
	v, err := strconv.Atoi(s[i+1:])
	if err != nil || v < 0 {
		return Format{}, false
	}
	return Format{Name: s[:i], Version: v}, true
}

// BodySize is the size of the file's body: all but its head and last
// line, as the file's size says before any of it is read.
func (f *File) BodySize() int64 { return f.body }

func (f *File) Read(p []byte) (int, error) { return f.br.Read(p) }

// Reader is the body's buffered reader, for reading it line by line.
func (f *File) Reader() *bufio.Reader { return f.br }

// Check reads what is left of the body and checks the last line: an
// *Error unless it holds the CRC of every byte before it.
func (f *File) Check() error {
	if _, err := io.Copy(io.Discard, f.br); err != nil {
		return err
	}
	if err := f.sum.Check(); err != nil {
		var ce *ChecksumError
		if errors.As(err, &ce) {
			return &Error{Path: f.path, Reason: "damaged: " + ce.Reason, Advice: f.want.Advice, Err: err}
		}
		return err
	}
	return nil
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Read reads the sealed file at path, of format f and at most max bytes,
// whole, checks it, and returns its body.
func Read(path string, f Format, max int64) ([]byte, error) {
	file, err := Open(path, f, max)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	body := make([]byte, 0, file.BodySize())
	buf := bytes.NewBuffer(body)
	if _, err := buf.ReadFrom(io.LimitReader(file, file.BodySize())); err != nil {
		return nil, err
	}
	if err := file.Check(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// A returns name with its indefinite article: "a frontier checkpoint", "an
// enumeration checkpoint".
func A(name string) string {
	if name != "" && strings.ContainsRune("aeiouAEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// IsNotExist reports whether err says a file is missing.
func IsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

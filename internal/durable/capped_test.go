package durable

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func TestReadAll(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     string
		max    int64
		tooBig bool
	}{
		{"empty", "", 4, false},
		{"at the bound", "abcd", 4, false},
		{"one past", "abcde", 4, true},
		{"far past", strings.Repeat("x", 1<<20), 10, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &countingReader{r: strings.NewReader(tc.in)}
			data, err := ReadAll(r, tc.max)
			var tl *TooLargeError
			if tc.tooBig != errors.As(err, &tl) || !tc.tooBig && (err != nil || string(data) != tc.in) {
				t.Fatalf("ReadAll = %q, %v", data, err)
			}
			if r.n > tc.max+1+512 { // io.ReadAll's reads stop at the limit
				t.Errorf("read %d bytes for a bound of %d", r.n, tc.max)
			}
			if tc.tooBig && err.Error() != "larger than "+strconv.FormatInt(tc.max, 10)+" bytes" {
				t.Errorf("message %q", err)
			}
		})
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if _, err := ReadFile(path, 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	os.WriteFile(path, []byte("0123456789"), 0o644)
	if data, err := ReadFile(path, 10); err != nil || string(data) != "0123456789" {
		t.Errorf("ReadFile = %q, %v", data, err)
	}
	var tl *TooLargeError
	if _, err := ReadFile(path, 9); !errors.As(err, &tl) || tl.Max != 9 {
		t.Errorf("ReadFile past the bound: %v", err)
	}
}

func TestReadLine(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		max      int
		want     string
		err      string
	}{
		{"a line", "{\"a\":1}\nrest", 16, "{\"a\":1}\n", ""},
		{"at the bound", "abc\n", 4, "abc\n", ""},
		{"one past", "abcd\n", 4, "", "larger than 4 bytes"},
		{"no newline within the bound, past the buffer", strings.Repeat("x", 100), 40, "", "larger than 40 bytes"},
		{"cut short", "abc", 16, "abc", io.ErrUnexpectedEOF.Error()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			br := bufio.NewReaderSize(strings.NewReader(tc.in), 16)
			line, err := ReadLine(br, tc.max)
			if string(line) != tc.want || (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
				t.Errorf("ReadLine = %q, %v; want %q, %q", line, err, tc.want, tc.err)
			}
		})
	}
}

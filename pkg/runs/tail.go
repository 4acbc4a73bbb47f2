package runs

import (
	"bytes"
	"io"
	"os"
)

// RepairTail cuts a last line of f that lacks its newline: the remains of
// a row whose write a crash interrupted (TornError), in runs.csv or in any
// CSV of ours written a line at a time. Only that line is cut: a damaged
// line before it is the reader's to refuse. It returns the number of
// bytes cut.
func RepairTail(f *os.File) (int64, error) {
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil || size == 0 {
		return 0, err
	}
	keep, err := CompleteLength(f, size)
	if err != nil || keep == size {
		return 0, err
	}
	if err := f.Truncate(keep); err != nil {
		return 0, err
	}
	return size - keep, f.Sync()
}

// CompleteLength returns the length of the complete lines of the first size
// bytes of f: up to and including the last newline. What follows is a torn
// line (RepairTail cuts it).
func CompleteLength(f io.ReaderAt, size int64) (int64, error) {
	const chunk = 64 << 10
	buf := make([]byte, min(chunk, size))
	end := size
	for end > 0 {
		start := max(0, end-chunk)
		b := buf[:end-start]
		if _, err := f.ReadAt(b, start); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, nil // not even the header is complete
}

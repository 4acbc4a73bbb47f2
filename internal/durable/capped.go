package durable

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// TooLargeError is a file or line longer than its bound.
type TooLargeError struct{ Max int64 }

func (e *TooLargeError) Error() string { return fmt.Sprintf("larger than %d bytes", e.Max) }

// ReadAll reads r to its end if it holds at most max bytes; with more, it
// stops after max+1 and returns a *TooLargeError.
func ReadAll(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &TooLargeError{Max: max}
	}
	return data, nil
}

// ReadFile is ReadAll of the file at path; a missing file is an error
// that errors.Is(err, fs.ErrNotExist) recognises, as os.ReadFile's is.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, max)
}

// ReadLine reads from br through the next newline, which it includes, if
// the line holds at most max bytes; a longer line is a *TooLargeError,
// after at most max+1 bytes. A line without its newline (the end of the
// input) is returned with io.ErrUnexpectedEOF.
func ReadLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		line = append(line, frag...)
		switch {
		case len(line) > max:
			return nil, &TooLargeError{Max: int64(max)}
		case err == nil:
			return line, nil
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			return line, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}

package durable

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// LinkError is a file the program was to write in a directory of its own
// that is a symbolic link: it is refused, never written through, so that
// a link planted there cannot make the program overwrite the file it
// leads to.
type LinkError struct{ Path string }

// BadInput marks a planted link as bad input (package input's rule): the
// commands exit 2 for it, as for a flag they cannot use.
func (*LinkError) BadInput() {}

func (e *LinkError) Error() string {
	return fmt.Sprintf("%s is a symbolic link, which the program does not write through: remove it, or give another directory", e.Path)
}

// NotLink returns a *LinkError if path is a symbolic link, nil if it is
// anything else or does not exist.
func NotLink(path string) error {
	fi, err := os.Lstat(path)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return &LinkError{Path: path}
	}
	return nil
}

// OpenFile is os.OpenFile that does not follow a symbolic link at path
// (O_NOFOLLOW): a link there is a *LinkError.
func OpenFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW, perm)
	if err != nil && errors.Is(err, syscall.ELOOP) {
		if NotLink(path) != nil {
			return nil, &LinkError{Path: path}
		}
	}
	return f, err
}

// WriteFile is os.WriteFile that does not follow a symbolic link at path.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	f, err := OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// MkdirAll is os.MkdirAll for a directory the program makes in one of its
// own (tours/, charts/, a walk's directory): where path is a symbolic
// link, it is a *LinkError, so that no file is written through it.
func MkdirAll(path string, perm fs.FileMode) error {
	if err := NotLink(path); err != nil {
		return err
	}
	return os.MkdirAll(path, perm)
}

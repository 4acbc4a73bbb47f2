// Package outpath checks, before any work starts, the paths a command will
// write: -out, -tour-out, -png, -checkpoint, the report's directory. A
// search of hours must not end in an error about a file name that was
// wrong from the start, so every command asks this package about every
// path it will write before it starts, and a path it refuses is bad input
// (a *input.Error naming the flag: exit status 2).
//
// A path is writable when it names what is wanted (a directory for Dir, a
// file this user may write for File) or nothing yet, and the nearest directory that exists on
// the way to it takes a new file: the check makes one there and removes
// it, which is the only test that the kernel, the mount, the permissions
// and /proc all answer truly. Missing directories on the way are not made
// by the check (a refused command leaves nothing behind); the writers make
// them.
package outpath

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
)

// File checks that path can be written as a file (replaced if it is one)
// for flag: not a directory, and in a directory that exists or can be made,
// and takes new files.
func File(flag, path string) error {
	return check(flag, path, false)
}

// Dir checks that path is a directory that takes new files, or can be made
// into one, for flag.
func Dir(flag, path string) error {
	return check(flag, path, true)
}

func check(flag, path string, dir bool) error {
	if path == "" {
		return input.Errorf(flag, "missing: %s", want(dir))
	}
	if path == "-" {
		return input.Errorf(flag, "- (standard output) is not a place this command writes to: results go to a new file renamed into place; %s (./- for one named -)", want(dir))
	}
	// A symbolic link is written through (durable.Links): the file or
	// directory it leads to is what is checked.
	way, err := durable.Links(path)
	if err != nil {
		return input.Errorf(flag, "%s: %v; %s", path, unwrap(err), want(dir))
	}
	if len(way) > 1 {
		target := way[len(way)-1]
		for _, p := range way[1:] {
			if inProc(p) {
				return input.Errorf(flag, "%s is a link to %s, in /proc (a process's open file, such as standard output), where no file can be made: results are written to a new file and renamed into place; %s",
					path, p, want(dir))
			}
		}
		if _, err := os.Lstat(target); err != nil && missing(err) {
			return input.Errorf(flag, "%s is a link to %s, which does not exist; %s", path, target, want(dir))
		}
		path = target
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && dir && !fi.IsDir():
		return input.Errorf(flag, "%s is a file; %s", path, want(dir))
	case err == nil && !dir && fi.IsDir():
		return input.Errorf(flag, "%s is a directory; %s, such as %s", path, want(dir), filepath.Join(path, "NAME"))
	case err == nil && !dir && !fi.Mode().IsRegular():
		return input.Errorf(flag, "%s is not a regular file (a device, a pipe or a socket); %s", path, want(dir))
	case err != nil && !missing(err):
		return input.Errorf(flag, "%s: %v; %s", path, unwrap(err), want(dir))
	case err == nil && !dir:
		// Opened for writing, not changed: an immutable, append-only or
		// read-only file refuses it, as it would refuse its replacement
		// hours later.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return input.Errorf(flag, "%s cannot be written (%v): make it writable (chmod u+w; chattr -i if it is immutable), or give another file", path, unwrap(err))
		}
		f.Close()
	}
	// The directory that must take a new file: path itself, if it is one,
	// else the nearest existing directory above it.
	base := path
	if err != nil || !dir {
		base, err = nearest(filepath.Dir(path))
		if err != nil {
			return input.Errorf(flag, "%s: %v; %s", path, err, want(dir))
		}
	}
	f, err := os.CreateTemp(base, ".outpath-check-*")
	if err != nil {
		return input.Errorf(flag, "%s: cannot write in %s (%v); %s", path, base, unwrap(err), want(dir))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// Same reports whether writing a and b would write the same file: the
// same name once links are followed, or two names of one file.
func Same(a, b string) bool {
	ta, errA := durable.Target(a)
	tb, errB := durable.Target(b)
	if errA != nil || errB != nil {
		return false
	}
	if aa, err := filepath.Abs(ta); err == nil {
		ta = aa
	}
	if ab, err := filepath.Abs(tb); err == nil {
		tb = ab
	}
	if ta == tb {
		return true
	}
	fa, errA := os.Stat(ta)
	fb, errB := os.Stat(tb)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// inProc reports whether p is in /proc, where a link such as /dev/stdout
// leads (to /proc/self/fd/1).
func inProc(p string) bool {
	p = filepath.Clean(p)
	return p == "/proc" || strings.HasPrefix(p, "/proc/")
}

// nearest returns dir, or the nearest directory above it that exists; an
// existing file on the way is an error, as nothing can be made under it.
func nearest(dir string) (string, error) {
	for {
		fi, err := os.Stat(dir)
		switch {
		case err == nil && fi.IsDir():
			return dir, nil
		case err == nil:
			return "", fmt.Errorf("%s is a file, so nothing can be made under it", dir)
		case !missing(err):
			return "", err
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", err
		}
		dir = up
	}
}

// missing reports whether err says a path is not there: it does not exist,
// or a file stands where a directory on the way should be (which nearest
// then names).
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

func want(dir bool) string {
	if dir {
		return "want a directory this user can write in (it is made if missing)"
	}
	return "want a file name in a directory this user can write in"
}

// unwrap drops the operation and path of a *fs.PathError, which the
// message already names.
func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
